//! A proposal's Cancel (its card's button, or the CLI): nothing runs.

use super::acting::{Acting, Authorship, Step};
use super::reply::ExpenseReply;
use super::ExpenseRepository;
use crate::replies;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;

/// Cancels proposal `proposal_id` and asks again. The button's words are saved as the
/// student's.
pub async fn cancel<R: ExpenseRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    proposal_id: &str,
    now: DateTime<Utc>,
    language: Language,
) -> Result<ExpenseReply, R::Error> {
    let acting = Acting::load(repo, profile_id, None, now, language).await?;
    let text = replies::cancel_button(language);
    let step = Step::Cancel {
        id: proposal_id.into(),
    };
    acting
        .act_and_reply(repo, Some(&text), Authorship::app(), step)
        .await
}
