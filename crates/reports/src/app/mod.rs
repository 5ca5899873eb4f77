//! The report editor's application layer, shared by the app, the CLI and the evals:
//! each thing a student does to a report — a chat turn, accepting or rejecting waiting
//! changes, undo, restoring a version, a hand edit, one tool call — as one operation
//! (one file each). An operation reads and writes through a [`ReportsRepository`] (the
//! store implements it over SQLite) and runs this crate's rules and turn in between;
//! what the old store actions wrote in one transaction is one repository method.

mod accept;
mod describe;
mod edit;
mod ports;
mod reject;
mod restore;
mod rows;
mod send;
mod state;
mod take_back;
mod tool;
mod undo;

pub use accept::accept;
pub use edit::edit;
pub use reject::reject;
pub use restore::restore;
pub use rows::{
    Decide, NewVersion, ReplyToSave, ReportWrite, UntoldRejection, VersionRow, VersionTree,
};
pub use send::{send, ReportRequest, ReportTurnSaved};
pub use state::{ChangeSelection, ReportState};
pub use take_back::take_back;
pub use tool::tool;
pub use undo::undo;

use crate::ports::ChatLine;
use crate::review::ChangeAuthor;
use crate::{ReportError, ReportOp};
use lantern_core::llm::BoxFuture;
use lantern_core::turn::ReplyOrigin;
use lantern_core::Coded;

/// Where reports are kept: each method one read, or one transaction.
pub trait ReportsRepository: Send + Sync {
    /// The store's error; a report rule's refusal becomes one.
    type Error: From<ReportError> + Coded + Send;

    /// The report's last version and the changes waiting on it (`NotFound` for another
    /// profile's report).
    fn report_state(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> BoxFuture<'_, Result<ReportState, Self::Error>>;

    /// In one write transaction: reads the report's state and versions, lets `decide`
    /// say what to write from them, and writes it; `decide`'s answer.
    fn write_decided<'a, T: Send + 'a>(
        &'a self,
        profile_id: i64,
        report_id: i64,
        decide: Decide<'a, T>,
    ) -> BoxFuture<'a, Result<T, Self::Error>>;

    /// Rejected changes the model has not heard of yet, oldest first.
    fn untold_rejections(
        &self,
        report_id: i64,
    ) -> BoxFuture<'_, Result<Vec<UntoldRejection>, Self::Error>>;

    /// Saves the student's request and marks the rejections `told` as heard, in one
    /// transaction; the request's id.
    fn save_request<'a>(
        &'a self,
        report_id: i64,
        text: &'a str,
        told: &'a [i64],
    ) -> BoxFuture<'a, Result<i64, Self::Error>>;

    /// Deletes a message (the request of a turn that failed or was stopped).
    fn delete_message(&self, message_id: i64) -> BoxFuture<'_, Result<(), Self::Error>>;

    /// Saves a reply and touches the report, in one transaction; the reply's id and the
    /// origin as stored.
    fn save_reply<'a>(
        &'a self,
        report_id: i64,
        reply: &'a ReplyToSave<'a>,
    ) -> BoxFuture<'a, Result<(i64, ReplyOrigin), Self::Error>>;

    /// The report's conversation, oldest first (only before message `before` when
    /// given).
    fn chat_history(
        &self,
        report_id: i64,
        before: Option<i64>,
    ) -> BoxFuture<'_, Result<Vec<ChatLine>, Self::Error>>;

    /// Whether the project has specification files.
    fn has_spec_files(&self, project_id: i64) -> BoxFuture<'_, Result<bool, Self::Error>>;

    /// Saves the changes of one tool call for review (from message `message_id`), in one
    /// transaction; their ids.
    fn record_changes<'a>(
        &'a self,
        report_id: i64,
        message_id: Option<i64>,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, Self::Error>>;
}
