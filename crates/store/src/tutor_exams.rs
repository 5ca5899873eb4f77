//! Exam events of a saved thread (spec 001, PV-AI-015/016): a submitted answer or a
//! viewed memo or video goes to the exam service, and its effect on the snapshot
//! (touched question, revisit queue, passes per tier, mastery, re-checks) and the
//! timeline card are written in the same transaction.

use crate::exams::{
    exam_question, exam_statuses, submit_exam_answer, view_exam_support, ExamQuestion,
    StoreExamService,
};
use crate::tutor::{put_snapshot, write_timeline, TimelineWrite, TutorThread};
use crate::tutor_actions::Loaded;
use crate::tutor_path::record_mastery;
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_core::turn::ReplyOrigin;
use lantern_tutor::evidence::{record_exam_answer, record_support_view, EvidenceEffect, ExamEvent};
use lantern_tutor::exam::{QuestionStatus, SupportKind};
use lantern_tutor::exam_words::{answer_words, outcome_words, support_words};
use lantern_tutor::revisit::{revisit_order, RevisitItem};
use lantern_tutor::{
    ExamOutcomeKind, SnapshotLite, StudentSnapshot, TutorCard, TutorCourse, TutorMessage,
};
use serde::Serialize;

/// An exam event, saved.
#[derive(Debug, Clone)]
pub struct ExamEventSaved {
    /// The student's action and the tutor's outcome card.
    pub messages: Vec<TutorMessage>,
    /// What happened.
    pub outcome: ExamOutcomeKind,
    /// The question's status after the event.
    pub status: QuestionStatus,
    /// The memo or the video's transcript, for a support view.
    pub support_text: Option<String>,
    /// The video file, for a video view when the pack has one.
    pub video: Option<String>,
    /// What the event changed.
    pub effect: EvidenceEffect,
    /// The right panel after the event.
    pub snapshot_lite: SnapshotLite,
}

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

/// The unit an event credits: the focus when the question examines it, else the
/// question's first unit.
fn credited_unit(snapshot: &StudentSnapshot, question: &ExamQuestion) -> String {
    if question.unit_ids.contains(&snapshot.focus_unit_id) {
        snapshot.focus_unit_id.clone()
    } else {
        question
            .unit_ids
            .first()
            .cloned()
            .unwrap_or_else(|| snapshot.focus_unit_id.clone())
    }
}

impl Store {
    /// Submits `option_id` as the answer to `question_id` in thread `thread_id`: the
    /// exam service grades it (a wrong answer locks the question for 24 hours), and the
    /// snapshot and the outcome card are saved with it in one transaction.
    pub async fn tutor_exam_submit(
        &self,
        profile_id: i64,
        thread_id: i64,
        question_id: &str,
        option_id: &str,
        now: DateTime<Utc>,
    ) -> Result<ExamEventSaved, StoreError> {
        let Loaded {
            thread,
            course,
            mut snapshot,
        } = self.tutor_load(profile_id, thread_id, now).await?;
        let mut tx = self.pool.begin().await?;
        let submission =
            submit_exam_answer(&mut tx, profile_id, &course.id, question_id, option_id, now)
                .await?;
        let unit = credited_unit(&snapshot, &submission.question);
        let event = ExamEvent {
            unit: &unit,
            question_id: &submission.question.id,
            tier: submission.question.tier,
            now,
        };
        let effect = record_exam_answer(&mut snapshot, event, submission.correct);
        let outcome = if submission.correct {
            ExamOutcomeKind::Passed
        } else {
            ExamOutcomeKind::Incorrect
        };
        let student = answer_words(option_id, thread.language);
        let turn_id = self
            .save_exam_event(
                &mut tx,
                profile_id,
                &thread,
                &course,
                &snapshot,
                &student,
                &submission.question,
                (outcome, submission.status, &unit, &effect),
                now,
            )
            .await?;
        tx.commit().await?;
        Ok(ExamEventSaved {
            messages: self.tutor_turn_messages(thread_id, &turn_id).await?,
            outcome,
            status: submission.status,
            support_text: None,
            video: None,
            effect,
            snapshot_lite: self.exam_lite(profile_id, &course, &snapshot, now).await,
        })
    }

