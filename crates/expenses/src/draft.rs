//! What a question left for the next turn: the request so far, amended by the student's
//! next message (`continuation.rs`) until it can be proposed.

use super::contract::Category;
use super::facts::Intent;
use super::money::Money;
use super::working::Working;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// What a question left for the next turn: the request so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    /// The request's intent.
    pub intent: Option<Intent>,
    /// The item (an add) or the new name (an update).
    pub item: Option<String>,
    /// The amount (an add) or the new amount (an update).
    pub amount: Option<Money>,
    /// The day (an add) or the new day (an update).
    pub date: Option<NaiveDate>,
    /// The category.
    pub category: Option<Category>,
    /// The expense an update or delete is about, once known.
    pub target: Option<i64>,
    /// The expenses listed by "which one?", in order.
    #[serde(default)]
    pub candidates: Vec<i64>,
    /// The arithmetic behind an amount the app computed, shown with the proposal.
    #[serde(default)]
    pub working: Option<Working>,
    /// Whether the request so far is the model's reading, not the student's words read
    /// by code: what the answer completes is shown for a yes before it is written.
    #[serde(default)]
    pub shown_first: bool,
}
