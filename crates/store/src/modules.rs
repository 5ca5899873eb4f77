//! Guided modules in SQLite: the catalog of imported module packs (saved with their
//! published index generation in one transaction), one session per profile and module
//! with the progress the app computed, and the conversation with each reply as
//! RESPONSE_SCHEMA JSON.

use crate::{Store, StoreError};
use lantern_core::language::Language;
use lantern_core::llm::BoxFuture;
use lantern_core::Coded;
use lantern_modules::{ModelRead, ModuleError, ModuleProgress, ModuleReply};
use lantern_packs::course::CatalogError;
use lantern_packs::module::{module_owner, ModuleCatalog, ModuleManifest};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A store failure as a module error.
pub(crate) fn storage(e: impl Into<StoreError>) -> ModuleError {
    let e = e.into();
    ModuleError::Storage(e.code(), e.to_string())
}

/// A stored value that does not read back.
pub(crate) fn corrupt(e: impl std::fmt::Display) -> ModuleError {
    storage(StoreError::Corrupt(e.to_string()))
}

/// A module in the library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleListing {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Language of the material.
    pub language: String,
    /// Its description.
    pub description: String,
    /// Sections.
    pub sections: usize,
    /// Topics.
    pub topics: usize,
    /// The index generation whose media folder holds its files.
    pub generation: String,
}

/// A module session as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleSessionRow {
    /// Its id.
    pub id: i64,
    /// The module's id.
    pub module_id: String,
    /// The conversation's language.
    pub language: Language,
    /// The app's progress.
    pub progress: ModuleProgress,
    /// Forms sent.
    pub forms_sent: Vec<String>,
}

/// One message of a module conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleMessage {
    /// Its id.
    pub id: i64,
    /// `student` or `module`.
    pub role: String,
    /// The student's words (a form: its answers in words); a reply's first block.
    pub text: String,
    /// A submitted form's answers as JSON.
    pub form: Option<serde_json::Value>,
    /// A reply.
    pub reply: Option<ModuleReply>,
    /// Who wrote a reply's words: `code`, `model`, `offline`, `afterModelFailure`,
    /// `afterBrokenReply`.
    pub origin: Option<String>,
    /// How the model's text read (`schema`, `legacyForm`, `salvaged`, `markdown`), when
    /// the model returned text.
    pub read_as: Option<String>,
    /// How many elements the schema checks repaired in the model's reply.
    pub repairs: i64,
}

#[derive(sqlx::FromRow)]
struct MessageRow {
    id: i64,
    role: String,
    text: String,
    form: Option<String>,
    reply: Option<String>,
    origin: Option<String>,
    read_as: Option<String>,
    repairs: i64,
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: i64,
    module_id: String,
    language: String,
    progress: String,
    forms_sent: String,
}

fn session_row(row: SessionRow) -> Result<ModuleSessionRow, ModuleError> {
    Ok(ModuleSessionRow {
        id: row.id,
        module_id: row.module_id,
        language: Language::from_code(&row.language).unwrap_or_default(),
        progress: serde_json::from_str(&row.progress).map_err(corrupt)?,
        forms_sent: serde_json::from_str(&row.forms_sent).map_err(corrupt)?,
    })
}

/// The words a reply stands for in a list or the model's history: its first paragraph-like block.
pub fn reply_summary(reply: &ModuleReply) -> String {
    reply
        .content
        .text_blocks
        .iter()
        .find(|b| b.kind != lantern_packs::module::contract::BlockType::Heading)
        .or_else(|| reply.content.text_blocks.first())
        .map(|b| b.content.clone())
        .unwrap_or_default()
}

