//! Tutor threads, their timelines, snapshots and turn logs, and the tutor's repository
//! ([`TutorRepository`] for [`Store`]: SQL only; the operations are in
//! `lantern_tutor::app`). Every query is scoped by profile: another profile's thread is
//! "not found". A turn's messages, the snapshot and the log row are written in one
//! transaction.

use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use lantern_packs::course::{tag_untagged, Edge, Misconception, Unit, UnitVocabulary};
use lantern_tutor::app::{
    DrillGradeWrite, ExamAction, ExamEventRecorded, ExamEventWriter, SavedReply, StoredDrill,
    TurnWrite, TutorRepository, TutorThread,
};
use lantern_tutor::drill::DrillKey;
use lantern_tutor::exam::{PracticeQuestion, QuestionStatus};
use lantern_tutor::history::MasteryEvent;
use lantern_tutor::judge::TutorVerdict;
use lantern_tutor::lite::UnitRef;
use lantern_tutor::passage::SourcePassage;
use lantern_tutor::{
    PrerequisiteOffer, StudentSnapshot, TurnLog, TutorCard, TutorCourse, TutorMessage, TutorRole,
};
use serde::Serialize;
use sqlx::SqliteConnection;
use std::collections::{BTreeMap, HashMap};

/// A course as the tutor's course picker shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TutorCourseChoice {
    /// Course id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Language of the material.
    pub language: Language,
    /// The units, in order.
    pub units: Vec<UnitRef>,
}

/// A thread as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TutorThreadSummary {
    /// Thread id.
    pub id: i64,
    /// The course.
    pub course_id: String,
    /// Title.
    pub title: String,
    /// Turns taken.
    pub turns: i64,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

#[derive(sqlx::FromRow)]
struct ThreadRow {
    id: i64,
    course_id: String,
    title: String,
    language: String,
    turns: i64,
    created_at: String,
    updated_at: String,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    id: i64,
    thread_id: i64,
    turn_id: String,
    role: String,
    text: String,
    latex: Option<String>,
    card: Option<String>,
    origin: Option<String>,
    passage: Option<String>,
    verdict: Option<String>,
    offer: Option<String>,
    created_at: String,
}

#[derive(sqlx::FromRow)]
struct UnitRow {
    id: String,
    title: String,
    anchor: String,
    tags: String,
    misconceptions: String,
    drills: String,
    vocabulary: Option<String>,
}

/// Longest thread title, in characters.
const MAX_TITLE_CHARS: usize = 120;

fn corrupt(e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(e.to_string())
}

fn to_json(value: &impl Serialize) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(corrupt)
}

impl MessageRow {
    fn into_message(self) -> Result<TutorMessage, StoreError> {
        Ok(TutorMessage {
            id: self.id.to_string(),
            thread_id: self.thread_id.to_string(),
            role: match self.role.as_str() {
                "user" => TutorRole::User,
                _ => TutorRole::Assistant,
            },
            text: self.text,
            latex: self.latex,
            card: self
                .card
                .map(|c| serde_json::from_str::<TutorCard>(&c).map_err(corrupt))
                .transpose()?,
            origin: self.origin.as_deref().and_then(ReplyOrigin::parse),
            passage: self
                .passage
                .map(|p| serde_json::from_str::<SourcePassage>(&p).map_err(corrupt))
                .transpose()?,
            verdict: self.verdict.and_then(|v| {
                serde_json::from_value::<TutorVerdict>(serde_json::Value::String(v)).ok()
            }),
            offer: self
                .offer
                .map(|o| serde_json::from_str::<PrerequisiteOffer>(&o).map_err(corrupt))
                .transpose()?,
            turn_id: self.turn_id,
            created_at: self.created_at,
        })
    }
}

