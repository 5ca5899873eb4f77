//! The deterministic coaching move: whatever the model wrote, the reply the student sees
//! names what is weak in their text in plain words and ends with exactly one guiding
//! question. The model's words (already through the reply filter) are kept when they
//! are whole sentences in the session's language; otherwise the app's authored words
//! ([`super::words`]) stand in for them — each time words the session has not said yet.

use super::contract::{MAX_ASSISTANT_TEXT, MAX_NEXT_QUESTION};
use super::filter::Fresh;
use super::reading::{message_kind, named_steps, without_lead_in, MessageKind};
use super::short_reply::is_short_reply;
use super::weak_text::{own_weakness, Weakness};
use super::words::{
    courtesy, declined, fits, follow_ups, goodbye, offer_question, perhaps_on_your_side,
    proposal_intro, proposal_intro_again, proposal_intro_third, proposal_question,
    proposal_question_again, proposal_question_third, rationale, step_example, step_meaning,
    step_purpose, unclear_reply, weakness_question, write_for_me, your_choice,
};
use super::words::{opening_question, where_we_are};
use super::{CoachAIResult, CoachTurnInput, Language, ToulminStep};
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::tidy::{detect_language, is_readable, sentences};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Fewest words the model's own text needs to be kept.
const FEWEST_KEPT_WORDS: usize = 5;

/// The text a too-short reply to the coach's question is asked about, when no reader
/// took it for a yes or a no ("100%" offline): the text a yes would take, which the
/// reply asks about again instead of calling the reply too short.
pub(crate) fn unclear_reply_about(
    input: &CoachTurnInput,
    weakness: Option<Weakness>,
) -> Option<String> {
    input
        .text_a_yes_takes()
        .filter(|_| weakness == Some(Weakness::TooShort) && is_short_reply(input))
}

