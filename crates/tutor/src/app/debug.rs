//! The debug drawer of a thread: the last turn's log, the summary and every unit's
//! mastery.

use super::load::{lite_of, load, RepoExams};
use super::TutorRepository;
use crate::log::UnitMastery;
use crate::TutorDebugView;
use chrono::{DateTime, Utc};

/// The debug drawer's view of thread `thread_id` at `now`.
pub async fn debug<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    now: DateTime<Utc>,
) -> Result<TutorDebugView, R::Error> {
    let loaded = load(repo, profile_id, thread_id, now).await?;
    let last_turn = repo.turn_log(profile_id, thread_id).await?.pop();
    let exams = RepoExams::new(repo, profile_id, &loaded.course.id);
    let lite = lite_of(&loaded.course, &loaded.snapshot, &exams, now).await;
    Ok(TutorDebugView {
        mastery: loaded
            .course
            .units
            .iter()
            .map(|u| UnitMastery {
                unit_id: u.id.clone(),
                title: u.title.clone(),
                mastery_tier: loaded.snapshot.mastery(&u.id),
            })
            .collect(),
        last_turn,
        snapshot_lite: lite,
    })
}