impl Store {
    /// Saves `module` (replacing an earlier import) and publishes `generation` as its
    /// index generation, in one transaction.
    pub async fn replace_module(
        &self,
        module: &ModuleManifest,
        generation: &str,
    ) -> Result<(), StoreError> {
        let manifest =
            serde_json::to_string(module).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO modules (id, title, language, manifest, generation) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (id) DO UPDATE SET title = excluded.title, language = excluded.language, \
             manifest = excluded.manifest, generation = excluded.generation, \
             imported_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(&module.id)
        .bind(&module.title)
        .bind(&module.language)
        .bind(manifest)
        .bind(generation)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO index_generations (source, generation) VALUES (?, ?) \
             ON CONFLICT (source) DO UPDATE SET generation = excluded.generation",
        )
        .bind(module_owner(&module.id))
        .bind(generation)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every imported module, by title.
    pub async fn list_modules(&self) -> Result<Vec<ModuleListing>, ModuleError> {
        let rows: Vec<(String, String)> =
            sqlx::query_as("SELECT manifest, generation FROM modules ORDER BY title, id")
                .fetch_all(&self.pool)
                .await
                .map_err(storage)?;
        rows.into_iter()
            .map(|(manifest, generation)| {
                let m: ModuleManifest = serde_json::from_str(&manifest).map_err(corrupt)?;
                Ok(ModuleListing {
                    sections: m.sections().len(),
                    topics: m.topics().count(),
                    id: m.id,
                    title: m.title,
                    language: m.language,
                    description: m.description,
                    generation,
                })
            })
            .collect()
    }

    /// The module with `id` and its media generation.
    pub async fn module(&self, id: &str) -> Result<(ModuleManifest, String), ModuleError> {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT manifest, generation FROM modules WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?;
        let (manifest, generation) = row.ok_or_else(|| ModuleError::NotFound(id.to_string()))?;
        Ok((
            serde_json::from_str(&manifest).map_err(corrupt)?,
            generation,
        ))
    }

    /// The profile's session `id` (another profile's is not found).
    pub async fn module_session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> Result<ModuleSessionRow, ModuleError> {
        let row: Option<SessionRow> = sqlx::query_as(
            "SELECT id, module_id, language, progress, forms_sent FROM module_sessions \
             WHERE id = ? AND profile_id = ?",
        )
        .bind(id)
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        session_row(row.ok_or(ModuleError::SessionNotFound(id))?)
    }

    /// The profile's session of `module_id`, if it has one.
    pub async fn module_session_of(
        &self,
        profile_id: i64,
        module_id: &str,
    ) -> Result<Option<ModuleSessionRow>, ModuleError> {
        let row: Option<SessionRow> = sqlx::query_as(
            "SELECT id, module_id, language, progress, forms_sent FROM module_sessions \
             WHERE profile_id = ? AND module_id = ?",
        )
        .bind(profile_id)
        .bind(module_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        row.map(session_row).transpose()
    }

    /// Creates the profile's session of `module_id` with its opening reply, replacing an
    /// earlier one (starting over), in one transaction.
    pub async fn create_module_session(
        &self,
        profile_id: i64,
        module_id: &str,
        language: Language,
        progress: &ModuleProgress,
        opening: &ModuleReply,
    ) -> Result<i64, ModuleError> {
        let mut tx = self.pool.begin().await.map_err(storage)?;
        sqlx::query("DELETE FROM module_sessions WHERE profile_id = ? AND module_id = ?")
            .bind(profile_id)
            .bind(module_id)
            .execute(&mut *tx)
            .await
            .map_err(storage)?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO module_sessions (profile_id, module_id, language, progress) VALUES (?, ?, ?, ?) RETURNING id",
        )
        .bind(profile_id)
        .bind(module_id)
        .bind(language.code())
        .bind(serde_json::to_string(progress).map_err(corrupt)?)
        .fetch_one(&mut *tx)
        .await
        .map_err(storage)?;
        insert_reply(&mut tx, id, opening, "code", None).await?;
        tx.commit().await.map_err(storage)?;
        Ok(id)
    }