impl Store {
    /// The imported course `id` as the tutor reads it.
    pub async fn tutor_course(&self, id: &str) -> Result<TutorCourse, StoreError> {
        let head: Option<(String, String, String)> =
            sqlx::query_as("SELECT title, language, entry_unit FROM courses WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        let (title, language, entry) =
            head.ok_or_else(|| StoreError::TutorCourseNotFound(id.into()))?;
        let rows: Vec<UnitRow> = sqlx::query_as(
            "SELECT id, title, anchor, tags, misconceptions, drills, vocabulary FROM course_units \
             WHERE course_id = ? ORDER BY position",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut vocabulary = BTreeMap::new();
        for r in &rows {
            if let Some(v) = &r.vocabulary {
                let v: UnitVocabulary = serde_json::from_str(v).map_err(corrupt)?;
                vocabulary.insert(r.id.clone(), v);
            }
        }
        let units = rows
            .into_iter()
            .map(|r| {
                let mut misconceptions: Vec<Misconception> =
                    serde_json::from_str(&r.misconceptions).map_err(corrupt)?;
                tag_untagged(&mut misconceptions);
                Ok(Unit {
                    id: r.id,
                    title: r.title,
                    anchor: r.anchor,
                    tags: serde_json::from_str(&r.tags).map_err(corrupt)?,
                    misconceptions,
                    content: Vec::new(),
                    drills: serde_json::from_str(&r.drills).map_err(corrupt)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let edges: Vec<(String, String)> = sqlx::query_as(
            "SELECT from_unit, to_unit FROM course_prerequisites WHERE course_id = ? \
             ORDER BY rowid",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let edges: Vec<Edge> = edges
            .into_iter()
            .map(|(from, to)| Edge { from, to })
            .collect();
        Ok(
            TutorCourse::new(id, &title, &language, &entry, units, &edges)
                .with_vocabulary(vocabulary),
        )
    }

    /// Every imported course with its units, for the course picker.
    pub async fn tutor_courses(&self) -> Result<Vec<TutorCourseChoice>, StoreError> {
        let mut out = Vec::new();
        for summary in self.list_courses().await? {
            let course = self.tutor_course(&summary.id).await?;
            out.push(TutorCourseChoice {
                units: course
                    .units
                    .iter()
                    .map(|u| UnitRef {
                        unit_id: u.id.clone(),
                        title: u.title.clone(),
                    })
                    .collect(),
                id: course.id,
                title: course.title,
                language: course.language,
            });
        }
        Ok(out)
    }

    /// The student's snapshot for `course`, created (focus on the entry unit) and saved
    /// on first use.
    pub async fn tutor_snapshot(
        &self,
        profile_id: i64,
        course: &TutorCourse,
        now: DateTime<Utc>,
    ) -> Result<StudentSnapshot, StoreError> {
        let stored: Option<(String,)> = sqlx::query_as(
            "SELECT snapshot FROM tutor_snapshots WHERE profile_id = ? AND course_id = ?",
        )
        .bind(profile_id)
        .bind(&course.id)
        .fetch_optional(&self.pool)
        .await?;
        if let Some((json,)) = stored {
            return serde_json::from_str(&json).map_err(corrupt);
        }
        let fresh = StudentSnapshot::new(
            &profile_id.to_string(),
            &course.id,
            course.graph.entry_unit(),
            now,
        );
        sqlx::query(
            "INSERT INTO tutor_snapshots (profile_id, course_id, snapshot) VALUES (?, ?, ?) \
             ON CONFLICT (profile_id, course_id) DO NOTHING",
        )
        .bind(profile_id)
        .bind(&course.id)
        .bind(to_json(&fresh)?)
        .execute(&self.pool)
        .await?;
        Ok(fresh)
    }

    /// Replaces the student's snapshot for its course (a teacher's reset, evals' presets).
    pub async fn put_tutor_snapshot(
        &self,
        profile_id: i64,
        snapshot: &StudentSnapshot,
    ) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        put_snapshot(&mut conn, profile_id, &snapshot.course_id, snapshot).await
    }

    /// Starts a thread on `course_id` (which must be imported), in the course's language
    /// unless `language` is given; the snapshot is created on first use.
    pub async fn create_tutor_thread(
        &self,
        profile_id: i64,
        course_id: &str,
        language: Option<Language>,
        now: DateTime<Utc>,
    ) -> Result<TutorThread, StoreError> {
        let course = self.tutor_course(course_id).await?;
        self.tutor_snapshot(profile_id, &course, now).await?;
        let language = language.unwrap_or(course.language);
        let title: String = course.title.chars().take(MAX_TITLE_CHARS).collect();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO tutor_threads (profile_id, course_id, title, language) VALUES (?, ?, ?, ?) \
             RETURNING id",
        )
        .bind(profile_id)
        .bind(course_id)
        .bind(&title)
        .bind(language.code())
        .fetch_one(&self.pool)
        .await?;
        self.tutor_thread(profile_id, id).await
    }

    /// The profile's threads, most recently changed first.
    pub async fn list_tutor_threads(
        &self,
        profile_id: i64,
    ) -> Result<Vec<TutorThreadSummary>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, course_id, title, turns, updated_at FROM tutor_threads \
             WHERE profile_id = ? ORDER BY updated_at DESC, id DESC",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Thread `id` of the profile with its timeline.
    pub async fn tutor_thread(&self, profile_id: i64, id: i64) -> Result<TutorThread, StoreError> {
        let row: ThreadRow = sqlx::query_as(
            "SELECT id, course_id, title, language, turns, created_at, updated_at \
             FROM tutor_threads WHERE id = ? AND profile_id = ?",
        )
        .bind(id)
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::TutorThreadNotFound(id))?;
        let messages: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, thread_id, turn_id, role, text, latex, card, origin, passage, verdict, offer, created_at \
             FROM tutor_messages WHERE thread_id = ? ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok(TutorThread {
            id: row.id,
            language: Language::from_code(&row.language).ok_or_else(|| corrupt(&row.language))?,
            course_id: row.course_id,
            title: row.title,
            turns: row.turns,
            messages: messages
                .into_iter()
                .map(MessageRow::into_message)
                .collect::<Result<_, _>>()?,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }

    /// The log rows of thread `id`, oldest first.
    pub async fn tutor_log(&self, profile_id: i64, id: i64) -> Result<Vec<TurnLog>, StoreError> {
        self.tutor_thread_exists(profile_id, id).await?;
        let rows: Vec<(String,)> =
            sqlx::query_as("SELECT log FROM tutor_turns WHERE thread_id = ? ORDER BY id")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        rows.into_iter()
            .map(|(json,)| serde_json::from_str(&json).map_err(corrupt))
            .collect()
    }

    async fn tutor_thread_exists(&self, profile_id: i64, id: i64) -> Result<(), StoreError> {
        let found: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM tutor_threads WHERE id = ? AND profile_id = ?")
                .bind(id)
                .bind(profile_id)
                .fetch_optional(&self.pool)
                .await?;
        found.map(|_| ()).ok_or(StoreError::TutorThreadNotFound(id))
    }

    /// Deletes thread `id` of the profile with its timeline and log (the snapshot stays).
    pub async fn delete_tutor_thread(&self, profile_id: i64, id: i64) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM tutor_threads WHERE id = ? AND profile_id = ?")
            .bind(id)
            .bind(profile_id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::TutorThreadNotFound(id));
        }
        Ok(())
    }

    /// Writes one turn of thread `id` in one transaction: the student's message, the
    /// tutor's reply, the snapshot and the log row; returns the new messages.
    async fn save_tutor_turn(
        &self,
        profile_id: i64,
        id: i64,
        course_id: &str,
        w: &TurnWrite<'_>,
    ) -> Result<SavedReply, StoreError> {
        let mut tx = self.pool.begin().await?;
        write_timeline(
            &mut tx,
            profile_id,
            id,
            &TimelineWrite {
                turn_id: w.turn_id,
                student: w.student,
                text: &w.reply.text,
                card: w.reply.card.as_ref(),
                origin: w.origin,
                drill_key: w.reply.drill_key.as_ref(),
                passage: w.reply.passage.as_ref(),
                verdict: w.reply.verdict,
                offer: w.reply.offer.as_ref(),
            },
        )
        .await?;
        put_snapshot(&mut tx, profile_id, course_id, w.snapshot).await?;
        sqlx::query(
            "INSERT INTO tutor_turns (thread_id, turn_id, chosen_action, validated, \
             fallback_reason, latency_ms, prompt_tokens, log) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(w.turn_id)
        .bind(w.log.chosen_action.as_str())
        .bind(w.log.origin == ReplyOrigin::Model)
        .bind(&w.log.fallback_reason)
        .bind(w.log.latency_ms)
        .bind(w.log.prompt_tokens)
        .bind(to_json(w.log)?)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        saved_reply(self.tutor_turn_messages(id, w.turn_id).await?)
    }

    /// The key of the question the tutor asked last in thread `id`, if the thread ends
    /// with it (a question in the text, not a drill card, which has its own answer box).
    async fn tutor_pending_key(&self, id: i64) -> Result<Option<DrillKey>, StoreError> {
        let row: Option<(String, Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT role, card, drill_key FROM tutor_messages WHERE thread_id = ? \
             ORDER BY id DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        match row {
            Some((role, None, Some(key))) if role == "assistant" => {
                Ok(Some(serde_json::from_str(&key).map_err(corrupt)?))
            }
            _ => Ok(None),
        }
    }

    /// The tutor's last message in thread `id` with the key of the question it asks
    /// (its id, card and key), if it asks one — what an eval's scripted student answers.
    pub async fn tutor_last_question(
        &self,
        id: i64,
    ) -> Result<Option<(String, Option<TutorCard>, DrillKey)>, StoreError> {
        let row: Option<(i64, Option<String>, Option<String>)> = sqlx::query_as(
            "SELECT id, card, drill_key FROM tutor_messages WHERE thread_id = ? \
             AND role = 'assistant' ORDER BY id DESC LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        let Some((message, card, Some(key))) = row else {
            return Ok(None);
        };
        let card = card
            .map(|c| serde_json::from_str::<TutorCard>(&c).map_err(corrupt))
            .transpose()?;
        let key = serde_json::from_str(&key).map_err(corrupt)?;
        Ok(Some((message.to_string(), card, key)))
    }

    /// The answer key saved with message `message_id` of thread `id`, if it has one.
    async fn tutor_message_key(
        &self,
        id: i64,
        message_id: &str,
    ) -> Result<Option<DrillKey>, StoreError> {
        let Ok(message) = message_id.trim().parse::<i64>() else {
            return Ok(None);
        };
        let row: Option<(Option<String>,)> =
            sqlx::query_as("SELECT drill_key FROM tutor_messages WHERE id = ? AND thread_id = ?")
                .bind(message)
                .bind(id)
                .fetch_optional(&self.pool)
                .await?;
        row.and_then(|(k,)| k)
            .map(|k| serde_json::from_str(&k).map_err(corrupt))
            .transpose()
    }

    /// The messages of turn `turn_id` of thread `id`, in order.
    pub(crate) async fn tutor_turn_messages(
        &self,
        id: i64,
        turn_id: &str,
    ) -> Result<Vec<TutorMessage>, StoreError> {
        let rows: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, thread_id, turn_id, role, text, latex, card, origin, passage, verdict, offer, created_at \
             FROM tutor_messages WHERE thread_id = ? AND turn_id = ? ORDER BY id",
        )
        .bind(id)
        .bind(turn_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(MessageRow::into_message).collect()
    }
}

/// The messages of a write, read back, with the reply's origin as stored.
pub(crate) fn saved_reply(messages: Vec<TutorMessage>) -> Result<SavedReply, StoreError> {
    let origin = messages
        .iter()
        .rev()
        .find_map(|m| m.origin)
        .ok_or_else(|| corrupt("a saved reply without its origin"))?;
    Ok(SavedReply { messages, origin })
}

/// The timeline items of one turn or event.
pub(crate) struct TimelineWrite<'a> {
    /// The turn's id.
    pub turn_id: &'a str,
    /// The student's text and LaTeX, when they wrote something.
    pub student: Option<(&'a str, Option<&'a str>)>,
    /// The tutor's words.
    pub text: &'a str,
    /// The tutor's card.
    pub card: Option<&'a TutorCard>,
    /// Who wrote the words.
    pub origin: ReplyOrigin,
    /// The answer key of the question asked (on a drill card or in the text).
    pub drill_key: Option<&'a DrillKey>,
    /// The material the words rest on.
    pub passage: Option<&'a SourcePassage>,
    /// The verdict on the student's answer.
    pub verdict: Option<TutorVerdict>,
    /// The prerequisite offered after the answer.
    pub offer: Option<&'a PrerequisiteOffer>,
}

/// Counts a turn on thread `id` of the profile and writes its messages; returns the
/// tutor message's id.
pub(crate) async fn write_timeline(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: i64,
    w: &TimelineWrite<'_>,
) -> Result<i64, StoreError> {
    let bumped = sqlx::query(
        "UPDATE tutor_threads SET turns = turns + 1, \
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND profile_id = ?",
    )
    .bind(id)
    .bind(profile_id)
    .execute(&mut *conn)
    .await?;
    if bumped.rows_affected() == 0 {
        return Err(StoreError::TutorThreadNotFound(id));
    }
    if let Some((text, latex)) = w.student {
        sqlx::query(
            "INSERT INTO tutor_messages (thread_id, turn_id, role, text, latex) \
             VALUES (?, ?, 'user', ?, ?)",
        )
        .bind(id)
        .bind(w.turn_id)
        .bind(text)
        .bind(latex)
        .execute(&mut *conn)
        .await?;
    }
    let card = w.card.map(to_json).transpose()?;
    let key = w.drill_key.map(to_json).transpose()?;
    let passage = w.passage.map(to_json).transpose()?;
    let offer = w.offer.map(to_json).transpose()?;
    let verdict = w
        .verdict
        .and_then(|v| serde_json::to_value(v).ok())
        .and_then(|v| v.as_str().map(str::to_string));
    let done = sqlx::query(
        "INSERT INTO tutor_messages (thread_id, turn_id, role, text, card, origin, drill_key, \
         passage, verdict, offer) VALUES (?, ?, 'assistant', ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(id)
    .bind(w.turn_id)
    .bind(w.text)
    .bind(card)
    .bind(w.origin.as_str())
    .bind(key)
    .bind(passage)
    .bind(verdict)
    .bind(offer)
    .execute(&mut *conn)
    .await?;
    Ok(done.last_insert_rowid())
}

/// Saves the student's snapshot of `course_id`.
pub(crate) async fn put_snapshot(
    conn: &mut SqliteConnection,
    profile_id: i64,
    course_id: &str,
    snapshot: &StudentSnapshot,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tutor_snapshots (profile_id, course_id, snapshot) VALUES (?, ?, ?) \
         ON CONFLICT (profile_id, course_id) DO UPDATE SET snapshot = excluded.snapshot, \
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
    )
    .bind(profile_id)
    .bind(course_id)
    .bind(to_json(snapshot)?)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

impl TutorRepository for Store {
    type Error = StoreError;

    fn thread(
        &self,
        profile_id: i64,
        thread_id: i64,
    ) -> BoxFuture<'_, Result<TutorThread, StoreError>> {
        Box::pin(self.tutor_thread(profile_id, thread_id))
    }

    fn course<'a>(&'a self, course_id: &'a str) -> BoxFuture<'a, Result<TutorCourse, StoreError>> {
        Box::pin(self.tutor_course(course_id))
    }

    fn snapshot<'a>(
        &'a self,
        profile_id: i64,
        course: &'a TutorCourse,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<StudentSnapshot, StoreError>> {
        Box::pin(self.tutor_snapshot(profile_id, course, now))
    }

    fn pending_key(&self, thread_id: i64) -> BoxFuture<'_, Result<Option<DrillKey>, StoreError>> {
        Box::pin(self.tutor_pending_key(thread_id))
    }

    fn message_key<'a>(
        &'a self,
        thread_id: i64,
        message_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<DrillKey>, StoreError>> {
        Box::pin(self.tutor_message_key(thread_id, message_id))
    }

    fn turn_log(
        &self,
        profile_id: i64,
        thread_id: i64,
    ) -> BoxFuture<'_, Result<Vec<TurnLog>, StoreError>> {
        Box::pin(self.tutor_log(profile_id, thread_id))
    }

    fn save_turn<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        write: &'a TurnWrite<'a>,
    ) -> BoxFuture<'a, Result<SavedReply, StoreError>> {
        Box::pin(self.save_tutor_turn(profile_id, thread_id, course_id, write))
    }

