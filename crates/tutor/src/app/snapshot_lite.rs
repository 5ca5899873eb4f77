//! The right panel's summary of a thread.

use super::debug::debug;
use super::TutorRepository;
use crate::SnapshotLite;
use chrono::{DateTime, Utc};

/// The right panel's summary for thread `thread_id` at `now` (the blocker from its
/// last turn).
pub async fn snapshot_lite<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    now: DateTime<Utc>,
) -> Result<SnapshotLite, R::Error> {
    Ok(debug(repo, profile_id, thread_id, now).await?.snapshot_lite)
}
