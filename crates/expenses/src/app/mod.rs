//! The expenses assistant's application layer: each operation the app, the CLI and
//! the evals call — a chat turn ([`send`]), a card's Confirm ([`confirm`]) and Cancel
//! ([`cancel`]), an edited card ([`revise`]), one call made directly ([`tool`]) and
//! the conversation as shown ([`conversation`]) — reads what it needs, calls the loop's
//! rules and turn, and writes through an [`ExpenseRepository`]. The repository (the
//! store) holds only the SQL; what was written in one transaction is written through one
//! [`ExpenseWrite`], committed whole or not at all.

mod acting;
mod cancel;
mod closeness;
mod confirm;
mod conversation;
mod reply;
mod revise;
mod saved;
mod send;
mod tool;

pub use cancel::cancel;
pub use confirm::confirm;
pub use conversation::conversation;
pub use reply::{rfc3339, ExpenseMessage, ExpenseReply, ExpenseRequest, ProposalView};
pub use revise::revise;
pub use saved::{
    ActionDone, Balance, ExpenseSettings, LastReply, NewReply, SavedMessage, SavedProposal,
    SavedReply,
};
pub use send::send;
pub use tool::tool;

use crate::contract::{Expense, ExpenseAction, ExpenseQuery};
use crate::error::ExpenseError;
use crate::gate::ProposalStatus;
use crate::prompt::HistoryLine;
use chrono::{DateTime, Utc};
use lantern_core::llm::BoxFuture;

/// An open write transaction of a repository whose error is `E`.
pub type WriteHandle<'a, E> = Box<dyn ExpenseWrite<E> + 'a>;

/// Where the expenses live: each method one read or one write, outside a transaction;
/// [`ExpenseRepository::begin_write`] opens one.
pub trait ExpenseRepository: Send + Sync {
    /// The repository's error (a rule's refusal becomes one through `From`).
    type Error: From<ExpenseError> + Send;

    /// The profile's role and currency (owner and pounds until changed).
    fn settings(&self, profile_id: i64) -> BoxFuture<'_, Result<ExpenseSettings, Self::Error>>;

    /// What the profile's last reply left.
    fn last_reply(&self, profile_id: i64) -> BoxFuture<'_, Result<LastReply, Self::Error>>;

    /// Saves the student's message on its own, before the model runs; its id.
    fn add_student_message<'a>(
        &'a self,
        profile_id: i64,
        text: &'a str,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<i64, Self::Error>>;

    /// The `limit` messages before message `before`, oldest first.
    fn history(
        &self,
        profile_id: i64,
        before: i64,
        limit: i64,
    ) -> BoxFuture<'_, Result<Vec<HistoryLine>, Self::Error>>;

    /// The profile's expenses matching `query`, newest first.
    fn rows<'a>(
        &'a self,
        profile_id: i64,
        query: &'a ExpenseQuery,
    ) -> BoxFuture<'a, Result<Vec<Expense>, Self::Error>>;

    /// The profile's latest `limit` messages, oldest first, with their proposals.
    fn messages(
        &self,
        profile_id: i64,
        limit: i64,
    ) -> BoxFuture<'_, Result<Vec<SavedMessage>, Self::Error>>;

    /// Opens one write transaction (taking the write lock first).
    fn begin_write(&self) -> BoxFuture<'_, Result<WriteHandle<'_, Self::Error>, Self::Error>>;
}

/// One write transaction: nothing it writes is kept until [`ExpenseWrite::commit`];
/// dropped uncommitted, it is rolled back.
pub trait ExpenseWrite<E>: Send {
    /// Saves the student's message.
    fn add_student_message<'a>(
        &'a mut self,
        profile_id: i64,
        text: &'a str,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), E>>;

    /// Proposal `id` of the profile, or None when there is none.
    fn proposal<'a>(
        &'a mut self,
        profile_id: i64,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<SavedProposal>, E>>;

    /// Expense `id` of the profile, or None when it is not the profile's.
    fn row(&mut self, profile_id: i64, id: i64) -> BoxFuture<'_, Result<Option<Expense>, E>>;

    /// The profile's expenses matching `query`, newest first.
    fn rows<'a>(
        &'a mut self,
        profile_id: i64,
        query: &'a ExpenseQuery,
    ) -> BoxFuture<'a, Result<Vec<Expense>, E>>;

    /// Runs a validated action for the profile; None when the expense it changes is not
    /// the profile's.
    fn run<'a>(
        &'a mut self,
        profile_id: i64,
        action: &'a ExpenseAction,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<Option<ActionDone>, E>>;

    /// Marks every waiting proposal of the profile superseded.
    fn supersede_pending(
        &mut self,
        profile_id: i64,
        now: DateTime<Utc>,
    ) -> BoxFuture<'_, Result<(), E>>;

    /// Keeps a new proposal.
    fn add_proposal<'a>(
        &'a mut self,
        profile_id: i64,
        proposal: &'a SavedProposal,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), E>>;

    /// Sets proposal `id`'s status, decided now.
    fn set_status<'a>(
        &'a mut self,
        id: &'a str,
        status: ProposalStatus,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), E>>;

    /// Starts a step that can be undone alone ([`ExpenseWrite::undo_step`]).
    fn begin_step(&mut self) -> BoxFuture<'_, Result<(), E>>;

    /// Keeps what the step wrote.
    fn keep_step(&mut self) -> BoxFuture<'_, Result<(), E>>;

    /// Undoes what the step wrote and ends it; what came before it stays.
    fn undo_step(&mut self) -> BoxFuture<'_, Result<(), E>>;

    /// Saves a reply; its id and its origin read back.
    fn save_reply<'a>(
        &'a mut self,
        profile_id: i64,
        reply: NewReply<'a>,
    ) -> BoxFuture<'a, Result<SavedReply, E>>;

    /// Keeps everything written.
    fn commit(self: Box<Self>) -> BoxFuture<'static, Result<(), E>>;
}
