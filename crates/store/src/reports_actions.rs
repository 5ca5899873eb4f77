//! The report's actions, shared by the app, the CLI and the evals: a chat turn (its
//! changes saved for review as they happen), accepting and rejecting changes (one new
//! version), undo, restoring a version, editing a section by hand, and one tool call
//! applied directly.

use crate::reports::{load_state, load_version, save_version, ReportState};
use crate::{Store, StoreError};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, Llm};
use lantern_core::retrieval::{search_chunks, Collection, Filter, Retriever};
use lantern_core::Coded;
use lantern_reports::confirm::{apply_described, describe_op, undone_words, withdrawn_words};
use lantern_reports::review::accept_changes;
use lantern_reports::tools::{
    report_context, report_tools, validate_call, ContextRequest, ReportAction, ToolChoice,
};
use lantern_reports::{
    apply_op, project_owner, run_report_turn, ChangeAuthor, ChatLine, Report, ReportError,
    ReportOp, ReportPorts, ReportProgress, ReportTurnInput, ReportTurnOutcome, SpecPassage,
};

/// How a read-then-write action begins: taking the write lock first, so what it read
/// cannot change before it writes (two windows, or the app and the CLI, at once).
const WRITE: &str = "BEGIN IMMEDIATE";

/// Specification passages a turn's search returns.
const SPEC_HITS: usize = 3;

/// What a saved turn did.
#[derive(Debug, Clone)]
pub struct ReportTurnSaved {
    /// The turn's outcome (reply, changes, the report shown).
    pub outcome: ReportTurnOutcome,
    /// The student's message id.
    pub request_id: i64,
    /// The reply's message id.
    pub reply_id: i64,
}

/// A student's request on a report.
#[derive(Debug, Clone, Copy)]
pub struct ReportRequest<'a> {
    /// The profile.
    pub profile_id: i64,
    /// The report.
    pub report_id: i64,
    /// What the student wrote.
    pub message: &'a str,
    /// The language to answer in when the message does not tell.
    pub language: Language,
}

/// Which waiting changes an action is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeSelection {
    /// Every waiting change.
    All,
    /// These.
    Ids(Vec<i64>),
}

fn storage(e: StoreError) -> ReportError {
    ReportError::Storage(e.code(), e.to_string())
}

/// The store and index behind one turn.
struct StorePorts<'a> {
    store: &'a Store,
    profile_id: i64,
    report_id: i64,
    project_id: i64,
    message_id: i64,
    specs: Option<&'a dyn Retriever>,
}

impl ReportPorts for StorePorts<'_> {
    fn chat_history(&self) -> BoxFuture<'_, Result<Vec<ChatLine>, ReportError>> {
        Box::pin(async move {
            let rows: Vec<(String, String)> = sqlx::query_as(
                "SELECT role, text FROM report_messages WHERE report_id = ? AND id < ? ORDER BY id",
            )
            .bind(self.report_id)
            .bind(self.message_id)
            .fetch_all(&self.store.pool)
            .await
            .map_err(|e| storage(e.into()))?;
            Ok(rows
                .into_iter()
                .map(|(role, text)| ChatLine {
                    from_student: role == "student",
                    text,
                })
                .collect())
        })
    }

    fn undo_last(
        &self,
        language: Language,
    ) -> BoxFuture<'_, Result<Option<(String, Report)>, ReportError>> {
        Box::pin(async move {
            self.store
                .undo_last_change(self.profile_id, self.report_id, language)
                .await
                .map_err(storage)
        })
    }

    fn search_specs<'a>(
        &'a self,
        query: &'a str,
    ) -> BoxFuture<'a, Result<Vec<SpecPassage>, ReportError>> {
        Box::pin(async move {
            let Some(retriever) = self.specs else {
                return Ok(Vec::new());
            };
            let filter = Filter::course(project_owner(self.project_id));
            let hits = search_chunks(
                retriever,
                Collection::ProjectSpecs,
                query,
                &filter,
                SPEC_HITS,
            )
            .await?;
            Ok(hits
                .into_iter()
                .map(|(c, _)| SpecPassage {
                    source: c.source_id,
                    text: c.text,
                })
                .collect())
        })
    }

    fn record_changes<'a>(
        &'a self,
        ops: &'a [ReportOp],
        reason: &'a str,
        author: ChangeAuthor,
    ) -> BoxFuture<'a, Result<Vec<i64>, ReportError>> {
        Box::pin(async move {
            self.store
                .record_report_changes(self.report_id, Some(self.message_id), ops, reason, author)
                .await
                .map_err(storage)
        })
    }
}

