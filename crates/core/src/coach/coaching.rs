//! The deterministic coaching move: whatever the model wrote, the reply the student sees
//! names what is weak in their text in plain words and ends with exactly one guiding
//! question. The model's words are kept when they are whole sentences in the session's
//! language; otherwise the step's own explanation stands in for them.

use super::contract::{MAX_ASSISTANT_TEXT, MAX_NEXT_QUESTION};
use super::offline::opening_question;
use super::reading::{message_kind, message_weakness, MessageKind};
use super::weak_text::Weakness;
use super::{CoachAIResult, CoachTurnInput, Language, ToulminStep};
use crate::text::normalize::{normalize, words};
use crate::text::tidy::{detect_language, is_readable, sentences};

/// Fewest words the model's own text needs to be kept.
const FEWEST_KEPT_WORDS: usize = 5;

/// The reply `result` (already through the rules) reshaped to coach: the model's usable
/// statements, the weakness of the student's message named when the model did not name
/// it, and one question at the end — the model's, or one asking to confirm the text the
/// student offered when it could not be proposed yet (first, when that text is the
/// claim without its mixed-in reason), else the weakness's, else the step's.
pub fn coach_reply(
    mut result: CoachAIResult,
    input: &CoachTurnInput,
    offered: Option<&str>,
) -> CoachAIResult {
    let step = input.current_step;
    let language = input.language;
    let kind = message_kind(&input.user_message);
    let proposing = result.proposed_update.is_some();
    let (statements, model_questions) = split_reply(&result.assistant_text, language);
    // The model's words react to what the student wrote. A confirmation or a request for
    // help has one right answer, and the guide gives it.
    let mut text: Vec<String> = match kind {
        MessageKind::Confirmation if proposing => vec![proposal_intro(step, language)],
        MessageKind::HelpRequest => vec![step_meaning(step, language).to_string()],
        _ => statements,
    };
    let weakness = message_weakness(step, &input.user_message);
    if let Some(w) = weakness {
        let said = normalize(&text.join(" "));
        if !w
            .keywords(language)
            .iter()
            .any(|k| said.contains(&normalize(k)))
        {
            // First, so that a long reply is cut in the model's words, never here.
            text.insert(0, w.explain(language).to_string());
        }
    }
    if text.is_empty() {
        text.push(if proposing {
            proposal_intro(step, language)
        } else {
            step_meaning(step, language).to_string()
        });
    }
    let offer = offered
        .filter(|_| !proposing)
        .map(|t| offer_question(step, t, language));
    let model_question = result
        .next_question
        .iter()
        .chain(model_questions.iter().rev())
        .map(|q| q.trim().to_string())
        .find(|q| is_usable_question(q, language));
    // A reason cut off the claim is the coaching point: ask about the offered text
    // first. A proposal is asked about. Otherwise the model's own question leads.
    let question = if weakness == Some(Weakness::ClaimIncludesReason) {
        offer.or(model_question)
    } else if proposing && kind == MessageKind::Confirmation {
        Some(proposal_question(language))
    } else {
        model_question.or(offer)
    };
    result.next_question = Some(
        question
            .or_else(|| proposing.then(|| proposal_question(language)))
            .or_else(|| weakness.map(|w| weakness_question(w, step, language)))
            .unwrap_or_else(|| opening_question(step, language)),
    );
    result.assistant_text = within(&text.join(" "), MAX_ASSISTANT_TEXT);
    if result.assistant_text.is_empty() {
        result.assistant_text = step_meaning(step, language).to_string();
    }
    result
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

/// What `step` is, in one sentence for the student.
pub fn step_meaning(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "The claim is the position you argue, in one clear sentence.",
        (ToulminStep::Claim, Language::Es) => "La tesis es la postura que defiendes, en una frase clara.",
        (ToulminStep::Grounds, Language::En) => "The grounds are the facts, data or examples that support your claim.",
        (ToulminStep::Grounds, Language::Es) => "Los datos son los hechos, cifras o ejemplos que apoyan tu tesis.",
        (ToulminStep::Warrant, Language::En) => "The warrant explains why your grounds support your claim.",
        (ToulminStep::Warrant, Language::Es) => "La garantía explica por qué tus datos apoyan tu tesis.",
        (ToulminStep::GroundsBacking, Language::En) => "The backing for the grounds says where your evidence comes from and why it is reliable.",
        (ToulminStep::GroundsBacking, Language::Es) => "El respaldo de los datos dice de dónde salen tus pruebas y por qué son fiables.",
        (ToulminStep::WarrantBacking, Language::En) => "The backing for the warrant shows why the link between grounds and claim is believable.",
        (ToulminStep::WarrantBacking, Language::Es) => "El respaldo de la garantía muestra por qué es creíble la relación entre datos y tesis.",
        (ToulminStep::Qualifier, Language::En) => "The qualifier says how strongly you make your claim: always, usually, probably.",
        (ToulminStep::Qualifier, Language::Es) => "El matizador dice con qué fuerza afirmas tu tesis: siempre, normalmente, probablemente.",
        (ToulminStep::Rebuttal, Language::En) => "The rebuttal names the cases in which your claim would not hold.",
        (ToulminStep::Rebuttal, Language::Es) => "La refutación nombra los casos en los que tu tesis no se cumpliría.",
    }
}

