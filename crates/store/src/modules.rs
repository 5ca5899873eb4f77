//! Guided modules in SQLite: the catalog of imported module packs (saved with their
//! published index generation in one transaction), and the modules' repository — one
//! session per profile and module with the progress the app computed, and the
//! conversation with each reply as RESPONSE_SCHEMA JSON and who wrote it. Only SQL: the
//! operations live in `lantern_modules::app`.

use crate::{Store, StoreError};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, ChatMessage, ChatRole};
use lantern_core::turn::ReplyOrigin;
use lantern_core::Coded;
use lantern_modules::app::{
    reply_summary, ModuleMessage, ModuleRepository, ModuleSessionRow, NewReply,
};
use lantern_modules::{ModuleError, ModuleProgress, ModuleReply};
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
}

impl ModuleRepository for Store {
    type Error = ModuleError;

    fn module<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<(ModuleManifest, String), ModuleError>> {
        Box::pin(Store::module(self, id))
    }

    fn session(
        &self,
        profile_id: i64,
        id: i64,
    ) -> BoxFuture<'_, Result<ModuleSessionRow, ModuleError>> {
        Box::pin(self.module_session(profile_id, id))
    }

    fn session_of<'a>(
        &'a self,
        profile_id: i64,
        module_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<ModuleSessionRow>, ModuleError>> {
        Box::pin(async move {
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
        })
    }

    fn create_session<'a>(
        &'a self,
        profile_id: i64,
        module_id: &'a str,
        language: Language,
        progress: &'a ModuleProgress,
        opening: NewReply<'a>,
    ) -> BoxFuture<'a, Result<i64, ModuleError>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await.map_err(storage)?;
            sqlx::query("DELETE FROM module_sessions WHERE profile_id = ? AND module_id = ?")
                .bind(profile_id)
                .bind(module_id)
                .execute(&mut *tx)
                .await
                .map_err(storage)?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO module_sessions (profile_id, module_id, language, progress) \
                 VALUES (?, ?, ?, ?) RETURNING id",
            )
            .bind(profile_id)
            .bind(module_id)
            .bind(language.code())
            .bind(serde_json::to_string(progress).map_err(corrupt)?)
            .fetch_one(&mut *tx)
            .await
            .map_err(storage)?;
            insert_reply(&mut tx, id, opening).await?;
            tx.commit().await.map_err(storage)?;
            Ok(id)
        })
    }

    fn messages(&self, session_id: i64) -> BoxFuture<'_, Result<Vec<ModuleMessage>, ModuleError>> {
        Box::pin(async move {
            let rows: Vec<MessageRow> = sqlx::query_as(
                "SELECT id, role, text, form, reply, origin, read_as, repairs FROM module_messages \
                 WHERE session_id = ? ORDER BY id",
            )
            .bind(session_id)
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            rows.into_iter().map(message).collect()
        })
    }

    fn recent_replies(
        &self,
        session_id: i64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<ModuleReply>, ModuleError>> {
        Box::pin(async move {
            let replies: Vec<String> = sqlx::query_scalar(
                "SELECT reply FROM module_messages WHERE session_id = ? AND reply IS NOT NULL \
                 ORDER BY id DESC LIMIT ?",
            )
            .bind(session_id)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            Ok(replies
                .iter()
                .filter_map(|r| serde_json::from_str::<ModuleReply>(r).ok())
                .collect())
        })
    }

    fn history(
        &self,
        session_id: i64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<ChatMessage>, ModuleError>> {
        Box::pin(async move {
            let mut rows: Vec<(String, String)> = sqlx::query_as(
                "SELECT role, text FROM module_messages WHERE session_id = ? \
                 ORDER BY id DESC LIMIT ?",
            )
            .bind(session_id)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(&self.pool)
            .await
            .map_err(storage)?;
            rows.reverse();
            Ok(rows
                .into_iter()
                .map(|(role, content)| ChatMessage {
                    role: if role == "student" {
                        ChatRole::User
                    } else {
                        ChatRole::Assistant
                    },
                    content,
                })
                .collect())
        })
    }

    fn save_student_turn<'a>(
        &'a self,
        session_id: i64,
        text: &'a str,
        form: Option<&'a serde_json::Value>,
        progress: &'a ModuleProgress,
        forms_sent: &'a [String],
    ) -> BoxFuture<'a, Result<i64, ModuleError>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await.map_err(storage)?;
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO module_messages (session_id, role, text, form) \
                 VALUES (?, 'student', ?, ?) RETURNING id",
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
        })
    }

    fn save_reply<'a>(
        &'a self,
        session_id: i64,
        reply: NewReply<'a>,
        progress: &'a ModuleProgress,
        forms_sent: &'a [String],
    ) -> BoxFuture<'a, Result<i64, ModuleError>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await.map_err(storage)?;
            let id = insert_reply(&mut tx, session_id, reply).await?;
            update_session(&mut tx, session_id, progress, forms_sent).await?;
            tx.commit().await.map_err(storage)?;
            Ok(id)
        })
    }
}

/// A saved message as read back: JSON columns parsed, the origin as a [`ReplyOrigin`].
fn message(r: MessageRow) -> Result<ModuleMessage, ModuleError> {
    let origin = r
        .origin
        .map(|o| ReplyOrigin::parse(&o).ok_or_else(|| corrupt(format!("origin {o:?}"))))
        .transpose()?;
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
        origin,
        read_as: r.read_as,
        repairs: r.repairs,
    })
}

async fn insert_reply(
    conn: &mut SqliteConnection,
    session_id: i64,
    new: NewReply<'_>,
) -> Result<i64, ModuleError> {
    let repairs = new.model_read.map_or(0, |r| r.repairs.len());
    sqlx::query_scalar(
        "INSERT INTO module_messages (session_id, role, text, reply, origin, read_as, repairs) \
         VALUES (?, 'module', ?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(session_id)
    .bind(reply_summary(new.reply))
    .bind(serde_json::to_string(new.reply).map_err(corrupt)?)
    .bind(new.origin.as_str())
    .bind(new.model_read.map(|r| r.read_as.as_str()))
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