/// A change in words against `base` (the report it was proposed on).
fn describe_against(base: &Report, op: &ReportOp, language: Language) -> String {
    let mut after = base.clone();
    let _ = apply_op(&mut after, op);
    describe_op(base, &after, op, language)
}

impl Store {
    /// Whether the project has specifications in the index.
    async fn project_has_specs(&self, project_id: i64) -> Result<bool, StoreError> {
        let count: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM project_spec_files WHERE project_id = ?")
                .bind(project_id)
                .fetch_one(&self.pool)
                .await?;
        Ok(count > 0)
    }

    /// One chat turn on a report: the student's message saved, the turn run (each change
    /// saved for review as it is made), the reply saved. A stopped turn that changed
    /// nothing leaves nothing behind.
    pub async fn report_turn(
        &self,
        request: &ReportRequest<'_>,
        llm: Option<&dyn Llm>,
        specs: Option<&dyn Retriever>,
        on_progress: &mut (dyn FnMut(ReportProgress) + Send),
        cancel: &CancelFlag,
    ) -> Result<ReportTurnSaved, StoreError> {
        let ReportRequest {
            profile_id,
            report_id,
            message,
            language,
        } = *request;
        let message = lantern_reports::clean_message(message)?.into_string();
        let state = self.report_state(profile_id, report_id).await?;
        let untold = self.untold_rejections(report_id).await?;
        let rejected = untold
            .iter()
            .map(|(_, op)| describe_against(&state.base, op, language))
            .collect();
        let mut tx = self.pool.begin().await?;
        let request_id: i64 = sqlx::query_scalar(
            "INSERT INTO report_messages (report_id, role, text) VALUES (?, 'student', ?) RETURNING id",
        )
        .bind(report_id)
        .bind(&message)
        .fetch_one(&mut *tx)
        .await?;
        for (id, _) in &untold {
            sqlx::query("UPDATE report_changes SET told = 1 WHERE id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        let ports = StorePorts {
            store: self,
            profile_id,
            report_id,
            project_id: state.project_id,
            message_id: request_id,
            specs,
        };
        let input = ReportTurnInput {
            report: state.shown(),
            message,
            rejected,
            has_specs: specs.is_some() && self.project_has_specs(state.project_id).await?,
            language,
        };
        let outcome = match run_report_turn(input, llm, &ports, on_progress, cancel).await {
            Ok(outcome) => outcome,
            Err(e) => {
                sqlx::query("DELETE FROM report_messages WHERE id = ?")
                    .bind(request_id)
                    .execute(&self.pool)
                    .await?;
                return Err(e.into());
            }
        };
        let reply_id = self.save_reply(report_id, &outcome).await?;
        Ok(ReportTurnSaved {
            outcome,
            request_id,
            reply_id,
        })
    }

    async fn save_reply(
        &self,
        report_id: i64,
        outcome: &ReportTurnOutcome,
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO report_messages (report_id, role, text, author, turn_end, failure) \
             VALUES (?, 'assistant', ?, ?, ?, ?) RETURNING id",
        )
        .bind(report_id)
        .bind(&outcome.reply)
        .bind(outcome.reply_author.as_str())
        .bind(outcome.end.as_str())
        .bind(&outcome.failure)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE reports SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
        )
        .bind(report_id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// A context tool's text that needs the store: the conversation (a search of the
    /// specifications needs the index, which a direct tool call does not open).
    async fn context_from_store(
        &self,
        report_id: i64,
        request: &ContextRequest,
    ) -> Result<String, StoreError> {
        let lines: Vec<(String, String)> = sqlx::query_as(
            "SELECT role, text FROM report_messages WHERE report_id = ? ORDER BY id DESC LIMIT 6",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(match request {
            ContextRequest::ChatHistory if lines.is_empty() => "(no messages yet)".into(),
            ContextRequest::ChatHistory => lines
                .iter()
                .rev()
                .map(|(role, text)| format!("{role}: {text}"))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => "(the specifications are searched in a chat turn)".into(),
        })
    }

    /// Rejected changes not yet told to the model.
    async fn untold_rejections(&self, report_id: i64) -> Result<Vec<(i64, ReportOp)>, StoreError> {
        let rows: Vec<(i64, String)> = sqlx::query_as(
            "SELECT id, op FROM report_changes WHERE report_id = ? AND status = 'rejected' AND told = 0 ORDER BY id",
        )
        .bind(report_id)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(id, op)| {
                Ok((
                    id,
                    serde_json::from_str(&op).map_err(|e| StoreError::Corrupt(e.to_string()))?,
                ))
            })
            .collect()
    }

    fn selected(state: &ReportState, selection: &ChangeSelection) -> Vec<i64> {
        match selection {
            ChangeSelection::All => state.pending.iter().map(|c| c.id).collect(),
            ChangeSelection::Ids(ids) => ids.clone(),
        }
    }

    /// Accepts waiting changes: applied in order to the last version as one new version
    /// (one undo step). Deletes need `confirm_deletes`; a change that no longer applies
    /// is rejected.
    pub async fn report_accept(
        &self,
        profile_id: i64,
        report_id: i64,
        selection: &ChangeSelection,
        confirm_deletes: bool,
        language: Language,
    ) -> Result<ReportState, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let state = load_state(&mut tx, profile_id, report_id).await?;
        let chosen = Self::selected(&state, selection);
        let accepted = accept_changes(&state.base, &state.pending, &chosen, confirm_deletes)?;
        if !accepted.applied.is_empty() {
            let applied: Vec<ReportOp> = state
                .pending
                .iter()
                .filter(|c| accepted.applied.contains(&c.id))
                .map(|c| c.op.clone())
                .collect();
            let (_, words) = apply_described(&state.base, &applied, language)?;
            let version = save_version(
                &mut tx,
                report_id,
                &accepted.report,
                "accept",
                &words.join("; "),
                None,
            )
            .await?;
            for id in &accepted.applied {
                sqlx::query(
                    "UPDATE report_changes SET status = 'accepted', accepted_in = ?, \
                     decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
                )
                .bind(version)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
        }
        for (id, _) in &accepted.stale {
            reject(&mut tx, *id).await?;
        }
        tx.commit().await?;
        self.report_state(profile_id, report_id).await
    }

    /// Rejects waiting changes; the model hears of them on the next turn.
    pub async fn report_reject(
        &self,
        profile_id: i64,
        report_id: i64,
        selection: &ChangeSelection,
    ) -> Result<ReportState, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let state = load_state(&mut tx, profile_id, report_id).await?;
        let chosen = Self::selected(&state, selection);
        if let Some(id) = chosen
            .iter()
            .find(|id| !state.pending.iter().any(|c| c.id == **id))
        {
            return Err(ReportError::ChangeNotPending(*id).into());
        }
        for id in chosen {
            reject(&mut tx, id).await?;
        }
        tx.commit().await?;
        self.report_state(profile_id, report_id).await
    }

