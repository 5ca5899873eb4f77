//! The "Check a pack" dialog: a course or module pack (folder or .zip) picked in the
//! app's own dialog is read within the import limits and checked — every problem and
//! warning with its file, line and field — before anything is imported. Importing then
//! takes that same pack, without a second dialog.

pub use super::checked_pack::PackType;
use crate::error::IpcError;
use crate::picker::{self, PackKind, Pick};
use crate::state::AppState;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_packs::course::check::PackCheckReport;
use serde::Serialize;
use tauri::{AppHandle, Runtime, State, WebviewWindow};

/// A checked pack: its file or folder name and the report.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct PackCheckView {
    /// The folder's or zip's name.
    pub name: String,
    /// Every problem and warning.
    pub report: PackCheckReport,
}

/// Checks the `pack` (a folder or .zip, by `kind`) the user picks in a dialog titled in
/// `language`; `None` when they cancelled. Nothing is imported.
#[tauri::command]
#[specta::specta]
pub async fn packs_check<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    pack: PackType,
    kind: PackKind,
    language: Language,
) -> Result<Option<PackCheckView>, IpcError> {
    let pick = match pack {
        PackType::Course => Pick::Course(kind),
        PackType::Module => Pick::Module(kind),
    };
    let Some(path) = picker::pick_one(&window, pick, language).await? else {
        return Ok(None);
    };
    let read = path.clone();
    let report = tauri::async_runtime::spawn_blocking(move || match pack {
        PackType::Course => lantern_rag::check_course_path(&read),
        PackType::Module => lantern_rag::check_module_path(&read),
    })
    .await
    .map_err(|e| IpcError::internal(e.to_string()))??;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    state
        .checked_pack
        .put(report.problems.is_empty().then_some((pack, path)));
    Ok(Some(PackCheckView { name, report }))
}

/// Imports the pack checked last (only one with no problem); the imported course's or
/// module's id. Progress and the new lists arrive as the usual import events.
#[tauri::command]
#[specta::specta]
pub async fn packs_import_checked<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<String, IpcError> {
    let Some((pack, path)) = state.checked_pack.get() else {
        return Err(IpcError::new(
            ErrorCode::UsageInvalid,
            "check a pack without problems first",
        ));
    };
    let id = match pack {
        PackType::Course => {
            state
                .library
                .import(&app, &state.store, &path)
                .await?
                .course_id
        }
        PackType::Module => {
            state
                .library
                .import_module(&app, &state.store, &path)
                .await?
                .module_id
        }
    };
    state.checked_pack.put(None);
    Ok(id)
}
