//! Commands for the Settings page.

use super::model::spawn_reload;
use crate::error::IpcError;
use crate::settings::{self, Settings, MAX_THREADS};
use lantern_core::ErrorCode;
use tauri::{AppHandle, Runtime};

/// The saved settings.
#[tauri::command]
#[specta::specta]
pub fn get_settings<R: Runtime>(app: AppHandle<R>) -> Settings {
    settings::load(&app)
}

/// Validates and saves `settings` (all but the model, which the Models page chooses,
/// and the update location, which the Updates section sets);
/// reloads the model when the threads changed.
#[tauri::command]
#[specta::specta]
pub fn save_settings<R: Runtime>(
    app: AppHandle<R>,
    settings: Settings,
) -> Result<Settings, IpcError> {
    if settings.threads == 0 || settings.threads > MAX_THREADS {
        return Err(IpcError::new(
            ErrorCode::SettingsInvalid,
            format!("threads must be between 1 and {MAX_THREADS}"),
        ));
    }
    // The model is chosen on the Models page: a page holding older settings must not
    // undo that choice.
    let before = settings::load(&app);
    let settings = Settings {
        model: before.model.clone(),
        model_path: before.model_path.clone(),
        update_location: before.update_location.clone(),
        ..settings
    };
    settings::save(&app, &settings).map_err(|e| IpcError::new(ErrorCode::SettingsSaveFailed, e))?;
    if before.threads != settings.threads {
        spawn_reload(&app);
    }
    Ok(settings)
}