fn step_name(step: ToulminStep, language: Language) -> &'static str {
    match (step, language) {
        (ToulminStep::Claim, Language::En) => "claim",
        (ToulminStep::Claim, Language::Es) => "tesis",
        (ToulminStep::Grounds, Language::En) => "grounds",
        (ToulminStep::Grounds, Language::Es) => "datos",
        (ToulminStep::Warrant, Language::En) => "warrant",
        (ToulminStep::Warrant, Language::Es) => "garantía",
        (ToulminStep::GroundsBacking | ToulminStep::WarrantBacking, Language::En) => "backing",
        (ToulminStep::GroundsBacking | ToulminStep::WarrantBacking, Language::Es) => "respaldo",
        (ToulminStep::Qualifier, Language::En) => "qualifier",
        (ToulminStep::Qualifier, Language::Es) => "matizador",
        (ToulminStep::Rebuttal, Language::En) => "rebuttal",
        (ToulminStep::Rebuttal, Language::Es) => "refutación",
    }
}

fn proposal_intro(step: ToulminStep, language: Language) -> String {
    match language {
        Language::En => format!(
            "Here is a version of your {} to check.",
            step_name(step, language)
        ),
        Language::Es => format!(
            "Aquí tienes una versión de tu {} para revisar.",
            step_name(step, language)
        ),
    }
}

/// Asks about a proposal shown below the reply.
fn proposal_question(language: Language) -> String {
    match language {
        Language::En => "Does this version say what you mean, or should we change something?",
        Language::Es => "¿Esta versión dice lo que quieres decir, o cambiamos algo?",
    }
    .to_string()
}

/// Asks the student to confirm the text their message offered for the step.
fn offer_question(step: ToulminStep, offered: &str, language: Language) -> String {
    let offered = offered.trim_end_matches('.');
    match language {
        Language::En => format!(
            "Is \"{offered}\" the {} you want to keep?",
            step_name(step, language)
        ),
        Language::Es => format!(
            "¿Quieres quedarte con \"{offered}\" como {}?",
            step_name(step, language)
        ),
    }
}

/// The question that helps with `weakness`.
fn weakness_question(weakness: Weakness, step: ToulminStep, language: Language) -> String {
    let text = match (weakness, language) {
        (Weakness::ClaimIncludesReason, Language::En) => {
            "What is your position in one sentence, without the reason?"
        }
        (Weakness::ClaimIncludesReason, Language::Es) => {
            "¿Cuál es tu postura en una frase, sin la razón?"
        }
        (Weakness::ClaimLooksLikeGrounds, Language::En) => {
            "What do those facts make you believe should happen?"
        }
        (Weakness::ClaimLooksLikeGrounds, Language::Es) => {
            "¿Qué crees que debería pasar, a la vista de esos datos?"
        }
        (Weakness::IsQuestion, Language::En) => {
            "What is your own answer to that question, as a statement?"
        }
        (Weakness::IsQuestion, Language::Es) => {
            "¿Cuál es tu respuesta a esa pregunta, como afirmación?"
        }
        (Weakness::MissingLink, Language::En) => {
            "Why do your grounds show that your claim is true?"
        }
        (Weakness::MissingLink, Language::Es) => {
            "¿Por qué tus datos demuestran que tu tesis es cierta?"
        }
        (Weakness::MissingHedge, Language::En) => {
            "Is your claim true always, usually, or only probably?"
        }
        (Weakness::MissingHedge, Language::Es) => {
            "¿Tu tesis se cumple siempre, normalmente o solo probablemente?"
        }
        (Weakness::MissingException, Language::En) => "In which case would your claim not hold?",
        (Weakness::MissingException, Language::Es) => "¿En qué caso no se cumpliría tu tesis?",
        (Weakness::Empty | Weakness::TooShort, _) => return opening_question(step, language),
    };
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::combined_text;
    use crate::coach::quality::score_reply;
    use crate::coach::reading::offered_text;

    fn input(step: ToulminStep, message: &str, language: Language) -> CoachTurnInput {
        CoachTurnInput::first_message(step, message, language)
    }

    fn coached(step: ToulminStep, message: &str, language: Language, model_text: &str) -> String {
        let input = input(step, message, language);
        let offered = offered_text(step, message);
        let raw = CoachAIResult::message(step, model_text);
        let reply = coach_reply(raw, &input, offered.as_deref());
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
        assert!(shown.contains("reason mixed in"), "{shown}");
        assert!(
            shown.ends_with("Is \"Homework should be banned\" the claim you want to keep?"),
            "{shown}"
        );
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
    fn a_confirmation_gets_the_proposal_presented_and_asked_about() {
        let mut input = input(ToulminStep::Claim, "yes", Language::En);
        input.first_turn_for_step = false;
        input.earlier_in_step = vec!["Homework should be banned on weekends.".into()];
        let mut raw = CoachAIResult::message(
            ToulminStep::Claim,
            "I think homework should be banned. I'm not sure why, but I'm not sure why I should be banned.",
        );
        raw.proposed_update = Some(crate::coach::ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Homework should be banned on weekends.".into(),
            rationale: String::new(),
        });
        let shown = combined_text(&coach_reply(raw, &input, None));
        assert_eq!(
            shown,
            "Here is a version of your claim to check.\n\nDoes this version say what you mean, or should we change something?"
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
