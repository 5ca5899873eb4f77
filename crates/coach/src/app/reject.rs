//! Rejecting the pending proposal.

use super::apply::apply_and_read;
use super::CoachRepository;
use crate::{CoachChange, CoachSession};

/// Rejects the pending proposal of session `id`; the conversation goes on.
pub async fn reject<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
) -> Result<CoachSession, R::Error> {
    apply_and_read(repo, profile_id, id, &CoachChange::rejection()).await
}
