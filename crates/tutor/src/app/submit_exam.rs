//! Submitting an answer to an exam question (spec 001, PV-AI-015).

use super::exam_event::{record_event, ExamEventSaved};
use super::{ExamAction, TutorRepository};
use chrono::{DateTime, Utc};

/// Submits `option_id` as the answer to `question_id` in thread `thread_id` at `now`:
/// the exam service grades it (a wrong answer locks the question for 24 hours), and the
/// snapshot and the outcome card are saved with it in one transaction.
pub async fn submit_exam_answer<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    question_id: &str,
    option_id: &str,
    now: DateTime<Utc>,
) -> Result<ExamEventSaved, R::Error> {
    let action = ExamAction::Answer {
        question_id,
        option_id,
    };
    record_event(repo, profile_id, thread_id, action, now).await
}