    fn ungraded_drill<'a>(
        &'a self,
        thread_id: i64,
        message_id: &'a str,
    ) -> BoxFuture<'a, Result<StoredDrill, StoreError>> {
        Box::pin(self.tutor_ungraded_drill(thread_id, message_id))
    }

    fn save_drill_grade<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        write: &'a DrillGradeWrite<'a>,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<SavedReply, StoreError>> {
        Box::pin(self.save_tutor_drill_grade(profile_id, thread_id, course_id, write, now))
    }

    fn record_exam_event<'a>(
        &'a self,
        profile_id: i64,
        thread_id: i64,
        course_id: &'a str,
        action: ExamAction<'a>,
        now: DateTime<Utc>,
        write: ExamEventWriter<'a>,
    ) -> BoxFuture<'a, Result<ExamEventRecorded, StoreError>> {
        Box::pin(self.record_tutor_exam_event(profile_id, thread_id, course_id, action, now, write))
    }

    fn exam_statuses<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
        question_ids: &'a [String],
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<HashMap<String, QuestionStatus>, StoreError>> {
        Box::pin(Store::exam_statuses(
            self,
            profile_id,
            course_id,
            question_ids,
            now,
        ))
    }

    fn practice_questions<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
        unit_id: &'a str,
        below: Tier,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<Vec<PracticeQuestion>, StoreError>> {
        Box::pin(async move {
            let mut conn = self.pool.acquire().await?;
            crate::exams::practice_questions(&mut conn, profile_id, course_id, unit_id, below, now)
                .await
        })
    }

    fn unit_questions<'a>(
        &'a self,
        course_id: &'a str,
        unit_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<String>, StoreError>> {
        Box::pin(self.tutor_unit_questions(course_id, unit_id))
    }

    fn mastery_events<'a>(
        &'a self,
        profile_id: i64,
        course_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<MasteryEvent>, StoreError>> {
        Box::pin(self.tutor_mastery_events(profile_id, course_id))
    }
}
