//! The learning path and the progress chart of a thread's course: the prerequisite
//! graph with the student's mastery, and the mastery events recorded with each piece of
//! evidence, folded into counts over time by the core.

use crate::{Store, StoreError};
use chrono::{DateTime, TimeZone, Utc};
use lantern_tutor::history::{progress_history, MasteryEvent, ProgressPoint};
use lantern_tutor::path::{learning_path, LearningPath};
use lantern_tutor::MasteryTier;
use sqlx::SqliteConnection;

/// Records that `unit_id` of `course_id` has mastery `tier` at `now`, in the
/// transaction of the evidence that set it.
pub(crate) async fn record_mastery(
    tx: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    unit_id: &str,
    tier: MasteryTier,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let tier = serde_json::to_value(tier).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    sqlx::query(
        "INSERT INTO tutor_mastery_events (profile_id, course_id, unit_id, mastery_tier, at_ms) \
         VALUES (?, ?, ?, ?, ?)",
    )
    .bind(profile_id)
    .bind(course_id)
    .bind(unit_id)
    .bind(tier.as_str().unwrap_or("none"))
    .bind(now.timestamp_millis())
    .execute(tx)
    .await?;
    Ok(())
}

impl Store {
    /// The learning path of thread `thread_id`'s course for its student at `now`.
    pub async fn tutor_learning_path(
        &self,
        profile_id: i64,
        thread_id: i64,
        now: DateTime<Utc>,
    ) -> Result<LearningPath, StoreError> {
        let loaded = self.tutor_load(profile_id, thread_id, now).await?;
        Ok(learning_path(&loaded.course, &loaded.snapshot))
    }

    /// The units at each tier over time in thread `thread_id`'s course, from every
    /// mastery event of its student (in any thread of the course), oldest first.
    pub async fn tutor_progress_history(
        &self,
        profile_id: i64,
        thread_id: i64,
    ) -> Result<Vec<ProgressPoint>, StoreError> {
        let thread = self.tutor_thread(profile_id, thread_id).await?;
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT unit_id, mastery_tier, at_ms FROM tutor_mastery_events \
             WHERE profile_id = ? AND course_id = ? ORDER BY at_ms, id",
        )
        .bind(profile_id)
        .bind(&thread.course_id)
        .fetch_all(&self.pool)
        .await?;
        let mut events = Vec::with_capacity(rows.len());
        for (unit_id, tier, at_ms) in rows {
            let tier: MasteryTier = serde_json::from_value(serde_json::Value::String(tier))
                .map_err(|e| StoreError::Corrupt(e.to_string()))?;
            let at = Utc
                .timestamp_millis_opt(at_ms)
                .single()
                .ok_or_else(|| StoreError::Corrupt(format!("mastery event time {at_ms}")))?;
            events.push(MasteryEvent { at, unit_id, tier });
        }
        Ok(progress_history(&events))
    }
}
