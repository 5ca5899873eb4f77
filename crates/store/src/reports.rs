//! Reports: projects per profile, reports in a project, the versions of each report
//! (its tree as JSON), its conversation, and the changes proposed for review — and the
//! report editor's repository ([`ReportsRepository`]) over them. Every query is scoped
//! by profile: another profile's report is "not found".

use crate::{Store, StoreError};
use lantern_core::llm::BoxFuture;
use lantern_core::turn::ReplyOrigin;
use lantern_reports::app::{
    Decide, NewVersion, ReplyToSave, ReportState, ReportsRepository, UntoldRejection, VersionRow,
    VersionTree,
};
use lantern_reports::{
    ChangeAuthor, ChangeStatus, ChatLine, Report, ReportChange, ReportError, ReportOp,
};
use serde::Serialize;
use sqlx::{Sqlite, SqliteConnection, Transaction};

/// How a read-then-write transaction begins: taking the write lock first, so what it
/// read cannot change before it writes (two windows, or the app and the CLI, at once).
const WRITE: &str = "BEGIN IMMEDIATE";
/// Longest project name, in characters.
const MAX_PROJECT_NAME_CHARS: usize = 80;

/// A project as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProjectSummary {
    /// Database id.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// A report as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportSummary {
    /// Database id.
    pub id: i64,
    /// Its project.
    pub project_id: i64,
    /// The title of its current version.
    pub title: String,
    /// The file it was imported from.
    pub source_name: String,
    /// The current version.
    pub version: i64,
    /// Changes waiting for review.
    pub pending: i64,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

/// One message of a report's conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportMessage {
    /// Database id.
    pub id: i64,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: who wrote it.
    pub origin: Option<ReplyOrigin>,
    /// When, RFC 3339 UTC.
    pub created_at: String,
}

/// A version as listed in the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionSummary {
    /// The version number, from 1.
    pub version: i64,
    /// What made it: `import`, `accept`, `edit`, `undo`, `restore`.
    pub cause: String,
    /// What changed, in words.
    pub summary: String,
    /// When, RFC 3339 UTC.
    pub created_at: String,
}

fn corrupt(what: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(what.to_string())
}

/// A tree as stored.
fn tree_json(report: &Report) -> Result<String, StoreError> {
    serde_json::to_string(report).map_err(corrupt)
}

fn parse_tree(json: &str) -> Result<Report, StoreError> {
    serde_json::from_str(json).map_err(corrupt)
}

/// The report's last version and waiting changes, read on `conn` (inside the caller's
/// transaction when it has one, so what it decides on cannot change underneath).
async fn load_state(
    conn: &mut SqliteConnection,
    profile_id: i64,
    report_id: i64,
) -> Result<ReportState, StoreError> {
    let row: Option<(i64, i64, String)> = sqlx::query_as(
        "SELECT r.project_id, v.version, v.tree FROM reports r \
         JOIN report_versions v ON v.report_id = r.id \
         WHERE r.profile_id = ? AND r.id = ? ORDER BY v.version DESC LIMIT 1",
    )
    .bind(profile_id)
    .bind(report_id)
    .fetch_optional(&mut *conn)
    .await?;
    let (project_id, version, tree) = row.ok_or(ReportError::NotFound(report_id))?;
    Ok(ReportState {
        id: report_id,
        project_id,
        version,
        base: parse_tree(&tree)?,
        pending: load_changes(conn, report_id, Some(ChangeStatus::Pending)).await?,
    })
}

