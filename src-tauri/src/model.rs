//! The model the app runs: its status (for the status bar) and its supervised worker.
//!
//! Switching keeps the previous model answering until the new one is ready; a model
//! that fails to load leaves the previous one active. A model started with its draft
//! whose draft the worker refuses (their vocabularies differ) starts again alone.

use lantern_core::catalog::ModelKey;
use lantern_core::llm::LlmError;
use lantern_core::Coded;
use lantern_llm::{EngineConfig, Supervisor, SupervisorConfig};
use lantern_models::{refusal_reason, Draft, CONTEXT_TOKENS};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tauri::{AppHandle, Runtime};
use tauri_specta::Event;

/// Command-line flag that makes the app binary run as the model worker.
pub const WORKER_FLAG: &str = "--llm-worker";
/// Longest wait for a model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(180);
/// Longest silence from the worker during a turn.
const IDLE_TIMEOUT: Duration = Duration::from_secs(90);

/// What the status bar shows about the model.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum ModelStatus {
    /// No model file: the pack is missing and none was chosen.
    #[default]
    NotFound,
    /// The worker is loading `model`.
    Loading {
        /// File name of the model.
        model: String,
        /// Share of the weights loaded, in percent.
        percent: u8,
        /// The model that keeps answering until this one is ready.
        previous: Option<String>,
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

/// A model to run: its key (when it is on the list), its file and its draft's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelTarget {
    /// Its key on the model list (`None`: a file named by `LANTERN_MODEL`).
    pub key: Option<ModelKey>,
    /// The GGUF file.
    pub path: PathBuf,
    /// The smaller model that drafts for it, when it runs with one (measured faster with
    /// it: `lantern_core::catalog::Pairing`).
    pub draft: Option<Draft>,
}

/// A draft the model worker refused at load: the model runs alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedDraft {
    /// The model's key (`None`: a file off the list).
    pub model: Option<ModelKey>,
    /// The draft.
    pub draft: Draft,
    /// The worker's words.
    pub reason: String,
}

/// What to do after `target` failed to start with `error`: when the worker refused its
/// draft, start the model alone (the same words, no speed-up) and say which pair was
/// refused; any other failure is the model's own (`None`).
pub fn alone_after_refusal(
    target: &ModelTarget,
    error: &LlmError,
) -> Option<(ModelTarget, RefusedDraft)> {
    let draft = target.draft.clone()?;
    let reason = refusal_reason(error)?.to_string();
    let alone = ModelTarget {
        draft: None,
        ..target.clone()
    };
    let refused = RefusedDraft {
        model: target.key.clone(),
        draft,
        reason,
    };
    Some((alone, refused))
}

struct Active {
    target: ModelTarget,
    llm: Arc<Supervisor>,
}