/// The reply `result` (already through the rules, its model words through the reply
/// filter) reshaped to coach: the model's usable statements, the `weakness` found in the
/// student's message (by the cues, or by the model's judgement of its job) named when the model did not name it, and one question at the end
/// — the model's, or one asking to confirm the text the student offered when it could
/// not be proposed yet (first, when that text is the claim without its mixed-in reason),
/// else the weakness's, else one of the step's. A proposal without a reason gets the
/// step's. A short reply no reader took for a yes or a no is told so and asked the
/// question again on the text a yes takes ([`unclear_reply_about`]).
pub fn coach_reply(
    mut result: CoachAIResult,
    input: &CoachTurnInput,
    offered: Option<&str>,
    weakness: Option<Weakness>,
) -> CoachAIResult {
    let step = input.current_step;
    let language = input.language;
    let kind = message_kind(&input.user_message);
    let fresh = Fresh::new(&input.history);
    // Text doing another step's job (the other side's view, a reply to it) is named and
    // kept for its step: the model's words, which take it as this step's, are left out.
    let other_job = weakness.is_some_and(Weakness::belongs_to_another_step);
    let unclear = unclear_reply_about(input, weakness);
    // A no takes nothing, whatever the model proposed; nor does another step's text.
    if kind == MessageKind::Decline || other_job {
        result.proposed_update = None;
    }
    let proposing = result.proposed_update.is_some();
    let (statements, model_questions) = split_reply(&result.assistant_text, language);
    let purpose = step_purpose(step, language);
    let explained = if asks_why(&input.user_message) {
        [
            purpose,
            step_meaning(step, language),
            step_example(step, language),
        ]
    } else {
        [
            step_meaning(step, language),
            step_example(step, language),
            purpose,
        ]
    };
    // The model's words react to what the student wrote. A confirmation or a request for
    // help has one right answer, and the guide gives it.
    let mut text: Vec<String> = match kind {
        MessageKind::Confirmation if proposing => Vec::new(),
        MessageKind::HelpRequest => about_named_steps(&input.user_message, step, language, &fresh)
            .unwrap_or_else(|| fresh.pick(&explained).into_iter().collect()),
        MessageKind::SessionQuestion => vec![where_we_are(step, language)],
        MessageKind::TaskQuestion => std::iter::once(your_choice(language))
            .chain(fresh.pick(&explained))
            .collect(),
        MessageKind::Courtesy(kind) => fresh.pick(&courtesy(kind, language)).into_iter().collect(),
        MessageKind::Goodbye => fresh.pick(&goodbye(language)).into_iter().collect(),
        MessageKind::Decline => fresh.pick(&declined(language)).into_iter().collect(),
        // A rewrite asked for is answered by its proposal, introduced in the app's words.
        MessageKind::RewriteRequest if proposing => Vec::new(),
        MessageKind::RewriteRequest => vec![write_for_me(language)],
        _ if other_job => Vec::new(),
        _ if unclear.is_some() => vec![unclear_reply(language)],
        _ => statements,
    };
    // A text the model reads, with doubt, as the other side's view is asked about, then
    // coached as the step's own: what it needs, and the question for that.
    let perhaps = weakness == Some(Weakness::PerhapsRebuttal);
    let own = perhaps
        .then(|| own_weakness(step, without_lead_in(&input.user_message)))
        .flatten();
    // A fine text for the step is offered instead: the question asks which it is.
    if perhaps && (own.is_some() || offered.is_none()) {
        text.push(perhaps_on_your_side(own, language));
    }
    if let Some(w) = weakness.filter(|_| unclear.is_none()) {
        let said = normalize(&text.join(" "));
        if !w
            .keywords(language)
            .iter()
            .any(|k| said.contains(&normalize(k)))
        {
            // First, so that a long reply is cut in the model's words, never here.
            let named = [w.explain(language), w.explain_again(language)];
            text.splice(0..0, fresh.pick(&named));
        }
    }
    if text.is_empty() {
        let authored = if let Some(p) = &result.proposed_update {
            fresh.pick(&[
                proposal_intro(step, language),
                proposal_intro_again(&p.value, language),
                proposal_intro_third(language),
            ])
        } else if offered.is_some() {
            Some(fits(step, language))
        } else {
            fresh.pick(&explained)
        };
        text.extend(authored);
    }
    let offer = offered
        .or(unclear.as_deref())
        .filter(|_| !proposing)
        .map(|t| offer_question(step, t, language));
    let model_question = result
        .next_question
        .iter()
        .chain(model_questions.iter().rev())
        .map(|q| q.trim().to_string())
        .filter(|_| !other_job)
        .find(|q| is_usable_question(q, language));
    // A reason cut off the claim is the coaching point: ask about the offered text
    // first. A proposal is asked about. Otherwise the model's own question leads.
    let lead = if weakness == Some(Weakness::ClaimIncludesReason) || unclear.is_some() {
        [offer, model_question, None]
    } else if proposing && kind == MessageKind::Confirmation {
        [
            Some(proposal_question(step, language)),
            Some(proposal_question_again(step, language)),
            Some(proposal_question_third(language)),
        ]
    } else {
        [model_question, offer, None]
    };
    let candidates: Vec<String> = lead
        .into_iter()
        .flatten()
        .chain(proposing.then(|| proposal_question(step, language)))
        .chain(proposing.then(|| proposal_question_again(step, language)))
        .chain(weakness.map(|w| weakness_question(own.unwrap_or(w), step, language)))
        .chain([opening_question(step, language)])
        .chain(follow_ups(step, language))
        .collect();
    result.next_question = fresh.pick(&candidates);
    result.assistant_text = within(&text.join(" "), MAX_ASSISTANT_TEXT);
    if result.assistant_text.is_empty() {
        result.assistant_text = step_meaning(step, language);
    }
    if let Some(p) = result.proposed_update.as_mut() {
        if p.rationale.trim().is_empty() {
            p.rationale = rationale(step, language);
        }
    }
    result
}

/// Most steps a question about steps is answered on.
const MOST_NAMED_STEPS: usize = 2;

/// What each step a question names is, when it names one other than `step`: two named
/// are both explained ("how is evidence different from a reason?"); one is explained
/// after `step`, which the question is asked on ("¿qué pongo en este paso? no entiendo la
/// diferencia con las pruebas"). A step's purpose stands in when its meaning was said
/// already. `None` when the question names only `step`, or none.
fn about_named_steps(
    message: &str,
    step: ToulminStep,
    language: Language,
    fresh: &Fresh,
) -> Option<Vec<String>> {
    let mut named = named_steps(message, step);
    if named.iter().all(|s| *s == step) {
        return None;
    }
    if named.len() == 1 {
        named.insert(0, step);
    }
    Some(
        named
            .into_iter()
            .take(MOST_NAMED_STEPS)
            .filter_map(|s| fresh.pick(&[step_meaning(s, language), step_purpose(s, language)]))
            .collect(),
    )
}

