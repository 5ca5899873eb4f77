//! Grading a drill of a saved thread (spec 001, `/drill/grade`): the key is read from
//! the drill's message, the checker decides, the model (or the deterministic guide)
//! writes the feedback, and the answer, the feedback card, the grade and the snapshot
//! are written in one transaction. A drill is graded once.

use crate::tutor::{put_snapshot, write_timeline, TimelineWrite};
use crate::tutor_path::record_mastery;
use crate::{Store, StoreError, StoreExamService};
use chrono::{DateTime, Utc};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, ReplyOrigin};
use lantern_tutor::drill::DrillKey;
use lantern_tutor::evidence::{record_drill_grade, EvidenceEffect};
use lantern_tutor::grading::{DrillVerdict, PreparedGrade, TagSource};
use lantern_tutor::judge::TutorVerdict;
use lantern_tutor::{clean_input, SnapshotLite, StudentInput, TutorCard, TutorError, TutorMessage};

/// A graded drill, saved.
#[derive(Debug, Clone)]
pub struct DrillGraded {
    /// The student's answer and the feedback card.
    pub messages: Vec<TutorMessage>,
    /// The checker's verdict (with the tag, whoever found it).
    pub verdict: DrillVerdict,
    /// Who wrote the feedback.
    pub origin: ReplyOrigin,
    /// What the grade changed.
    pub effect: EvidenceEffect,
    /// The right panel after the grade.
    pub snapshot_lite: SnapshotLite,
}

/// A drill as its message holds it.
struct StoredDrill {
    prompt: String,
    question_latex: String,
    key: DrillKey,
}

impl Store {
    async fn tutor_drill(
        &self,
        thread_id: i64,
        message_id: &str,
    ) -> Result<StoredDrill, StoreError> {
        let not_found = || StoreError::Tutor(TutorError::DrillNotFound(message_id.to_string()));
        let id: i64 = message_id.trim().parse().map_err(|_| not_found())?;
        let row: Option<(Option<String>, Option<String>, Option<i64>)> = sqlx::query_as(
            "SELECT m.card, m.drill_key, g.drill_message_id FROM tutor_messages m \
             LEFT JOIN tutor_drill_grades g ON g.drill_message_id = m.id \
             WHERE m.id = ? AND m.thread_id = ?",
        )
        .bind(id)
        .bind(thread_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some((Some(card), Some(key), graded)) = row else {
            return Err(not_found());
        };
        if graded.is_some() {
            return Err(TutorError::DrillAlreadyGraded(message_id.to_string()).into());
        }
        let card: TutorCard =
            serde_json::from_str(&card).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let TutorCard::Drill {
            prompt,
            question_latex,
            ..
        } = card
        else {
            return Err(not_found());
        };
        Ok(StoredDrill {
            prompt,
            question_latex,
            key: serde_json::from_str(&key).map_err(|e| StoreError::Corrupt(e.to_string()))?,
        })
    }

    /// Grades `answer` to the drill in message `message_id` of thread `thread_id`: the
    /// checker's verdict, feedback by the model (streamed to `on_text`) or the guide,
    /// then the answer, the feedback card, the grade and the snapshot in one
    /// transaction. Nothing is saved when stopped.
    #[allow(clippy::too_many_arguments)]
    pub async fn tutor_grade_drill(
        &self,
        profile_id: i64,
        thread_id: i64,
        message_id: &str,
        answer: &str,
        llm: Option<&dyn Llm>,
        now: DateTime<Utc>,
        on_text: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<DrillGraded, StoreError> {
        let answer = clean_input(&StudentInput::message(answer))?.text;
        let thread = self.tutor_thread(profile_id, thread_id).await?;
        let drill = self.tutor_drill(thread_id, message_id).await?;
        let course = self.tutor_course(&thread.course_id).await?;
        let mut snapshot = self.tutor_snapshot(profile_id, &course, now).await?;
        let unit_id = drill.key.unit_id.clone();
        let prepared = PreparedGrade::new(
            &drill.prompt,
            &drill.question_latex,
            &answer,
            drill.key,
            course.unit(&unit_id),
            thread.language,
        );
        let answered = answer_turn(&prepared, llm, on_text, cancel).await?;
        let mut verdict = prepared.verdict.clone();
        if let (None, Some(tag)) = (&verdict.common_mistake_tag, answered.reply.model_tag) {
            verdict.common_mistake_tag = Some(tag);
            verdict.tag_source = Some(TagSource::Model);
        }
        let effect = record_drill_grade(
            &mut snapshot,
            &unit_id,
            verdict.is_correct,
            verdict.common_mistake_tag.as_deref(),
            now,
        );
        let card = TutorCard::DrillFeedback {
            unit_id: unit_id.clone(),
            drill_message_id: message_id.trim().to_string(),
            is_correct: verdict.is_correct,
            expected_answer: verdict.expected.clone(),
            reason: verdict
                .reason
                .and_then(|r| serde_json::to_value(r).ok())
                .and_then(|v| v.as_str().map(str::to_string)),
            common_mistake_tag: verdict.common_mistake_tag.clone(),
        };
        let turn_id = format!("{}-{}", thread.id, thread.turns + 1);
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO tutor_drill_grades (drill_message_id, answer, verdict, graded_at) \
             VALUES (?, ?, ?, ?) ON CONFLICT (drill_message_id) DO NOTHING",
        )
        .bind(message_id.trim().parse::<i64>().unwrap_or_default())
        .bind(&answer)
        .bind(serde_json::to_string(&verdict).map_err(|e| StoreError::Corrupt(e.to_string()))?)
        .bind(now.to_rfc3339())
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(TutorError::DrillAlreadyGraded(message_id.to_string()).into());
        }
        write_timeline(
            &mut tx,
            profile_id,
            thread_id,
            &TimelineWrite {
                turn_id: &turn_id,
                student: Some((&answer, None)),
                text: &answered.reply.text,
                card: Some(&card),
                origin: answered.origin,
                drill_key: None,
                passage: None,
                verdict: Some(if verdict.is_correct {
                    TutorVerdict::Right
                } else {
                    TutorVerdict::NotYet
                }),
            },
        )
        .await?;
        put_snapshot(&mut tx, profile_id, &course.id, &snapshot).await?;
        if effect.tier_rose {
            let tier = snapshot.mastery(&unit_id);
            record_mastery(&mut tx, profile_id, &course.id, &unit_id, tier, now).await?;
        }
        tx.commit().await?;
        Ok(DrillGraded {
            messages: self.tutor_turn_messages(thread_id, &turn_id).await?,
            snapshot_lite: self
                .tutor_lite_of(
                    &course,
                    &snapshot,
                    &StoreExamService::new(self, profile_id, &course.id),
                    now,
                )
                .await,
            verdict,
            origin: answered.origin,
            effect,
        })
    }
}
