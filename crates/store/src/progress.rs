//! The student's hand-in (issue #36): their hard evidence per course, finished coach
//! arguments and module progress, gathered from the database and turned into the
//! sealed file by `lantern_progress`. Read-only: handing in changes nothing but
//! the profile's key, made once.

use crate::{Store, StoreError};
use chrono::{DateTime, TimeZone, Utc};
use lantern_coach::ToulminDraft;
use lantern_core::retrieval::Tier;
use lantern_progress::{
    course_progress, make_hand_in, AnswerFacts, ArgumentRecord, CourseFacts, HandIn, HandInStudent,
    ModuleRecord, ProgressEvent, ProgressReport, QuestionFacts,
};
use lantern_tutor::{MasteryTier, TutorCourse};
use std::collections::HashSet;

/// What to hand in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandInScope {
    /// One course (which must be imported).
    Course(String),
    /// Every imported course the student worked on.
    AllCourses,
}

impl HandInScope {
    /// The scope's name in a file name: the course id, or `all`.
    pub fn name(&self) -> &str {
        match self {
            Self::Course(id) => id,
            Self::AllCourses => "all",
        }
    }
}

fn parse_time(text: &str) -> Result<DateTime<Utc>, StoreError> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt(format!("time {text:?}: {e}")))
}

fn from_millis(ms: i64) -> Result<DateTime<Utc>, StoreError> {
    Utc.timestamp_millis_opt(ms)
        .single()
        .ok_or_else(|| StoreError::Corrupt(format!("time {ms}")))
}

