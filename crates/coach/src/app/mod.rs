//! The coach's application layer: one file per operation on a saved argument (start,
//! say, answer, retry, accept, reject, edit, advance). Each reads the session through a
//! [`CoachRepository`], lets the coach's rules and turn decide, and writes the resulting
//! [`CoachChange`] with one repository call — one transaction, so a crash never leaves
//! half an action. The store implements the repository with SQL; the app, the command
//! line and the evals call these operations.

mod accept;
mod advance;
mod answer;
mod apply;
mod edit;
mod move_on;
mod reject;
mod retry;
mod say;
mod start;

pub use accept::accept;
pub use advance::advance;
pub use answer::{answer, CoachAnswer};
pub use edit::edit;
pub use reject::reject;
pub use retry::retry;
pub use say::say;
pub use start::start;

use super::{CoachChange, CoachError, CoachSession, Language};
use lantern_core::llm::BoxFuture;

/// Where the coach's sessions are kept: each method is one persistence operation (one
/// transaction), scoped by profile — another profile's session is not found.
pub trait CoachRepository: Send + Sync {
    /// The repository's error; a coach rule's refusal converts into it.
    type Error: From<CoachError> + Send;

    /// Creates a session titled `title` in `language` with its `first` change (the
    /// opening question), in one transaction; the session as saved.
    fn create_coach_session<'a>(
        &'a self,
        profile_id: i64,
        title: &'a str,
        language: Language,
        first: &'a CoachChange,
    ) -> BoxFuture<'a, Result<CoachSession, Self::Error>>;

    /// Session `id` of `profile_id` with its draft and conversation.
    fn coach_session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> BoxFuture<'_, Result<CoachSession, Self::Error>>;

    /// Writes `change` to session `id` of `profile_id` in one transaction: the draft
    /// field, the pending proposal, the progress and the new messages, or none of them.
    fn apply_coach_change<'a>(
        &'a self,
        profile_id: i64,
        id: i64,
        change: &'a CoachChange,
    ) -> BoxFuture<'a, Result<(), Self::Error>>;
}
