//! The mastery events recorded with each piece of evidence (the progress chart's
//! rows).

use crate::{Store, StoreError};
use chrono::{DateTime, TimeZone, Utc};
use lantern_tutor::history::MasteryEvent;
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
    /// Every mastery event of the profile in `course_id` (in any thread), oldest first.
    pub(crate) async fn tutor_mastery_events(
        &self,
        profile_id: i64,
        course_id: &str,
    ) -> Result<Vec<MasteryEvent>, StoreError> {
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT unit_id, mastery_tier, at_ms FROM tutor_mastery_events \
             WHERE profile_id = ? AND course_id = ? ORDER BY at_ms, id",
        )
        .bind(profile_id)
        .bind(course_id)
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
        Ok(events)
    }
}
