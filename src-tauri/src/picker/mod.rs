//! Files the student chooses in a dialog the app opens itself. Import and export commands
//! call these instead of taking a path from the window, so a page running hostile script
//! names no file: it gets only what the student picked. The dialog plugin's Rust API
//! leaves the asset protocol's scope as configured (the plugin's JavaScript `open` would
//! widen it to every picked folder, and the window may not call it).

mod kinds;
#[cfg(debug_assertions)]
mod script;

pub use kinds::{FileType, PackKind, Pick, Save, SaveFormat, Saved, Target};
#[cfg(debug_assertions)]
pub use script::{ScriptedPicks, PICK_SCRIPT_VARIABLE};

use crate::error::IpcError;
use lantern_core::language::Language;
use std::path::PathBuf;
use tauri::{Manager, Runtime, WebviewWindow};
use tauri_plugin_dialog::{Dialog, FileDialogBuilder, FilePath};

/// The files or folder the student picked for `pick` (several only for
/// [`Target::Files`]); empty when they cancelled.
pub async fn pick_many<R: Runtime>(
    window: &WebviewWindow<R>,
    pick: Pick,
    language: Language,
) -> Result<Vec<PathBuf>, IpcError> {
    #[cfg(debug_assertions)]
    if let Some(script) = window.try_state::<ScriptedPicks>() {
        return Ok(script.answer());
    }
    let mut dialog = builder(window, pick.title(language))?;
    if let Some(offered) = pick.file_type(language) {
        dialog = dialog.add_filter(offered.name, offered.extensions);
    }
    let target = pick.target();
    let chosen = tauri::async_runtime::spawn_blocking(move || match target {
        Target::Folder => dialog.blocking_pick_folder().into_iter().collect(),
        Target::File => dialog.blocking_pick_file().into_iter().collect(),
        Target::Files => dialog.blocking_pick_files().unwrap_or_default(),
    })
    .await
    .map_err(|e| IpcError::internal(e.to_string()))?;
    Ok(local_paths(chosen))
}

/// The one file or folder the student picked for `pick`; `None` when they cancelled.
pub async fn pick_one<R: Runtime>(
    window: &WebviewWindow<R>,
    pick: Pick,
    language: Language,
) -> Result<Option<PathBuf>, IpcError> {
    Ok(pick_many(window, pick, language).await?.into_iter().next())
}

/// Where the student chose to save `save` (the dialog suggests a name made from `title`);
/// `None` when they cancelled.
pub async fn save_to<R: Runtime>(
    window: &WebviewWindow<R>,
    save: Save,
    title: &str,
    language: Language,
) -> Result<Option<PathBuf>, IpcError> {
    #[cfg(debug_assertions)]
    if let Some(script) = window.try_state::<ScriptedPicks>() {
        return Ok(script.answer().into_iter().next());
    }
    let offered = save.file_type(language);
    let dialog = builder(window, save.title(language))?
        .add_filter(offered.name, offered.extensions)
        .set_file_name(save.file_name(title, language));
    let chosen = tauri::async_runtime::spawn_blocking(move || dialog.blocking_save_file())
        .await
        .map_err(|e| IpcError::internal(e.to_string()))?;
    Ok(local_paths(chosen).into_iter().next())
}

/// A file dialog titled `title`, in front of `window`.
fn builder<R: Runtime>(
    window: &WebviewWindow<R>,
    title: &str,
) -> Result<FileDialogBuilder<R>, IpcError> {
    let dialog = window
        .try_state::<Dialog<R>>()
        .ok_or_else(|| IpcError::internal("the dialog plugin is not running"))?;
    Ok(dialog.file().set_title(title).set_parent(window))
}

/// The local paths among `chosen` (a desktop dialog gives nothing else).
fn local_paths(chosen: impl IntoIterator<Item = FilePath>) -> Vec<PathBuf> {
    chosen
        .into_iter()
        .filter_map(|p| p.into_path().ok())
        .collect()
}
