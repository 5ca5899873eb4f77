//! What most operations start from — a thread with its course and the student's
//! snapshot — and the right panel's summary of a snapshot.

use super::{TutorRepository, TutorThread};
use crate::exam::{ExamService, PracticeQuestion, QuestionStatus};
use crate::lite::snapshot_lite;
use crate::revisit::revisit_order;
use crate::{SnapshotLite, StudentSnapshot, TutorCourse};
use chrono::{DateTime, Utc};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::Tier;
use std::collections::HashMap;

/// A thread with its course and the student's snapshot.
pub(super) struct Loaded {
    /// The thread.
    pub thread: TutorThread,
    /// Its course.
    pub course: TutorCourse,
    /// The student's snapshot of the course.
    pub snapshot: StudentSnapshot,
}

/// Thread `thread_id` of the profile with its course and snapshot at `now`.
pub(super) async fn load<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    now: DateTime<Utc>,
) -> Result<Loaded, R::Error> {
    let thread = repo.thread(profile_id, thread_id).await?;
    let course = repo.course(&thread.course_id).await?;
    let snapshot = repo.snapshot(profile_id, &course, now).await?;
    Ok(Loaded {
        thread,
        course,
        snapshot,
    })
}

/// The right panel's summary of `snapshot` at `now`: the revisit queue ordered by the
/// exam service's lockouts (only the queue's questions are asked about).
pub(super) async fn lite_of(
    course: &TutorCourse,
    snapshot: &StudentSnapshot,
    exams: &dyn ExamService,
    now: DateTime<Utc>,
) -> SnapshotLite {
    let ids: Vec<String> = snapshot.revisit_queue.keys().cloned().collect();
    let statuses = exams.batch_status(&snapshot.student_id, &ids, now).await;
    snapshot_lite(snapshot, course, &revisit_order(snapshot, &statuses), now)
}

/// The exam service of one profile and course, over the repository — the one the app,
/// the command line and the evals hand the tutor; a failed read knows no question, so the
/// tutor offers no exam rather than a locked one, and no practice.
pub struct RepoExams<'r, R: ?Sized> {
    /// The repository.
    pub repo: &'r R,
    /// The student.
    pub profile_id: i64,
    /// The course.
    pub course_id: String,
}

impl<'r, R: ?Sized> RepoExams<'r, R> {
    /// The service for `profile_id` on `course_id`.
    pub fn new(repo: &'r R, profile_id: i64, course_id: &str) -> Self {
        Self {
            repo,
            profile_id,
            course_id: course_id.to_string(),
        }
    }
}

impl<R: TutorRepository + ?Sized> ExamService for RepoExams<'_, R> {
    fn batch_status<'a>(
        &'a self,
        _student_id: &'a str,
        question_ids: &'a [String],
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, HashMap<String, QuestionStatus>> {
        Box::pin(async move {
            self.repo
                .exam_statuses(self.profile_id, &self.course_id, question_ids, now)
                .await
                .unwrap_or_default()
        })
    }

    fn practice_questions<'a>(
        &'a self,
        _student_id: &'a str,
        unit_id: &'a str,
        below: Tier,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Vec<PracticeQuestion>> {
        Box::pin(async move {
            self.repo
                .practice_questions(self.profile_id, &self.course_id, unit_id, below, now)
                .await
                .unwrap_or_default()
        })
    }
}
