//! What the coach's commands return to the UI.

use crate::row_id::RowId;
use lantern_coach::{
    CoachMessage, CoachSession, Language, ProposedUpdate, ToulminDraft, ToulminStep,
};
use lantern_store::CoachSessionSummary;
use serde::{Deserialize, Serialize};

/// A coach session as the UI shows it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct CoachSessionView {
    /// Session id.
    pub id: RowId,
    /// Title of the argument.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// The argument so far.
    pub draft: ToulminDraft,
    /// The proposal waiting for accept or reject.
    pub pending_proposal: Option<ProposedUpdate>,
    /// The conversation, oldest first.
    pub messages: Vec<CoachMessage>,
    /// The student's unsent message, as autosaved.
    pub unsent_message: String,
}

impl From<CoachSession> for CoachSessionView {
    fn from(s: CoachSession) -> Self {
        Self {
            id: s.id.into(),
            title: s.title,
            language: s.language,
            current_step: s.current_step,
            is_complete: s.is_complete,
            draft: s.draft,
            pending_proposal: s.pending_proposal,
            messages: s.messages,
            unsent_message: s.unsent_message,
        }
    }
}

/// A coach session as listed.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct CoachSessionSummaryView {
    /// Session id.
    pub id: RowId,
    /// Title of the argument.
    pub title: String,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

impl From<CoachSessionSummary> for CoachSessionSummaryView {
    fn from(s: CoachSessionSummary) -> Self {
        Self {
            id: s.id.into(),
            title: s.title,
            current_step: s.current_step,
            is_complete: s.is_complete,
            updated_at: s.updated_at,
        }
    }
}

/// Text formats an argument can be exported to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ExportFormat {
    /// Markdown with one section per element.
    Markdown,
    /// Argdown (argument mapping syntax).
    Argdown,
}