fn tier(text: &str) -> Result<Tier, StoreError> {
    serde_json::from_value(serde_json::Value::String(text.into()))
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn mastery(text: &str) -> Result<MasteryTier, StoreError> {
    serde_json::from_value(serde_json::Value::String(text.into()))
        .map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn random_key() -> String {
    format!("{:016x}{:016x}", fastrand::u64(..), fastrand::u64(..))
}

impl Store {
    /// The profile's student key, made (random) and saved the first time.
    pub async fn student_key(&self, profile_id: i64) -> Result<String, StoreError> {
        sqlx::query("UPDATE profiles SET student_key = ? WHERE id = ? AND student_key IS NULL")
            .bind(random_key())
            .bind(profile_id)
            .execute(&self.pool)
            .await?;
        let key: Option<Option<String>> =
            sqlx::query_scalar("SELECT student_key FROM profiles WHERE id = ?")
                .bind(profile_id)
                .fetch_optional(&self.pool)
                .await?;
        key.flatten()
            .ok_or_else(|| StoreError::ProfileNotFound(profile_id.to_string()))
    }

    /// The hand-in of profile `profile_id` at `now`: `scope`'s courses, finished coach
    /// arguments (their text only when `include_arguments`), module progress. Refused
    /// (`handin_empty`) when nothing was worked on.
    pub async fn progress_hand_in(
        &self,
        profile_id: i64,
        scope: &HandInScope,
        include_arguments: bool,
        now: DateTime<Utc>,
    ) -> Result<HandIn, StoreError> {
        let (report, events) = self
            .progress_report(profile_id, scope, include_arguments, now)
            .await?;
        Ok(make_hand_in(report, &events, scope.name())?)
    }

    /// The report and the events behind it (see [`Store::progress_hand_in`]).
    pub async fn progress_report(
        &self,
        profile_id: i64,
        scope: &HandInScope,
        include_arguments: bool,
        now: DateTime<Utc>,
    ) -> Result<(ProgressReport, Vec<ProgressEvent>), StoreError> {
        self.ensure_student(profile_id).await?;
        let name: String = sqlx::query_scalar("SELECT name FROM profiles WHERE id = ?")
            .bind(profile_id)
            .fetch_one(&self.pool)
            .await?;
        let course_ids = match scope {
            HandInScope::Course(id) => vec![self.tutor_course(id).await?.id],
            HandInScope::AllCourses => self.worked_courses(profile_id).await?,
        };
        let mut courses = Vec::new();
        let mut events = Vec::new();
        for id in course_ids {
            let course = self.tutor_course(&id).await?;
            courses.push(self.course_record(profile_id, &course, now).await?);
            events.extend(self.course_events(profile_id, &course.id).await?);
        }
        let report = ProgressReport {
            student: HandInStudent {
                key: self.student_key(profile_id).await?,
                name,
            },
            exported_at: now,
            courses,
            arguments: self
                .finished_arguments(profile_id, include_arguments)
                .await?,
            modules: self.module_records(profile_id).await?,
        };
        Ok((report, events))
    }

    /// Imported courses the profile worked on (a unit touched or an exam answer), by id.
    async fn worked_courses(&self, profile_id: i64) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT s.course_id FROM tutor_snapshots s JOIN courses c ON c.id = s.course_id \
             WHERE s.profile_id = ?1 AND (json_extract(s.snapshot, '$.unitProgress') != '{}' \
             OR EXISTS (SELECT 1 FROM exam_attempts a WHERE a.profile_id = ?1 \
             AND a.course_id = s.course_id)) ORDER BY s.course_id",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn course_record(
        &self,
        profile_id: i64,
        course: &TutorCourse,
        now: DateTime<Utc>,
    ) -> Result<lantern_progress::CourseProgress, StoreError> {
        let stored: Option<String> = sqlx::query_scalar(
            "SELECT snapshot FROM tutor_snapshots WHERE profile_id = ? AND course_id = ?",
        )
        .bind(profile_id)
        .bind(&course.id)
        .fetch_optional(&self.pool)
        .await?;
        let snapshot = stored
            .map(|json| serde_json::from_str(&json).map_err(|e| StoreError::Corrupt(e.to_string())))
            .transpose()?;
        let mut questions = Vec::new();
        let rows: Vec<(String, String, String, Option<String>)> = sqlx::query_as(
            "SELECT q.id, q.stem, q.tier, (SELECT json_group_array(u.unit_id) FROM exam_question_units u \
             WHERE u.course_id = q.course_id AND u.question_id = q.id) \
             FROM exam_questions q WHERE q.course_id = ? ORDER BY q.position",
        )
        .bind(&course.id)
        .fetch_all(&self.pool)
        .await?;
        for (id, stem, tier_text, units) in rows {
            questions.push(QuestionFacts {
                id,
                stem,
                tier: tier(&tier_text)?,
                unit_ids: serde_json::from_str(units.as_deref().unwrap_or("[]"))
                    .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            });
        }
        let mut answers = Vec::new();
        let rows: Vec<(String, bool, i64)> = sqlx::query_as(
            "SELECT question_id, correct, attempted_ms FROM exam_attempts \
             WHERE profile_id = ? AND course_id = ? ORDER BY attempted_ms, id",
        )
        .bind(profile_id)
        .bind(&course.id)
        .fetch_all(&self.pool)
        .await?;
        for (question_id, correct, at) in rows {
            answers.push(AnswerFacts {
                question_id,
                correct,
                at: from_millis(at)?,
            });
        }
        let locked: HashSet<String> = sqlx::query_scalar(
            "SELECT question_id FROM exam_locks WHERE profile_id = ? AND course_id = ? AND until_ms > ?",
        )
        .bind(profile_id)
        .bind(&course.id)
        .bind(now.timestamp_millis())
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .collect();
        let mut moments: Vec<DateTime<Utc>> = answers.iter().map(|a| a.at).collect();
        let texts: Vec<String> = sqlx::query_scalar(
            "SELECT m.created_at FROM tutor_messages m JOIN tutor_threads t ON t.id = m.thread_id \
             WHERE t.profile_id = ? AND t.course_id = ?",
        )
        .bind(profile_id)
        .bind(&course.id)
        .fetch_all(&self.pool)
        .await?;
        for text in texts {
            moments.push(parse_time(&text)?);
        }
        Ok(course_progress(&CourseFacts {
            course,
            snapshot: snapshot.as_ref(),
            questions: &questions,
            answers: &answers,
            locked: &locked,
            moments: &moments,
        }))
    }

    /// Mastery changes, graded drills and exam answers in `course_id`.
    async fn course_events(
        &self,
        profile_id: i64,
        course_id: &str,
    ) -> Result<Vec<ProgressEvent>, StoreError> {
        let mut events = Vec::new();
        let rows: Vec<(String, String, i64)> = sqlx::query_as(
            "SELECT unit_id, mastery_tier, at_ms FROM tutor_mastery_events \
             WHERE profile_id = ? AND course_id = ? ORDER BY at_ms, id",
        )
        .bind(profile_id)
        .bind(course_id)
        .fetch_all(&self.pool)
        .await?;
        for (unit_id, tier_text, at) in rows {
            events.push(ProgressEvent::Mastery {
                course_id: course_id.into(),
                unit_id,
                tier: mastery(&tier_text)?,
                at: from_millis(at)?,
            });
        }
        let rows: Vec<(Option<String>, Option<bool>, String)> = sqlx::query_as(
            "SELECT json_extract(m.drill_key, '$.unitId'), json_extract(g.verdict, '$.isCorrect'), \
             g.graded_at FROM tutor_drill_grades g \
             JOIN tutor_messages m ON m.id = g.drill_message_id \
             JOIN tutor_threads t ON t.id = m.thread_id \
             WHERE t.profile_id = ? AND t.course_id = ? ORDER BY g.graded_at",
        )
        .bind(profile_id)
        .bind(course_id)
        .fetch_all(&self.pool)
        .await?;
        for (unit_id, correct, at) in rows {
            let (Some(unit_id), Some(correct)) = (unit_id, correct) else {
                continue;
            };
            events.push(ProgressEvent::Drill {
                course_id: course_id.into(),
                unit_id,
                correct,
                at: parse_time(&at)?,
            });
        }
        let rows: Vec<(String, String, bool, i64)> = sqlx::query_as(
            "SELECT a.question_id, q.tier, a.correct, a.attempted_ms FROM exam_attempts a \
             JOIN exam_questions q ON q.course_id = a.course_id AND q.id = a.question_id \
             WHERE a.profile_id = ? AND a.course_id = ? ORDER BY a.attempted_ms, a.id",
        )
        .bind(profile_id)
        .bind(course_id)
        .fetch_all(&self.pool)
        .await?;
        for (question_id, tier_text, correct, at) in rows {
            events.push(ProgressEvent::Exam {
                course_id: course_id.into(),
                question_id,
                tier: tier(&tier_text)?,
                correct,
                at: from_millis(at)?,
            });
        }
        Ok(events)
    }

    async fn finished_arguments(
        &self,
        profile_id: i64,
        include_text: bool,
    ) -> Result<Vec<ArgumentRecord>, StoreError> {
        type Row = (
            String,
            String,
            String,
            String,
            String,
            String,
            String,
            String,
            String,
        );
        let rows: Vec<Row> = sqlx::query_as(
            "SELECT title, updated_at, claim, grounds, warrant, grounds_backing, warrant_backing, \
             qualifier, rebuttal FROM coach_sessions WHERE profile_id = ? AND is_complete = 1 \
             ORDER BY updated_at, id",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(
                |(title, at, claim, grounds, warrant, gb, wb, qualifier, rebuttal)| {
                    Ok(ArgumentRecord {
                        title,
                        completed_at: parse_time(&at)?,
                        argument: include_text.then_some(ToulminDraft {
                            claim,
                            grounds,
                            warrant,
                            grounds_backing: gb,
                            warrant_backing: wb,
                            qualifier,
                            rebuttal,
                        }),
                    })
                },
            )
            .collect()
    }

    async fn module_records(&self, profile_id: i64) -> Result<Vec<ModuleRecord>, StoreError> {
        let sessions: Vec<(i64, String)> = sqlx::query_as(
            "SELECT s.id, s.updated_at FROM module_sessions s JOIN modules m ON m.id = s.module_id \
             WHERE s.profile_id = ? ORDER BY s.module_id",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for (id, updated_at) in sessions {
            let session = self
                .module_session(profile_id, id)
                .await
                .map_err(module_error)?;
            let (manifest, _) = self
                .module(&session.module_id)
                .await
                .map_err(module_error)?;
            let view = crate::progress_view(&manifest, &session.progress);
            out.push(ModuleRecord {
                module_id: session.module_id,
                title: manifest.title.clone(),
                percentage: view.percentage,
                sections_completed: count(view.sections.iter().filter(|s| s.completed).count()),
                sections_total: count(view.sections.len()),
                finished: view.finished,
                updated_at: parse_time(&updated_at)?,
            });
        }
        Ok(out)
    }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn module_error(e: lantern_modules::ModuleError) -> StoreError {
    StoreError::Corrupt(e.to_string())
}
