//! The exam status of a thread's student: the focus unit's questions and the revisit
//! queue in order.

use super::load::load;
use super::TutorRepository;
use crate::exam::QuestionStatus;
use crate::revisit::{revisit_order, RevisitItem};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// The exam status of a thread's student.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExamStatusView {
    /// The unit whose questions are listed (the focus).
    pub unit_id: String,
    /// Each question of the unit with its status.
    pub questions: Vec<(String, QuestionStatus)>,
    /// The revisit queue, by when each question opens.
    pub revisit: Vec<RevisitItem>,
}

/// The exam status of thread `thread_id`'s student at `now`.
pub async fn exam_status<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    now: DateTime<Utc>,
) -> Result<ExamStatusView, R::Error> {
    let loaded = load(repo, profile_id, thread_id, now).await?;
    let (course, snapshot) = (&loaded.course, &loaded.snapshot);
    let unit = snapshot.focus_unit_id.clone();
    let ids = repo.unit_questions(&course.id, &unit).await?;
    let mut asked = ids.clone();
    asked.extend(snapshot.revisit_queue.keys().cloned());
    let statuses = repo
        .exam_statuses(profile_id, &course.id, &asked, now)
        .await?;
    let questions = ids
        .into_iter()
        .filter_map(|id| statuses.get(&id).map(|s| (id.clone(), *s)))
        .collect();
    Ok(ExamStatusView {
        unit_id: unit,
        questions,
        revisit: revisit_order(snapshot, &statuses),
    })
}
