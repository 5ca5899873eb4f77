//! Commands of the Class workspace. Files come only from dialogs the app opens; each is
//! one store action.

use super::views::{ClassExportFormat, HandInImportView, HandInSource};
use crate::error::IpcError;
use crate::picker::{self, Pick, Save, SaveFormat, Saved};
use crate::state::AppState;
use lantern_core::clock::Clock;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_progress::class::{class_csv, class_page, ClassFilter, ClassView, HandInHistoryEntry};
use lantern_store::{find_hand_in_files, read_hand_in_file, write_new_file};
use tauri::{Runtime, State, WebviewWindow};

/// Imports the hand-ins the teacher picks (a folder, or files) into the class in use;
/// one line per file, refused ones with their code. `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn class_import<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    source: HandInSource,
    language: Language,
) -> Result<Option<Vec<HandInImportView>>, IpcError> {
    let class = state.profile().id;
    state.store.ensure_class(class).await?;
    let pick = match source {
        HandInSource::Folder => Pick::HandInsFolder,
        HandInSource::Files => Pick::HandInFiles,
    };
    let paths = picker::pick_many(&window, pick, language).await?;
    if paths.is_empty() {
        return Ok(None);
    }
    let files = tauri::async_runtime::spawn_blocking(move || find_hand_in_files(&paths))
        .await
        .map_err(|e| IpcError::internal(e.to_string()))?;
    let mut out = Vec::with_capacity(files.len());
    // One file at a time: read, check, store, drop, so the import holds one file's bytes.
    for path in files {
        let (name, bytes) = tauri::async_runtime::spawn_blocking(move || read_hand_in_file(&path))
            .await
            .map_err(|e| IpcError::internal(e.to_string()))?;
        let done = match bytes {
            Ok(bytes) => state
                .store
                .class_import(class, &name, &bytes, state.clock.now())
                .await
                .map_err(IpcError::from),
            Err(e) => Err(IpcError::from(e)),
        };
        out.push(match done {
            Ok(done) => HandInImportView::imported(done),
            Err(e) => HandInImportView::refused(name, e),
        });
    }
    Ok(Some(out))
}

/// The class in use under `filter`.
#[tauri::command]
#[specta::specta]
pub async fn class_view(
    state: State<'_, AppState>,
    filter: ClassFilter,
) -> Result<ClassView, IpcError> {
    Ok(state
        .store
        .class_view(state.profile().id, &filter, state.clock.now())
        .await?)
}

/// Saves the grid under `filter` as CSV or a printable page (in `language`) where the
/// teacher picks; the path, or `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn class_export<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    filter: ClassFilter,
    format: ClassExportFormat,
    language: Language,
) -> Result<Option<String>, IpcError> {
    let view = state
        .store
        .class_view(state.profile().id, &filter, state.clock.now())
        .await?;
    let Some(course) = view.course else {
        return Err(IpcError::new(
            ErrorCode::UsageInvalid,
            "the class has no hand-in yet",
        ));
    };
    let (save_format, text) = match format {
        ClassExportFormat::Csv => (SaveFormat::Csv, class_csv(&course)),
        ClassExportFormat::Page => (SaveFormat::Html, class_page(&course, language)),
    };
    let save = Save {
        what: Saved::ClassGrid,
        format: save_format,
    };
    save_where_picked(&window, save, &course.title, &text, language).await
}

/// Removes every hand-in of the student with key `student_key` from the class in use;
/// how many were removed.
#[tauri::command]
#[specta::specta]
pub async fn class_remove_student(
    state: State<'_, AppState>,
    student_key: String,
) -> Result<u32, IpcError> {
    let removed = state
        .store
        .class_remove_student(state.profile().id, &student_key)
        .await?;
    Ok(u32::try_from(removed).unwrap_or(u32::MAX))
}

/// Every hand-in the class in use keeps of the student with key `student_key`, newest
/// first, with the one in use and the teacher's choice marked.
#[tauri::command]
#[specta::specta]
pub async fn class_history(
    state: State<'_, AppState>,
    student_key: String,
) -> Result<Vec<HandInHistoryEntry>, IpcError> {
    Ok(state
        .store
        .class_history(state.profile().id, &student_key)
        .await?)
}

/// Uses hand-in `digest` for the student with key `student_key`, or with `None` goes
/// back to their most trusted hand-in.
#[tauri::command]
#[specta::specta]
pub async fn class_choose(
    state: State<'_, AppState>,
    student_key: String,
    digest: Option<String>,
) -> Result<(), IpcError> {
    Ok(state
        .store
        .class_choose(state.profile().id, &student_key, digest.as_deref())
        .await?)
}

/// Saves the summary CSV of the student with key `student_key`, made again from their
/// verified hand-in in use (never the CSV a student saved beside it), where the teacher
/// picks; the path, or `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn class_export_summary<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    student_key: String,
    language: Language,
) -> Result<Option<String>, IpcError> {
    let summaries = state
        .store
        .class_summaries(state.profile().id, Some(&student_key))
        .await?;
    let Some((name, text)) = summaries.into_iter().next() else {
        return Err(IpcError::new(
            ErrorCode::HandinNotFound,
            "the class has no hand-in of this student",
        ));
    };
    let save = Save {
        what: Saved::StudentSummary,
        format: SaveFormat::Csv,
    };
    save_where_picked(&window, save, &name, &text, language).await
}

/// Writes `text` where the teacher picks in the save dialog `save` (suggesting `title`
/// as the name); the path, or `None` when they cancelled.
async fn save_where_picked<R: Runtime>(
    window: &WebviewWindow<R>,
    save: Save,
    title: &str,
    text: &str,
    language: Language,
) -> Result<Option<String>, IpcError> {
    let Some(path) = picker::save_to(window, save, title, language).await? else {
        return Ok(None);
    };
    write_new_file(&path, text.as_bytes()).map_err(|e| {
        IpcError::new(
            ErrorCode::ExportFailed,
            format!("cannot write {}: {e}", path.display()),
        )
    })?;
    Ok(Some(path.display().to_string()))
}
