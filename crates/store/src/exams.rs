//! The local exam service (spec 001, EPIC F — the "existing exam API", authoritative):
//! submitted answers and 24-hour lockouts in SQLite. A wrong answer or a viewed memo or
//! video locks the question; a question is passed once answered correctly. Status is
//! only ever asked for a given list of question ids, never for the whole exam. The
//! functions take a connection so the tutor can write an attempt and the student's
//! snapshot in one transaction.

use crate::{Store, StoreError};
use chrono::{DateTime, Duration, TimeZone, Utc};
use lantern_core::clock::Clock;
use lantern_core::retrieval::Tier;
use lantern_packs::course::AnswerOption;
use lantern_tutor::exam::{PracticeQuestion, QuestionStatus, SupportKind, LOCKOUT_HOURS};
use sqlx::SqliteConnection;
use std::collections::HashMap;

/// Most ids in one status query.
const STATUS_CHUNK: usize = 400;

/// An exam question as the student sees it, with what grading and support need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamQuestion {
    /// Its id.
    pub id: String,
    /// Its tier.
    pub tier: Tier,
    /// The question text.
    pub stem: String,
    /// The options.
    pub options: Vec<AnswerOption>,
    /// The correct option's id.
    pub correct: String,
    /// The worked solution.
    pub memo: String,
    /// The video walkthrough's transcript, if any.
    pub transcript: Option<String>,
    /// The video file, if the pack has one.
    pub video: Option<String>,
    /// The units it examines, in pack order.
    pub unit_ids: Vec<String>,
}

/// A submitted answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamSubmission {
    /// The question.
    pub question: ExamQuestion,
    /// Whether the chosen option is the correct one.
    pub correct: bool,
    /// The question's status after the answer.
    pub status: QuestionStatus,
}