/// The model currently running, its status and its worker.
#[derive(Default)]
pub struct ModelService {
    status: RwLock<ModelStatus>,
    active: RwLock<Option<Active>>,
    /// Serialises loads: two clicks never load two models at once.
    switching: tokio::sync::Mutex<()>,
    /// The record of model files already hashed, so an unchanged file is not read
    /// again on each load (`lantern_llm::verified`); none hashes every time.
    verified_record: Option<PathBuf>,
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl ModelService {
    /// A service that remembers checked model files in `verified_record`.
    pub fn new(verified_record: PathBuf) -> Self {
        Self {
            verified_record: Some(verified_record),
            ..Self::default()
        }
    }

    /// The current status.
    pub fn status(&self) -> ModelStatus {
        self.status
            .read()
            .map(|s| s.clone())
            .unwrap_or(ModelStatus::NotFound)
    }

    /// The running model, if it is ready.
    pub fn llm(&self) -> Option<Arc<Supervisor>> {
        self.active
            .read()
            .ok()
            .and_then(|a| a.as_ref().map(|a| Arc::clone(&a.llm)))
    }

    /// What runs now (loaded and ready).
    pub fn active(&self) -> Option<ModelTarget> {
        self.active
            .read()
            .ok()
            .and_then(|a| a.as_ref().map(|a| a.target.clone()))
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

    /// Loads `target` with `threads` while the current model keeps answering; when it is
    /// ready it replaces the current one. When the worker refuses `target`'s draft, the
    /// model is loaded alone and the refused pair returned (for the caller to record). On
    /// failure the current model stays active (status back to `ready`) and the error is
    /// returned; with no current model the status shows `failed`. `None` stops the model
    /// (no file to run).
    pub async fn switch<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        target: Option<ModelTarget>,
        threads: u32,
    ) -> Result<Option<RefusedDraft>, LlmError> {
        let _one_at_a_time = self.switching.lock().await;
        let Some(mut target) = target else {
            if let Ok(mut active) = self.active.write() {
                *active = None; // dropping the supervisor kills its worker
            }
            self.set(app, ModelStatus::NotFound);
            return Ok(None);
        };
        let name = file_name(&target.path);
        let previous = self.active().map(|a| file_name(&a.path));
        let loading = |percent: u8| ModelStatus::Loading {
            model: name.clone(),
            percent,
            previous: previous.clone(),
        };
        self.set(app, loading(0));
        let report = {
            let app = app.clone();
            let loading = &loading;
            move |fraction: f32| {
                let status = loading((fraction.clamp(0.0, 1.0) * 100.0) as u8);
                if let Err(e) = ModelStatusChanged(status).emit(&app) {
                    tracing::warn!("cannot send the load progress: {e}");
                }
            }
        };
        let verified = self.verified_record.clone();
        let mut started = start(&target, threads, verified.clone(), &report).await;
        let mut refused = None;
        if let Err(e) = &started {
            if let Some((alone, refusal)) = alone_after_refusal(&target, e) {
                tracing::warn!(
                    "the model worker refused {} as the draft of {name}; it runs alone: {}",
                    refusal.draft.key,
                    refusal.reason
                );
                target = alone;
                refused = Some(refusal);
                started = start(&target, threads, verified, &report).await;
            }
        }
        match started {
            Ok(supervisor) => {
                if let Ok(mut active) = self.active.write() {
                    *active = Some(Active {
                        target,
                        llm: Arc::new(supervisor),
                    });
                }
                self.set(app, ModelStatus::Ready { model: name });
                Ok(refused)
            }
            Err(e) => {
                match previous {
                    Some(model) => self.set(app, ModelStatus::Ready { model }),
                    None => self.set(
                        app,
                        ModelStatus::Failed {
                            model: name,
                            code: e.code().to_string(),
                            message: e.to_string(),
                        },
                    ),
                }
                Err(e)
            }
        }
    }
}

async fn start(
    target: &ModelTarget,
    threads: u32,
    verified_record: Option<PathBuf>,
    report: &(dyn Fn(f32) + Send + Sync),
) -> Result<Supervisor, LlmError> {
    let supervisor = Supervisor::new(SupervisorConfig {
        program: worker_program()?,
        args: vec![WORKER_FLAG.into()],
        engine: EngineConfig {
            model_path: target.path.clone(),
            threads,
            context_tokens: CONTEXT_TOKENS,
            check_only: false,
            verified_record,
            plain_decoding: false,
            draft_model_path: target.draft.as_ref().map(|d| d.file.clone()),
        },
        load_timeout: LOAD_TIMEOUT,
        idle_timeout: IDLE_TIMEOUT,
    });
    supervisor.start_reporting(report).await?;
    Ok(supervisor)
}

/// The app binary, which runs the model worker with [`WORKER_FLAG`].
pub fn worker_program() -> Result<PathBuf, LlmError> {
    std::env::current_exe()
        .map_err(|e| LlmError::Runtime(format!("cannot find the app binary: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer_with(draft: Option<Draft>) -> ModelTarget {
        ModelTarget {
            key: Some(ModelKey::Pack("qwen2.5-coder-1.5b-instruct".into())),
            path: "/pack/writer.gguf".into(),
            draft,
        }
    }

    fn small() -> Draft {
        Draft {
            key: ModelKey::Pack("qwen2.5-coder-0.5b-instruct".into()),
            name: "qwen2.5-coder-0.5b-instruct".into(),
            file: "/pack/small.gguf".into(),
            ram_bytes: 700_000_000,
        }
    }

    /// The worker's refusal as the supervisor hands it over (`LlmError::from_code`).
    fn refusal() -> LlmError {
        LlmError::from_code(
            "model_draft_refused",
            "/pack/small.gguf cannot draft for this model: token 7 differs".into(),
        )
    }

    #[test]
    fn a_refused_draft_starts_the_model_alone_and_names_the_pair() {
        let target = writer_with(Some(small()));
        let (alone, refused) = alone_after_refusal(&target, &refusal()).expect("start alone");
        assert_eq!(alone, writer_with(None));
        assert_eq!(refused.model, target.key);
        assert_eq!(refused.draft, small());
        assert!(refused.reason.contains("token 7 differs"));
    }

    #[test]
    fn other_failures_are_the_model_s_own() {
        let target = writer_with(Some(small()));
        let corrupt = LlmError::from_code(
            "model_invalid",
            "/pack/writer.gguf is not a usable model: tensor data is truncated".into(),
        );
        assert_eq!(alone_after_refusal(&target, &corrupt), None);
        assert_eq!(
            alone_after_refusal(&target, &LlmError::OutOfMemory("x".into())),
            None
        );
        // Without a draft there is nothing to leave out.
        assert_eq!(alone_after_refusal(&writer_with(None), &refusal()), None);
    }
}