/// The report's changes with `status` (all when `None`), read on `conn`.
async fn load_changes(
    conn: &mut SqliteConnection,
    report_id: i64,
    status: Option<ChangeStatus>,
) -> Result<Vec<ReportChange>, StoreError> {
    let rows: Vec<(i64, String, String, String, String)> = sqlx::query_as(
        "SELECT id, op, reason, author, status FROM report_changes \
         WHERE report_id = ? AND (? IS NULL OR status = ?) ORDER BY id",
    )
    .bind(report_id)
    .bind(status.map(ChangeStatus::as_str))
    .bind(status.map(ChangeStatus::as_str))
    .fetch_all(&mut *conn)
    .await?;
    rows.into_iter()
        .map(|(id, op, reason, author, status)| {
            Ok(ReportChange {
                id,
                op: serde_json::from_str::<ReportOp>(&op).map_err(corrupt)?,
                reason,
                author: ChangeAuthor::parse(&author).ok_or_else(|| corrupt(&author))?,
                status: ChangeStatus::parse(&status).ok_or_else(|| corrupt(&status))?,
            })
        })
        .collect()
}

/// The tree of one version, read on `conn`.
async fn load_version(
    conn: &mut SqliteConnection,
    report_id: i64,
    version: i64,
) -> Result<Report, StoreError> {
    let tree: Option<String> =
        sqlx::query_scalar("SELECT tree FROM report_versions WHERE report_id = ? AND version = ?")
            .bind(report_id)
            .bind(version)
            .fetch_optional(&mut *conn)
            .await?;
    parse_tree(&tree.ok_or(ReportError::VersionNotFound(version))?)
}

/// A project name trimmed, or why it cannot be one.
fn clean_project_name(name: &str) -> Result<String, StoreError> {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() || name.chars().count() > MAX_PROJECT_NAME_CHARS {
        return Err(ReportError::ArgumentsInvalid(format!(
            "a project name needs 1 to {MAX_PROJECT_NAME_CHARS} characters"
        ))
        .into());
    }
    Ok(name)
}

/// Saves `report` as the next version of `report_id` inside `tx`; its number.
async fn save_version(
    tx: &mut Transaction<'_, Sqlite>,
    report_id: i64,
    report: &Report,
    cause: &str,
    summary: &str,
    undoes: Option<i64>,
) -> Result<i64, StoreError> {
    let version: i64 = sqlx::query_scalar(
        "INSERT INTO report_versions (report_id, version, tree, cause, summary, undoes) \
         SELECT ?, COALESCE(MAX(version), 0) + 1, ?, ?, ?, ? FROM report_versions WHERE report_id = ? \
         RETURNING version",
    )
    .bind(report_id)
    .bind(tree_json(report)?)
    .bind(cause)
    .bind(summary)
    .bind(undoes)
    .bind(report_id)
    .fetch_one(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE reports SET title = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
    )
    .bind(&report.title)
    .bind(report_id)
    .execute(&mut **tx)
    .await?;
    Ok(version)
}

impl Store {
    /// Creates a project for the profile (a taken name gives the existing project).
    pub async fn create_project(
        &self,
        profile_id: i64,
        name: &str,
    ) -> Result<ProjectSummary, StoreError> {
        let name = clean_project_name(name)?;
        sqlx::query("INSERT OR IGNORE INTO projects (profile_id, name) VALUES (?, ?)")
            .bind(profile_id)
            .bind(&name)
            .execute(&self.pool)
            .await?;
        let id: i64 =
            sqlx::query_scalar("SELECT id FROM projects WHERE profile_id = ? AND name = ?")
                .bind(profile_id)
                .bind(&name)
                .fetch_one(&self.pool)
                .await?;
        Ok(ProjectSummary { id, name })
    }