    /// "Undo" said in the chat: the newest change waiting for review is rejected, else
    /// the last accepted step is undone; what was taken back in words, with the report
    /// as shown after. `None` when there is nothing to take back.
    pub async fn undo_last_change(
        &self,
        profile_id: i64,
        report_id: i64,
        language: Language,
    ) -> Result<Option<(String, Report)>, StoreError> {
        let state = self.report_state(profile_id, report_id).await?;
        if let Some(last) = state.pending.last() {
            let words = describe_against(&state.base, &last.op, language);
            let after = self
                .report_reject(profile_id, report_id, &ChangeSelection::Ids(vec![last.id]))
                .await?;
            return Ok(Some((withdrawn_words(&words, language), after.shown())));
        }
        let after = match self.report_undo(profile_id, report_id).await {
            Ok(after) => after,
            Err(StoreError::Report(ReportError::NothingToUndo)) => return Ok(None),
            Err(e) => return Err(e),
        };
        let summary: Option<String> = sqlx::query_scalar(
            "SELECT summary FROM report_versions WHERE report_id = ? AND version = \
             (SELECT undoes FROM report_versions WHERE report_id = ? ORDER BY version DESC LIMIT 1)",
        )
        .bind(report_id)
        .bind(report_id)
        .fetch_optional(&self.pool)
        .await?;
        let summary = summary.filter(|s| !s.is_empty());
        Ok(Some((
            undone_words(summary.as_deref(), language),
            after.shown(),
        )))
    }

