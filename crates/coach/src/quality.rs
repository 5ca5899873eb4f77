//! The coach's eval rubric: computed checks of one reply, as `lantern eval coach`
//! scores them (see docs/evals.md). A reply coaches when it ends with exactly one
//! guiding question, names what is weak in the student's text, is whole sentences said
//! once in the session's language, and proposes only what the rules allow and the
//! step's checks accept.

use super::coaching::unclear_reply_about;
use super::filter::COACH_TALK;
use super::prompt::PROMPT_LABELS;
use super::reading::{message_kind, message_weakness, MessageKind};
use super::rules::FIRST_TURN_MIN_CONFIDENCE;
use super::weak_text::{detect_weakness, Weakness};
use super::words::unclear_reply;
use super::{combined_text, CoachAIResult, CoachTurnInput, Language};
use lantern_core::eval::Check;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::support::{DropReason, ReplyFilter};
use lantern_core::text::tidy::{detect_language, is_readable, sentences};

/// Fewest words a reply needs not to be a fragment.
const FEWEST_REPLY_WORDS: usize = 5;

/// Scores the reply `result` to `input`.
pub fn score_reply(input: &CoachTurnInput, result: &CoachAIResult) -> Vec<Check> {
    let shown = combined_text(result);
    let mut checks = vec![
        one_question_at_end(&shown),
        not_a_fragment(&result.assistant_text, is_courtesy(&input.user_message)),
        no_repeated_sentence(&shown),
        first_turn_rule(input, result),
        language_matches(&shown, input.language),
    ];
    if let Some(weakness) = message_weakness(input.current_step, &input.user_message) {
        let proposing = result.proposed_update.is_some();
        checks.push(if unclear_reply_about(input, Some(weakness)).is_some() {
            asks_again(&shown, input.language)
        } else {
            names_weakness(&shown, weakness, proposing, input.language)
        });
    }
    if let Some(p) = &result.proposed_update {
        let weakness = detect_weakness(input.current_step, &p.value);
        checks.push(Check::new(
            "proposal_passes_step_checks",
            weakness.is_none(),
            || format!("{:?}: {}", weakness.map(Weakness::code), p.value),
        ));
    }
    checks
}

/// What a shown reply's words are checked against across the session.
#[derive(Debug, Clone, Copy)]
pub struct SessionWords<'a> {
    /// The student's message the reply answers (empty for a step's opening).
    pub student: &'a str,
    /// What the coach said earlier in the session, oldest first.
    pub said: &'a [String],
    /// The prompt's instruction texts ([`instruction_texts`](super::prompt::instruction_texts)).
    pub instructions: &'a [String],
}

/// The sentences of `shown` the reply filter refuses for `reason`'s check, under `filter`.
fn refused(shown: &str, filter: &ReplyFilter, check: &str) -> Vec<String> {
    sentences(shown)
        .into_iter()
        .filter(|s| filter.check(s).is_err_and(|why| why.check() == check))
        .map(str::to_string)
        .collect()
}

fn refs(texts: &[String]) -> Vec<&str> {
    texts.iter().map(String::as_str).collect()
}

/// Scores every sentence of `shown` with the reply filter's own tests, each alone:
/// `no_leak` (a run of 5 words of the instructions, or a prompt label), `no_echo`,
/// `no_repeat_across_turns` (said earlier in the session) and `says_something` (not
/// filler only).
pub fn score_words(shown: &str, ctx: &SessionWords<'_>) -> Vec<Check> {
    let leak = ReplyFilter::new(None, &[], "")
        .with_instructions(&refs(ctx.instructions))
        .with_labels(PROMPT_LABELS);
    let echo = ReplyFilter::new(None, &[], ctx.student);
    let repeat = ReplyFilter::new(None, &[], "").with_said(&refs(ctx.said));
    let talk = ReplyFilter::new(None, &[], "").with_topic(&[COACH_TALK.as_str()]);
    let courtesy = is_courtesy(ctx.student);
    let filler: Vec<&str> = sentences(shown)
        .into_iter()
        .filter(|s| !courtesy && talk.says_nothing(s))
        .collect();
    let found = [
        (
            "no_leak",
            refused(shown, &leak, DropReason::Leak(String::new()).check()),
        ),
        ("no_echo", refused(shown, &echo, DropReason::Echo.check())),
        (
            "no_repeat_across_turns",
            refused(shown, &repeat, DropReason::Repeat.check()),
        ),
    ];
    let mut checks: Vec<Check> = found
        .into_iter()
        .map(|(name, bad)| Check::new(name, bad.is_empty(), || bad.join(" | ")))
        .collect();
    checks.push(Check::new("says_something", filler.is_empty(), || {
        filler.join(" | ")
    }));
    checks
}

