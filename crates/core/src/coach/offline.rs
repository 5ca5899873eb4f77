//! The coach without a model: a deterministic guiding question for each step, and a
//! check of the student's text with the step rules. Used when no model is ready, and
//! to open each step.

use super::weak_text::detect_weakness;
use super::{CoachAIResult, CoachTurnInput, Language, ProposedUpdate, ToulminStep};

/// Confidence the offline guide gives a text that passes the step's checks.
const PASSING_CONFIDENCE: f64 = 0.85;

/// The question that opens `step`.
pub fn opening_question(step: ToulminStep, language: Language) -> String {
    let text = match (step, language) {
        (ToulminStep::Claim, Language::En) => "Let's start with your claim: what position do you want to argue, in one sentence?",
        (ToulminStep::Claim, Language::Es) => "Empecemos por tu tesis: ¿qué postura quieres defender, en una frase?",
        (ToulminStep::Grounds, Language::En) => "Now the grounds: what facts, data or examples support your claim?",
        (ToulminStep::Grounds, Language::Es) => "Ahora los datos: ¿qué hechos, cifras o ejemplos apoyan tu tesis?",
        (ToulminStep::Warrant, Language::En) => "Next, the warrant: why do those grounds show that your claim is true?",
        (ToulminStep::Warrant, Language::Es) => "Ahora la garantía: ¿por qué esos datos demuestran que tu tesis es cierta?",
        (ToulminStep::GroundsBacking, Language::En) => "Backing for the grounds: where does your evidence come from, and why can it be trusted?",
        (ToulminStep::GroundsBacking, Language::Es) => "Respaldo de los datos: ¿de dónde salen tus pruebas y por qué son fiables?",
        (ToulminStep::WarrantBacking, Language::En) => "Backing for the warrant: what makes the link between grounds and claim believable?",
        (ToulminStep::WarrantBacking, Language::Es) => "Respaldo de la garantía: ¿qué hace creíble la relación entre datos y tesis?",
        (ToulminStep::Qualifier, Language::En) => "The qualifier: how strongly do you make your claim — always, usually, probably?",
        (ToulminStep::Qualifier, Language::Es) => "El matizador: ¿con qué fuerza afirmas tu tesis: siempre, normalmente, probablemente?",
        (ToulminStep::Rebuttal, Language::En) => "Finally, the rebuttal: in which cases would your claim not hold?",
        (ToulminStep::Rebuttal, Language::Es) => "Por último, la refutación: ¿en qué casos no se cumpliría tu tesis?",
    };
    text.to_string()
}

/// A coach reply computed without the model: the student's message is checked as text
/// for the current step; a fitting text is proposed, otherwise the guide says what is
/// missing and asks the step's question again.
pub fn offline_turn(input: &CoachTurnInput) -> CoachAIResult {
    let step = input.current_step;
    let confirmed = input.confirmed_text();
    let candidate = confirmed.as_deref().unwrap_or(input.user_message.trim());
    let mut reply = match detect_weakness(step, candidate) {
        None => {
            let mut r = CoachAIResult::message(step, fits(input.language));
            r.confidence = Some(PASSING_CONFIDENCE);
            r.proposed_update = Some(ProposedUpdate {
                field: step,
                value: candidate.to_string(),
                rationale: String::new(),
            });
            r
        }
        Some(weakness) => {
            let mut r = CoachAIResult::message(step, weakness.explain(input.language));
            r.next_question = Some(opening_question(step, input.language));
            r
        }
    };
    reply.step = step;
    reply
}

fn fits(language: Language) -> &'static str {
    match language {
        Language::En => "That fits this step. Use the suggestion below to save it and move on, or keep refining it.",
        Language::Es => "Eso encaja en este paso. Usa la propuesta de abajo para guardarlo y avanzar, o sigue mejorándolo.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::ToulminDraft;

    fn input(step: ToulminStep, message: &str, language: Language) -> CoachTurnInput {
        CoachTurnInput {
            current_step: step,
            draft: ToulminDraft::default(),
            history: Vec::new(),
            user_message: message.into(),
            earlier_in_step: Vec::new(),
            first_turn_for_step: true,
            language,
            last_proposal: None,
        }
    }

    #[test]
    fn every_step_has_an_opening_question_in_both_languages() {
        for step in ToulminStep::ALL {
            let (en, es) = (
                opening_question(step, Language::En),
                opening_question(step, Language::Es),
            );
            assert!(en.ends_with('?') && es.ends_with('?') && en != es);
        }
    }

    #[test]
    fn a_fitting_text_is_proposed() {
        let r = offline_turn(&input(
            ToulminStep::Claim,
            "Schools should not set homework on weekends.",
            Language::En,
        ));
        assert_eq!(
            r.proposed_update.unwrap().value,
            "Schools should not set homework on weekends."
        );
    }

    #[test]
    fn a_weak_text_gets_the_reason_and_the_question_in_the_sessions_language() {
        let r = offline_turn(&input(
            ToulminStep::Qualifier,
            "Yes it is true",
            Language::Es,
        ));
        assert!(r.proposed_update.is_none());
        assert!(r.assistant_text.contains("matiz") || r.assistant_text.contains("fuerza"));
        assert_eq!(
            r.next_question,
            Some(opening_question(ToulminStep::Qualifier, Language::Es))
        );
    }
}
