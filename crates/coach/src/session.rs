//! A saved argument as the operations read it: the session row with its draft and its
//! conversation, loaded by a [`CoachRepository`](crate::app::CoachRepository).

use super::{CoachMessage, Language, ProposedUpdate, SessionView, ToulminDraft, ToulminStep};
use lantern_core::turn::ReplyOrigin;

/// A coach session with its draft and conversation.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoachSession {
    /// Database id.
    pub id: i64,
    /// Title of the argument.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// The seven fields.
    pub draft: ToulminDraft,
    /// The proposal shown and not yet accepted or rejected.
    pub pending_proposal: Option<ProposedUpdate>,
    /// The conversation, oldest first.
    pub messages: Vec<CoachMessage>,
    /// The student's unsent message (the composer's autosaved text).
    pub unsent_message: String,
    /// Creation time, RFC 3339 UTC.
    pub created_at: String,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

impl CoachSession {
    /// The session as a turn reads it.
    pub fn view(&self) -> SessionView<'_> {
        SessionView {
            current_step: self.current_step,
            is_complete: self.is_complete,
            draft: &self.draft,
            language: self.language,
            pending_proposal: self.pending_proposal.as_ref(),
            messages: &self.messages,
        }
    }

    /// Who wrote the coach's last saved reply, as stored with it (a step's bare opening
    /// question carries no origin and is skipped).
    pub fn last_reply_origin(&self) -> Option<ReplyOrigin> {
        self.messages.iter().rev().find_map(|m| m.origin)
    }
}
