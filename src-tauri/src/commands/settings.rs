//! Commands for the Settings page.

use super::model::spawn_model_load;
use crate::error::IpcError;
use crate::settings::{self, Settings, MAX_THREADS};
use crate::state::AppState;
use lantern_core::ErrorCode;
use lantern_llm::check_model_file;
use std::path::Path;
use tauri::{AppHandle, Runtime, State};

/// The saved settings.
#[tauri::command]
#[specta::specta]
pub fn get_settings<R: Runtime>(app: AppHandle<R>) -> Settings {
    settings::load(&app)
}

/// Validates and saves `settings`; reloads the model when its file or threads changed.
#[tauri::command]
#[specta::specta]
pub fn save_settings<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    settings: Settings,
) -> Result<Settings, IpcError> {
    if settings.threads == 0 || settings.threads > MAX_THREADS {
        return Err(IpcError::new(
            ErrorCode::SettingsInvalid,
            format!("threads must be between 1 and {MAX_THREADS}"),
        ));
    }
    if let Some(path) = &settings.model_path {
        check_model_file(Path::new(path))?;
    }
    let before = settings::load(&app);
    settings::save(&app, &settings).map_err(|e| IpcError::new(ErrorCode::SettingsSaveFailed, e))?;
    if before.model_path != settings.model_path || before.threads != settings.threads {
        spawn_model_load(&app, &state);
    }
    Ok(settings)
}
