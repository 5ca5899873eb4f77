//! Which model runs: the one chosen on the Models page, else `LANTERN_MODEL`, else the
//! automatic choice — which measures better models it has no speed for (in a worker
//! of their own, one at a time) and switches to the best that qualifies.

use crate::error::IpcError;
use crate::model::{ModelTarget, RefusedDraft};
use crate::settings::{self, Settings};
use crate::state::AppState;
use lantern_core::catalog::ModelKey;
use lantern_models::{DraftedRun, Measurement, ModelsError};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use tauri::{AppHandle, Manager, Runtime};
use tauri_specta::Event;

/// Names the model to run when none was chosen on the Models page, instead of the
/// automatic choice: a pack model's name, a key, or a GGUF path (tests, developers).
pub const MODEL_VARIABLE: &str = "LANTERN_MODEL";

/// Sent when the model list changed (a speed measured, a model switched or imported).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct ModelsChanged;

/// Bytes copied of an import, sent while a GGUF is copied into the data folder.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
#[serde(rename_all = "camelCase")]
pub struct ModelImportProgress {
    /// MB copied.
    pub copied_mb: f64,
    /// MB in all.
    pub total_mb: f64,
}

/// What `LANTERN_MODEL` names.
fn from_variable(value: &str) -> Option<(Option<ModelKey>, Option<PathBuf>)> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    if let Ok(key) = value.parse::<ModelKey>() {
        return Some((Some(key), None));
    }
    if value.ends_with(".gguf") || value.contains('/') {
        return Some((None, Some(PathBuf::from(value))));
    }
    Some((Some(ModelKey::Pack(value.to_string())), None))
}

/// What `LANTERN_MODEL` pins, when it is set and not empty.
fn pinned_by_variable() -> Option<(Option<ModelKey>, Option<PathBuf>)> {
    std::env::var(MODEL_VARIABLE)
        .ok()
        .and_then(|v| from_variable(&v))
}

/// The model `settings` ask for, with its draft where it was measured to write faster
/// with it (`lantern_core::catalog::Pairing`; a GGUF off the list runs alone); `Ok(None)`
/// when there is none to run.
pub async fn target_for(
    state: &AppState,
    settings: &Settings,
) -> Result<Option<ModelTarget>, ModelsError> {
    let pinned = match settings.model.as_deref() {
        Some(key) => Some((
            Some(
                key.parse::<ModelKey>()
                    .map_err(|e| ModelsError::Unknown(e.0))?,
            ),
            None,
        )),
        None => pinned_by_variable(),
    };
    let list = state.models.list(settings.threads).await?;
    let key = match pinned {
        Some((None, Some(path))) => match state.models.key_for_path(&path).await? {
            Some(key) => Some(key),
            None => {
                return Ok(Some(ModelTarget {
                    key: None,
                    path,
                    draft: None,
                }))
            }
        },
        Some((Some(key), _)) => Some(key),
        _ => list.choice.chosen.clone(),
    };
    let Some(key) = key else {
        return Ok(None);
    };
    let path = state.models.resolve(&key).await?;
    let draft = list.entry(&key).and_then(|e| e.running_draft().cloned());
    Ok(Some(ModelTarget {
        key: Some(key),
        path,
        draft,
    }))
}

/// Runs the model the settings ask for, if it is not the one running.
pub async fn apply<R: Runtime>(app: &AppHandle<R>) -> Result<(), IpcError> {
    run_wanted(app, false).await
}

/// Loads the model the settings ask for again, even when it is the one running.
pub async fn reload<R: Runtime>(app: &AppHandle<R>) -> Result<(), IpcError> {
    run_wanted(app, true).await
}

async fn run_wanted<R: Runtime>(app: &AppHandle<R>, again: bool) -> Result<(), IpcError> {
    let state = app.state::<AppState>();
    let settings = settings::load(app);
    let target = target_for(&state, &settings).await?;
    if !again && target.is_some() && state.model.active() == target {
        return Ok(());
    }
    let refused = state.model.switch(app, target, settings.threads).await?;
    if let Some(refused) = refused {
        record_refusal(&state, &refused).await;
    }
    let _ = ModelsChanged.emit(app);
    Ok(())
}

