//! What a report turn needs from outside, as a port: the conversation, the project's
//! specifications, and saving a proposed change (one transaction per tool call, so a
//! kill mid-turn keeps every change already proposed).

use super::contract::Report;
use super::error::ReportError;
use super::ops::ReportOp;
use super::review::ChangeAuthor;
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use serde::{Deserialize, Serialize};

/// One message of the report's conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
}

/// A passage of a project specification.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecPassage {
    /// The file it comes from.
    pub source: String,
    /// The passage.
    pub text: String,
}

/// What a turn is doing, for the window ("reading 3.1…", "updating 3.1").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ReportProgress {
    /// The kind of step: `reading`, `history`, `searching`, `updating`, `adding`,
    /// `moving`, `deleting`, `renumbering`, `thinking`.
    pub step: String,
    /// The section's number and title, when the step is about one.
    pub section: Option<String>,
}

/// The outside world of a report turn.
pub trait ReportPorts: Send + Sync {
    /// The report's recent conversation, oldest first.
    fn chat_history(&self) -> BoxFuture<'_, Result<Vec<ChatLine>, ReportError>>;
    /// Passages of the project's specifications for `query`, best first.
    fn search_specs<'a>(
        &'a self,
        query: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SpecPassage>, ReportError>>;
    /// Takes back the last change — the newest one waiting for review, else the last
    /// accepted step — and says what it was in `language`, with the report as shown
    /// after; `None` when there is nothing to take back.
    fn undo_last(
        &self,
        language: Language,
    ) -> BoxFuture<'_, Result<Option<(String, Report)>, ReportError>>;
    /// Saves the changes of one tool call for review, in one transaction; their ids.
    fn record_changes<'a>(
        &'a self,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, ReportError>>;
}
