//! Commands of the report editor: the list, import and export, the report as shown, the
//! streamed chat turn, review (accept, reject), undo, history, restore and hand edits.
//! Each is one operation of `lantern_reports::app` on the store; no rules live here. `language` is the window's, for the
//! words the app writes.

use super::views::{ProjectView, ReportSummaryView, ReportTurnView, ReportView, VersionView};
use crate::error::IpcError;
use crate::library::Library;
use crate::model_turn::stream_with_model;
use crate::picker::{self, Pick, Save, SaveFormat, Saved};
use crate::row_id::RowId;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::{CleanInput, ReplyOrigin};
use lantern_core::ErrorCode;
use lantern_reports::app::{self, ChangeSelection, ReportRequest};
use lantern_reports::{default_project_name, ReportOp};
use lantern_store::Store;
use serde::Deserialize;
use std::path::Path;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State, WebviewWindow};

/// Opens report `id` of the active profile as the editor shows it.
async fn open(state: &AppState, id: i64, language: Language) -> Result<ReportView, IpcError> {
    let profile = state.profile().id;
    let report = state.store.report_state(profile, id).await?;
    let messages = state.store.report_messages(profile, id).await?;
    let media = lantern_docx::report_media_dir(&state.library.media_root(), id);
    let media = media.is_dir().then(|| media.to_string_lossy().into_owned());
    Ok(ReportView::new(&report, messages, media, language))
}

/// The active profile's reports, most recently changed first.
#[tauri::command]
#[specta::specta]
pub async fn reports_list(state: State<'_, AppState>) -> Result<Vec<ReportSummaryView>, IpcError> {
    let reports = state.store.list_reports(state.profile().id).await?;
    Ok(reports.into_iter().map(Into::into).collect())
}

/// The active profile's projects.
#[tauri::command]
#[specta::specta]
pub async fn reports_projects(state: State<'_, AppState>) -> Result<Vec<ProjectView>, IpcError> {
    let projects = state.store.list_projects(state.profile().id).await?;
    Ok(projects.into_iter().map(Into::into).collect())
}

/// Creates a project (a taken name gives the existing one).
#[tauri::command]
#[specta::specta]
pub async fn reports_create_project(
    state: State<'_, AppState>,
    name: String,
) -> Result<ProjectView, IpcError> {
    Ok(state
        .store
        .create_project(state.profile().id, &name)
        .await?
        .into())
}

/// Imports the Markdown or Word file the student picks in a file dialog the app opens
/// (titled in `language`) into `project_id`, or the default project; `None` when they
/// cancelled.
#[tauri::command]
#[specta::specta]
pub async fn reports_import<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    project_id: Option<RowId>,
    language: Language,
) -> Result<Option<ReportView>, IpcError> {
    let Some(path) = picker::pick_one(&window, Pick::Report, language).await? else {
        return Ok(None);
    };
    let profile = state.profile().id;
    let file = path.clone();
    let report =
        tauri::async_runtime::spawn_blocking(move || lantern_docx::read_report_file(&file))
            .await
            .map_err(|e| IpcError::internal(e.to_string()))??;
    let project = match project_id {
        Some(id) => state.store.project(profile, id.0).await?.id,
        None => {
            state
                .store
                .create_project(profile, &default_project_name(language))
                .await?
                .id
        }
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let created = state
        .store
        .create_report(profile, project, &name, &report)
        .await?;
    // The report's own pictures go beside the app's data, where the window may show them.
    let target = lantern_docx::report_media_dir(&state.library.media_root(), created.id);
    let source = path;
    let copied = tauri::async_runtime::spawn_blocking(move || {
        lantern_docx::copy_report_images(&report, &source, &target)
    })
    .await
    .map_err(|e| IpcError::internal(e.to_string()))?;
    tracing::info!("report {} imported with {copied} pictures", created.id);
    open(&state, created.id, language).await.map(Some)
}

/// Report `id` as the editor shows it.
#[tauri::command]
#[specta::specta]
pub async fn reports_open(
    state: State<'_, AppState>,
    id: RowId,
    language: Language,
) -> Result<ReportView, IpcError> {
    open(&state, id.0, language).await
}

/// Deletes report `id` with its versions, conversation and changes.
#[tauri::command]
#[specta::specta]
pub async fn reports_delete(state: State<'_, AppState>, id: RowId) -> Result<(), IpcError> {
    state.store.delete_report(state.profile().id, id.0).await?;
    remove_media(&lantern_docx::report_media_dir(
        &state.library.media_root(),
        id.0,
    ));
    Ok(())
}

/// Removes a deleted report's pictures (there may be none).
fn remove_media(folder: &Path) {
    if let Err(e) = std::fs::remove_dir_all(folder) {
        if e.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!("cannot remove {}: {e}", folder.display());
        }
    }
}

/// Sends a request about report `id`; progress ("reading 3.1", "updating 3.1") streams
/// to `on_event` as `progress` events, then `final` with the report as shown (the
/// changes wait for review). A stopped turn that changed nothing leaves nothing.
#[tauri::command]
#[specta::specta]
pub async fn reports_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    message: String,
    language: Language,
    on_event: Channel<TurnEvent<ReportTurnView>>,
) -> Result<ReportTurnView, IpcError> {
    let message = lantern_reports::clean_message(&message)?;
    let report = state.store.report_state(state.profile().id, id.0).await?;
    let has_specs = !state
        .store
        .list_spec_files(state.profile().id, report.project_id)
        .await?
        .is_empty();
    let turn = ReportTurn {
        state: &state,
        library: &state.library,
        id: id.0,
        message,
        language,
        has_specs,
        progress: on_event.clone(),
    };
    stream_with_model(&app, &state, &on_event, turn).await
}

