//! Coach sessions: each profile's Toulmin arguments, their drafts and conversations, in
//! SQL — the coach's [`CoachRepository`] and the listing, opening and autosave queries.
//! Every query is scoped by profile: another profile's session is "not found".

use crate::{Store, StoreError};
use lantern_coach::app::CoachRepository;
use lantern_coach::{
    CoachChange, CoachMessage, CoachRole, CoachSession, Language, ProposedUpdate, ToulminDraft,
    ToulminStep,
};
use lantern_core::llm::BoxFuture;
use lantern_core::turn::ReplyOrigin;

/// Longest argument title, in characters.
const MAX_TITLE_CHARS: usize = 120;

/// A coach session as listed.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoachSessionSummary {
    /// Database id.
    pub id: i64,
    /// Title of the argument.
    pub title: String,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: i64,
    title: String,
    language: String,
    current_step: String,
    is_complete: bool,
    claim: String,
    grounds: String,
    warrant: String,
    grounds_backing: String,
    warrant_backing: String,
    qualifier: String,
    rebuttal: String,
    pending_proposal: Option<String>,
    unsent_message: String,
    created_at: String,
    updated_at: String,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    role: String,
    content: String,
    step: String,
    origin: Option<String>,
}

const SESSION_COLUMNS: &str = "id, title, language, current_step, is_complete, claim, grounds, \
     warrant, grounds_backing, warrant_backing, qualifier, rebuttal, pending_proposal, \
     unsent_message, created_at, updated_at";

fn step(stored: &str) -> Result<ToulminStep, StoreError> {
    stored.parse().map_err(StoreError::Corrupt)
}

fn column(step: ToulminStep) -> &'static str {
    match step {
        ToulminStep::Claim => "claim",
        ToulminStep::Grounds => "grounds",
        ToulminStep::Warrant => "warrant",
        ToulminStep::GroundsBacking => "grounds_backing",
        ToulminStep::WarrantBacking => "warrant_backing",
        ToulminStep::Qualifier => "qualifier",
        ToulminStep::Rebuttal => "rebuttal",
    }
}

fn clean_title(raw: &str) -> Result<String, StoreError> {
    let title = raw.trim();
    if title.is_empty()
        || title.chars().count() > MAX_TITLE_CHARS
        || title.chars().any(char::is_control)
    {
        return Err(StoreError::InvalidTitle(raw.to_string()));
    }
    Ok(title.to_string())
}

fn proposal_json(proposal: Option<&ProposedUpdate>) -> Result<Option<String>, StoreError> {
    proposal
        .map(|p| serde_json::to_string(p).map_err(|e| StoreError::Corrupt(e.to_string())))
        .transpose()
}

impl MessageRow {
    /// The message, with its origin read back with [`ReplyOrigin::parse`].
    fn into_message(self) -> Result<CoachMessage, StoreError> {
        Ok(CoachMessage {
            role: match self.role.as_str() {
                "user" => CoachRole::User,
                _ => CoachRole::Assistant,
            },
            content: self.content,
            step: step(&self.step)?,
            origin: self
                .origin
                .map(|o| {
                    ReplyOrigin::parse(&o)
                        .ok_or_else(|| StoreError::Corrupt(format!("origin {o:?}")))
                })
                .transpose()?,
        })
    }
}

impl SessionRow {
    fn into_session(self, messages: Vec<CoachMessage>) -> Result<CoachSession, StoreError> {
        let pending_proposal = self
            .pending_proposal
            .map(|json| serde_json::from_str(&json).map_err(|e| StoreError::Corrupt(e.to_string())))
            .transpose()?;
        Ok(CoachSession {
            id: self.id,
            language: Language::from_code(&self.language)
                .ok_or_else(|| StoreError::Corrupt(format!("language {:?}", self.language)))?,
            current_step: step(&self.current_step)?,
            is_complete: self.is_complete,
            draft: ToulminDraft {
                claim: self.claim,
                grounds: self.grounds,
                warrant: self.warrant,
                grounds_backing: self.grounds_backing,
                warrant_backing: self.warrant_backing,
                qualifier: self.qualifier,
                rebuttal: self.rebuttal,
            },
            pending_proposal,
            messages,
            unsent_message: self.unsent_message,
            title: self.title,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// SQL that marks a session as changed now.
const TOUCH: &str = "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

impl CoachRepository for Store {
    type Error = StoreError;

    fn create_coach_session<'a>(
        &'a self,
        profile_id: i64,
        title: &'a str,
        language: Language,
        first: &'a CoachChange,
    ) -> BoxFuture<'a, Result<CoachSession, StoreError>> {
        Box::pin(async move {
            let title = clean_title(title)?;
            let mut tx = self.pool.begin().await?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO coach_sessions (profile_id, title, language) VALUES (?, ?, ?) \
                 RETURNING id",
            )
            .bind(profile_id)
            .bind(&title)
            .bind(language.code())
            .fetch_one(&mut *tx)
            .await?;
            apply_change(&mut tx, profile_id, id, first).await?;
            tx.commit().await?;
            self.coach_session(profile_id, id).await
        })
    }

    fn coach_session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> BoxFuture<'_, Result<CoachSession, StoreError>> {
        Box::pin(async move {
            let row: SessionRow = sqlx::query_as(&format!(
                "SELECT {SESSION_COLUMNS} FROM coach_sessions WHERE id = ? AND profile_id = ?"
            ))
            .bind(id)
            .bind(profile_id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::CoachSessionNotFound(id))?;
            let messages: Vec<MessageRow> = sqlx::query_as(
                "SELECT role, content, step, origin FROM coach_messages \
                 WHERE session_id = ? ORDER BY id",
            )
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
            let messages = messages
                .into_iter()
                .map(MessageRow::into_message)
                .collect::<Result<_, StoreError>>()?;
            row.into_session(messages)
        })
    }