/// How a message asking why opens ("why", "por que"), normalised. From
/// `words/{en,es}/why-openers.txt`.
static WHY_OPENERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("why-openers").collect());

/// Whether the student asks why ("why do I need a number?", "¿por qué…?").
fn asks_why(message: &str) -> bool {
    let plain = normalize(message);
    WHY_OPENERS
        .iter()
        .any(|why| plain.starts_with(&format!("{why} ")))
}

/// The model's reply as statements to keep (whole, readable sentences in the session's
/// language) and the questions it asked.
fn split_reply(text: &str, language: Language) -> (Vec<String>, Vec<String>) {
    let (questions, statements): (Vec<&str>, Vec<&str>) =
        sentences(text).into_iter().partition(|s| s.contains('?'));
    let joined = statements.join(" ");
    let finished = joined
        .trim_end()
        .ends_with(['.', '!', '"', '”', ')', '»', '…']);
    let enough = words(&normalize(&joined)).len() >= FEWEST_KEPT_WORDS;
    let same_language = detect_language(&joined).is_none_or(|l| l == language);
    let kept = if finished && enough && same_language && is_readable(&joined) {
        without_near_repeats(&statements)
    } else {
        Vec::new()
    };
    (kept, questions.into_iter().map(str::to_string).collect())
}

/// `statements` without those that mostly repeat an earlier one ("I'm not sure why, but
/// I'm not sure why…"): a sentence whose words are 80 % those of a kept one goes.
fn without_near_repeats(statements: &[&str]) -> Vec<String> {
    let mut kept: Vec<(String, Vec<String>)> = Vec::new();
    for sentence in statements {
        let mine: Vec<String> = words(&normalize(sentence))
            .iter()
            .map(|w| w.to_string())
            .collect();
        let repeats = kept.iter().any(|(_, theirs)| {
            let shared = mine.iter().filter(|w| theirs.contains(w)).count();
            !mine.is_empty() && shared * 10 >= mine.len() * 8
        });
        if !repeats {
            kept.push((sentence.to_string(), mine));
        }
    }
    kept.into_iter().map(|(sentence, _)| sentence).collect()
}

/// A question the reply can end with: one readable question, whole, in the session's
/// language.
fn is_usable_question(question: &str, language: Language) -> bool {
    question.ends_with('?')
        && question.matches('?').count() == 1
        && question.chars().count() <= MAX_NEXT_QUESTION
        && words(&normalize(question)).len() >= 3
        && is_readable(question)
        && detect_language(question).is_none_or(|l| l == language)
}

