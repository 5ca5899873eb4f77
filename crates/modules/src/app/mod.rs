//! The guided modules' application layer: the operations the app, the CLI and the evals
//! share — start (or resume) a session, open it, send one turn —
//! each reading saved rows through a [`ModuleRepository`], running the loop's rules and
//! its turn, and saving what came of it. The repository only persists (the store
//! implements it over SQLite); the rules and the shared turn live in this crate, so
//! who wrote a reply is only ever what `answer_turn` said.

mod open;
mod rows;
mod send;
mod start;
mod turn_input;
mod views;

pub use open::open;
pub use rows::{reply_summary, ModuleMessage, ModuleSessionRow, NewReply};
pub use send::{send, ModuleRequest, ModuleTurnSaved};
pub use start::start;
pub use views::{progress_view, ModuleSessionView, ProgressView, SectionView, TopicView};

use crate::{ModuleError, ModuleProgress, ModuleReply};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, ChatMessage};
use lantern_packs::module::ModuleManifest;

/// Where the guided modules' sessions and conversations are saved: each method is one
/// persistence operation, and what must be written together is one method (one
/// transaction).
pub trait ModuleRepository: Send + Sync {
    /// The repository's failure; a module rule's refusal converts into it.
    type Error: From<ModuleError> + Send;

    /// The imported module `id` and the index generation whose media folder holds its
    /// files.
    fn module<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<(ModuleManifest, String), Self::Error>>;

    /// The profile's session `id` (another profile's is not found).
    fn session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> BoxFuture<'_, Result<ModuleSessionRow, Self::Error>>;

    /// The profile's session of `module_id`, if it has one.
    fn session_of<'a>(
        &'a self,
        profile_id: i64,
        module_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<ModuleSessionRow>, Self::Error>>;

    /// Creates the profile's session of `module_id` with its opening reply, replacing an
    /// earlier one (starting over), in one transaction; the new session's id.
    fn create_session<'a>(
        &'a self,
        profile_id: i64,
        module_id: &'a str,
        language: Language,
        progress: &'a ModuleProgress,
        opening: NewReply<'a>,
    ) -> BoxFuture<'a, Result<i64, Self::Error>>;

    /// The session's messages, oldest first.
    fn messages(&self, session_id: i64) -> BoxFuture<'_, Result<Vec<ModuleMessage>, Self::Error>>;

    /// The session's latest `limit` replies, newest first.
    fn recent_replies(
        &self,
        session_id: i64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<ModuleReply>, Self::Error>>;

    /// The session's latest `limit` messages as the model's history, oldest first.
    fn history(
        &self,
        session_id: i64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<ChatMessage>, Self::Error>>;

    /// Saves the student's turn (a form: its answers as JSON too) with the progress it
    /// made and the forms sent, in one transaction; the message's id.
    fn save_student_turn<'a>(
        &'a self,
        session_id: i64,
        text: &'a str,
        form: Option<&'a serde_json::Value>,
        progress: &'a ModuleProgress,
        forms_sent: &'a [String],
    ) -> BoxFuture<'a, Result<i64, Self::Error>>;

    /// Saves a reply with the session's progress (milestones included) and the forms
    /// sent, in one transaction; the message's id.
    fn save_reply<'a>(
        &'a self,
        session_id: i64,
        reply: NewReply<'a>,
        progress: &'a ModuleProgress,
        forms_sent: &'a [String],
    ) -> BoxFuture<'a, Result<i64, Self::Error>>;
}
