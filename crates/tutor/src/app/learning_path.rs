//! The learning path of a thread's course: the prerequisite graph with the student's
//! mastery.

use super::load::load;
use super::TutorRepository;
use crate::path::LearningPath;
use chrono::{DateTime, Utc};

/// The learning path of thread `thread_id`'s course for its student at `now`.
pub async fn learning_path<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    now: DateTime<Utc>,
) -> Result<LearningPath, R::Error> {
    let loaded = load(repo, profile_id, thread_id, now).await?;
    Ok(crate::path::learning_path(&loaded.course, &loaded.snapshot))
}
