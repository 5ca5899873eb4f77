//! A proposal's Confirm (its card's button, or the CLI): runs exactly what was kept.

use super::acting::{Acting, Authorship, Step};
use super::reply::ExpenseReply;
use super::ExpenseRepository;
use crate::contract::Role;
use crate::replies;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use serde_json::{Map, Value};

/// Confirms proposal `proposal_id`: `args`, when sent, must be the proposal's own, else
/// nothing runs. The button's words are saved as the student's.
pub async fn confirm<R: ExpenseRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    proposal_id: &str,
    args: Option<Map<String, Value>>,
    now: DateTime<Utc>,
    language: Language,
    role: Option<Role>,
) -> Result<ExpenseReply, R::Error> {
    let acting = Acting::load(repo, profile_id, role, now, language).await?;
    let text = replies::confirm_button(language);
    let step = Step::Confirm {
        id: proposal_id.into(),
        args,
    };
    acting
        .act_and_reply(repo, Some(&text), Authorship::app(), step)
        .await
}
