//! The conversation as the workspace shows it.

use super::reply::{ExpenseMessage, ProposalView};
use super::ExpenseRepository;
use crate::gate::ProposalStatus;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;

/// The profile's latest `limit` messages, oldest first; a reply's proposal is shown
/// while it still waits, its working in `language`.
pub async fn conversation<R: ExpenseRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    limit: i64,
    now: DateTime<Utc>,
    language: Language,
) -> Result<Vec<ExpenseMessage>, R::Error> {
    let saved = repo.messages(profile_id, limit).await?;
    Ok(saved
        .into_iter()
        .map(|m| ExpenseMessage {
            id: m.id,
            from_student: m.from_student,
            text: m.text,
            kind: m.kind,
            origin: m.origin,
            proposal: m
                .proposal
                .filter(|p| p.stored.status == ProposalStatus::Pending && p.stored.expires_at > now)
                .as_ref()
                .and_then(|p| ProposalView::of(p, language)),
            created_at: m.created_at,
        })
        .collect())
}
