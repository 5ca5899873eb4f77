//! Coach sessions: each profile's Toulmin arguments, their drafts and conversations.
//! Every query is scoped by profile: another profile's session is "not found".

use crate::{Store, StoreError};
use lantern_core::coach::{
    CoachChange, CoachMessage, CoachRole, Language, ProposedUpdate, ToulminDraft, ToulminStep,
};

/// Longest argument title, in characters.
const MAX_TITLE_CHARS: usize = 120;

/// A coach session with its draft and conversation.
#[derive(Debug, Clone, PartialEq)]
pub struct CoachSession {
    /// Database id.
    pub id: i64,
    /// Title of the argument.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// The seven fields.
    pub draft: ToulminDraft,
    /// The proposal shown and not yet accepted or rejected.
    pub pending_proposal: Option<ProposedUpdate>,
    /// The conversation, oldest first.
    pub messages: Vec<CoachMessage>,
    /// Creation time, RFC 3339 UTC.
    pub created_at: String,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

/// A coach session as listed.
#[derive(Debug, Clone, PartialEq)]
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
    created_at: String,
    updated_at: String,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    role: String,
    content: String,
    step: String,
}

const SESSION_COLUMNS: &str = "id, title, language, current_step, is_complete, claim, grounds, \
     warrant, grounds_backing, warrant_backing, qualifier, rebuttal, pending_proposal, \
     created_at, updated_at";

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
            title: self.title,
            created_at: self.created_at,
            updated_at: self.updated_at,
        })
    }
}

/// SQL that marks a session as changed now.
const TOUCH: &str = "updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

impl Store {
    /// Starts an argument for `profile_id` with its `first` change (the opening
    /// question), in one transaction.
    pub async fn create_coach_session(
        &self,
        profile_id: i64,
        title: &str,
        language: Language,
        first: &CoachChange,
    ) -> Result<CoachSession, StoreError> {
        let title = clean_title(title)?;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO coach_sessions (profile_id, title, language) VALUES (?, ?, ?) RETURNING id",
        )
        .bind(profile_id)
        .bind(&title)
        .bind(language.code())
        .fetch_one(&mut *tx)
        .await?;
        apply_change(&mut tx, profile_id, id, first).await?;
        tx.commit().await?;
        self.coach_session(profile_id, id).await
    }

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

    /// One argument with its conversation.
    pub async fn coach_session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> Result<CoachSession, StoreError> {
        let row: SessionRow = sqlx::query_as(&format!(
            "SELECT {SESSION_COLUMNS} FROM coach_sessions WHERE id = ? AND profile_id = ?"
        ))
        .bind(id)
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::CoachSessionNotFound(id))?;
        let messages: Vec<MessageRow> = sqlx::query_as(
            "SELECT role, content, step FROM coach_messages WHERE session_id = ? ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let messages = messages
            .into_iter()
            .map(|m| {
                Ok(CoachMessage {
                    role: match m.role.as_str() {
                        "user" => CoachRole::User,
                        _ => CoachRole::Assistant,
                    },
                    content: m.content,
                    step: step(&m.step)?,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        row.into_session(messages)
    }

    /// Applies `change` to session `id` of `profile_id` in one transaction: the draft
    /// field, the pending proposal, the progress and the new messages are all written or
    /// none is. Another profile's session is not found.
    pub async fn apply_coach_change(
        &self,
        profile_id: i64,
        id: i64,
        change: &CoachChange,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        apply_change(&mut tx, profile_id, id, change).await?;
        tx.commit().await?;
        Ok(())
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

    /// The student's messages so far in `step` of the session, oldest first.
    pub async fn coach_user_messages_in_step(
        &self,
        profile_id: i64,
        id: i64,
        step: ToulminStep,
    ) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT m.content FROM coach_messages m JOIN coach_sessions s ON s.id = m.session_id \
             WHERE s.id = ? AND s.profile_id = ? AND m.role = 'user' AND m.step = ? ORDER BY m.id",
        )
        .bind(id)
        .bind(profile_id)
        .bind(step.as_str())
        .fetch_all(&self.pool)
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
            "INSERT INTO coach_messages (session_id, role, content, step) VALUES (?, ?, ?, ?)",
        )
        .bind(id)
        .bind(message.role.as_str())
        .bind(&message.content)
        .bind(message.step.as_str())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
