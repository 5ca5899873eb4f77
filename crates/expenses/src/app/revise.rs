//! An edited proposal card: its new arguments, validated again, become a new proposal.

use super::acting::{Acting, Authorship, Step};
use super::reply::ExpenseReply;
use super::ExpenseRepository;
use crate::contract::Role;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use serde_json::{Map, Value};

/// Replaces waiting proposal `proposal_id`'s arguments with `args`: kept as a new
/// proposal, which still needs its own yes.
pub async fn revise<R: ExpenseRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    proposal_id: &str,
    args: Map<String, Value>,
    now: DateTime<Utc>,
    language: Language,
    role: Option<Role>,
) -> Result<ExpenseReply, R::Error> {
    let acting = Acting::load(repo, profile_id, role, now, language).await?;
    let step = Step::Revise {
        id: proposal_id.into(),
        args,
    };
    acting
        .act_and_reply(repo, None, Authorship::app(), step)
        .await
}