/// Logs what measuring `key` found with its draft: which way is faster, or why the pair
/// was not measured (the model then runs alone).
pub fn log_measurement(key: &ModelKey, measured: &Measurement) {
    let alone = measured.alone.decode_tps;
    match &measured.drafted {
        DraftedRun::NoDraft => tracing::info!("{key}: {alone:.1} tokens/s"),
        DraftedRun::Measured(d) => tracing::info!(
            "{key}: {alone:.1} tokens/s alone, {:.1} with its draft: runs {}",
            d.decode_tps,
            if measured.drafted_is_faster() {
                "with its draft"
            } else {
                "alone"
            }
        ),
        DraftedRun::Refused(reason) => {
            tracing::warn!("{key}: the model worker refused its draft; it runs alone: {reason}")
        }
        DraftedRun::Failed(error) => {
            tracing::warn!("{key}: its measurement with its draft failed; it runs alone: {error}")
        }
    }
}

/// Keeps a pair the worker refused, so the model is never started with that draft again
/// (it runs alone already: `ModelService::switch`).
async fn record_refusal(state: &AppState, refused: &RefusedDraft) {
    let Some(model) = &refused.model else {
        return;
    };
    let draft = &refused.draft.key;
    if let Err(e) = state
        .models
        .refuse_pair(model, draft, &refused.reason)
        .await
    {
        tracing::warn!("cannot record that {model} refused its draft {draft}: {e}");
    }
}

/// The automatic choice's follow-up: while it names a better model with no measured
/// speed, measures it; then runs the new choice. Stops when the user chose a model.
async fn measure_better_models<R: Runtime>(app: &AppHandle<R>) {
    let state = app.state::<AppState>();
    loop {
        let settings = settings::load(app);
        if settings.model.is_some() || pinned_by_variable().is_some() {
            return;
        }
        let next = match state.models.list(settings.threads).await {
            Ok(list) => list.choice.measure_next,
            Err(e) => {
                tracing::warn!("cannot list the models: {e}");
                return;
            }
        };
        let Some(next) = next else { break };
        match state.models.measure(&next, settings.threads).await {
            Ok(measured) => log_measurement(&next, &measured),
            Err(e) => {
                // Without a speed it can never be chosen; do not try it again and again.
                tracing::warn!("cannot measure {next}: {e}");
                return;
            }
        }
        let _ = ModelsChanged.emit(app);
    }
    if let Err(e) = apply(app).await {
        tracing::warn!("cannot switch to the automatic choice: {}", e.message);
    }
}

/// A GGUF path from the old Settings field becomes a referenced import, chosen.
async fn adopt_legacy_path<R: Runtime>(app: &AppHandle<R>, state: &AppState) {
    let mut saved = settings::load(app);
    let Some(path) = saved.model_path.take() else {
        return;
    };
    let path = PathBuf::from(path);
    let key = match state
        .models
        .import(&path, lantern_models::ImportMode::Reference, &|_, _| {})
        .await
    {
        Ok(imported) => Some(ModelKey::Imported(imported.id)),
        Err(_) => state.models.key_for_path(&path).await.ok().flatten(),
    };
    saved.model = saved.model.or(key.map(|k| k.to_string()));
    if let Err(e) = settings::save(app, &saved) {
        tracing::warn!("cannot save the adopted model: {e}");
    }
}

/// At start: tidies unfinished copies, adopts an old Settings path, runs the model the
/// settings ask for, then lets the automatic choice measure better models.
pub fn spawn_start<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let state = app.state::<AppState>();
        if let Err(e) = state.models.tidy().await {
            tracing::warn!("cannot tidy imported models: {e}");
        }
        adopt_legacy_path(&app, &state).await;
        if let Err(e) = apply(&app).await {
            tracing::warn!("cannot start the model: {}", e.message);
        }
        measure_better_models(&app).await;
    });
}

/// Starts the automatic choice's measurements in the background (after a change).
pub fn spawn_follow_up<R: Runtime>(app: &AppHandle<R>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move { measure_better_models(&app).await });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_names_a_pack_model_a_key_or_a_file() {
        assert_eq!(
            from_variable("smollm2-135m-instruct"),
            Some((Some(ModelKey::Pack("smollm2-135m-instruct".into())), None))
        );
        assert_eq!(
            from_variable("imported:4"),
            Some((Some(ModelKey::Imported(4)), None))
        );
        assert_eq!(
            from_variable("/models/x.gguf"),
            Some((None, Some(PathBuf::from("/models/x.gguf"))))
        );
        assert_eq!(from_variable("  "), None);
    }
}
