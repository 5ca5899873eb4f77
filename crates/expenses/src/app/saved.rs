//! What the expenses' operations read and write through the repository: a profile's
//! settings, what an action did, a proposal as kept, the last reply a turn continues
//! from, a message of the conversation, and a reply to save.

use crate::contract::{Category, Expense, ExpenseQuery, Role};
use crate::dates::DateRange;
use crate::gate::{ConfirmReason, StoredProposal};
use crate::money::{Currency, Money};
use crate::plan::{DecisionKind, Draft};
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::turn::ReplyOrigin;
use serde::Serialize;

/// A profile's expense settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseSettings {
    /// What the profile may do.
    pub role: Role,
    /// The currency of amounts that name none.
    pub currency: Currency,
}

/// A total over some expenses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    /// One total per currency (most often one).
    pub totals: Vec<Money>,
    /// How many expenses were counted.
    pub count: usize,
    /// The days counted, or all time.
    pub range: Option<DateRange>,
    /// The category counted, or all.
    pub category: Option<Category>,
}

impl Balance {
    /// The total of `rows`, the expenses matching `query`.
    pub fn of(rows: &[Expense], query: &ExpenseQuery) -> Self {
        Self {
            totals: totals(rows),
            count: rows.len(),
            range: query.range,
            category: query.category,
        }
    }
}

/// Totals per currency, in the order the currencies first appear.
fn totals(rows: &[Expense]) -> Vec<Money> {
    let mut totals: Vec<Money> = Vec::new();
    for row in rows {
        match totals
            .iter_mut()
            .find(|m| m.currency == row.amount.currency)
        {
            Some(total) => total.minor = total.minor.saturating_add(row.amount.minor),
            None => totals.push(row.amount),
        }
    }
    totals
}

/// What an action did (the spec's `added` / `updated` / `deleted` / `listed` /
/// `balance`), with the stored values.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionDone {
    /// The expense added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added: Option<Expense>,
    /// The expense as changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated: Option<Expense>,
    /// The expense before the change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<Expense>,
    /// The expense deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted: Option<Expense>,
    /// The expenses listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed: Option<Vec<Expense>>,
    /// The total asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<Balance>,
}

impl ActionDone {
    /// The expense the action touched, when it was one.
    pub fn touched(&self) -> Option<i64> {
        self.added
            .as_ref()
            .or(self.updated.as_ref())
            .or(self
                .listed
                .as_ref()
                .filter(|l| l.len() == 1)
                .and_then(|l| l.first()))
            .map(|e| e.id)
    }
}

/// A proposal as kept: the call and its state, why it waits, and the request it came
/// from (to amend after a "no").
#[derive(Debug, Clone, PartialEq)]
pub struct SavedProposal {
    /// The call, its status and when it expires.
    pub stored: StoredProposal,
    /// Why it waits.
    pub reason: ConfirmReason,
    /// The request it came from.
    pub draft: Draft,
}

/// What the last reply left for the next turn.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LastReply {
    /// Its draft (what a question left).
    pub draft: Option<Draft>,
    /// The proposal it asked about, when it can still be read.
    pub proposal: Option<SavedProposal>,
    /// The expense it touched.
    pub touched: Option<i64>,
    /// Its language.
    pub language: Option<Language>,
}

/// One saved message of the conversation.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedMessage {
    /// Database id.
    pub id: i64,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: its kind.
    pub kind: Option<DecisionKind>,
    /// For a reply: who wrote it.
    pub origin: Option<ReplyOrigin>,
    /// For a reply: the proposal it asked about, when it can still be read.
    pub proposal: Option<SavedProposal>,
    /// When (RFC 3339).
    pub created_at: String,
}

/// A reply to save with what the turn did.
#[derive(Debug, Clone, Copy)]
pub struct NewReply<'a> {
    /// The words shown.
    pub answer: &'a str,
    /// The kind of decision.
    pub kind: DecisionKind,
    /// The reply's language.
    pub language: Language,
    /// Who wrote it.
    pub origin: ReplyOrigin,
    /// Why the guide answered, why the model was retried, or why its reading was not
    /// shown.
    pub failure: Option<&'a str>,
    /// What the next turn continues.
    pub draft: Option<&'a Draft>,
    /// The proposal it asks about.
    pub proposal_id: Option<&'a str>,
    /// What was done.
    pub done: &'a ActionDone,
    /// Now.
    pub now: DateTime<Utc>,
}

/// A reply as saved: its id and its origin read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedReply {
    /// Its message id.
    pub id: i64,
    /// Who wrote it, as stored.
    pub origin: ReplyOrigin,
}