    /// Shows the memo or the video of `question_id` in thread `thread_id`: the exam
    /// service locks the question for 24 hours (unless passed) and the snapshot queues
    /// it for revisiting, saved with the outcome card in one transaction.
    pub async fn tutor_exam_support(
        &self,
        profile_id: i64,
        thread_id: i64,
        question_id: &str,
        kind: SupportKind,
        now: DateTime<Utc>,
    ) -> Result<ExamEventSaved, StoreError> {
        let Loaded {
            thread,
            course,
            mut snapshot,
        } = self.tutor_load(profile_id, thread_id, now).await?;
        let mut tx = self.pool.begin().await?;
        let support =
            view_exam_support(&mut tx, profile_id, &course.id, question_id, kind, now).await?;
        let unit = credited_unit(&snapshot, &support.question);
        let event = ExamEvent {
            unit: &unit,
            question_id: &support.question.id,
            tier: support.question.tier,
            now,
        };
        record_support_view(&mut snapshot, event, support.already_passed);
        let outcome = match kind {
            SupportKind::Memo => ExamOutcomeKind::MemoViewed,
            SupportKind::Video => ExamOutcomeKind::VideoViewed,
        };
        let student = support_words(kind, thread.language);
        let effect = EvidenceEffect::default();
        let turn_id = self
            .save_exam_event(
                &mut tx,
                profile_id,
                &thread,
                &course,
                &snapshot,
                &student,
                &support.question,
                (outcome, support.status, &unit, &effect),
                now,
            )
            .await?;
        tx.commit().await?;
        Ok(ExamEventSaved {
            messages: self.tutor_turn_messages(thread_id, &turn_id).await?,
            outcome,
            status: support.status,
            support_text: Some(support.text),
            video: support.video,
            effect,
            snapshot_lite: self.exam_lite(profile_id, &course, &snapshot, now).await,
        })
    }

    /// Writes the student's action, the outcome card and the snapshot; returns the
    /// turn id of the messages.
    #[allow(clippy::too_many_arguments)]
    async fn save_exam_event(
        &self,
        tx: &mut sqlx::SqliteConnection,
        profile_id: i64,
        thread: &TutorThread,
        course: &TutorCourse,
        snapshot: &StudentSnapshot,
        student: &str,
        question: &ExamQuestion,
        (outcome, status, unit, effect): (ExamOutcomeKind, QuestionStatus, &str, &EvidenceEffect),
        now: DateTime<Utc>,
    ) -> Result<String, StoreError> {
        let card = TutorCard::ExamOutcome {
            unit_id: unit.to_string(),
            question_id: question.id.clone(),
            difficulty_tier: question.tier,
            outcome,
            locked_until: match status {
                QuestionStatus::Locked { locked_until } => Some(locked_until.to_rfc3339()),
                _ => None,
            },
            mastery_tier: snapshot.mastery(unit),
        };
        let text = outcome_words(outcome, effect, &course.title_of(unit), thread.language);
        let turn_id = format!("{}-{}", thread.id, thread.turns + 1);
        write_timeline(
            tx,
            profile_id,
            thread.id,
            &TimelineWrite {
                turn_id: &turn_id,
                student: Some((student, None)),
                text: &text,
                card: Some(&card),
                origin: ReplyOrigin::App,
                drill_key: None,
                passage: None,
                verdict: None,
            },
        )
        .await?;
        put_snapshot(tx, profile_id, &course.id, snapshot).await?;
        if effect.tier_rose || effect.flagged_for_review {
            let tier = snapshot.mastery(unit);
            record_mastery(tx, profile_id, &course.id, unit, tier, now).await?;
        }
        Ok(turn_id)
    }

    async fn exam_lite(
        &self,
        profile_id: i64,
        course: &TutorCourse,
        snapshot: &StudentSnapshot,
        now: DateTime<Utc>,
    ) -> SnapshotLite {
        let exams = StoreExamService::new(self, profile_id, &course.id);
        self.tutor_lite_of(course, snapshot, &exams, now).await
    }

    /// The exam status of thread `thread_id`'s student: the focus unit's questions and
    /// the revisit queue in order.
    pub async fn tutor_exam_status(
        &self,
        profile_id: i64,
        thread_id: i64,
        now: DateTime<Utc>,
    ) -> Result<ExamStatusView, StoreError> {
        let Loaded {
            course, snapshot, ..
        } = self.tutor_load(profile_id, thread_id, now).await?;
        let unit = snapshot.focus_unit_id.clone();
        let ids: Vec<(String,)> = sqlx::query_as(
            "SELECT q.question_id FROM exam_question_units q JOIN exam_questions e \
             ON e.course_id = q.course_id AND e.id = q.question_id \
             WHERE q.course_id = ? AND q.unit_id = ? ORDER BY e.position",
        )
        .bind(&course.id)
        .bind(&unit)
        .fetch_all(&self.pool)
        .await?;
        let mut ids: Vec<String> = ids.into_iter().map(|(id,)| id).collect();
        let mut asked = ids.clone();
        asked.extend(snapshot.revisit_queue.keys().cloned());
        let mut conn = self.pool.acquire().await?;
        let statuses = exam_statuses(&mut conn, profile_id, &course.id, &asked, now).await?;
        let questions = ids
            .drain(..)
            .filter_map(|id| statuses.get(&id).map(|s| (id.clone(), *s)))
            .collect();
        Ok(ExamStatusView {
            unit_id: unit,
            questions,
            revisit: revisit_order(&snapshot, &statuses),
        })
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
