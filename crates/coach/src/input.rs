//! What the student sends, checked; and a turn's input built from a saved session and
//! the student's cleaned message, so the app, the CLI and the evals answer a session the
//! same way.

use super::correction::corrected;
use super::{
    CoachError, CoachMessage, CoachRole, CoachTurnInput, Language, ProposedUpdate, ToulminDraft,
    ToulminStep,
};
use lantern_core::llm::{ChatMessage, ChatRole};
use lantern_core::text::message_language::clear_language;
use lantern_core::text::tidy::strip_unsafe_chars;
use lantern_core::turn::CleanInput;

/// Longest student message accepted, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Longest draft field accepted, in characters.
pub const MAX_FIELD_CHARS: usize = 2000;

/// A message from the student, cleaned by the shared
/// [`clean_input`](lantern_core::turn::clean_input); empty or too long is refused.
pub fn clean_message(raw: &str) -> Result<CleanInput, CoachError> {
    lantern_core::turn::clean_or(
        raw,
        MAX_MESSAGE_CHARS,
        || CoachError::MessageEmpty,
        CoachError::MessageTooLong,
    )
}

/// The student's own text for a draft field, cleaned by the shared
/// [`strip_unsafe_chars`] and trimmed; too long is refused.
pub fn clean_field(raw: &str) -> Result<String, CoachError> {
    let text = strip_unsafe_chars(raw).trim().to_string();
    if text.chars().count() > MAX_FIELD_CHARS {
        return Err(CoachError::FieldTooLong(MAX_FIELD_CHARS));
    }
    Ok(text)
}

/// A saved session as a turn needs it.
#[derive(Debug, Clone, Copy)]
pub struct SessionView<'a> {
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// The draft as saved.
    pub draft: &'a ToulminDraft,
    /// The session's language.
    pub language: Language,
    /// The proposal waiting for accept or reject.
    pub pending_proposal: Option<&'a ProposedUpdate>,
    /// The whole conversation, oldest first.
    pub messages: &'a [CoachMessage],
}

impl CoachTurnInput {
    /// The input of a turn answering `message`, the session's last message, which must be
    /// the student's and unanswered. Only a pending proposal for the current step counts
    /// as the last proposal (one left from another step is never offered again).
    pub fn for_session(session: SessionView<'_>, message: CleanInput) -> Result<Self, CoachError> {
        if session.is_complete {
            return Err(CoachError::SessionComplete);
        }
        let Some((last, earlier)) = session.messages.split_last() else {
            return Err(CoachError::NoMessage("the conversation is empty"));
        };
        if last.role != CoachRole::User {
            return Err(CoachError::NoMessage(
                "the last message already has an answer",
            ));
        }
        if last.content != message.as_str() {
            return Err(CoachError::NoMessage(
                "the last message is not the one to answer",
            ));
        }
        let step = session.current_step;
        let language = clear_language(&message).unwrap_or(session.language);
        let earlier_in_step: Vec<String> = earlier
            .iter()
            .filter(|m| m.role == CoachRole::User && m.step == step)
            .map(|m| m.content.clone())
            .collect();
        let input = Self {
            current_step: step,
            draft: session.draft.clone(),
            history: earlier.iter().map(chat_message).collect(),
            user_message: message,
            first_turn_for_step: earlier_in_step.is_empty(),
            earlier_in_step,
            language,
            last_proposal: session
                .pending_proposal
                .filter(|p| p.field == step)
                .map(|p| p.value.clone()),
        };
        Ok(input.read_as_corrected())
    }

    /// A message putting a part of the text a yes would take right ("wait no sorry it
    /// was 1 in 20 not 1 in 10") read as that text corrected: the turn offers, checks
    /// and proposes the corrected text, never the correction itself. The conversation
    /// keeps the message as written.
    fn read_as_corrected(mut self) -> Self {
        let text = self.text_a_yes_takes();
        let fixed = text.and_then(|t| corrected(&t, &self.user_message));
        if let Some(message) = fixed.and_then(|f| clean_message(&f).ok()) {
            self.user_message = message;
        }
        self
    }
}

#[cfg(test)]
impl CoachTurnInput {
    /// A test input: `message` as the student's first message in `step`, nothing before.
    pub(crate) fn first_message(step: ToulminStep, message: &str, language: Language) -> Self {
        Self {
            current_step: step,
            draft: ToulminDraft::default(),
            history: Vec::new(),
            user_message: clean_message(message).expect("a test message"),
            earlier_in_step: Vec::new(),
            first_turn_for_step: true,
            language,
            last_proposal: None,
        }
    }
}