    /// The session's messages, oldest first.
    pub async fn module_messages(
        &self,
        session_id: i64,
    ) -> Result<Vec<ModuleMessage>, ModuleError> {
        let rows: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, role, text, form, reply, origin, read_as, repairs FROM module_messages \
             WHERE session_id = ? ORDER BY id",
        )
        .bind(session_id)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.into_iter()
            .map(|r| {
                Ok(ModuleMessage {
                    id: r.id,
                    role: r.role,
                    text: r.text,
                    form: r
                        .form
                        .map(|f| serde_json::from_str(&f))
                        .transpose()
                        .map_err(corrupt)?,
                    reply: r
                        .reply
                        .map(|f| serde_json::from_str(&f))
                        .transpose()
                        .map_err(corrupt)?,
                    origin: r.origin,
                    read_as: r.read_as,
                    repairs: r.repairs,
                })
            })
            .collect()
    }

    /// Saves the student's turn with the progress it made (milestones are saved with the
    /// reply that celebrates them), in one transaction. Returns the message id.
    pub async fn save_module_student_turn(
        &self,
        session_id: i64,
        text: &str,
        form: Option<&serde_json::Value>,
        progress: &ModuleProgress,
        forms_sent: &[String],
    ) -> Result<i64, ModuleError> {
        let mut tx = self.pool.begin().await.map_err(storage)?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO module_messages (session_id, role, text, form) VALUES (?, 'student', ?, ?) RETURNING id",
        )
        .bind(session_id)
        .bind(text)
        .bind(form.map(serde_json::Value::to_string))
        .fetch_one(&mut *tx)
        .await
        .map_err(storage)?;
        update_session(&mut tx, session_id, progress, forms_sent).await?;
        tx.commit().await.map_err(storage)?;
        Ok(id)
    }

    /// Saves a reply with the session's progress (milestones included), in one
    /// transaction. Returns the message id.
    pub async fn save_module_reply(
        &self,
        session_id: i64,
        reply: &ModuleReply,
        origin: &str,
        model_read: Option<&ModelRead>,
        progress: &ModuleProgress,
        forms_sent: &[String],
    ) -> Result<i64, ModuleError> {
        let mut tx = self.pool.begin().await.map_err(storage)?;
        let id = insert_reply(&mut tx, session_id, reply, origin, model_read).await?;
        update_session(&mut tx, session_id, progress, forms_sent).await?;
        tx.commit().await.map_err(storage)?;
        Ok(id)
    }
}

async fn insert_reply(
    conn: &mut SqliteConnection,
    session_id: i64,
    reply: &ModuleReply,
    origin: &str,
    model_read: Option<&ModelRead>,
) -> Result<i64, ModuleError> {
    let repairs = model_read.map_or(0, |r| r.repairs.len());
    sqlx::query_scalar(
        "INSERT INTO module_messages (session_id, role, text, reply, origin, read_as, repairs) \
         VALUES (?, 'module', ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(session_id)
    .bind(reply_summary(reply))
    .bind(serde_json::to_string(reply).map_err(corrupt)?)
    .bind(origin)
    .bind(model_read.map(|r| r.read_as.as_str()))
    .bind(i64::try_from(repairs).unwrap_or(i64::MAX))
    .fetch_one(conn)
    .await
    .map_err(storage)
}

async fn update_session(
    conn: &mut SqliteConnection,
    session_id: i64,
    progress: &ModuleProgress,
    forms_sent: &[String],
) -> Result<(), ModuleError> {
    sqlx::query(
        "UPDATE module_sessions SET progress = ?, forms_sent = ?, \
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
    )
    .bind(serde_json::to_string(progress).map_err(corrupt)?)
    .bind(serde_json::to_string(forms_sent).map_err(corrupt)?)
    .bind(session_id)
    .execute(conn)
    .await
    .map_err(storage)?;
    Ok(())
}

impl ModuleCatalog for Store {
    fn replace_module<'a>(
        &'a self,
        module: &'a ModuleManifest,
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>> {
        Box::pin(async move {
            Store::replace_module(self, module, generation)
                .await
                .map_err(|e| CatalogError(e.to_string()))
        })
    }
}
