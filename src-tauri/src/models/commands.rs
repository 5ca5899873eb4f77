//! Commands of the Models page.

use super::selection::{self, ModelImportProgress, ModelsChanged};
use super::views::{models_view, ModelsView};
use crate::error::IpcError;
use crate::picker::{self, Pick};
use crate::settings;
use crate::state::AppState;
use lantern_core::catalog::ModelKey;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_models::{ImportMode, ModelsError};
use serde::Serialize;
use tauri::{AppHandle, Runtime, State, WebviewWindow};
use tauri_specta::Event;

/// What a GGUF would bring, before it is imported.
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
    /// Whether the file has its own chat template (otherwise ChatML is used).
    pub has_chat_template: bool,
    /// Whether it fits this machine with the automatic choice's headroom.
    pub fits: bool,
}

fn key(text: &str) -> Result<ModelKey, IpcError> {
    text.parse::<ModelKey>()
        .map_err(|e| ModelsError::Unknown(e.0).into())
}

async fn view(
    state: &AppState,
    threads: u32,
    selected: Option<String>,
) -> Result<ModelsView, IpcError> {
    let list = state.models.list(threads).await?;
    let active = state
        .model
        .active()
        .and_then(|t| t.key)
        .map(|k| k.to_string());
    Ok(models_view(list, selected, active))
}

/// Every model with its costs, the automatic choice and the model running now.
#[tauri::command]
#[specta::specta]
pub async fn models_list<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<ModelsView, IpcError> {
    let saved = settings::load(&app);
    view(&state, saved.threads, saved.model).await
}

/// Makes `key` the model that runs (`None`: the automatic choice). Waits for it to
/// load; the previous model answers meanwhile and stays active if it fails.
#[tauri::command]
#[specta::specta]
pub async fn models_activate<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    key: Option<String>,
) -> Result<ModelsView, IpcError> {
    if let Some(text) = &key {
        let path = state.models.resolve(&self::key(text)?).await?;
        lantern_llm::check_model_file(&path)?;
    }
    let before = settings::load(&app);
    let mut next = before.clone();
    next.model = key;
    settings::save(&app, &next)
        .map_err(|e| IpcError::new(lantern_core::ErrorCode::SettingsSaveFailed, e))?;
    if let Err(e) = selection::apply(&app).await {
        // The previous model still runs: so does the previous selection.
        let _ = settings::save(&app, &before);
        return Err(e);
    }
    if next.model.is_none() {
        selection::spawn_follow_up(&app);
    }
    view(&state, next.threads, next.model).await
}

/// Measures `key`'s speed on this machine (a short run in a worker of its own, alone, then
/// with its draft if it has one) and keeps the results; the automatic choice, and which
/// way the model runs, may then change.
#[tauri::command]
#[specta::specta]
pub async fn models_measure<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    key: String,
) -> Result<ModelsView, IpcError> {
    let saved = settings::load(&app);
    let key = self::key(&key)?;
    let measured = state.models.measure(&key, saved.threads).await?;
    selection::log_measurement(&key, &measured);
    let _ = ModelsChanged.emit(&app);
    if saved.model.is_none() {
        selection::spawn_follow_up(&app);
    }
    view(&state, saved.threads, saved.model).await
}

/// A GGUF the student picked and checked, before it is imported.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModelCheckView {
    /// Where the file is (shown; an import takes the checked file, never a path).
    pub path: String,
    /// What it would bring.
    pub info: ModelFileInfo,
}

/// Opens a file dialog (titled in `language`) for a GGUF and checks the file picked as
/// an import would (header, metadata, memory, a load by llama.cpp in a worker process)
/// without importing it; that file is the one [`models_import`] brings in. `None` when
/// the student cancelled.
#[tauri::command]
#[specta::specta]
pub async fn models_check<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    language: Language,
) -> Result<Option<ModelCheckView>, IpcError> {
    let Some(path) = picker::pick_one(&window, Pick::Model, language).await? else {
        return Ok(None);
    };
    state.checked_model.set(None);
    let check = state.models.check(&path).await?;
    state.checked_model.set(Some(path.clone()));
    let machine = lantern_models::MachineFacts::read(1);
    let info = ModelFileInfo {
        name: check.info.name,
        architecture: check.info.architecture,
        size_mb: check.info.file_size as f64 / 1e6,
        ram_estimate_mb: check.ram_bytes as f64 / 1e6,
        has_chat_template: check.info.has_chat_template,
        fits: lantern_core::catalog::fits_memory(
            check.ram_bytes,
            lantern_core::catalog::Machine {
                total_ram: machine.total_ram,
            },
        ),
    };
    Ok(Some(ModelCheckView {
        path: path.display().to_string(),
        info,
    }))
}

/// Imports the GGUF of the last [`models_check`] after checking it again: copied into
/// the data folder when `copy`, else used where it is. Copy progress arrives as
/// `ModelImportProgress`.
#[tauri::command]
#[specta::specta]
pub async fn models_import<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    copy: bool,
) -> Result<ModelsView, IpcError> {
    let path = state.checked_model.get().ok_or_else(|| {
        IpcError::new(
            ErrorCode::ModelNotChecked,
            "pick and check a model file before importing it",
        )
    })?;
    let mode = if copy {
        ImportMode::Copy
    } else {
        ImportMode::Reference
    };
    let reporter = app.clone();
    let progress = move |done: u64, total: u64| {
        let _ = ModelImportProgress {
            copied_mb: done as f64 / 1e6,
            total_mb: total as f64 / 1e6,
        }
        .emit(&reporter);
    };
    state.models.import(&path, mode, &progress).await?;
    state.checked_model.set(None);
    let _ = ModelsChanged.emit(&app);
    let saved = settings::load(&app);
    view(&state, saved.threads, saved.model).await
}

/// Removes an imported model (and Lantern's copy of it). When it was the chosen model,
/// the automatic choice runs instead.
#[tauri::command]
#[specta::specta]
pub async fn models_remove<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    key: String,
) -> Result<ModelsView, IpcError> {
    let removed = self::key(&key)?;
    if let ModelKey::Pack(_) = removed {
        return Err(ModelsError::NotRemovable(key).into());
    }
    let mut saved = settings::load(&app);
    let was_selected = saved.model.as_deref() == Some(key.as_str());
    let was_active = state.model.active().and_then(|t| t.key) == Some(removed.clone());
    if was_selected {
        saved.model = None;
        settings::save(&app, &saved)
            .map_err(|e| IpcError::new(lantern_core::ErrorCode::SettingsSaveFailed, e))?;
    }
    if was_selected || was_active {
        // Run something else first: the file may be Lantern's copy, deleted next.
        selection::apply(&app).await?;
    }
    state.models.remove(&removed).await?;
    let _ = ModelsChanged.emit(&app);
    view(&state, saved.threads, saved.model).await
}
