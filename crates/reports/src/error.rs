//! Why a report action, tool call or chat turn failed.

use lantern_core::llm::LlmError;
use lantern_core::{Coded, ErrorCode};
use thiserror::Error;

/// A failed report action.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ReportError {
    /// No such report for this profile.
    #[error("no report {0}")]
    NotFound(i64),
    /// No such project for this profile.
    #[error("no project {0}")]
    ProjectNotFound(i64),
    /// The report has no section with this id.
    #[error("the report has no section {0:?}")]
    SectionNotFound(String),
    /// A title was empty or longer than the limit.
    #[error("a section title must have 1 to {0} characters")]
    TitleInvalid(usize),
    /// A body was longer than the limit.
    #[error("a section body is limited to {0} characters")]
    BodyTooLong(usize),
    /// The change would change nothing.
    #[error("the change leaves section {0:?} as it is")]
    NoChange(String),
    /// A section cannot move under itself.
    #[error("section {0:?} cannot move under itself or its subsections")]
    MoveIntoItself(String),
    /// Nesting deeper than the limit.
    #[error("sections nest at most {0} levels deep")]
    TooDeep(usize),
    /// A tool's arguments were not valid.
    #[error("invalid arguments: {0}")]
    ArgumentsInvalid(String),
    /// A tool that is not offered.
    #[error("there is no tool {0:?} here")]
    ToolUnknown(String),
    /// A file could not be imported.
    #[error("the report could not be imported: {0}")]
    ImportFailed(String),
    /// A file over an import limit, or a picture that is a link (`import_*` codes).
    #[error("the report could not be imported: {0}")]
    ImportRefused(lantern_packs::course::PackError),
    /// An empty message.
    #[error("the message is empty")]
    MessageEmpty,
    /// A message over the limit.
    #[error("messages are limited to {0} characters")]
    MessageTooLong(usize),
    /// The change is not waiting for review.
    #[error("change {0} is not waiting for review")]
    ChangeNotPending(i64),
    /// A delete accepted without confirming it.
    #[error("deleting section {0:?} needs a confirmation")]
    DeleteUnconfirmed(String),
    /// Nothing accepted to undo.
    #[error("there is nothing to undo")]
    NothingToUndo,
    /// No such version.
    #[error("the report has no version {0}")]
    VersionNotFound(i64),
    /// The model's tool loop ended with nothing usable (its words without a change, the
    /// step limit, a repeated call, broken output); the app answers instead.
    #[error("the model's reply could not be used: {0}")]
    BrokenReply(String),
    /// The answer stream to the window failed.
    #[error("the report's answer stream failed: {0}")]
    StreamFailed(String),
    /// Saving or loading failed (the store's message and code).
    #[error("{1}")]
    Storage(ErrorCode, String),
    /// The model runtime failed.
    #[error(transparent)]
    Model(#[from] LlmError),
    /// Retrieval failed.
    #[error(transparent)]
    Retrieval(#[from] lantern_core::retrieval::RetrievalError),
}

impl Coded for ReportError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::NotFound(_) => ErrorCode::ReportNotFound,
            Self::ProjectNotFound(_) => ErrorCode::ProjectNotFound,
            Self::SectionNotFound(_) => ErrorCode::ReportSectionNotFound,
            Self::TitleInvalid(_) => ErrorCode::ReportTitleInvalid,
            Self::BodyTooLong(_) => ErrorCode::ReportBodyTooLong,
            Self::NoChange(_) => ErrorCode::ReportNoChange,
            Self::MoveIntoItself(_) => ErrorCode::ReportMoveIntoItself,
            Self::TooDeep(_) => ErrorCode::ReportTooDeep,
            Self::ArgumentsInvalid(_) => ErrorCode::ReportArgumentsInvalid,
            Self::ToolUnknown(_) => ErrorCode::ReportToolUnknown,
            Self::ImportFailed(_) => ErrorCode::ReportImportFailed,
            Self::ImportRefused(e) => e.code(),
            Self::MessageEmpty => ErrorCode::ReportMessageEmpty,
            Self::MessageTooLong(_) => ErrorCode::ReportMessageTooLong,
            Self::ChangeNotPending(_) => ErrorCode::ReportChangeNotPending,
            Self::DeleteUnconfirmed(_) => ErrorCode::ReportDeleteUnconfirmed,
            Self::NothingToUndo => ErrorCode::ReportNothingToUndo,
            Self::VersionNotFound(_) => ErrorCode::ReportVersionNotFound,
            Self::BrokenReply(_) => ErrorCode::ReportReplyUnusable,
            Self::StreamFailed(_) => ErrorCode::ReportStreamFailed,
            Self::Storage(code, _) => *code,
            Self::Model(e) => e.code(),
            Self::Retrieval(e) => e.code(),
        }
    }
}