/// `text` cut to at most `max` characters at a sentence end.
fn within(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut kept = String::new();
    for sentence in sentences(text) {
        if kept.chars().count() + sentence.chars().count() + 1 > max {
            break;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(sentence);
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combined_text;
    use crate::quality::score_reply;
    use crate::reading::{message_weakness, offered_text};
    use crate::ToulminStep;

    fn input(step: ToulminStep, message: &str, language: Language) -> CoachTurnInput {
        CoachTurnInput::first_message(step, message, language)
    }

    fn coached(step: ToulminStep, message: &str, language: Language, model_text: &str) -> String {
        let input = input(step, message, language);
        let offered = offered_text(step, message);
        let raw = CoachAIResult::message(step, model_text);
        let weakness = message_weakness(step, message);
        let reply = coach_reply(raw, &input, offered.as_deref(), weakness);
        let failed: Vec<_> = score_reply(&input, &reply)
            .into_iter()
            .filter(|c| !c.passed)
            .collect();
        assert!(failed.is_empty(), "{failed:?}");
        combined_text(&reply)
    }

    #[test]
    fn the_stub_reply_becomes_a_move_that_names_the_reason_and_asks_to_confirm_the_claim() {
        let shown = coached(
            ToulminStep::Claim,
            "I think homework should be banned because kids need time to play.",
            Language::En,
            "The student's claim is:",
        );
        assert!(shown.contains("mixes in a reason"), "{shown}");
        assert!(
            shown.ends_with("Is \"Homework should be banned\" the claim you want to keep?"),
            "{shown}"
        );
    }

    #[test]
    fn a_question_naming_other_steps_is_answered_with_what_each_is() {
        let shown = coached(
            ToulminStep::Grounds,
            "how is evidence different from a reason?",
            Language::En,
            "",
        );
        assert!(shown.contains(&step_meaning(ToulminStep::Grounds, Language::En)));
        assert!(shown.contains(&step_meaning(ToulminStep::Warrant, Language::En)));
    }

    #[test]
    fn a_question_naming_one_other_step_is_answered_with_this_step_and_that_one() {
        let shown = coached(
            ToulminStep::Warrant,
            "¿qué pongo en este paso? no entiendo la diferencia con las pruebas",
            Language::Es,
            "",
        );
        assert!(shown.contains(&step_meaning(ToulminStep::Warrant, Language::Es)));
        assert!(shown.contains(&step_meaning(ToulminStep::Grounds, Language::Es)));
    }

    #[test]
    fn an_echo_that_asks_nothing_gets_the_weakness_and_one_question() {
        let shown = coached(
            ToulminStep::Claim,
            "I think phones should be allowed because they help students look things up.",
            Language::En,
            "This position aligns with your claim: phones should be allowed because they help students look things up.",
        );
        assert_eq!(shown.matches('?').count(), 1, "{shown}");
        assert!(shown.contains("Phones should be allowed"), "{shown}");
    }

    #[test]
    fn a_good_model_reply_keeps_its_words_and_its_question() {
        let shown = coached(
            ToulminStep::Grounds,
            "Students who sleep more get better marks in tests.",
            Language::En,
            "That is a useful piece of evidence. Where did you read it?",
        );
        assert_eq!(
            shown,
            "That is a useful piece of evidence.\n\nWhere did you read it?"
        );
    }

    #[test]
    fn english_words_in_a_spanish_session_are_replaced() {
        let shown = coached(
            ToulminStep::Qualifier,
            "Es verdad para todos los alumnos",
            Language::Es,
            "Your qualifier needs more work on this point.",
        );
        assert!(shown.contains("con qué fuerza"), "{shown}");
        assert!(shown.ends_with('?'));
    }

    #[test]
    fn a_no_takes_nothing_and_says_so() {
        let mut asked = input(ToulminStep::Warrant, "para nada", Language::Es);
        asked.first_turn_for_step = false;
        asked.last_proposal = Some("Dormir más ayuda, así que hay que empezar tarde.".into());
        let mut raw = CoachAIResult::message(ToulminStep::Warrant, "Muy bien.");
        raw.proposed_update = Some(crate::ProposedUpdate {
            field: ToulminStep::Warrant,
            value: "Dormir más ayuda, así que hay que empezar tarde.".into(),
            rationale: String::new(),
        });
        let reply = coach_reply(raw, &asked, None, None);
        assert_eq!(reply.proposed_update, None);
        assert!(
            combined_text(&reply).starts_with("De acuerdo"),
            "{}",
            combined_text(&reply)
        );
    }

    #[test]
    fn the_other_sides_view_is_named_and_not_taken_as_the_step() {
        let message = "some drivers say they need their car to get to work";
        let shown = coached(
            ToulminStep::WarrantBacking,
            message,
            Language::En,
            "That gives a reason to trust the link in your warrant.",
        );
        assert!(
            shown.contains("objection") && !shown.contains("trust"),
            "{shown}"
        );
    }

    #[test]
    fn make_it_for_me_without_a_proposal_says_honestly_how_to_start() {
        let shown = coached(
            ToulminStep::Warrant,
            "can you make my warrant for me",
            Language::En,
            "Ok",
        );
        assert!(shown.starts_with("I need a first version"), "{shown}");
        assert!(!shown.contains('…'), "{shown}");
    }

    #[test]
    fn a_help_request_gets_the_step_explained() {
        let shown = coached(
            ToulminStep::Warrant,
            "what is a warrant?",
            Language::En,
            "Ok",
        );
        assert!(shown.starts_with("The warrant explains"), "{shown}");
    }

    #[test]
    fn a_why_question_gets_why_the_step_matters() {
        let shown = coached(
            ToulminStep::Grounds,
            "¿por qué me pides un número?",
            Language::Es,
            "Ok",
        );
        assert!(shown.starts_with("Sin pruebas, el lector"), "{shown}");
    }

    #[test]
    fn a_confirmation_gets_the_proposal_presented_and_asked_about() {
        let mut input = input(ToulminStep::Claim, "yes", Language::En);
        input.first_turn_for_step = false;
        input.earlier_in_step = vec!["Homework should be banned on weekends.".into()];
        let mut raw = CoachAIResult::message(
            ToulminStep::Claim,
            "I think homework should be banned. I'm not sure why, but I'm not sure why I should be banned.",
        );
        raw.proposed_update = Some(crate::ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Homework should be banned on weekends.".into(),
            rationale: String::new(),
        });
        let shown = combined_text(&coach_reply(raw, &input, None, None));
        assert_eq!(
            shown,
            "Here is your position written as one claim.\n\nIs this the position you want to defend?"
        );
    }

    #[test]
    fn a_sentence_that_mostly_repeats_an_earlier_one_goes() {
        assert_eq!(
            without_near_repeats(&[
                "I'm not sure why, but I'm not sure why I should be banned.",
                "I'm not sure why I should be banned.",
                "Sleep matters.",
            ]),
            [
                "I'm not sure why, but I'm not sure why I should be banned.",
                "Sleep matters."
            ]
        );
    }

    #[test]
    fn authored_words_said_before_in_the_session_give_way_to_new_ones() {
        let mut input = input(ToulminStep::Grounds, "it is good", Language::En);
        input.first_turn_for_step = false;
        let weakness = Weakness::TooShort;
        input.history = vec![lantern_core::llm::ChatMessage {
            role: lantern_core::llm::ChatRole::Assistant,
            content: format!(
                "{}\n\n{}",
                weakness.explain(Language::En),
                opening_question(ToulminStep::Grounds, Language::En)
            ),
        }];
        let reply = coach_reply(
            CoachAIResult::message(ToulminStep::Grounds, ""),
            &input,
            None,
            Some(weakness),
        );
        assert_eq!(reply.assistant_text, weakness.explain_again(Language::En));
        assert_eq!(
            reply.next_question.as_deref(),
            Some(follow_ups(ToulminStep::Grounds, Language::En)[0].as_str())
        );
    }

    #[test]
    fn a_proposal_shown_before_is_introduced_and_asked_about_in_new_words() {
        let mut input = input(ToulminStep::Claim, "yes", Language::En);
        input.first_turn_for_step = false;
        input.history = vec![lantern_core::llm::ChatMessage {
            role: lantern_core::llm::ChatRole::Assistant,
            content: format!(
                "{}\n\n{}",
                proposal_intro(ToulminStep::Claim, Language::En),
                proposal_question(ToulminStep::Claim, Language::En)
            ),
        }];
        let mut raw = CoachAIResult::message(ToulminStep::Claim, "");
        raw.proposed_update = Some(crate::ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Zoos should close.".into(),
            rationale: String::new(),
        });
        let reply = coach_reply(raw, &input, None, None);
        assert_eq!(
            combined_text(&reply),
            "Accept it below to save \"Zoos should close\" in your draft.\n\nShall we save this claim and look for evidence next?"
        );
    }

    #[test]
    fn a_proposal_without_a_reason_gets_the_steps() {
        let mut raw = CoachAIResult::message(ToulminStep::Claim, "Here it is, written out.");
        raw.proposed_update = Some(crate::ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Zoos should close.".into(),
            rationale: " ".into(),
        });
        let input = input(ToulminStep::Claim, "rewrite it", Language::En);
        let reply = coach_reply(raw, &input, None, None);
        assert_eq!(
            reply.proposed_update.unwrap().rationale,
            rationale(ToulminStep::Claim, Language::En)
        );
    }

    #[test]
    fn two_model_questions_become_one() {
        let shown = coached(
            ToulminStep::Grounds,
            "Most teens use phones for homework every day.",
            Language::En,
            "Why do you say that? Do you have a source? It sounds promising.",
        );
        assert_eq!(shown.matches('?').count(), 1, "{shown}");
    }
}
