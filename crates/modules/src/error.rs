//! Why a module action or turn failed.

use lantern_core::llm::LlmError;
use lantern_core::{Coded, ErrorCode};
use thiserror::Error;

/// A failed module action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ModuleError {
    /// No module with that id is imported.
    #[error("there is no module {0:?}")]
    NotFound(String),
    /// No such session for this profile.
    #[error("there is no module session {0}")]
    SessionNotFound(i64),
    /// The module has no section with that id.
    #[error("the module has no section {0:?}")]
    SectionNotFound(String),
    /// The module has no form with that id.
    #[error("the module has no form {0:?}")]
    FormNotFound(String),
    /// A form's answers do not fit it.
    #[error("{0}")]
    FormInvalid(String),
    /// An empty message.
    #[error("the message is empty")]
    MessageEmpty,
    /// A message over the limit.
    #[error("messages are limited to {0} characters")]
    MessageTooLong(usize),
    /// The answer stream to the window failed.
    #[error("the module's answer stream failed: {0}")]
    StreamFailed(String),
    /// The model's reply could not be used; the guide answers instead.
    #[error("the model's reply could not be used: {0}")]
    BrokenReply(String),
    /// Saving or loading failed (the store's code and message).
    #[error("{1}")]
    Storage(ErrorCode, String),
    /// The model runtime failed.
    #[error(transparent)]
    Model(#[from] LlmError),
}

impl Coded for ModuleError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::NotFound(_) => ErrorCode::ModuleNotFound,
            Self::SessionNotFound(_) => ErrorCode::ModuleSessionNotFound,
            Self::SectionNotFound(_) => ErrorCode::ModuleSectionNotFound,
            Self::FormNotFound(_) => ErrorCode::ModuleFormNotFound,
            Self::FormInvalid(_) => ErrorCode::ModuleFormInvalid,
            Self::MessageEmpty => ErrorCode::ModuleMessageEmpty,
            Self::MessageTooLong(_) => ErrorCode::ModuleMessageTooLong,
            Self::StreamFailed(_) => ErrorCode::ModuleStreamFailed,
            Self::BrokenReply(_) => ErrorCode::ModuleReplyUnusable,
            Self::Storage(code, _) => *code,
            Self::Model(e) => e.code(),
        }
    }
}
