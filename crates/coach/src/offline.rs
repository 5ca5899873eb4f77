//! The coach without a model: a deterministic guiding question for each step, and a
//! check of the student's text with the step rules. Used when no model is ready, the
//! model failed in a turn or none of its words passed the reply filter, and to open
//! each step. Its replies go through the same rules and the same coaching move as the
//! model's.

use super::coaching::coach_reply;
use super::reading::{message_weakness, offered_text};
use super::rules::apply_rules;
use super::weak_text::{detect_weakness, Weakness};
use super::words::step_meaning;
use super::{CoachAIResult, CoachError, CoachTurnInput, ProposedUpdate};

/// The guide's confidence in a text the student confirmed.
const CONFIRMED_CONFIDENCE: f64 = 0.9;
/// The guide's confidence in a text that only passes the step's checks: below the
/// first-turn threshold, so on a step's first message the guide asks before proposing.
const PASSING_CONFIDENCE: f64 = 0.6;

/// A coach reply computed without the model: the text the student confirmed, asked to
/// have rewritten, or offered is proposed when it fits the step (kept by the rules only
/// when they allow it: not on a step's first message unless confirmed or asked for);
/// the words are the app's authored ones, chosen by the coaching move so the session
/// never hears the same sentence twice.
pub fn offline_turn(input: &CoachTurnInput) -> Result<CoachAIResult, CoachError> {
    guided_turn(input, None)
}

/// The guide's reply to `input`; with `judged`, the weakness the model's judgement of
/// the text's job found (another step's job), the text is named as that job and nothing
/// is offered or proposed for this step.
pub(crate) fn guided_turn(
    input: &CoachTurnInput,
    judged: Option<Weakness>,
) -> Result<CoachAIResult, CoachError> {
    let step = input.current_step;
    let confirmed = input.confirmed_text();
    let rewritten = input.rewritten_text();
    // A text the model doubts is the other side's view, and that is a fine text for
    // the step otherwise, is still offered: the student says which it is.
    let doubted = judged == Some(Weakness::PerhapsRebuttal);
    let offered = offered_text(step, &input.user_message)
        .filter(|t| judged.is_none() || doubted && detect_weakness(step, t).is_none());
    let asked_for = confirmed.as_deref().or(rewritten.as_deref());
    let candidate = asked_for.or(offered.as_deref());
    // The rules need a text; the coaching move writes the reply's words.
    let mut reply = CoachAIResult::message(step, step_meaning(step, input.language));
    if let Some(text) = candidate.filter(|t| detect_weakness(step, t).is_none()) {
        reply.confidence = Some(if asked_for.is_some() {
            CONFIRMED_CONFIDENCE
        } else {
            PASSING_CONFIDENCE
        });
        reply.proposed_update = Some(ProposedUpdate {
            field: step,
            value: text.to_string(),
            rationale: String::new(),
        });
    }
    let mut ruled = apply_rules(
        reply,
        &input.rule_context(
            confirmed.as_deref(),
            offered.as_deref(),
            rewritten.as_deref(),
        ),
    )?;
    ruled.assistant_text.clear();
    let weakness = judged.or_else(|| message_weakness(step, &input.user_message));
    Ok(coach_reply(ruled, input, offered.as_deref(), weakness))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Language, ToulminStep};

    const CLAIM: &str = "Schools should not set homework on weekends.";

    fn input(step: ToulminStep, message: &str, language: Language) -> CoachTurnInput {
        CoachTurnInput::first_message(step, message, language)
    }

    #[test]
    fn a_fitting_text_is_proposed_after_the_steps_first_message() {
        let mut later = input(ToulminStep::Claim, CLAIM, Language::En);
        later.first_turn_for_step = false;
        later.earlier_in_step = vec!["homework".into()];
        let r = offline_turn(&later).unwrap();
        assert_eq!(r.proposed_update.unwrap().value, CLAIM);
    }

    #[test]
    fn the_guides_replies_go_through_the_first_turn_rule() {
        let topic = "I want to talk about homework";
        let r = offline_turn(&input(ToulminStep::Claim, topic, Language::En)).unwrap();
        assert_eq!(
            r.proposed_update, None,
            "a first message naming a topic is not proposed"
        );
        assert!(r.next_question.unwrap().ends_with('?'));
        let r = offline_turn(&input(ToulminStep::Claim, CLAIM, Language::En)).unwrap();
        assert_eq!(
            r.proposed_update.unwrap().value,
            CLAIM,
            "a strong first attempt is"
        );
        assert!(r.confidence.unwrap() >= 0.8);
        let mut asked = input(ToulminStep::Claim, "yes, use that", Language::En);
        asked.earlier_in_step = vec![CLAIM.into()];
        asked.first_turn_for_step = false;
        let r = offline_turn(&asked).unwrap();
        assert_eq!(r.proposed_update.unwrap().value, CLAIM, "a confirmation is");
    }

    #[test]
    fn the_view_of_someone_close_is_asked_about_and_kept_out_of_the_step() {
        let mut said = input(
            ToulminStep::Warrant,
            "my dad thinks its up to parents not the government",
            Language::En,
        );
        said.draft.set(ToulminStep::Claim, CLAIM);
        let r = offline_turn(&said).unwrap();
        assert!(r.proposed_update.is_none());
        let text = r.assistant_text;
        assert!(
            text.contains("rebuttal") && text.contains("on your side"),
            "{text}"
        );
    }

    #[test]
    fn a_question_about_where_the_argument_stands_is_answered_with_the_step() {
        let mut asked = input(ToulminStep::Warrant, "what step am i on", Language::En);
        asked.draft.set(ToulminStep::Claim, CLAIM);
        asked.first_turn_for_step = false;
        let r = offline_turn(&asked).unwrap();
        assert!(r.proposed_update.is_none());
        assert!(
            r.assistant_text
                .starts_with("We are on the warrant, part 3 of 7."),
            "{}",
            r.assistant_text
        );
        let mut pedido = input(
            ToulminStep::Qualifier,
            "¿cuántos pasos quedan?",
            Language::Es,
        );
        pedido.first_turn_for_step = false;
        let r = offline_turn(&pedido).unwrap();
        assert!(
            r.assistant_text
                .starts_with("Estamos en el matizador, la parte 6 de 7."),
            "{}",
            r.assistant_text
        );
    }

    #[test]
    fn a_short_reply_no_reader_took_for_yes_or_no_asks_the_question_again() {
        let mut unclear = input(ToulminStep::Claim, "say less", Language::En);
        unclear.earlier_in_step = vec![format!("look, {CLAIM}")];
        unclear.first_turn_for_step = false;
        let r = offline_turn(&unclear).unwrap();
        assert!(r.proposed_update.is_none());
        let text = &r.assistant_text;
        assert!(
            text.contains("could not tell") && !text.contains("too short"),
            "{text}"
        );
        let question = r.next_question.unwrap();
        assert!(question.contains(CLAIM.trim_end_matches('.')), "{question}");
    }

    #[test]
    fn a_weak_text_gets_the_reason_and_the_question_in_the_sessions_language() {
        let r = offline_turn(&input(
            ToulminStep::Qualifier,
            "Yes it is true",
            Language::Es,
        ))
        .unwrap();
        assert!(r.proposed_update.is_none());
        assert!(r.assistant_text.contains("matiz") || r.assistant_text.contains("fuerza"));
        assert!(r.next_question.unwrap().ends_with('?'));
    }
}
