//! What a coach action changes in a session, as a value: computed here from a turn's
//! result or a completed step, and written by the store in one transaction, so a crash
//! never leaves half a turn (a reply without its proposal, a new step without its
//! opening question).

use super::words::argument_complete;
use super::{
    combined_text, opening_question, CoachAIResult, CoachMessage, CoachRole, Language,
    ProposedUpdate, StepOutcome, ToulminStep,
};
use lantern_core::turn::{CleanInput, ReplyOrigin};

/// The changes one action makes to a session, applied together.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CoachChange {
    /// Text saved into a draft field.
    pub draft_field: Option<(ToulminStep, String)>,
    /// The pending proposal afterwards: `Some(None)` clears it, `None` leaves it.
    pub pending_proposal: Option<Option<ProposedUpdate>>,
    /// The step worked on and whether the argument is complete, afterwards.
    pub progress: Option<(ToulminStep, bool)>,
    /// Messages appended to the conversation, oldest first.
    pub messages: Vec<CoachMessage>,
}

fn message(role: CoachRole, content: String, step: ToulminStep) -> CoachMessage {
    CoachMessage {
        role,
        content,
        step,
        origin: None,
    }
}

impl CoachChange {
    /// A new session's first message: the claim step's opening question.
    pub fn opening(language: Language) -> Self {
        Self {
            messages: vec![message(
                CoachRole::Assistant,
                opening_question(ToulminStep::Claim, language),
                ToulminStep::Claim,
            )],
            ..Self::default()
        }
    }

    /// The student's message in `step`, cleaned once on its way in: only a
    /// [`CleanInput`] becomes a student's message.
    pub fn student_message(step: ToulminStep, text: &CleanInput) -> Self {
        Self {
            messages: vec![message(CoachRole::User, text.as_str().to_string(), step)],
            ..Self::default()
        }
    }

    /// The student's own text for draft field `step`.
    pub fn draft_edit(step: ToulminStep, text: &str) -> Self {
        Self {
            draft_field: Some((step, text.to_string())),
            ..Self::default()
        }
    }

    /// The pending proposal rejected.
    pub fn rejection() -> Self {
        Self {
            pending_proposal: Some(None),
            ..Self::default()
        }
    }
}

/// The change a coach reply in `step` makes: the reply with its guiding question and
/// the proposal shown (or none); without a proposal, the step reached — a completed
/// argument, or the next step opened with its question. A proposal waits for the
/// student: the step moves on only when it is accepted. The reply is marked with who
/// wrote it (`origin`).
pub fn reply_change(
    step: ToulminStep,
    language: Language,
    result: &CoachAIResult,
    origin: ReplyOrigin,
) -> CoachChange {
    let reply = CoachMessage {
        origin: Some(origin),
        ..message(CoachRole::Assistant, combined_text(result), step)
    };
    let mut change = CoachChange {
        pending_proposal: Some(result.proposed_update.clone()),
        messages: vec![reply],
        ..CoachChange::default()
    };
    if result.proposed_update.is_some() {
        return change;
    }
    if result.is_complete == Some(true) {
        change.progress = Some((step, true));
    } else if let (Some(true), Some(next)) = (result.should_advance, result.next_step) {
        change.progress = Some((next, false));
        change.messages.push(message(
            CoachRole::Assistant,
            opening_question(next, language),
            next,
        ));
    }
    change
}

/// The change completing `step` makes: the `accepted` proposal's text saved (when the
/// step was completed by accepting one), any pending proposal cleared, the progress
/// moved, and the next step opened with its question.
pub fn step_change(
    step: ToulminStep,
    language: Language,
    outcome: StepOutcome,
    accepted: Option<&str>,
) -> CoachChange {
    let next = outcome.next_step.unwrap_or(step);
    CoachChange {
        draft_field: accepted.map(|text| (step, text.to_string())),
        pending_proposal: Some(None),
        progress: Some((next, outcome.is_complete)),
        messages: match outcome.next_step {
            Some(next) => vec![message(
                CoachRole::Assistant,
                opening_question(next, language),
                next,
            )],
            None if outcome.is_complete => vec![message(
                CoachRole::Assistant,
                argument_complete(language),
                step,
            )],
            None => Vec::new(),
        },
    }
}