    /// The profile's projects, by name.
    pub async fn list_projects(&self, profile_id: i64) -> Result<Vec<ProjectSummary>, StoreError> {
        let rows: Vec<(i64, String)> =
            sqlx::query_as("SELECT id, name FROM projects WHERE profile_id = ? ORDER BY name, id")
                .bind(profile_id)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| ProjectSummary { id, name })
            .collect())
    }

    /// The profile's project `project_id`.
    pub async fn project(
        &self,
        profile_id: i64,
        project_id: i64,
    ) -> Result<ProjectSummary, StoreError> {
        let row: Option<(i64, String)> =
            sqlx::query_as("SELECT id, name FROM projects WHERE profile_id = ? AND id = ?")
                .bind(profile_id)
                .bind(project_id)
                .fetch_optional(&self.pool)
                .await?;
        row.map(|(id, name)| ProjectSummary { id, name })
            .ok_or_else(|| ReportError::ProjectNotFound(project_id).into())
    }

    /// Saves an imported report as version 1 in `project_id`, in one transaction.
    pub async fn create_report(
        &self,
        profile_id: i64,
        project_id: i64,
        source_name: &str,
        report: &Report,
    ) -> Result<ReportSummary, StoreError> {
        self.project(profile_id, project_id).await?;
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO reports (profile_id, project_id, title, source_name) VALUES (?, ?, ?, ?) RETURNING id",
        )
        .bind(profile_id)
        .bind(project_id)
        .bind(&report.title)
        .bind(source_name)
        .fetch_one(&mut *tx)
        .await?;
        save_version(&mut tx, id, report, "import", source_name, None).await?;
        tx.commit().await?;
        self.report_summary(profile_id, id).await
    }

    /// The profile's reports, most recently changed first.
    pub async fn list_reports(&self, profile_id: i64) -> Result<Vec<ReportSummary>, StoreError> {
        let rows: Vec<(i64, i64, String, String, i64, i64, String)> = sqlx::query_as(
            "SELECT r.id, r.project_id, r.title, r.source_name, \
                    (SELECT MAX(version) FROM report_versions v WHERE v.report_id = r.id), \
                    (SELECT COUNT(*) FROM report_changes c WHERE c.report_id = r.id AND c.status = 'pending'), \
                    r.updated_at \
             FROM reports r WHERE r.profile_id = ? ORDER BY r.updated_at DESC, r.id DESC",
        )
        .bind(profile_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, project_id, title, source_name, version, pending, updated_at)| {
                    ReportSummary {
                        id,
                        project_id,
                        title,
                        source_name,
                        version,
                        pending,
                        updated_at,
                    }
                },
            )
            .collect())
    }

    /// One report as listed.
    pub async fn report_summary(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> Result<ReportSummary, StoreError> {
        self.list_reports(profile_id)
            .await?
            .into_iter()
            .find(|r| r.id == report_id)
            .ok_or_else(|| ReportError::NotFound(report_id).into())
    }

    /// Deletes a report with its versions, conversation and changes.
    pub async fn delete_report(&self, profile_id: i64, report_id: i64) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM reports WHERE profile_id = ? AND id = ?")
            .bind(profile_id)
            .bind(report_id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(ReportError::NotFound(report_id).into());
        }
        Ok(())
    }

    /// The report's last version and the changes waiting on it.
    pub async fn report_state(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> Result<ReportState, StoreError> {
        let mut conn = self.pool.acquire().await?;
        load_state(&mut conn, profile_id, report_id).await
    }

    /// The report's changes with `status` (all when `None`), in the order proposed.
    pub async fn report_changes(
        &self,
        report_id: i64,
        status: Option<ChangeStatus>,
    ) -> Result<Vec<ReportChange>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        load_changes(&mut conn, report_id, status).await
    }

    /// Saves the changes of one tool call for review, in one transaction; their ids.
    async fn record_report_changes(
        &self,
        report_id: i64,
        message_id: Option<i64>,
        ops: &[ReportOp],
        reason: &str,
        author: ChangeAuthor,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut ids = Vec::with_capacity(ops.len());
        for op in ops {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO report_changes (report_id, message_id, op, reason, author) \
                 VALUES (?, ?, ?, ?, ?) RETURNING id",
            )
            .bind(report_id)
            .bind(message_id)
            .bind(serde_json::to_string(op).map_err(corrupt)?)
            .bind(reason)
            .bind(author.as_str())
            .fetch_one(&mut *tx)
            .await?;
            ids.push(id);
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The report's conversation, oldest first.
    pub async fn report_messages(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> Result<Vec<ReportMessage>, StoreError> {
        self.report_summary(profile_id, report_id).await?;
        let rows: Vec<(i64, String, String, Option<String>, String)> = sqlx::query_as(
            "SELECT id, role, text, origin, created_at FROM report_messages WHERE report_id = ? ORDER BY id",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(id, role, text, origin, created_at)| {
                Ok(ReportMessage {
                    id,
                    from_student: role == "student",
                    text,
                    origin: origin.as_deref().map(parse_origin).transpose()?,
                    created_at,
                })
            })
            .collect()
    }

    /// The report's versions, newest first.
    pub async fn report_versions(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> Result<Vec<VersionSummary>, StoreError> {
        self.report_summary(profile_id, report_id).await?;
        let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
            "SELECT version, cause, summary, created_at FROM report_versions WHERE report_id = ? ORDER BY version DESC",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(version, cause, summary, created_at)| VersionSummary {
                version,
                cause,
                summary,
                created_at,
            })
            .collect())
    }

    /// The tree of one version.
    pub async fn report_version(
        &self,
        profile_id: i64,
        report_id: i64,
        version: i64,
    ) -> Result<Report, StoreError> {
        self.report_summary(profile_id, report_id).await?;
        let mut conn = self.pool.acquire().await?;
        load_version(&mut conn, report_id, version).await
    }
}

