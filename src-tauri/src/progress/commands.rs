//! Commands of the hand-in dialog. The preview is kept, and saving writes exactly
//! those bytes: what the student read is what leaves.

use super::views::HandInPreviewView;
use crate::error::IpcError;
use crate::picker::{self, Pick};
use crate::state::AppState;
use lantern_core::clock::Clock;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_progress::{HandIn, HANDIN_SUFFIX, SUMMARY_SUFFIX};
use lantern_store::{write_new_file, HandInScope};
use std::path::{Path, PathBuf};
use tauri::{Runtime, State, WebviewWindow};

/// The hand-in of the profile in use, to read before saving: one course (`course_id`)
/// or every course worked on; finished arguments' text only with `include_arguments`.
#[tauri::command]
#[specta::specta]
pub async fn progress_preview(
    state: State<'_, AppState>,
    course_id: Option<String>,
    include_arguments: bool,
) -> Result<HandInPreviewView, IpcError> {
    let profile = state.profile().id;
    let scope = course_id.map_or(HandInScope::AllCourses, HandInScope::Course);
    let hand_in = state
        .store
        .progress_hand_in(profile, &scope, include_arguments, state.clock.now())
        .await?;
    let view = HandInPreviewView::from(&hand_in);
    state.hand_in.put(profile, hand_in);
    Ok(view)
}

/// Saves the previewed hand-in (the file and its CSV summary) in the folder the student
/// picks (titled in `language`); the saved files' paths, or `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn progress_save<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    language: Language,
) -> Result<Option<Vec<String>>, IpcError> {
    let profile = state.profile().id;
    let Some(hand_in) = state.hand_in.take(profile) else {
        return Err(IpcError::new(
            ErrorCode::UsageInvalid,
            "nothing to save: show the hand-in first",
        ));
    };
    let Some(folder) = picker::pick_one(&window, Pick::HandInFolder, language).await? else {
        state.hand_in.put(profile, hand_in);
        return Ok(None);
    };
    let saved = tauri::async_runtime::spawn_blocking(move || write_hand_in(&hand_in, &folder))
        .await
        .map_err(|e| IpcError::internal(e.to_string()))??;
    Ok(Some(saved))
}

/// Writes the file and its summary into `folder`, each through a new temporary file
/// renamed into place ([`write_new_file`]): a stick pulled out mid-write leaves no half
/// file under the real name, and a link planted on the stick is never written through.
fn write_hand_in(hand_in: &HandIn, folder: &Path) -> Result<Vec<String>, IpcError> {
    let mut saved = Vec::new();
    for (suffix, text) in [
        (HANDIN_SUFFIX, &hand_in.file_text),
        (SUMMARY_SUFFIX, &hand_in.csv_text),
    ] {
        let path: PathBuf = folder.join(format!("{}{suffix}", hand_in.file_stem));
        let failed = |e: std::io::Error| {
            IpcError::new(
                ErrorCode::ExportFailed,
                format!("cannot write {}: {e}", path.display()),
            )
        };
        write_new_file(&path, text.as_bytes()).map_err(failed)?;
        saved.push(path.display().to_string());
    }
    Ok(saved)
}