/// A report chat turn, for the shared pipeline.
struct ReportTurn<'s> {
    state: &'s AppState,
    library: &'s Library,
    id: i64,
    message: CleanInput,
    language: Language,
    has_specs: bool,
    progress: Channel<TurnEvent<ReportTurnView>>,
}

impl StreamedTurn for ReportTurn<'_> {
    type Final = ReportTurnView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::ReportStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        _on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(ReportTurnView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let store: &Store = &self.state.store;
            let retriever = match self.has_specs {
                true => Some(self.library.retriever(store).await?),
                false => None,
            };
            let specs = retriever.as_deref().map(|r| r as &dyn Retriever);
            let profile = self.state.profile().id;
            let request = ReportRequest {
                profile_id: profile,
                report_id: self.id,
                message: self.message.clone(),
                language: self.language,
            };
            let mut on_progress = |p: lantern_reports::ReportProgress| {
                let _ = self.progress.send(TurnEvent::Progress {
                    step: p.step,
                    section: p.section.unwrap_or_default(),
                });
            };
            let saved = app::send(store, request, llm, specs, &mut on_progress, cancel).await?;
            let view = ReportTurnView {
                report: open(self.state, self.id, self.language).await?,
                change_ids: saved
                    .outcome
                    .change_ids
                    .iter()
                    .map(|id| RowId(*id))
                    .collect(),
                end: saved.outcome.end.as_str().to_string(),
            };
            Ok((view, saved.origin))
        })
    }
}

fn selection(change_ids: Option<Vec<RowId>>) -> ChangeSelection {
    match change_ids {
        Some(ids) => ChangeSelection::Ids(ids.into_iter().map(|id| id.0).collect()),
        None => ChangeSelection::All,
    }
}

/// Accepts waiting changes (all when `change_ids` is absent) as one new version;
/// deletes need `confirm_deletes`.
#[tauri::command]
#[specta::specta]
pub async fn reports_accept(
    state: State<'_, AppState>,
    id: RowId,
    change_ids: Option<Vec<RowId>>,
    confirm_deletes: bool,
    language: Language,
) -> Result<ReportView, IpcError> {
    let profile = state.profile().id;
    app::accept(
        &state.store,
        profile,
        id.0,
        &selection(change_ids),
        confirm_deletes,
        language,
    )
    .await?;
    open(&state, id.0, language).await
}

/// Rejects waiting changes (all when `change_ids` is absent); the model hears of them
/// on the next turn.
#[tauri::command]
#[specta::specta]
pub async fn reports_reject(
    state: State<'_, AppState>,
    id: RowId,
    change_ids: Option<Vec<RowId>>,
    language: Language,
) -> Result<ReportView, IpcError> {
    app::reject(
        &state.store,
        state.profile().id,
        id.0,
        &selection(change_ids),
    )
    .await?;
    open(&state, id.0, language).await
}

/// Takes back the last accepted step.
#[tauri::command]
#[specta::specta]
pub async fn reports_undo(
    state: State<'_, AppState>,
    id: RowId,
    language: Language,
) -> Result<ReportView, IpcError> {
    app::undo(&state.store, state.profile().id, id.0).await?;
    open(&state, id.0, language).await
}

/// The report's versions, newest first.
#[tauri::command]
#[specta::specta]
pub async fn reports_history(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<Vec<VersionView>, IpcError> {
    let versions = state
        .store
        .report_versions(state.profile().id, id.0)
        .await?;
    Ok(versions.into_iter().map(Into::into).collect())
}

/// Makes `version` the current one (as a new version).
#[tauri::command]
#[specta::specta]
pub async fn reports_restore(
    state: State<'_, AppState>,
    id: RowId,
    version: u32,
    language: Language,
) -> Result<ReportView, IpcError> {
    app::restore(&state.store, state.profile().id, id.0, i64::from(version)).await?;
    open(&state, id.0, language).await
}

/// The student's own edit of a section's title or body, saved at once as a new version.
#[tauri::command]
#[specta::specta]
pub async fn reports_edit_section(
    state: State<'_, AppState>,
    id: RowId,
    section_id: String,
    title: Option<String>,
    body_md: Option<String>,
    language: Language,
) -> Result<ReportView, IpcError> {
    let op = ReportOp::UpdateSection {
        id: section_id,
        title,
        body_md,
    };
    app::edit(&state.store, state.profile().id, id.0, &op, language).await?;
    open(&state, id.0, language).await
}

/// Files a report exports to.
#[derive(Debug, Clone, Copy, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ReportFileFormat {
    /// Markdown.
    Md,
    /// Word.
    Docx,
}

/// Saves the report's accepted version where the student chooses in a save dialog the
/// app opens (titled in `language`); the saved path, or `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn reports_export<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    id: RowId,
    format: ReportFileFormat,
    language: Language,
) -> Result<Option<String>, IpcError> {
    let report = state
        .store
        .report_state(state.profile().id, id.0)
        .await?
        .base;
    let (extension, format) = match format {
        ReportFileFormat::Md => ("md", SaveFormat::Markdown),
        ReportFileFormat::Docx => ("docx", SaveFormat::Word),
    };
    let save = Save {
        what: Saved::Report,
        format,
    };
    let Some(path) = picker::save_to(&window, save, &report.title, language).await? else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    tauri::async_runtime::spawn_blocking(move || {
        lantern_docx::write_report_file(&report, extension, &path)
    })
    .await
    .map_err(|e| IpcError::internal(e.to_string()))??;
    Ok(Some(shown))
}
