//! The app's own rewrite, for a rewrite request the model did not answer with a usable
//! proposal (spec 000, trigger 2, also on a step's first message): the text the request
//! carries ("Rewrite my warrant: looking things up helps learning"), else the draft's
//! text for the step, else the latest text the student offered in the step — tidied into
//! a sentence and, for a warrant without a link, linked to the claim ("…, so phones
//! should be allowed in class."). Proposed only when it passes the step's checks.

use super::messages::MESSAGES;
use super::reading::{
    capitalized, lowercased, message_kind, offered_text, without_lead_in, MessageKind,
};
use super::step_checks::{has_link, passes_step_heuristics};
use super::weak_text::{detect_weakness, Weakness};
use super::{CoachTurnInput, Language, ToulminStep};
use lantern_core::say;
use lantern_core::text::normalize::{normalize, words};

/// Fewest words the text after a request's colon needs to be the text to rewrite.
const FEWEST_CARRIED_WORDS: usize = 2;

/// The text a rewrite request carries after its colon ("Rewrite my claim: …").
fn carried_text(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once(':')?;
    let rest = rest.trim();
    (words(&normalize(rest)).len() >= FEWEST_CARRIED_WORDS).then_some(rest)
}

/// `text` as a sentence for `step`: lead-in off, capitalised, closed with a full stop; a
/// warrant without a link is linked to `claim`.
fn repaired(step: ToulminStep, text: &str, claim: &str, language: Language) -> String {
    let base = capitalized(
        without_lead_in(text)
            .trim()
            .trim_end_matches(['.', '!', ',', ';', ' ']),
    );
    let claim = claim.trim().trim_end_matches(['.', '!']);
    if step == ToulminStep::Warrant && !has_link(&normalize(&base)) && !claim.is_empty() {
        return say!(
            MESSAGES,
            language,
            "coach-linked-warrant",
            text = &base,
            claim = &lowercased(claim)
        );
    }
    format!("{base}.")
}

/// Whether an earlier `message` is the student's own text for `step`, to rewrite: a
/// text (no confirmation, request or question), not doing another step's job.
fn is_own_text(step: ToulminStep, message: &str) -> bool {
    message_kind(message) == MessageKind::Text
        && !message.trim().ends_with('?')
        && !detect_weakness(step, without_lead_in(message))
            .is_some_and(Weakness::belongs_to_another_step)
}

impl CoachTurnInput {
    /// The app's rewrite of the student's text for the step, when the message asks for
    /// one and the result passes the step's checks.
    pub fn rewritten_text(&self) -> Option<String> {
        if !self.rewrite_requested() {
            return None;
        }
        let step = self.current_step;
        let draft = self.draft.get(step).trim();
        let source = carried_text(&self.user_message)
            .map(str::to_string)
            .or_else(|| (!draft.is_empty()).then(|| draft.to_string()))
            .or_else(|| {
                self.earlier_in_step
                    .iter()
                    .rev()
                    .filter(|m| is_own_text(step, m))
                    .find_map(|m| offered_text(step, m).or_else(|| Some(m.clone())))
            })?;
        if let Some(fit) = offered_text(step, &source) {
            return Some(fit);
        }
        let text = repaired(
            step,
            &source,
            self.draft.get(ToulminStep::Claim),
            self.language,
        );
        passes_step_heuristics(step, &text).then_some(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(step: ToulminStep, message: &str, language: Language) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(step, message, language);
        input
            .draft
            .set(ToulminStep::Claim, "Phones should be allowed in class.");
        input
    }

    #[test]
    fn a_warrant_carried_by_the_request_is_linked_to_the_claim() {
        let input = request(
            ToulminStep::Warrant,
            "Rewrite my warrant: looking things up helps learning",
            Language::En,
        );
        assert_eq!(
            input.rewritten_text().as_deref(),
            Some("Looking things up helps learning, so phones should be allowed in class.")
        );
        let mut es = request(
            ToulminStep::Warrant,
            "Reescribe mi garantía: buscar cosas ayuda a aprender",
            Language::Es,
        );
        es.draft.set(
            ToulminStep::Claim,
            "Los móviles deberían permitirse en clase.",
        );
        assert_eq!(
            es.rewritten_text().as_deref(),
            Some(
                "Buscar cosas ayuda a aprender, así que los móviles deberían permitirse en clase."
            )
        );
    }

    #[test]
    fn a_question_or_the_other_sides_view_is_never_the_text_rewritten() {
        let mut input = request(ToulminStep::Warrant, "can you rewrite it", Language::En);
        input.earlier_in_step = vec![
            "phones let us look things up".into(),
            "shop owners say they would lose customers".into(),
            "espera, ¿qué es una garantía?".into(),
        ];
        assert_eq!(
            input.rewritten_text().as_deref(),
            Some("Phones let us look things up, so phones should be allowed in class.")
        );
    }

    #[test]
    fn make_it_for_me_with_nothing_written_is_a_request_with_no_app_rewrite() {
        for message in ["can you make my warrant for me", "hazme la garantía"] {
            let input = request(ToulminStep::Warrant, message, Language::En);
            assert!(input.rewrite_requested(), "{message}");
            assert_eq!(input.rewritten_text(), None, "{message}");
        }
        assert!(!request(
            ToulminStep::Grounds,
            "it would make my town safer",
            Language::En
        )
        .rewrite_requested());
    }

    #[test]
    fn without_a_carried_text_the_latest_offered_text_is_rewritten() {
        let mut input = request(
            ToulminStep::Grounds,
            "can you make it better?",
            Language::En,
        );
        input.earlier_in_step =
            vec!["last year two students were hit by cars on the school road".into()];
        assert_eq!(
            input.rewritten_text().as_deref(),
            Some("Last year two students were hit by cars on the school road.")
        );
        input.user_message = crate::clean_message("Last year two students were hit").unwrap();
        assert_eq!(input.rewritten_text(), None, "not a rewrite request");
    }
}