/// A saved message as the model reads it.
pub(crate) fn chat_message(m: &CoachMessage) -> ChatMessage {
    ChatMessage {
        role: match m.role {
            CoachRole::User => ChatRole::User,
            CoachRole::Assistant => ChatRole::Assistant,
        },
        content: m.content.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;

    fn said(role: CoachRole, step: ToulminStep, text: &str) -> CoachMessage {
        CoachMessage {
            role,
            content: text.into(),
            step,
            origin: None,
        }
    }

    fn clean(text: &str) -> CleanInput {
        clean_message(text).unwrap()
    }

    fn view<'a>(
        step: ToulminStep,
        draft: &'a ToulminDraft,
        pending: Option<&'a ProposedUpdate>,
        messages: &'a [CoachMessage],
    ) -> SessionView<'a> {
        SessionView {
            current_step: step,
            is_complete: false,
            draft,
            language: Language::En,
            pending_proposal: pending,
            messages,
        }
    }

    #[test]
    fn messages_are_trimmed_and_bounded() {
        assert_eq!(clean_message("  hi ").unwrap().as_str(), "hi");
        assert_eq!(
            clean_message(" \n").unwrap_err().code(),
            "coach_message_empty"
        );
        let long = "a".repeat(MAX_MESSAGE_CHARS + 1);
        assert_eq!(
            clean_message(&long).unwrap_err().code(),
            "coach_message_too_long"
        );
        assert_eq!(
            clean_field(&long).unwrap_err().code(),
            "coach_field_too_long"
        );
        assert_eq!(clean_field("").unwrap(), "");
    }

    #[test]
    fn control_and_bidi_characters_are_cleaned_by_the_shared_function() {
        assert_eq!(clean_message(" a\u{202E}b\u{0} ").unwrap().as_str(), "ab");
        assert_eq!(clean_field("x\u{2066}y").unwrap(), "xy");
        assert_eq!(
            clean_message("\u{202E}").unwrap_err().code(),
            "coach_message_empty"
        );
    }

    #[test]
    fn a_proposal_left_from_another_step_is_not_the_last_proposal() {
        let draft = ToulminDraft::default();
        let old = ProposedUpdate {
            field: ToulminStep::Claim,
            value: "Homework should be banned.".into(),
            rationale: String::new(),
        };
        let messages = [said(CoachRole::User, ToulminStep::Grounds, "ok")];
        let input = CoachTurnInput::for_session(
            view(ToulminStep::Grounds, &draft, Some(&old), &messages),
            clean("ok"),
        )
        .unwrap();
        assert_eq!(input.last_proposal, None);
        assert_eq!(input.confirmed_text(), None, "'ok' confirms nothing here");
        let input = CoachTurnInput::for_session(
            view(ToulminStep::Claim, &draft, Some(&old), &messages),
            clean("ok"),
        )
        .unwrap();
        assert_eq!(
            input.last_proposal.as_deref(),
            Some("Homework should be banned.")
        );
    }

    #[test]
    fn a_correction_of_the_proposal_is_read_as_the_proposal_corrected() {
        let draft = ToulminDraft::default();
        let pending = ProposedUpdate {
            field: ToulminStep::Grounds,
            value: "A survey said only 1 in 10 adults would know what to do.".into(),
            rationale: String::new(),
        };
        let message = "wait no sorry it was 1 in 20 not 1 in 10";
        let messages = [said(CoachRole::User, ToulminStep::Grounds, message)];
        let input = CoachTurnInput::for_session(
            view(ToulminStep::Grounds, &draft, Some(&pending), &messages),
            clean(message),
        )
        .unwrap();
        assert_eq!(
            input.user_message.as_str(),
            "A survey said only 1 in 20 adults would know what to do."
        );
        // Nothing to correct: the message is read as written.
        let input = CoachTurnInput::for_session(
            view(ToulminStep::Grounds, &draft, None, &messages),
            clean(message),
        )
        .unwrap();
        assert_eq!(input.user_message.as_str(), message);
    }

    #[test]
    fn a_message_clearly_in_the_other_language_is_answered_in_it() {
        let draft = ToulminDraft::default();
        for (message, language) in [
            ("espera, ¿qué es una garantía?", Language::Es),
            ("some people say so", Language::En),
            ("ok", Language::En),
        ] {
            let messages = [said(CoachRole::User, ToulminStep::Warrant, message)];
            let input = CoachTurnInput::for_session(
                view(ToulminStep::Warrant, &draft, None, &messages),
                clean(message),
            )
            .unwrap();
            assert_eq!(input.language, language, "{message}");
        }
    }

    #[test]
    fn only_the_students_earlier_messages_in_this_step_count() {
        let draft = ToulminDraft::default();
        let messages = [
            said(CoachRole::User, ToulminStep::Claim, "claim talk"),
            said(CoachRole::Assistant, ToulminStep::Grounds, "Evidence?"),
            said(CoachRole::User, ToulminStep::Grounds, "first"),
            said(CoachRole::Assistant, ToulminStep::Grounds, "More?"),
            said(CoachRole::User, ToulminStep::Grounds, "second"),
        ];
        let input = CoachTurnInput::for_session(
            view(ToulminStep::Grounds, &draft, None, &messages),
            clean("second"),
        )
        .unwrap();
        assert_eq!(input.earlier_in_step, vec!["first".to_string()]);
        assert!(!input.first_turn_for_step);
        assert_eq!(input.user_message.as_str(), "second");
        assert_eq!(input.history.len(), 4);
    }

    #[test]
    fn an_answered_empty_or_other_conversation_or_a_complete_argument_takes_no_turn() {
        let draft = ToulminDraft::default();
        let answered = [said(CoachRole::Assistant, ToulminStep::Claim, "Claim?")];
        let err = CoachTurnInput::for_session(
            view(ToulminStep::Claim, &draft, None, &answered),
            clean("Claim?"),
        )
        .unwrap_err();
        assert_eq!(err.code(), "coach_no_message");
        let err =
            CoachTurnInput::for_session(view(ToulminStep::Claim, &draft, None, &[]), clean("x"))
                .unwrap_err();
        assert_eq!(err.code(), "coach_no_message");
        let asked = [said(CoachRole::User, ToulminStep::Rebuttal, "more")];
        let other = view(ToulminStep::Rebuttal, &draft, None, &asked);
        let err = CoachTurnInput::for_session(other, clean("less")).unwrap_err();
        assert_eq!(
            err.code(),
            "coach_no_message",
            "only the saved message is answered"
        );
        let mut done = view(ToulminStep::Rebuttal, &draft, None, &asked);
        done.is_complete = true;
        assert_eq!(
            CoachTurnInput::for_session(done, clean("more"))
                .unwrap_err()
                .code(),
            "coach_session_complete"
        );
    }
}
