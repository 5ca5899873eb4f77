//! Exam events of a saved thread (spec 001, PV-AI-015/016): the exam service's attempt
//! or support view and what the tutor decides from it — the student's action, the
//! outcome card, the snapshot and the mastery change — in one transaction; and the
//! questions of a unit.

use crate::exams::{exam_question, submit_exam_answer, view_exam_support, ExamQuestion};
use crate::tutor::{put_snapshot, saved_reply, write_timeline, TimelineWrite};
use crate::tutor_path::record_mastery;
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_tutor::app::{
    ExamAction, ExamEventRecorded, ExamEventWriter, ExamRecord, ExamRecorded,
};

/// What the tutor reads of a question an action was recorded on.
fn recorded(
    question: ExamQuestion,
    status: lantern_tutor::exam::QuestionStatus,
    record: ExamRecord,
) -> ExamRecorded {
    ExamRecorded {
        question_id: question.id,
        tier: question.tier,
        unit_ids: question.unit_ids,
        status,
        record,
    }
}

impl Store {
    /// Records `action` with the exam service and, in the same transaction, what
    /// `write` decides from it.
    pub(crate) async fn record_tutor_exam_event(
        &self,
        profile_id: i64,
        thread_id: i64,
        course_id: &str,
        action: ExamAction<'_>,
        now: DateTime<Utc>,
        write: ExamEventWriter<'_>,
    ) -> Result<ExamEventRecorded, StoreError> {
        let mut tx = self.pool.begin().await?;
        let recorded = match action {
            ExamAction::Answer {
                question_id,
                option_id,
            } => {
                let s =
                    submit_exam_answer(&mut tx, profile_id, course_id, question_id, option_id, now)
                        .await?;
                let record = ExamRecord::Answered { correct: s.correct };
                recorded(s.question, s.status, record)
            }
            ExamAction::Support { question_id, kind } => {
                let s = view_exam_support(&mut tx, profile_id, course_id, question_id, kind, now)
                    .await?;
                let record = ExamRecord::Viewed {
                    kind: s.kind,
                    already_passed: s.already_passed,
                    text: s.text,
                    video: s.video,
                };
                recorded(s.question, s.status, record)
            }
        };
        let (recorded, w) = write(recorded).await?;
        write_timeline(
            &mut tx,
            profile_id,
            thread_id,
            &TimelineWrite {
                turn_id: &w.turn_id,
                student: Some((&w.student, None)),
                text: &w.text,
                card: Some(&w.card),
                origin: w.origin,
                drill_key: None,
                passage: None,
                verdict: None,
                offer: None,
            },
        )
        .await?;
        put_snapshot(&mut tx, profile_id, course_id, &w.snapshot).await?;
        if let Some((unit_id, tier)) = &w.mastery {
            record_mastery(&mut tx, profile_id, course_id, unit_id, *tier, now).await?;
        }
        tx.commit().await?;
        let saved = saved_reply(self.tutor_turn_messages(thread_id, &w.turn_id).await?)?;
        Ok(ExamEventRecorded {
            recorded,
            write: w,
            saved,
        })
    }

    /// The ids of the exam questions on `unit_id` of `course_id`, in exam order.
    pub(crate) async fn tutor_unit_questions(
        &self,
        course_id: &str,
        unit_id: &str,
    ) -> Result<Vec<String>, StoreError> {
        let ids: Vec<(String,)> = sqlx::query_as(
            "SELECT q.question_id FROM exam_question_units q JOIN exam_questions e \
             ON e.course_id = q.course_id AND e.id = q.question_id \
             WHERE q.course_id = ? AND q.unit_id = ? ORDER BY e.position",
        )
        .bind(course_id)
        .bind(unit_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids.into_iter().map(|(id,)| id).collect())
    }

    /// The question `question_id` of the thread's course (to show it).
    pub async fn tutor_exam_question(
        &self,
        profile_id: i64,
        thread_id: i64,
        question_id: &str,
    ) -> Result<ExamQuestion, StoreError> {
        let thread = self.tutor_thread(profile_id, thread_id).await?;
        let mut conn = self.pool.acquire().await?;
        exam_question(&mut conn, &thread.course_id, question_id).await
    }
}
