//! Commands about the language model: status, checking a file, reloading.

use crate::error::IpcError;
use crate::model::{default_model, ModelStatus};
use crate::settings;
use crate::state::AppState;
use lantern_llm::{check_model_file, estimate_ram, inspect_model};
use serde::Serialize;
use std::path::PathBuf;
use tauri::{AppHandle, Runtime, State};

/// Context the RAM estimate assumes (the loops' context window).
const ESTIMATE_CONTEXT_TOKENS: u32 = 4096;

/// What the Settings page shows about a model file before it is chosen.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModelFileInfo {
    /// Model name from the file's metadata.
    pub name: String,
    /// Architecture, e.g. `llama`, `qwen2`.
    pub architecture: String,
    /// File size in megabytes.
    pub size_mb: f64,
    /// Estimated memory when loaded, in megabytes.
    pub ram_estimate_mb: f64,
    /// Whether the file has its own chat template.
    pub has_chat_template: bool,
}

/// The model's current status.
#[tauri::command]
#[specta::specta]
pub fn model_status(state: State<'_, AppState>) -> ModelStatus {
    state.model.status()
}

/// Checks a GGUF file and estimates the memory it needs.
#[tauri::command]
#[specta::specta]
pub async fn inspect_model_file(path: String) -> Result<ModelFileInfo, IpcError> {
    let path = PathBuf::from(path);
    tauri::async_runtime::spawn_blocking(move || {
        let file = check_model_file(&path)?;
        let info = inspect_model(&path)?;
        let ram = estimate_ram(file.size, info.kv_bytes_per_token, ESTIMATE_CONTEXT_TOKENS);
        Ok(ModelFileInfo {
            name: info.name,
            architecture: info.architecture,
            size_mb: file.size as f64 / 1e6,
            ram_estimate_mb: ram as f64 / 1e6,
            has_chat_template: info.has_chat_template,
        })
    })
    .await
    .map_err(|e| IpcError::internal(e.to_string()))?
}

/// (Re)loads the model the settings name (or the pack's default) in the background;
/// progress arrives as `ModelStatusChanged` events.
#[tauri::command]
#[specta::specta]
pub fn reload_model<R: Runtime>(app: AppHandle<R>, state: State<'_, AppState>) {
    spawn_model_load(&app, &state);
}

/// Starts loading the configured model without waiting for it.
pub fn spawn_model_load<R: Runtime>(app: &AppHandle<R>, state: &AppState) {
    let settings = settings::load(app);
    let model = settings
        .model_path
        .map(PathBuf::from)
        .or_else(|| state.pack_dir.as_deref().and_then(default_model));
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let state = tauri::Manager::state::<AppState>(&app);
        state.model.load(&app, model, settings.threads).await;
    });
}
