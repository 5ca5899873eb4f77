//! A class profile's hand-ins (issues #36, #44): imported from files one at a time and
//! kept, every one of them — an import never deletes a stored hand-in. Which one is in
//! use per student and course, and what the teacher is told about a student key, is
//! decided by `lantern_progress::class::trust` from each row's summary, so the view reads
//! only the reports in use.

use crate::{Store, StoreError};
use chrono::{DateTime, SecondsFormat, Utc};
use lantern_progress::class::{
    class_view, evidence_of, in_use, Chosen, ClassFilter, ClassHandIn, ClassTrust, ClassView,
    CourseEvidence, HandInHistoryEntry, HandInMeta,
};
use lantern_progress::{
    check_not_future, csv_summary, read_hand_in, ProgressError, ProgressReport,
};
use serde::Serialize;
use sqlx::SqliteConnection;
use std::collections::HashMap;

/// Most hand-ins a class keeps of one student: a hand-in a week for ten years. Past it a
/// file is refused (`handin_too_many`), so one key cannot fill the class.
pub const MAX_HAND_INS_PER_STUDENT: usize = 500;

/// What importing one file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HandInOutcome {
    /// A new hand-in, now in use.
    Added,
    /// The same content was already imported: nothing changed.
    Unchanged,
    /// Kept in the student's history but not in use: older than what the class has of
    /// them, or edited while an unedited hand-in exists, or the teacher chose another.
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
    /// `class_id` at `now`. A file that is not a hand-in, is dated after `now`, or whose
    /// student already has [`MAX_HAND_INS_PER_STUDENT`] hand-ins is refused with its
    /// `handin_*` code and nothing changes.
    pub async fn class_import(
        &self,
        class_id: i64,
        file_name: &str,
        bytes: &[u8],
        now: DateTime<Utc>,
    ) -> Result<HandInImported, StoreError> {
        self.ensure_class(class_id).await?;
        let read = read_hand_in(file_name, bytes)?;
        check_not_future(file_name, &read.report, now)?;
        let key = read.report.student.key.clone();
        let student = read.report.student.name.clone();
        let report =
            serde_json::to_string(&read.report).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let summary = summary_json(&evidence_of(&read.report))?;
        let mut tx = self.pool.begin().await?;
        let exists: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM class_hand_ins WHERE class_id = ? AND digest = ?")
                .bind(class_id)
                .bind(&read.digest)
                .fetch_optional(&mut *tx)
                .await?;
        let outcome = if exists.is_some() {
            HandInOutcome::Unchanged
        } else {
            let kept: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM class_hand_ins WHERE class_id = ? AND student_key = ?",
            )
            .bind(class_id)
            .bind(&key)
            .fetch_one(&mut *tx)
            .await?;
            if usize::try_from(kept).unwrap_or(usize::MAX) >= MAX_HAND_INS_PER_STUDENT {
                return Err(ProgressError::TooMany {
                    file: file_name.into(),
                    what: format!("the class's hand-ins of {student}"),
                    count: MAX_HAND_INS_PER_STUDENT + 1,
                    limit: MAX_HAND_INS_PER_STUDENT,
                }
                .into());
            }
            sqlx::query(
                "INSERT INTO class_hand_ins (class_id, digest, student_key, student_name, \
                 exported_at, edited, file_name, report, summary) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(class_id)
            .bind(&read.digest)
            .bind(&key)
            .bind(&student)
            .bind(time(read.report.exported_at))
            .bind(read.edited)
            .bind(file_name)
            .bind(report)
            .bind(summary)
            .execute(&mut *tx)
            .await?;
            let metas = metas(&mut tx, class_id, Some(&key)).await?;
            let chosen = choices(&mut tx, class_id).await?;
            if in_use(&metas, &chosen).contains(&read.digest) {
                HandInOutcome::Added
            } else {
                HandInOutcome::Outdated
            }
        };
        tx.commit().await?;
        Ok(HandInImported {
            file_name: file_name.into(),
            student,
            outcome,
            edited: read.edited,
        })
    }

    /// The class view of `class_id` under `filter`, re-checks due at `now`: only the
    /// reports in use are read.
    pub async fn class_view(
        &self,
        class_id: i64,
        filter: &ClassFilter,
        now: DateTime<Utc>,
    ) -> Result<ClassView, StoreError> {
        self.ensure_class(class_id).await?;
        let mut conn = self.pool.acquire().await?;
        let metas = metas(&mut conn, class_id, None).await?;
        let chosen = choices(&mut conn, class_id).await?;
        let digests = in_use(&metas, &chosen);
        let mut hand_ins = Vec::with_capacity(digests.len());
        for digest in &digests {
            hand_ins.push(hand_in(&mut conn, class_id, digest).await?);
        }
        let trust = ClassTrust::of(&metas, chosen);
        Ok(class_view(&hand_ins, &trust, filter, now))
    }

    /// Each student's most trusted hand-in of class `class_id`, its summary regenerated
    /// as CSV from the verified report (never the CSV a student saved beside it): the
    /// student's name and the CSV text, by name; only student `student_key`'s when given.
    pub async fn class_summaries(
        &self,
        class_id: i64,
        student_key: Option<&str>,
    ) -> Result<Vec<(String, String)>, StoreError> {
        self.ensure_class(class_id).await?;
        let mut conn = self.pool.acquire().await?;
        let metas = metas(&mut conn, class_id, student_key).await?;
        let chosen = choices(&mut conn, class_id).await?;
        let mut out = Vec::new();
        for digest in ClassTrust::of(&metas, chosen).per_student.into_values() {
            let report = hand_in(&mut conn, class_id, &digest).await?.report;
            out.push((report.student.name.clone(), csv_summary(&report)));
        }
        out.sort();
        Ok(out)
    }

    /// Every hand-in class `class_id` keeps of student `student_key`, newest first, with
    /// the one in use and the teacher's choice marked.
    pub async fn class_history(
        &self,
        class_id: i64,
        student_key: &str,
    ) -> Result<Vec<HandInHistoryEntry>, StoreError> {
        self.ensure_class(class_id).await?;
        let mut conn = self.pool.acquire().await?;
        let metas = metas(&mut conn, class_id, Some(student_key)).await?;
        let chosen = choices(&mut conn, class_id).await?;
        let used = in_use(&metas, &chosen);
        let details: HashMap<String, (String, String)> =
            sqlx::query_as::<_, (String, String, String)>(
                "SELECT digest, file_name, imported_at FROM class_hand_ins \
             WHERE class_id = ? AND student_key = ?",
            )
            .bind(class_id)
            .bind(student_key)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .map(|(digest, file, imported)| (digest, (file, imported)))
            .collect();
        let mut out: Vec<HandInHistoryEntry> = metas
            .iter()
            .map(|meta| {
                let (file_name, imported_at) = details
                    .get(&meta.digest)
                    .map(|(f, i)| (f.clone(), parse_time(i)))
                    .unwrap_or_default();
                HandInHistoryEntry {
                    digest: meta.digest.clone(),
                    file_name,
                    student_name: meta.student_name.clone(),
                    exported_at: meta.exported_at,
                    imported_at: imported_at.unwrap_or(meta.exported_at),
                    edited: meta.edited,
                    course_ids: meta.courses.iter().map(|c| c.course_id.clone()).collect(),
                    in_use: used.contains(&meta.digest),
                    chosen: chosen.get(student_key) == Some(&meta.digest),
                }
            })
            .collect();
        out.sort_by(|a, b| (b.exported_at, &b.digest).cmp(&(a.exported_at, &a.digest)));
        Ok(out)
    }

    /// Makes hand-in `digest` the one in use for its student in class `class_id`, or,
    /// with `None`, goes back to the most trusted one for student `student_key`.
    pub async fn class_choose(
        &self,
        class_id: i64,
        student_key: &str,
        digest: Option<&str>,
    ) -> Result<(), StoreError> {
        self.ensure_class(class_id).await?;
        let Some(digest) = digest else {
            sqlx::query("DELETE FROM class_choices WHERE class_id = ? AND student_key = ?")
                .bind(class_id)
                .bind(student_key)
                .execute(&self.pool)
                .await?;
            return Ok(());
        };
        let owner: Option<String> = sqlx::query_scalar(
            "SELECT student_key FROM class_hand_ins WHERE class_id = ? AND digest = ?",
        )
        .bind(class_id)
        .bind(digest)
        .fetch_optional(&self.pool)
        .await?;
        if owner.as_deref() != Some(student_key) {
            return Err(ProgressError::NotInClass {
                digest: digest.into(),
            }
            .into());
        }
        sqlx::query(
            "INSERT INTO class_choices (class_id, student_key, digest) VALUES (?, ?, ?) \
             ON CONFLICT (class_id, student_key) DO UPDATE SET digest = excluded.digest, \
             chosen_at = excluded.chosen_at",
        )
        .bind(class_id)
        .bind(student_key)
        .bind(digest)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Removes every hand-in of student `student_key` from class `class_id` (the
    /// teacher's decision, never an import's); how many.
    pub async fn class_remove_student(
        &self,
        class_id: i64,
        student_key: &str,
    ) -> Result<u64, StoreError> {
        self.ensure_class(class_id).await?;
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM class_choices WHERE class_id = ? AND student_key = ?")
            .bind(class_id)
            .bind(student_key)
            .execute(&mut *tx)
            .await?;
        let removed =
            sqlx::query("DELETE FROM class_hand_ins WHERE class_id = ? AND student_key = ?")
                .bind(class_id)
                .bind(student_key)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        tx.commit().await?;
        Ok(removed)
    }
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

fn summary_json(courses: &[CourseEvidence]) -> Result<String, StoreError> {
    serde_json::to_string(courses).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The metas of class `class_id`'s hand-ins (of one student when `student_key` is
/// given); a row without a summary (imported before there were summaries) gets one.
async fn metas(
    conn: &mut SqliteConnection,
    class_id: i64,
    student_key: Option<&str>,
) -> Result<Vec<HandInMeta>, StoreError> {
    type Row = (String, String, String, String, bool, Option<String>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT digest, student_key, student_name, exported_at, edited, summary \
         FROM class_hand_ins WHERE class_id = ? AND (? IS NULL OR student_key = ?) \
         ORDER BY exported_at, digest",
    )
    .bind(class_id)
    .bind(student_key)
    .bind(student_key)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for (digest, student_key, student_name, exported_at, edited, summary) in rows {
        let courses = match summary {
            Some(text) => serde_json::from_str(&text)
                .map_err(|e| StoreError::Corrupt(format!("class hand-in summary: {e}")))?,
            None => backfill_summary(conn, class_id, &digest).await?,
        };
        out.push(HandInMeta {
            exported_at: parse_time(&exported_at).ok_or_else(|| {
                StoreError::Corrupt(format!("class hand-in date {exported_at:?}"))
            })?,
            digest,
            student_key,
            student_name,
            edited,
            courses,
        });
    }
    Ok(out)
}

async fn backfill_summary(
    conn: &mut SqliteConnection,
    class_id: i64,
    digest: &str,
) -> Result<Vec<CourseEvidence>, StoreError> {
    let courses = evidence_of(&hand_in(conn, class_id, digest).await?.report);
    sqlx::query("UPDATE class_hand_ins SET summary = ? WHERE class_id = ? AND digest = ?")
        .bind(summary_json(&courses)?)
        .bind(class_id)
        .bind(digest)
        .execute(&mut *conn)
        .await?;
    Ok(courses)
}

async fn choices(conn: &mut SqliteConnection, class_id: i64) -> Result<Chosen, StoreError> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT student_key, digest FROM class_choices WHERE class_id = ?")
            .bind(class_id)
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows.into_iter().collect())
}

async fn hand_in(
    conn: &mut SqliteConnection,
    class_id: i64,
    digest: &str,
) -> Result<ClassHandIn, StoreError> {
    let (edited, file_name, report): (bool, String, String) = sqlx::query_as(
        "SELECT edited, file_name, report FROM class_hand_ins WHERE class_id = ? AND digest = ?",
    )
    .bind(class_id)
    .bind(digest)
    .fetch_one(&mut *conn)
    .await?;
    let report: ProgressReport =
        serde_json::from_str(&report).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(ClassHandIn {
        digest: digest.to_string(),
        edited,
        file_name,
        report,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProfileKind;
    use lantern_progress::{make_hand_in, CourseProgress, HandInStudent};

    fn report(at: DateTime<Utc>) -> ProgressReport {
        ProgressReport {
            student: HandInStudent {
                key: "ab".repeat(16),
                name: "Ana".into(),
            },
            exported_at: at,
            courses: vec![CourseProgress {
                course_id: "cells".into(),
                title: "Cells".into(),
                units: vec![],
                questions: vec![],
                minutes_on_task: 3,
                first_activity_at: Some(at),
                last_activity_at: Some(at),
            }],
            arguments: vec![],
            modules: vec![],
        }
    }

    #[tokio::test]
    async fn a_hand_in_kept_before_summaries_existed_gets_one_and_stays_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
        let at: DateTime<Utc> = "2026-11-02T10:00:00Z".parse().unwrap();
        let class = store
            .create_profile_of_kind("Class", ProfileKind::Class, Some("2468"), at)
            .await
            .unwrap()
            .id;
        let file = make_hand_in(report(at), &[], "all").unwrap().file_text;
        store
            .class_import(class, "ana.progress.json", file.as_bytes(), at)
            .await
            .unwrap();
        sqlx::query("UPDATE class_hand_ins SET summary = NULL")
            .execute(&store.pool)
            .await
            .unwrap();
        let view = store
            .class_view(class, &ClassFilter::default(), at)
            .await
            .unwrap();
        assert_eq!(view.students.len(), 1);
        let summary: Option<String> = sqlx::query_scalar("SELECT summary FROM class_hand_ins")
            .fetch_one(&store.pool)
            .await
            .unwrap();
        assert!(summary.unwrap().contains("\"courseId\":\"cells\""));
    }
}