/// A viewed memo or video.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamSupport {
    /// The question.
    pub question: ExamQuestion,
    /// What was viewed.
    pub kind: SupportKind,
    /// The memo, or the video's transcript.
    pub text: String,
    /// The video file, for a video.
    pub video: Option<String>,
    /// The question was passed before, so viewing cost nothing.
    pub already_passed: bool,
    /// The question's status after the view.
    pub status: QuestionStatus,
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn from_ms(value: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(value)
        .single()
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

type QuestionRow = (
    String,
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    Option<String>,
);

/// The question `question_id` of `course_id`.
pub async fn exam_question(
    conn: &mut SqliteConnection,
    course_id: &str,
    question_id: &str,
) -> Result<ExamQuestion, StoreError> {
    let row: Option<QuestionRow> = sqlx::query_as(
        "SELECT id, tier, stem, options, correct, memo, transcript, video FROM exam_questions \
         WHERE course_id = ? AND id = ?",
    )
    .bind(course_id)
    .bind(question_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (id, tier, stem, options, correct, memo, transcript, video) =
        row.ok_or_else(|| StoreError::ExamQuestionNotFound(question_id.to_string()))?;
    let units: Vec<(String,)> = sqlx::query_as(
        "SELECT q.unit_id FROM exam_question_units q JOIN course_units u \
         ON u.course_id = q.course_id AND u.id = q.unit_id \
         WHERE q.course_id = ? AND q.question_id = ? ORDER BY u.position",
    )
    .bind(course_id)
    .bind(question_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(ExamQuestion {
        id,
        tier: serde_json::from_value(serde_json::Value::String(tier)).map_err(corrupt)?,
        stem,
        options: serde_json::from_str(&options).map_err(corrupt)?,
        correct,
        memo,
        transcript,
        video,
        unit_ids: units.into_iter().map(|(u,)| u).collect(),
    })
}

/// The questions on `unit_id` of `course_id` of tiers below `below`, none locked for
/// the profile at `now`, in id order: practice, never an attempt.
pub async fn practice_questions(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    unit_id: &str,
    below: Tier,
    now: DateTime<Utc>,
) -> Result<Vec<PracticeQuestion>, StoreError> {
    let rows: Vec<(String, String, String, String, String, String)> = sqlx::query_as(
        "SELECT q.id, q.tier, q.stem, q.options, q.correct, q.memo FROM exam_questions q \
         JOIN exam_question_units u ON u.course_id = q.course_id AND u.question_id = q.id \
         WHERE q.course_id = ? AND u.unit_id = ? ORDER BY q.id",
    )
    .bind(course_id)
    .bind(unit_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut lower = Vec::new();
    for (id, tier, stem, options, correct, memo) in rows {
        let tier: Tier =
            serde_json::from_value(serde_json::Value::String(tier)).map_err(corrupt)?;
        if tier < below {
            lower.push(PracticeQuestion {
                id,
                stem,
                options: serde_json::from_str(&options).map_err(corrupt)?,
                correct,
                memo,
            });
        }
    }
    let ids: Vec<String> = lower.iter().map(|q| q.id.clone()).collect();
    let statuses = exam_statuses(conn, profile_id, course_id, &ids, now).await?;
    lower.retain(|q| !matches!(statuses.get(&q.id), Some(QuestionStatus::Locked { .. })));
    Ok(lower)
}

/// The status of each of `question_ids` (only those) for the profile at `now`: passed
/// once answered correctly, locked while `now` is before the lock's end, else
/// available. Ids that are not questions of the course are absent.
pub async fn exam_statuses(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    question_ids: &[String],
    now: DateTime<Utc>,
) -> Result<HashMap<String, QuestionStatus>, StoreError> {
    let mut out = HashMap::new();
    for chunk in question_ids.chunks(STATUS_CHUNK) {
        let marks = vec!["?"; chunk.len()].join(", ");
        let sql = format!(
            "SELECT q.id, \
               EXISTS (SELECT 1 FROM exam_attempts a WHERE a.profile_id = ? AND \
                 a.course_id = q.course_id AND a.question_id = q.id AND a.correct = 1), \
               (SELECT l.until_ms FROM exam_locks l WHERE l.profile_id = ? AND \
                 l.course_id = q.course_id AND l.question_id = q.id) \
             FROM exam_questions q WHERE q.course_id = ? AND q.id IN ({marks})"
        );
        let mut query = sqlx::query_as::<_, (String, bool, Option<i64>)>(&sql)
            .bind(profile_id)
            .bind(profile_id)
            .bind(course_id);
        for id in chunk {
            query = query.bind(id);
        }
        for (id, passed, until) in query.fetch_all(&mut *conn).await? {
            let status = match until {
                _ if passed => QuestionStatus::Passed,
                Some(until) if ms(now) < until => QuestionStatus::Locked {
                    locked_until: from_ms(until),
                },
                _ => QuestionStatus::Available,
            };
            out.insert(id, status);
        }
    }
    Ok(out)
}

async fn status_of(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    question_id: &str,
    now: DateTime<Utc>,
) -> Result<QuestionStatus, StoreError> {
    let ids = [question_id.to_string()];
    exam_statuses(conn, profile_id, course_id, &ids, now)
        .await?
        .remove(question_id)
        .ok_or_else(|| StoreError::ExamQuestionNotFound(question_id.to_string()))
}

/// Locks the question for [`LOCKOUT_HOURS`] from `now` (replacing an expired lock).
async fn lock(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    question_id: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, StoreError> {
    let until = now + Duration::hours(LOCKOUT_HOURS);
    sqlx::query(
        "INSERT INTO exam_locks (profile_id, course_id, question_id, locked_ms, until_ms, reason) \
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (profile_id, course_id, question_id) DO UPDATE \
         SET locked_ms = excluded.locked_ms, until_ms = excluded.until_ms, reason = excluded.reason",
    )
    .bind(profile_id)
    .bind(course_id)
    .bind(question_id)
    .bind(ms(now))
    .bind(ms(until))
    .bind(reason)
    .execute(&mut *conn)
    .await?;
    Ok(until)
}

/// Records the answer `option_id` to a question: a locked or passed question refuses
/// it; a wrong answer locks the question for 24 hours.
pub async fn submit_exam_answer(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    question_id: &str,
    option_id: &str,
    now: DateTime<Utc>,
) -> Result<ExamSubmission, StoreError> {
    let question = exam_question(conn, course_id, question_id).await?;
    let option = option_id.trim();
    if !question.options.iter().any(|o| o.id == option) {
        return Err(StoreError::ExamInvalidOption(option.to_string()));
    }
    match status_of(conn, profile_id, course_id, question_id, now).await? {
        QuestionStatus::Passed => return Err(StoreError::ExamAlreadyPassed(question.id)),
        QuestionStatus::Locked { locked_until } => {
            return Err(StoreError::ExamQuestionLocked {
                question: question.id,
                until: locked_until.to_rfc3339(),
            })
        }
        QuestionStatus::Available => {}
    }
    let correct = option == question.correct;
    sqlx::query(
        "INSERT INTO exam_attempts (profile_id, course_id, question_id, option_id, correct, \
         attempted_ms) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(profile_id)
    .bind(course_id)
    .bind(question_id)
    .bind(option)
    .bind(correct)
    .bind(ms(now))
    .execute(&mut *conn)
    .await?;
    let status = if correct {
        QuestionStatus::Passed
    } else {
        QuestionStatus::Locked {
            locked_until: lock(conn, profile_id, course_id, question_id, "incorrect", now).await?,
        }
    };
    Ok(ExamSubmission {
        question,
        correct,
        status,
    })
}

/// Shows the memo or the video of a question: it locks the question for 24 hours
/// unless it is already passed; viewing again while locked does not extend the lock.
pub async fn view_exam_support(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    question_id: &str,
    kind: SupportKind,
    now: DateTime<Utc>,
) -> Result<ExamSupport, StoreError> {
    let question = exam_question(conn, course_id, question_id).await?;
    let (text, video) = match kind {
        SupportKind::Memo => (question.memo.clone(), None),
        SupportKind::Video => match (&question.transcript, &question.video) {
            (None, None) => return Err(StoreError::ExamSupportUnavailable(question.id)),
            (transcript, video) => (transcript.clone().unwrap_or_default(), video.clone()),
        },
    };
    let before = status_of(conn, profile_id, course_id, question_id, now).await?;
    let status = match before {
        QuestionStatus::Available => QuestionStatus::Locked {
            locked_until: lock(conn, profile_id, course_id, question_id, kind.as_str(), now)
                .await?,
        },
        other => other,
    };
    Ok(ExamSupport {
        question,
        kind,
        text,
        video,
        already_passed: before == QuestionStatus::Passed,
        status,
    })
}

/// The system clock (the adapter behind the core's `Clock` port).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

impl Store {
    /// The statuses of `question_ids` of `course_id` for the profile at `now`.
    pub async fn exam_statuses(
        &self,
        profile_id: i64,
        course_id: &str,
        question_ids: &[String],
        now: DateTime<Utc>,
    ) -> Result<HashMap<String, QuestionStatus>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        exam_statuses(&mut conn, profile_id, course_id, question_ids, now).await
    }

    /// The question `question_id` of `course_id`.
    pub async fn exam_question(
        &self,
        course_id: &str,
        question_id: &str,
    ) -> Result<ExamQuestion, StoreError> {
        let mut conn = self.pool.acquire().await?;
        exam_question(&mut conn, course_id, question_id).await
    }
}
