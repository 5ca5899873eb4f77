//! Why a coach turn failed, with the spec's error codes.

use super::ToulminStep;
use lantern_core::llm::LlmError;
use lantern_core::Coded;
use thiserror::Error;

/// A failed coach turn or action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum CoachError {
    /// The model's stream broke off for a reason other than a model error.
    #[error("the coach's answer stream failed: {0}")]
    StreamFailed(String),
    /// The answer did not match the contract.
    #[error("the coach's answer is invalid: {0}")]
    ValidationFailed(String),
    /// The answer had no text for the student.
    #[error("the coach's answer has no text")]
    EmptyResponse,
    /// The answer (or a proposal) was for another step than the session's.
    #[error("expected step {expected}, got {got}")]
    StepMismatch {
        /// The session's current step.
        expected: &'static str,
        /// The step named.
        got: &'static str,
    },
    /// The current step's text is not ready to move on; says what is missing.
    #[error("{0}")]
    StepIncomplete(String),
    /// The model runtime failed (its own `model_*` code).
    #[error(transparent)]
    Model(LlmError),
    /// The session's last message is not an unanswered message of the student.
    #[error("there is no message to answer: {0}")]
    NoMessage(&'static str),
    /// Accept was asked with no proposal for the current step pending.
    #[error("there is no proposal to accept")]
    NoProposal,
    /// The student's message is empty.
    #[error("the message is empty")]
    MessageEmpty,
    /// The student's message is longer than [`MAX_MESSAGE_CHARS`](super::MAX_MESSAGE_CHARS).
    #[error("messages are limited to {0} characters")]
    MessageTooLong(usize),
    /// A draft field is longer than [`MAX_FIELD_CHARS`](super::MAX_FIELD_CHARS).
    #[error("each part of the argument is limited to {0} characters")]
    FieldTooLong(usize),
    /// The argument is complete; it takes no more turns.
    #[error("the argument is already complete")]
    SessionComplete,
}

impl CoachError {
    /// A step mismatch between `expected` and `got`.
    pub fn mismatch(expected: ToulminStep, got: ToulminStep) -> Self {
        Self::StepMismatch {
            expected: expected.as_str(),
            got: got.as_str(),
        }
    }
}

impl From<LlmError> for CoachError {
    fn from(e: LlmError) -> Self {
        match e {
            LlmError::BadOutput(detail) => Self::ValidationFailed(detail),
            other => Self::Model(other),
        }
    }
}

impl Coded for CoachError {
    fn code(&self) -> lantern_core::ErrorCode {
        match self {
            Self::StreamFailed(_) => lantern_core::ErrorCode::CoachStreamFailed,
            Self::ValidationFailed(_) => lantern_core::ErrorCode::CoachValidationFailed,
            Self::EmptyResponse => lantern_core::ErrorCode::CoachEmptyResponse,
            Self::StepMismatch { .. } => lantern_core::ErrorCode::CoachStepMismatch,
            Self::StepIncomplete(_) => lantern_core::ErrorCode::CoachStepIncomplete,
            Self::Model(e) => e.code(),
            Self::NoMessage(_) => lantern_core::ErrorCode::CoachNoMessage,
            Self::NoProposal => lantern_core::ErrorCode::CoachNoProposal,
            Self::MessageEmpty => lantern_core::ErrorCode::CoachMessageEmpty,
            Self::MessageTooLong(_) => lantern_core::ErrorCode::CoachMessageTooLong,
            Self::FieldTooLong(_) => lantern_core::ErrorCode::CoachFieldTooLong,
            Self::SessionComplete => lantern_core::ErrorCode::CoachSessionComplete,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_specs_and_model_errors_keep_theirs() {
        assert_eq!(
            CoachError::StreamFailed("x".into()).code(),
            "coach_stream_failed"
        );
        assert_eq!(
            CoachError::ValidationFailed("x".into()).code(),
            "coach_validation_failed"
        );
        assert_eq!(CoachError::EmptyResponse.code(), "coach_empty_response");
        assert_eq!(
            CoachError::mismatch(ToulminStep::Claim, ToulminStep::Grounds).code(),
            "coach_step_mismatch"
        );
        assert_eq!(
            CoachError::from(LlmError::Crashed("x".into())).code(),
            "model_crashed"
        );
        assert_eq!(
            CoachError::from(LlmError::BadOutput("x".into())).code(),
            "coach_validation_failed"
        );
    }
}