impl CoachChange {
    /// The change with the next step opened by `text` (written by `origin`) instead of
    /// the step's bare question.
    pub fn with_opening(mut self, text: String, origin: ReplyOrigin) -> Self {
        if let Some(opening) = self.messages.last_mut() {
            opening.content = text;
            opening.origin = Some(origin);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(proposal: Option<&str>, advance: bool) -> CoachAIResult {
        CoachAIResult {
            assistant_text: "Good.".into(),
            step: ToulminStep::Claim,
            confidence: None,
            next_question: Some("What is your evidence?".into()),
            proposed_update: proposal.map(|value| ProposedUpdate {
                field: ToulminStep::Claim,
                value: value.into(),
                rationale: String::new(),
            }),
            should_advance: Some(advance),
            next_step: advance.then_some(ToulminStep::Grounds),
            is_complete: None,
            model_words: false,
        }
    }

    #[test]
    fn a_reply_with_a_proposal_keeps_the_step_and_shows_the_proposal() {
        let change = reply_change(
            ToulminStep::Claim,
            Language::En,
            &reply(Some("X."), true),
            ReplyOrigin::Model,
        );
        assert_eq!(change.progress, None);
        assert_eq!(change.messages.len(), 1);
        assert!(matches!(change.pending_proposal, Some(Some(_))));
    }

    #[test]
    fn an_advancing_reply_opens_the_next_step_with_its_question() {
        let change = reply_change(
            ToulminStep::Claim,
            Language::En,
            &reply(None, true),
            ReplyOrigin::Offline,
        );
        assert_eq!(change.progress, Some((ToulminStep::Grounds, false)));
        assert_eq!(change.messages.len(), 2);
        assert_eq!(change.messages[1].step, ToulminStep::Grounds);
        assert_eq!(change.messages[0].origin, Some(ReplyOrigin::Offline));
        assert_eq!(change.messages[1].origin, None);
        assert_eq!(change.pending_proposal, Some(None));
    }

    #[test]
    fn completing_a_step_clears_any_proposal_and_opens_the_next() {
        let outcome = StepOutcome {
            next_step: Some(ToulminStep::Grounds),
            is_complete: false,
        };
        let change = step_change(ToulminStep::Claim, Language::Es, outcome, None);
        assert_eq!(change.pending_proposal, Some(None));
        assert_eq!(change.draft_field, None);
        assert_eq!(change.progress, Some((ToulminStep::Grounds, false)));
        assert_eq!(
            change.messages[0].content,
            opening_question(ToulminStep::Grounds, Language::Es)
        );
    }

    #[test]
    fn a_step_opened_by_a_turn_keeps_its_words_and_who_wrote_them() {
        let outcome = StepOutcome {
            next_step: Some(ToulminStep::Grounds),
            is_complete: false,
        };
        let change = step_change(ToulminStep::Claim, Language::En, outcome, Some("X."))
            .with_opening("Your claim now reads: \"X.\"".into(), ReplyOrigin::Offline);
        assert_eq!(change.messages.len(), 1);
        assert_eq!(change.messages[0].content, "Your claim now reads: \"X.\"");
        assert_eq!(change.messages[0].origin, Some(ReplyOrigin::Offline));
    }

    #[test]
    fn completing_the_last_step_completes_the_argument_and_says_so() {
        let outcome = StepOutcome {
            next_step: None,
            is_complete: true,
        };
        let change = step_change(
            ToulminStep::Rebuttal,
            Language::En,
            outcome,
            Some("Unless."),
        );
        assert_eq!(change.progress, Some((ToulminStep::Rebuttal, true)));
        assert_eq!(
            change.draft_field,
            Some((ToulminStep::Rebuttal, "Unless.".into()))
        );
        assert_eq!(change.messages.len(), 1);
        assert_eq!(change.messages[0].content, argument_complete(Language::En));
        assert!(!change.messages[0].content.contains('?'));
    }
}
