//! The progress chart of a thread's course: the mastery events recorded with each
//! piece of evidence, folded into counts over time.

use super::TutorRepository;
use crate::history::ProgressPoint;

/// The units at each tier over time in thread `thread_id`'s course, from every mastery
/// event of its student (in any thread of the course), oldest first.
pub async fn progress_history<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
) -> Result<Vec<ProgressPoint>, R::Error> {
    let thread = repo.thread(profile_id, thread_id).await?;
    let events = repo.mastery_events(profile_id, &thread.course_id).await?;
    Ok(crate::history::progress_history(&events))
}
