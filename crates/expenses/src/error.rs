//! Why an expense action, tool call or chat turn failed.

use lantern_core::llm::LlmError;
use lantern_core::{Coded, ErrorCode};
use thiserror::Error;

/// A failed expense action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ExpenseError {
    /// No such expense for this profile (another profile's rows are not found either).
    #[error("there is no expense #{0}")]
    NotFound(i64),
    /// The profile's role may not use this tool.
    #[error("a {role} may not use {tool}")]
    Forbidden {
        /// The role's name.
        role: &'static str,
        /// The tool's name.
        tool: String,
    },
    /// A tool's arguments were not valid.
    #[error("invalid arguments: {0}")]
    Invalid(String),
    /// A tool that does not exist.
    #[error("there is no tool {0:?}")]
    ToolUnknown(String),
    /// No such proposal for this profile.
    #[error("there is no proposal {0:?}")]
    ProposalNotFound(String),
    /// The proposal waited too long.
    #[error("proposal {0:?} expired; ask again")]
    ProposalExpired(String),
    /// The proposal was already confirmed, cancelled or replaced.
    #[error("proposal {0:?} was already {1}")]
    ProposalUsed(String, String),
    /// The arguments confirmed are not the ones proposed.
    #[error("the arguments confirmed are not the ones proposed in {0:?}")]
    ProposalMismatch(String),
    /// An empty message.
    #[error("the message is empty")]
    MessageEmpty,
    /// A message over the limit.
    #[error("messages are limited to {0} characters")]
    MessageTooLong(usize),
    /// The model's answer could not be used: unreadable even after one retry, or words
    /// the checks refused.
    #[error("the model's answer could not be used: {0}")]
    ModelUnreadable(String),
    /// The answer stream to the window failed.
    #[error("the expenses answer stream failed: {0}")]
    StreamFailed(String),
    /// Saving or loading failed (the store's code and message).
    #[error("{1}")]
    Storage(ErrorCode, String),
    /// The model runtime failed.
    #[error(transparent)]
    Model(#[from] LlmError),
}

impl Coded for ExpenseError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::NotFound(_) => ErrorCode::ExpenseNotFound,
            Self::Forbidden { .. } => ErrorCode::ExpenseForbidden,
            Self::Invalid(_) => ErrorCode::ExpenseInvalid,
            Self::ToolUnknown(_) => ErrorCode::ExpenseToolUnknown,
            Self::ProposalNotFound(_) => ErrorCode::ExpenseProposalNotFound,
            Self::ProposalExpired(_) => ErrorCode::ExpenseProposalExpired,
            Self::ProposalUsed(..) => ErrorCode::ExpenseProposalUsed,
            Self::ProposalMismatch(_) => ErrorCode::ExpenseProposalMismatch,
            Self::MessageEmpty => ErrorCode::ExpenseMessageEmpty,
            Self::MessageTooLong(_) => ErrorCode::ExpenseMessageTooLong,
            Self::ModelUnreadable(_) => ErrorCode::ExpenseModelUnreadable,
            Self::StreamFailed(_) => ErrorCode::ExpenseStreamFailed,
            Self::Storage(code, _) => *code,
            Self::Model(e) => e.code(),
        }
    }
}