/// The shown reply ends with a question and asks exactly one.
fn one_question_at_end(shown: &str) -> Check {
    let questions = shown.matches('?').count();
    let ends = shown.trim_end().ends_with('?');
    Check::new("one_question_at_end", questions == 1 && ends, || {
        format!("{questions} question mark(s), ends with one: {ends}")
    })
}

/// Whether the student only thanked, greeted or said goodbye: a short courtesy
/// ("You're welcome.") answers it, and needs no substance.
fn is_courtesy(student: &str) -> bool {
    matches!(
        message_kind(student),
        MessageKind::Courtesy(_) | MessageKind::Goodbye
    )
}

/// The reply's own text is at least one whole, readable sentence, not a stub such as
/// "The student's claim is:" or a loop such as "3.3.3.3" (a courtesy may be short).
fn not_a_fragment(text: &str, courtesy: bool) -> Check {
    let trimmed = text.trim();
    let count = words(&normalize(trimmed)).len();
    let finished = trimmed.ends_with(['.', '!', '?', '"', '”', ')', '»', '…']);
    let readable = is_readable(trimmed);
    Check::new(
        "no_fragment",
        (courtesy || count >= FEWEST_REPLY_WORDS) && finished && readable,
        || format!("{count} words, finished: {finished}, readable: {readable}: {trimmed:?}"),
    )
}

/// No sentence of the shown reply is said twice.
fn no_repeated_sentence(shown: &str) -> Check {
    let all: Vec<String> = sentences(shown).into_iter().map(normalize).collect();
    let repeated = all
        .iter()
        .enumerate()
        .find(|(i, s)| !s.is_empty() && all[..*i].contains(s));
    Check::new("no_repeated_sentence", repeated.is_none(), || {
        format!("repeated: {:?}", repeated.map(|(_, s)| s))
    })
}

/// A proposal on the step's first message needs a rewrite request, a confirmation or
/// the spec's confidence.
fn first_turn_rule(input: &CoachTurnInput, result: &CoachAIResult) -> Check {
    let allowed = !input.first_turn_for_step
        || result.proposed_update.is_none()
        || input.rewrite_requested()
        || input.confirmed_text().is_some()
        || result.confidence.unwrap_or(0.0) >= FIRST_TURN_MIN_CONFIDENCE;
    Check::new("first_turn_rule", allowed, || {
        "a first message got an unsure proposal".to_string()
    })
}

/// The reply is in the session's language (judged on texts long enough to tell).
fn language_matches(shown: &str, language: Language) -> Check {
    let judged = detect_language(shown);
    Check::new(
        "language_matches",
        judged.is_none_or(|l| l == language),
        || format!("reads as {judged:?}"),
    )
}

/// A short reply no reader took for a yes or a no is answered by saying so and asking
/// the question again, not by calling it too short (checked as `names_weakness`).
fn asks_again(shown: &str, language: Language) -> Check {
    let said = shown.contains(&unclear_reply(language));
    Check::new("names_weakness", said, || {
        format!("the reply does not say the answer was unclear: {shown}")
    })
}

