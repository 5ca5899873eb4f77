//! Writing a change and reading the session back, shared by the operations.

use super::CoachRepository;
use crate::{CoachChange, CoachSession};

/// Writes `change` to session `id` in one transaction and returns the session as saved.
pub(super) async fn apply_and_read<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    change: &CoachChange,
) -> Result<CoachSession, R::Error> {
    repo.apply_coach_change(profile_id, id, change).await?;
    repo.coach_session(profile_id, id).await
}
