//! Why a tutor turn or action failed.

use lantern_core::llm::LlmError;
use lantern_core::{Coded, ErrorCode};
use thiserror::Error;

/// A failed tutor turn or action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TutorError {
    /// The student's message is empty.
    #[error("the message is empty")]
    MessageEmpty,
    /// The message is longer than [`MAX_MESSAGE_CHARS`](super::MAX_MESSAGE_CHARS).
    #[error("messages are limited to {0} characters")]
    MessageTooLong(usize),
    /// A unit id that the course does not have.
    #[error("the course has no unit {0:?}")]
    UnitNotFound(String),
    /// The message is not a drill of the thread.
    #[error("message {0:?} is not a drill of this thread")]
    DrillNotFound(String),
    /// The drill was already answered; a drill is graded once.
    #[error("drill {0:?} was already answered")]
    DrillAlreadyGraded(String),
    /// The model's answer broke the policy or the contract; the fallback answers.
    #[error("the answer broke the turn's policy: {0}")]
    PolicyViolation(String),
    /// The answer stream to the window failed.
    #[error("the tutor's answer stream failed: {0}")]
    StreamFailed(String),
    /// The model runtime failed (its own `model_*` code).
    #[error(transparent)]
    Model(LlmError),
    /// Retrieval failed (its own code).
    #[error(transparent)]
    Retrieval(#[from] lantern_core::retrieval::RetrievalError),
}

impl From<LlmError> for TutorError {
    fn from(e: LlmError) -> Self {
        Self::Model(e)
    }
}

/// Whether a failed model answer is answered by the deterministic guide: refused by
/// the rules, unparseable, or impossible (a prompt too long for a small context, say).
pub fn is_broken_reply(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::TutorPolicyViolation
            | ErrorCode::ModelRuntimeFailed
            | ErrorCode::ModelOutputInvalid
            | ErrorCode::ModelGrammarFailed
            | ErrorCode::ModelTemplateFailed
    )
}

impl Coded for TutorError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::MessageEmpty => ErrorCode::TutorMessageEmpty,
            Self::MessageTooLong(_) => ErrorCode::TutorMessageTooLong,
            Self::UnitNotFound(_) => ErrorCode::TutorUnitNotFound,
            Self::DrillNotFound(_) => ErrorCode::TutorDrillNotFound,
            Self::DrillAlreadyGraded(_) => ErrorCode::TutorDrillAlreadyGraded,
            Self::PolicyViolation(_) => ErrorCode::TutorPolicyViolation,
            Self::StreamFailed(_) => ErrorCode::TutorStreamFailed,
            Self::Model(e) => e.code(),
            Self::Retrieval(e) => e.code(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_tutors_and_model_errors_keep_theirs() {
        assert_eq!(TutorError::MessageEmpty.code(), "tutor_message_empty");
        assert_eq!(
            TutorError::PolicyViolation("x".into()).code(),
            "tutor_policy_violation"
        );
        assert_eq!(
            TutorError::from(LlmError::Crashed("x".into())).code(),
            "model_crashed"
        );
    }
}