/// The reply says what is weak in the student's text, in words a student recognises.
fn names_weakness(shown: &str, weakness: Weakness, proposing: bool, language: Language) -> Check {
    let plain = normalize(shown);
    let names = |w: Weakness| {
        w.keywords(language)
            .iter()
            .any(|k| plain.contains(&normalize(k)))
    };
    // The model's judgement of the text's job may find it doing another step's job where
    // the cues read only a weak text for this step: naming that job, and proposing
    // nothing, names what is wrong with it here.
    let other_job = [
        Weakness::RebuttalAtOtherStep,
        Weakness::ReplyAtOtherStep,
        Weakness::PerhapsRebuttal,
        Weakness::ClaimLooksLikeGrounds,
    ];
    let named = names(weakness) || (!proposing && other_job.into_iter().any(names));
    Check::new("names_weakness", named, || {
        format!("{} not named", weakness.code())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ProposedUpdate, ToulminStep};

    fn input(message: &str, first: bool) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(ToulminStep::Claim, message, Language::En);
        input.first_turn_for_step = first;
        if !first {
            input.earlier_in_step = vec!["x".into()];
        }
        input
    }

    fn reply(text: &str, question: Option<&str>) -> CoachAIResult {
        let mut r = CoachAIResult::message(ToulminStep::Claim, text);
        r.next_question = question.map(str::to_string);
        r
    }

    fn failed(checks: &[Check]) -> Vec<&'static str> {
        checks
            .iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect()
    }

    #[test]
    fn a_coaching_reply_passes_every_check() {
        let checks = score_reply(
            &input(
                "I think homework should be banned because kids need to play.",
                true,
            ),
            &reply(
                "Your claim has a reason mixed in; keep the reason for the grounds.",
                Some("Is \"Homework should be banned.\" the position you want to argue?"),
            ),
        );
        assert!(failed(&checks).is_empty(), "{checks:?}");
        assert!(checks.iter().any(|c| c.name == "names_weakness"));
    }

    #[test]
    fn leaks_echoes_repeats_and_filler_fail_across_turns() {
        let said =
            vec!["This is a strong argument that phones should be allowed in class.".to_string()];
        let instructions = vec!["This is the student's first message on this step; coach with a question, do not propose a text yet.".to_string()];
        let ctx = SessionWords {
            student: "phones help us look things up",
            said: &said,
            instructions: &instructions,
        };
        let shown = "This is the student's first message on this step. \
            Phones help us look things up. \
            This is a strong argument that phones should be allowed in class. \
            Please provide more details. \
            Which lesson did a phone help you in?";
        let failed: Vec<_> = score_words(shown, &ctx)
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect();
        assert_eq!(
            failed,
            [
                "no_leak",
                "no_echo",
                "no_repeat_across_turns",
                "says_something"
            ]
        );
        let clean = score_words("Which lesson did a phone help you in?", &ctx);
        assert!(clean.iter().all(|c| c.passed), "{clean:?}");
    }

    #[test]
    fn a_courtesy_answering_thanks_may_be_short() {
        let checks = score_reply(
            &input("thanks", false),
            &reply("You're welcome.", Some("What is your claim?")),
        );
        assert!(failed(&checks).is_empty(), "{checks:?}");
        let ctx = SessionWords {
            student: "thanks",
            said: &[],
            instructions: &[],
        };
        let words = score_words("You're welcome. What is your claim?", &ctx);
        assert!(words.iter().all(|c| c.passed), "{words:?}");
    }

    #[test]
    fn a_short_reply_no_reader_took_is_asked_about_again_not_called_too_short() {
        let mut unclear = input("say less", false);
        unclear.last_proposal = Some("Energy drinks should be banned for under-16s.".into());
        let names = |text: &str| {
            score_reply(
                &unclear,
                &reply(text, Some("Is this the claim you want to keep?")),
            )
            .into_iter()
            .find(|c| c.name == "names_weakness")
            .is_some_and(|c| c.passed)
        };
        assert!(names("I could not tell whether that means yes."));
        assert!(!names(
            "It is too short to stand on its own; say a little more."
        ));
    }

    #[test]
    fn a_weak_text_read_as_another_steps_job_is_named_by_that_job() {
        let mut asked = input("a garden costs money the school needs", false);
        asked.current_step = ToulminStep::Warrant;
        let other_side = "That is an objection someone against your claim would raise; keep it for the rebuttal, the last step. What evidence do you have on your own side?";
        let named = |proposal: Option<ProposedUpdate>| {
            let mut shown = reply(other_side, None);
            shown.proposed_update = proposal;
            score_reply(&asked, &shown)
                .into_iter()
                .find(|c| c.name == "names_weakness")
                .is_some_and(|c| c.passed)
        };
        assert!(named(None));
        let proposal = Some(ProposedUpdate {
            field: ToulminStep::Warrant,
            value: "A garden costs money, so the school has less.".into(),
            rationale: String::new(),
        });
        assert!(!named(proposal), "a proposal takes it as this step's text");
    }

    #[test]
    fn the_stub_reply_of_the_default_model_fails() {
        let checks = score_reply(
            &input(
                "I think homework should be banned because kids need time to play.",
                true,
            ),
            &reply("The student's claim is:", None),
        );
        assert_eq!(
            failed(&checks),
            ["one_question_at_end", "no_fragment", "names_weakness"]
        );
    }

    #[test]
    fn two_questions_repeats_and_another_language_fail() {
        let checks = score_reply(
            &input("Phones help students find information quickly.", false),
            &reply(
                "Good point. Good point. Why do you think so?",
                Some("¿Qué pruebas tienes para demostrar esta idea tan importante?"),
            ),
        );
        assert_eq!(
            failed(&checks),
            [
                "one_question_at_end",
                "no_repeated_sentence",
                "language_matches"
            ]
        );
    }

    #[test]
    fn an_unsure_first_turn_proposal_and_a_weak_proposal_fail() {
        let mut r = reply("Here is a version of your claim.", Some("Does it fit?"));
        r.proposed_update = Some(ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Because 70% of kids sleep 6 hours.".into(),
            rationale: String::new(),
        });
        r.confidence = Some(0.5);
        let checks = score_reply(&input("Homework is really bad for all of us", true), &r);
        assert_eq!(
            failed(&checks),
            ["first_turn_rule", "proposal_passes_step_checks"]
        );
    }
}
