//! The model the app runs: its status (for the status bar) and its supervised worker.

use lantern_core::llm::LlmError;
use lantern_core::pack::{Manifest, Role};
use lantern_core::Coded;
use lantern_llm::{EngineConfig, Supervisor, SupervisorConfig};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tauri::{AppHandle, Runtime};
use tauri_specta::Event;

/// Command-line flag that makes the app binary run as the model worker.
pub const WORKER_FLAG: &str = "--llm-worker";
/// Context window the loops use.
const CONTEXT_TOKENS: u32 = 4096;
/// Longest wait for a model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(180);
/// Longest silence from the worker during a turn.
const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// What the status bar shows about the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum ModelStatus {
    /// No model file: the pack is missing and none was chosen.
    NotFound,
    /// The worker is loading `model`.
    Loading {
        /// File name of the model.
        model: String,
    },
    /// `model` answers.
    Ready {
        /// File name of the model.
        model: String,
    },
    /// The worker crashed during a turn and is being restarted.
    Restarting {
        /// File name of the model.
        model: String,
    },
    /// `model` could not be loaded.
    Failed {
        /// File name of the model.
        model: String,
        /// Stable error code.
        code: String,
        /// What went wrong.
        message: String,
    },
}

/// Sent whenever the model status changes.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct ModelStatusChanged(pub ModelStatus);

/// The model currently configured, its status and its worker.
pub struct ModelService {
    status: RwLock<ModelStatus>,
    llm: RwLock<Option<Arc<Supervisor>>>,
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The default model's file in `pack_dir`.
pub fn default_model(pack_dir: &Path) -> Option<PathBuf> {
    let manifest = Manifest::bundled();
    let file = manifest.default_for(Role::Llm)?.files.first()?;
    Some(pack_dir.join(&file.path))
}

impl Default for ModelService {
    fn default() -> Self {
        Self {
            status: RwLock::new(ModelStatus::NotFound),
            llm: RwLock::new(None),
        }
    }
}

impl ModelService {
    /// The current status.
    pub fn status(&self) -> ModelStatus {
        self.status
            .read()
            .map(|s| s.clone())
            .unwrap_or(ModelStatus::NotFound)
    }

    /// The running model, if it is ready.
    pub fn llm(&self) -> Option<Arc<Supervisor>> {
        self.llm.read().ok().and_then(|l| l.clone())
    }

    fn set<R: Runtime>(&self, app: &AppHandle<R>, status: ModelStatus) {
        if let Ok(mut current) = self.status.write() {
            *current = status.clone();
        }
        if let Err(e) = ModelStatusChanged(status).emit(app) {
            tracing::warn!("cannot send the model status: {e}");
        }
    }

    /// After the worker crashed during a turn: shows `restarting`, starts a fresh worker,
    /// then shows `ready` (or `failed` with its code).
    pub async fn recover<R: Runtime>(&self, app: &AppHandle<R>) {
        let (Some(llm), ModelStatus::Ready { model }) = (self.llm(), self.status()) else {
            return;
        };
        self.set(
            app,
            ModelStatus::Restarting {
                model: model.clone(),
            },
        );
        match llm.start().await {
            Ok(()) => self.set(app, ModelStatus::Ready { model }),
            Err(e) => self.set(
                app,
                ModelStatus::Failed {
                    model,
                    code: e.code().to_string(),
                    message: e.to_string(),
                },
            ),
        }
    }

    /// Stops any running model and loads `model` (`None`: nothing to load) with `threads`.
    /// Status goes to `loading`, then `ready` or `failed`, each sent as an event.
    pub async fn load<R: Runtime>(&self, app: &AppHandle<R>, model: Option<PathBuf>, threads: u32) {
        if let Ok(mut llm) = self.llm.write() {
            *llm = None; // dropping the supervisor kills its worker
        }
        let Some(path) = model else {
            self.set(app, ModelStatus::NotFound);
            return;
        };
        let name = file_name(&path);
        self.set(
            app,
            ModelStatus::Loading {
                model: name.clone(),
            },
        );
        match start(&path, threads).await {
            Ok(supervisor) => {
                if let Ok(mut llm) = self.llm.write() {
                    *llm = Some(Arc::new(supervisor));
                }
                self.set(app, ModelStatus::Ready { model: name });
            }
            Err(e) => self.set(
                app,
                ModelStatus::Failed {
                    model: name,
                    code: e.code().to_string(),
                    message: e.to_string(),
                },
            ),
        }
    }
}

async fn start(path: &Path, threads: u32) -> Result<Supervisor, LlmError> {
    let program = std::env::current_exe()
        .map_err(|e| LlmError::Runtime(format!("cannot find the app binary: {e}")))?;
    let supervisor = Supervisor::new(SupervisorConfig {
        program,
        args: vec![WORKER_FLAG.into()],
        engine: EngineConfig {
            model_path: path.to_path_buf(),
            threads,
            context_tokens: CONTEXT_TOKENS,
        },
        load_timeout: LOAD_TIMEOUT,
        idle_timeout: IDLE_TIMEOUT,
    });
    supervisor.start().await?;
    Ok(supervisor)
}
