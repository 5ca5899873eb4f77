//! Commands for a project's specification files: the list, and an import with progress
//! (through the shared index, one import at a time).

use super::views::SpecFileView;
use crate::error::IpcError;
use crate::picker::{self, Pick};
use crate::row_id::RowId;
use crate::state::AppState;
use lantern_core::language::Language;
use lantern_packs::course::ImportProgress;
use serde::Serialize;
use std::path::{Path, PathBuf};
use tauri::ipc::Channel;
use tauri::{Runtime, State, WebviewWindow};

/// Where a specification import is.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct SpecImportProgressView {
    /// The file being imported.
    pub file: String,
    /// Passages indexed so far.
    pub done: u32,
    /// Passages to index.
    pub total: u32,
}

/// The specification files of project `project_id`.
#[tauri::command]
#[specta::specta]
pub async fn reports_spec_files(
    state: State<'_, AppState>,
    project_id: RowId,
) -> Result<Vec<SpecFileView>, IpcError> {
    let files = state
        .store
        .list_spec_files(state.profile().id, project_id.0)
        .await?;
    Ok(files.into_iter().map(Into::into).collect())
}

/// Imports the specification files (PDF, Markdown, text) the student picks in a file
/// dialog the app opens (titled in `language`) into project `project_id`, sending
/// progress to `on_progress`; every file is read before anything is written. `None` when
/// they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn reports_import_specs<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    project_id: RowId,
    language: Language,
    on_progress: Channel<SpecImportProgressView>,
) -> Result<Option<Vec<SpecFileView>>, IpcError> {
    let profile = state.profile().id;
    state.store.project(profile, project_id.0).await?;
    let paths = picker::pick_many(&window, Pick::Specs, language).await?;
    if paths.is_empty() {
        return Ok(None);
    }
    let retriever = state.library.retriever(&state.store).await?;
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    let mut send = |file: &str, p: ImportProgress| {
        let view = SpecImportProgressView {
            file: file.to_string(),
            done: u32::try_from(p.done).unwrap_or(u32::MAX),
            total: u32::try_from(p.total).unwrap_or(u32::MAX),
        };
        if let Err(e) = on_progress.send(view) {
            tracing::warn!("cannot send import progress: {e}");
        }
    };
    lantern_rag::import_project_specs(project_id.0, &paths, &retriever, &state.store, &mut send)
        .await?;
    let files = state.store.list_spec_files(profile, project_id.0).await?;
    Ok(Some(files.into_iter().map(Into::into).collect()))
}