    /// Takes back the last accepted step (an accept, edit, restore or tool call not
    /// already undone): a new version with the tree from before it.
    pub async fn report_undo(
        &self,
        profile_id: i64,
        report_id: i64,
    ) -> Result<ReportState, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        load_state(&mut tx, profile_id, report_id).await?;
        let versions: Vec<(i64, String, Option<i64>)> = sqlx::query_as(
            "SELECT version, cause, undoes FROM report_versions WHERE report_id = ? ORDER BY version DESC",
        )
        .bind(report_id)
        .fetch_all(&mut *tx)
        .await?;
        let undone: Vec<i64> = versions.iter().filter_map(|(_, _, u)| *u).collect();
        let target = versions
            .iter()
            .find(|(v, cause, _)| cause != "undo" && cause != "import" && !undone.contains(v))
            .map(|(v, _, _)| *v)
            .ok_or(ReportError::NothingToUndo)?;
        let before = load_version(&mut tx, report_id, target - 1).await?;
        save_version(
            &mut tx,
            report_id,
            &before,
            "undo",
            &format!("undo of version {target}"),
            Some(target),
        )
        .await?;
        tx.commit().await?;
        self.report_state(profile_id, report_id).await
    }

    /// Makes an earlier version the current one (as a new version).
    pub async fn report_restore(
        &self,
        profile_id: i64,
        report_id: i64,
        version: i64,
    ) -> Result<ReportState, StoreError> {
        let tree = self.report_version(profile_id, report_id, version).await?;
        let mut tx = self.pool.begin().await?;
        save_version(
            &mut tx,
            report_id,
            &tree,
            "restore",
            &format!("restored version {version}"),
            None,
        )
        .await?;
        tx.commit().await?;
        self.report_state(profile_id, report_id).await
    }

    /// The student's own change (a section edited by hand, or one tool call applied
    /// directly), saved at once as a new version.
    pub async fn report_edit(
        &self,
        profile_id: i64,
        report_id: i64,
        op: &ReportOp,
        language: Language,
    ) -> Result<ReportState, StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let state = load_state(&mut tx, profile_id, report_id).await?;
        let mut report = state.base.clone();
        apply_op(&mut report, op)?;
        let words = describe_op(&state.base, &report, op, language);
        save_version(&mut tx, report_id, &report, "edit", &words, None).await?;
        tx.commit().await?;
        self.report_state(profile_id, report_id).await
    }

    /// One tool call applied directly, without the model: a context tool's text, or
    /// the changes saved as a new version.
    pub async fn report_tool(
        &self,
        profile_id: i64,
        report_id: i64,
        tool: &str,
        args: serde_json::Map<String, serde_json::Value>,
        language: Language,
    ) -> Result<(Option<String>, ReportState), StoreError> {
        let mut tx = self.pool.begin_with(WRITE).await?;
        let state = load_state(&mut tx, profile_id, report_id).await?;
        let mut report = state.base.clone();
        let tools = report_tools(
            &report,
            ToolChoice {
                specs: false,
                actions: true,
            },
        );
        let call = lantern_core::llm::tools::ToolCall {
            tool: tool.to_string(),
            args,
        };
        match validate_call(&mut report, &tools, &call)? {
            ReportAction::Context(request) => {
                tx.rollback().await?;
                let text = match report_context(&report, &request) {
                    Some(text) => text,
                    None => self.context_from_store(report_id, &request).await?,
                };
                Ok((Some(text), state))
            }
            ReportAction::Change(ops, _) => {
                let (_, words) = apply_described(&state.base, &ops, language)?;
                save_version(&mut tx, report_id, &report, "edit", &words.join("; "), None).await?;
                tx.commit().await?;
                Ok((None, self.report_state(profile_id, report_id).await?))
            }
        }
    }
}

async fn reject(tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>, id: i64) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE report_changes SET status = 'rejected', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
         WHERE id = ? AND status = 'pending'",
    )
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
