//! A class profile's hand-ins (issue #36): imported from files, kept one row per
//! distinct content, older ones dropped once a newer hand-in of the same student
//! covers them. The view is computed by `lantern_core::class`.

use crate::{Store, StoreError};
use chrono::{DateTime, SecondsFormat, Utc};
use lantern_core::class::{class_view, superseded, ClassFilter, ClassHandIn, ClassView};
use lantern_core::progress::{read_hand_in, ProgressReport};
use serde::Serialize;

/// What importing one file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HandInOutcome {
    /// A new hand-in, now in use.
    Added,
    /// The same content was already imported: nothing changed.
    Unchanged,
    /// Older than what the class has of this student for all its courses: kept out.
    Outdated,
}

/// One file's import.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HandInImported {
    /// The file's name.
    pub file_name: String,
    /// The student it is from.
    pub student: String,
    /// What happened.
    pub outcome: HandInOutcome,
    /// Its content does not match its seal.
    pub edited: bool,
}

impl Store {
    /// Imports the hand-in `bytes` (from a file named `file_name`) into class
    /// `class_id`. A file that is not a hand-in is refused with its `handin_*` code and
    /// nothing changes.
    pub async fn class_import(
        &self,
        class_id: i64,
        file_name: &str,
        bytes: &[u8],
    ) -> Result<HandInImported, StoreError> {
        self.ensure_class(class_id).await?;
        let read = read_hand_in(file_name, bytes)?;
        let student = read.report.student.name.clone();
        let report =
            serde_json::to_string(&read.report).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO class_hand_ins (class_id, digest, student_key, student_name, exported_at, \
             edited, file_name, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?) \
             ON CONFLICT (class_id, digest) DO NOTHING",
        )
        .bind(class_id)
        .bind(&read.digest)
        .bind(&read.report.student.key)
        .bind(&student)
        .bind(read.report.exported_at.to_rfc3339_opts(SecondsFormat::Millis, true))
        .bind(read.edited)
        .bind(file_name)
        .bind(report)
        .execute(&mut *tx)
        .await?;
        let mut outcome = if inserted.rows_affected() == 0 {
            HandInOutcome::Unchanged
        } else {
            HandInOutcome::Added
        };
        if outcome == HandInOutcome::Added {
            let kept = student_hand_ins(&mut tx, class_id, &read.report.student.key).await?;
            for digest in superseded(&kept) {
                if digest == read.digest {
                    outcome = HandInOutcome::Outdated;
                }
                sqlx::query("DELETE FROM class_hand_ins WHERE class_id = ? AND digest = ?")
                    .bind(class_id)
                    .bind(&digest)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(HandInImported {
            file_name: file_name.into(),
            student,
            outcome,
            edited: read.edited,
        })
    }

    /// Every hand-in class `class_id` keeps.
    pub async fn class_hand_ins(&self, class_id: i64) -> Result<Vec<ClassHandIn>, StoreError> {
        self.ensure_class(class_id).await?;
        let mut conn = self.pool.acquire().await?;
        rows(&mut conn, class_id, None).await
    }

    /// The class view of `class_id` under `filter`, re-checks due at `now`.
    pub async fn class_view(
        &self,
        class_id: i64,
        filter: &ClassFilter,
        now: DateTime<Utc>,
    ) -> Result<ClassView, StoreError> {
        Ok(class_view(
            &self.class_hand_ins(class_id).await?,
            filter,
            now,
        ))
    }

    /// Removes every hand-in of student `student_key` from class `class_id`; how many.
    pub async fn class_remove_student(
        &self,
        class_id: i64,
        student_key: &str,
    ) -> Result<u64, StoreError> {
        self.ensure_class(class_id).await?;
        Ok(
            sqlx::query("DELETE FROM class_hand_ins WHERE class_id = ? AND student_key = ?")
                .bind(class_id)
                .bind(student_key)
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }
}

async fn student_hand_ins(
    conn: &mut sqlx::SqliteConnection,
    class_id: i64,
    student_key: &str,
) -> Result<Vec<ClassHandIn>, StoreError> {
    rows(conn, class_id, Some(student_key)).await
}

async fn rows(
    conn: &mut sqlx::SqliteConnection,
    class_id: i64,
    student_key: Option<&str>,
) -> Result<Vec<ClassHandIn>, StoreError> {
    let rows: Vec<(String, bool, String, String)> = sqlx::query_as(
        "SELECT digest, edited, file_name, report FROM class_hand_ins \
         WHERE class_id = ? AND (? IS NULL OR student_key = ?) ORDER BY exported_at, digest",
    )
    .bind(class_id)
    .bind(student_key)
    .bind(student_key)
    .fetch_all(&mut *conn)
    .await?;
    rows.into_iter()
        .map(|(digest, edited, file_name, report)| {
            let report: ProgressReport =
                serde_json::from_str(&report).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            Ok(ClassHandIn {
                digest,
                edited,
                file_name,
                report,
            })
        })
        .collect()
}
