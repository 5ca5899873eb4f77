//! Viewing an exam question's memo or video (spec 001, PV-AI-016).

use super::exam_event::{record_event, ExamEventSaved};
use super::{ExamAction, TutorRepository};
use crate::exam::SupportKind;
use chrono::{DateTime, Utc};

/// Shows the memo or the video of `question_id` in thread `thread_id` at `now`: the
/// exam service locks the question for 24 hours (unless passed) and the snapshot queues
/// it for revisiting, saved with the outcome card in one transaction.
pub async fn view_exam_support<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    question_id: &str,
    kind: SupportKind,
    now: DateTime<Utc>,
) -> Result<ExamEventSaved, R::Error> {
    let action = ExamAction::Support { question_id, kind };
    record_event(repo, profile_id, thread_id, action, now).await
}