/// An origin as stored.
fn parse_origin(name: &str) -> Result<ReplyOrigin, StoreError> {
    ReplyOrigin::parse(name).ok_or_else(|| corrupt(name))
}

/// The report's versions, newest first, read on `conn`.
async fn load_versions(
    conn: &mut SqliteConnection,
    report_id: i64,
) -> Result<Vec<VersionRow>, StoreError> {
    let rows: Vec<(i64, String, String, Option<i64>)> = sqlx::query_as(
        "SELECT version, cause, summary, undoes FROM report_versions WHERE report_id = ? ORDER BY version DESC",
    )
    .bind(report_id)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(version, cause, summary, undoes)| VersionRow {
            version,
            cause,
            summary,
            undoes,
        })
        .collect())
}

/// Saves `version` inside `tx`; its number.
async fn write_version(
    tx: &mut Transaction<'_, Sqlite>,
    report_id: i64,
    version: NewVersion,
) -> Result<i64, StoreError> {
    let tree = match version.tree {
        VersionTree::Tree(tree) => tree,
        VersionTree::CopyOf(number) => load_version(tx, report_id, number).await?,
    };
    let NewVersion {
        cause,
        summary,
        undoes,
        ..
    } = version;
    save_version(tx, report_id, &tree, cause, &summary, undoes).await
}

impl Store {
    /// Reads the report inside one write transaction, writes what `decide` says.
    async fn write_report<T>(
        &self,
        profile_id: i64,
        report_id: i64,
        decide: Decide<'_, T>,
    ) -> Result<T, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let state = load_state(&mut tx, profile_id, report_id).await?;
        let versions = load_versions(&mut tx, report_id).await?;
        let (write, answer) = decide(&state, &versions)?;
        if let Some(version) = write.version {
            let number = write_version(&mut tx, report_id, version).await?;
            for id in &write.accepted {
                sqlx::query(
                    "UPDATE report_changes SET status = 'accepted', accepted_in = ?, \
                     decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
                )
                .bind(number)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
        }
        for id in &write.rejected {
            sqlx::query(
                "UPDATE report_changes SET status = 'rejected', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
                 WHERE id = ? AND status = 'pending'",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(answer)
    }

    /// Saves a student's request and marks the rejections `told`, in one transaction.
    async fn save_report_request(
        &self,
        report_id: i64,
        text: &str,
        told: &[i64],
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO report_messages (report_id, role, text) VALUES (?, 'student', ?) RETURNING id",
        )
        .bind(report_id)
        .bind(text)
        .fetch_one(&mut *tx)
        .await?;
        for change in told {
            sqlx::query("UPDATE report_changes SET told = 1 WHERE id = ?")
                .bind(change)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Saves a reply and touches the report, in one transaction; its id and stored origin.
    async fn save_report_reply(
        &self,
        report_id: i64,
        reply: &ReplyToSave<'_>,
    ) -> Result<(i64, ReplyOrigin), StoreError> {
        let mut tx = self.pool.begin().await?;
        let (id, origin): (i64, String) = sqlx::query_as(
            "INSERT INTO report_messages (report_id, role, text, origin, turn_end, failure) \
             VALUES (?, 'assistant', ?, ?, ?, ?) RETURNING id, origin",
        )
        .bind(report_id)
        .bind(reply.text)
        .bind(reply.origin.as_str())
        .bind(reply.end.as_str())
        .bind(reply.failure)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE reports SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
        )
        .bind(report_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok((id, parse_origin(&origin)?))
    }

    /// Rejected changes not yet told to the model.
    async fn untold_report_rejections(
        &self,
        report_id: i64,
    ) -> Result<Vec<UntoldRejection>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT id, op FROM report_changes WHERE report_id = ? AND status = 'rejected' AND told = 0 ORDER BY id",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(id, op)| {
                let op = serde_json::from_str(&op).map_err(corrupt)?;
                Ok(UntoldRejection { id, op })
            })
            .collect()
    }

