//! Commands about the running language model: its status and reloading it.

use crate::model::ModelStatus;
use crate::models::selection;
use crate::state::AppState;
use tauri::{AppHandle, Runtime, State};

/// The model's current status.
#[tauri::command]
#[specta::specta]
pub fn model_status(state: State<'_, AppState>) -> ModelStatus {
    state.model.status()
}

/// Loads the model the settings ask for again, in the background, without waiting for it
/// (when the threads changed); progress arrives as `ModelStatusChanged` events.
pub fn spawn_reload<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        if let Err(e) = selection::reload(&app).await {
            tracing::warn!("cannot reload the model: {}", e.message);
        }
    });
}
