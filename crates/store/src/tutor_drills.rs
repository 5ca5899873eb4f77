//! A drill of a saved thread and its grade (spec 001, `/drill/grade`): the drill as its
//! message holds it, and the grade written once, with the answer, the feedback card,
//! the snapshot and the mastery change, in one transaction.

use crate::tutor::{put_snapshot, saved_reply, write_timeline, TimelineWrite};
use crate::tutor_path::record_mastery;
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_tutor::app::{DrillGradeWrite, SavedReply, StoredDrill};
use lantern_tutor::{TutorCard, TutorError};

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

impl Store {
    /// The drill of message `message_id` in thread `thread_id`, unless it was graded.
    pub(crate) async fn tutor_ungraded_drill(
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
        let card: TutorCard = serde_json::from_str(&card).map_err(corrupt)?;
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
            key: serde_json::from_str(&key).map_err(corrupt)?,
        })
    }

    /// Writes a drill's grade in one transaction — refused when the drill was graded
    /// meanwhile — with the answer, the feedback card, the snapshot and the mastery
    /// change; returns the saved messages.
    pub(crate) async fn save_tutor_drill_grade(
        &self,
        profile_id: i64,
        thread_id: i64,
        course_id: &str,
        w: &DrillGradeWrite<'_>,
        now: DateTime<Utc>,
    ) -> Result<SavedReply, StoreError> {
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO tutor_drill_grades (drill_message_id, answer, verdict, graded_at) \
             VALUES (?, ?, ?, ?) ON CONFLICT (drill_message_id) DO NOTHING",
        )
        .bind(w.message_id.trim().parse::<i64>().unwrap_or_default())
        .bind(w.answer.as_str())
        .bind(serde_json::to_string(w.verdict).map_err(corrupt)?)
        .bind(now.to_rfc3339())
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(TutorError::DrillAlreadyGraded(w.message_id.to_string()).into());
        }
        write_timeline(
            &mut tx,
            profile_id,
            thread_id,
            &TimelineWrite {
                turn_id: w.turn_id,
                student: Some((w.answer.as_str(), None)),
                text: w.text,
                card: Some(w.card),
                origin: w.origin,
                drill_key: None,
                passage: None,
                verdict: Some(w.mark),
                offer: None,
            },
        )
        .await?;
        put_snapshot(&mut tx, profile_id, course_id, w.snapshot).await?;
        if let Some((unit_id, tier)) = &w.mastery {
            record_mastery(&mut tx, profile_id, course_id, unit_id, *tier, now).await?;
        }
        tx.commit().await?;
        saved_reply(self.tutor_turn_messages(thread_id, w.turn_id).await?)
    }
}