    fn apply_coach_change<'a>(
        &'a self,
        profile_id: i64,
        id: i64,
        change: &'a CoachChange,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await?;
            apply_change(&mut tx, profile_id, id, change).await?;
            tx.commit().await?;
            Ok(())
        })
    }
}

impl Store {
    /// The profile's arguments, most recently changed first.
    pub async fn list_coach_sessions(
        &self,
        profile_id: i64,
    ) -> Result<Vec<CoachSessionSummary>, StoreError> {
        let rows: Vec<(i64, String, String, bool, String)> = sqlx::query_as(
            "SELECT id, title, current_step, is_complete, updated_at FROM coach_sessions \
             WHERE profile_id = ? ORDER BY updated_at DESC, id DESC",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(id, title, current, is_complete, updated_at)| {
                Ok(CoachSessionSummary {
                    id,
                    title,
                    current_step: step(&current)?,
                    is_complete,
                    updated_at,
                })
            })
            .collect()
    }

    /// Deletes an argument and its conversation.
    pub async fn delete_coach_session(&self, profile_id: i64, id: i64) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM coach_sessions WHERE id = ? AND profile_id = ?")
            .bind(id)
            .bind(profile_id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::CoachSessionNotFound(id));
        }
        Ok(())
    }

    /// Autosaves the student's unsent message of session `id` (the composer's text), so
    /// a restart or a crash does not lose it.
    pub async fn save_coach_unsent(
        &self,
        profile_id: i64,
        id: i64,
        text: &str,
    ) -> Result<(), StoreError> {
        let done = sqlx::query(
            "UPDATE coach_sessions SET unsent_message = ? WHERE id = ? AND profile_id = ?",
        )
        .bind(text)
        .bind(id)
        .bind(profile_id)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::CoachSessionNotFound(id));
        }
        Ok(())
    }

    /// Opens session `id` as the student's current one (reopened on the next start).
    pub async fn open_coach_session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> Result<CoachSession, StoreError> {
        sqlx::query(
            "UPDATE coach_sessions SET opened_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND profile_id = ?",
        )
        .bind(id)
        .bind(profile_id)
        .execute(&self.pool)
        .await?;
        self.coach_session(profile_id, id).await
    }

    /// The session the profile opened or changed last, if any.
    pub async fn last_coach_session(&self, profile_id: i64) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM coach_sessions WHERE profile_id = ? \
             ORDER BY max(coalesce(opened_at, ''), updated_at) DESC, id DESC LIMIT 1",
        )
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await?)
    }
}

/// Writes `change` to session `id` of `profile_id` on `conn` (inside a transaction).
async fn apply_change(
    conn: &mut sqlx::SqliteConnection,
    profile_id: i64,
    id: i64,
    change: &CoachChange,
) -> Result<(), StoreError> {
    let mut update =
        sqlx::QueryBuilder::<sqlx::Sqlite>::new(format!("UPDATE coach_sessions SET {TOUCH}"));
    if let Some((field, text)) = &change.draft_field {
        update
            .push(format!(", {} = ", column(*field)))
            .push_bind(text.as_str());
    }
    if let Some(proposal) = &change.pending_proposal {
        update
            .push(", pending_proposal = ")
            .push_bind(proposal_json(proposal.as_ref())?);
    }
    if let Some((step, is_complete)) = change.progress {
        update
            .push(", current_step = ")
            .push_bind(step.as_str())
            .push(", is_complete = ")
            .push_bind(is_complete);
    }
    update
        .push(" WHERE id = ")
        .push_bind(id)
        .push(" AND profile_id = ")
        .push_bind(profile_id);
    if update.build().execute(&mut *conn).await?.rows_affected() == 0 {
        return Err(StoreError::CoachSessionNotFound(id));
    }
    for message in &change.messages {
        sqlx::query(
            "INSERT INTO coach_messages (session_id, role, content, step, origin) \
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(message.role.as_str())
        .bind(&message.content)
        .bind(message.step.as_str())
        .bind(message.origin.map(ReplyOrigin::as_str))
        .execute(&mut *conn)
        .await?;
    }
    if change.messages.iter().any(|m| m.role == CoachRole::User) {
        // The message sent was the composer's text: its autosaved copy goes with it.
        sqlx::query("UPDATE coach_sessions SET unsent_message = '' WHERE id = ?")
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