    /// The report's conversation, oldest first (before message `before` when given).
    async fn report_chat(
        &self,
        report_id: i64,
        before: Option<i64>,
    ) -> Result<Vec<ChatLine>, StoreError> {
        let rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT role, text FROM report_messages WHERE report_id = ? AND (? IS NULL OR id < ?) ORDER BY id",
        )
        .bind(report_id)
        .bind(before)
        .bind(before)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(role, text)| ChatLine {
                from_student: role == "student",
                text,
            })
            .collect())
    }
}

impl ReportsRepository for Store {
    type Error = StoreError;

    fn report_state(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> BoxFuture<'_, Result<ReportState, StoreError>> {
        Box::pin(Store::report_state(self, profile_id, report_id))
    }

    fn write_decided<'a, T: Send + 'a>(
        &'a self,
        profile_id: i64,
        report_id: i64,
        decide: Decide<'a, T>,
    ) -> BoxFuture<'a, Result<T, StoreError>> {
        Box::pin(self.write_report(profile_id, report_id, decide))
    }

    fn untold_rejections(
        &self,
        report_id: i64,
    ) -> BoxFuture<'_, Result<Vec<UntoldRejection>, StoreError>> {
        Box::pin(self.untold_report_rejections(report_id))
    }

    fn save_request<'a>(
        &'a self,
        report_id: i64,
        text: &'a str,
        told: &'a [i64],
    ) -> BoxFuture<'a, Result<i64, StoreError>> {
        Box::pin(self.save_report_request(report_id, text, told))
    }

    fn delete_message(&self, message_id: i64) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            sqlx::query("DELETE FROM report_messages WHERE id = ?")
                .bind(message_id)
                .execute(&self.pool)
                .await?;
            Ok(())
        })
    }

    fn save_reply<'a>(
        &'a self,
        report_id: i64,
        reply: &'a ReplyToSave<'a>,
    ) -> BoxFuture<'a, Result<(i64, ReplyOrigin), StoreError>> {
        Box::pin(self.save_report_reply(report_id, reply))
    }

    fn chat_history(
        &self,
        report_id: i64,
        before: Option<i64>,
    ) -> BoxFuture<'_, Result<Vec<ChatLine>, StoreError>> {
        Box::pin(self.report_chat(report_id, before))
    }

    fn has_spec_files(&self, project_id: i64) -> BoxFuture<'_, Result<bool, StoreError>> {
        Box::pin(async move {
            let count: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM project_spec_files WHERE project_id = ?")
                    .bind(project_id)
                    .fetch_one(&self.pool)
                    .await?;
            Ok(count > 0)
        })
    }

    fn record_changes<'a>(
        &'a self,
        report_id: i64,
        message_id: Option<i64>,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, StoreError>> {
        Box::pin(self.record_report_changes(report_id, message_id, ops, reason, author))
    }
}
