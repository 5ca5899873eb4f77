//! The models a Lantern installation can run: the pack's (from the manifest, with their
//! eval results) and GGUFs the user imported (copied into the data folder or referenced
//! where they are), each with its memory estimate and its speed measured on this
//! machine alone and with the smaller model that can draft for it (speculative decoding,
//! [`Draft`]; it runs with the draft only where that was measured faster); and the
//! automatic choice among them (`lantern_core::catalog::choose`).
//!
//! The app's Models page and `lantern models` both work through [`ModelLibrary`].

mod draft;
mod entry;
mod error;
mod import;
mod list;
mod speed;

pub use draft::{refusal_reason, MAX_DRAFT_SHARE};
pub use entry::{Draft, ModelEntry, ModelSource};
pub use error::ModelsError;
pub use import::{ImportMode, ImportProgress};
pub use list::{MachineFacts, ModelList};
pub use speed::{DraftedRun, Measurement};

use lantern_core::catalog::ModelKey;
use lantern_core::pack::Manifest;
use lantern_store::Store;
use std::path::{Path, PathBuf};

/// Context window the loops use, and the one memory estimates assume.
pub const CONTEXT_TOKENS: u32 = 4096;
/// Folder of the data folder that holds Lantern's copies of imported models.
pub const COPIES_DIR_NAME: &str = "imported-models";

/// Threads a model runs with unless told otherwise: the cores, at most 4 (more rarely
/// helps a small model). The app's settings and `lantern models` both start here.
pub fn default_threads() -> u32 {
    std::thread::available_parallelism()
        .map(|n| u32::try_from(n.get()).unwrap_or(1).min(4))
        .unwrap_or(2)
}

/// How to start a model worker process (the app or `lantern` binary in worker mode).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// Arguments before the worker's JSON config.
    pub args: Vec<String>,
}

/// The model list of one installation.
#[derive(Debug, Clone)]
pub struct ModelLibrary {
    store: Store,
    pack_dir: Option<PathBuf>,
    copies_dir: PathBuf,
    /// The record of model files already hashed (`lantern_llm::verified`).
    verified_record: PathBuf,
    worker: WorkerCommand,
}

impl ModelLibrary {
    /// The list kept in `store`, with the pack in `pack_dir` and copies under `data_dir`.
    pub fn new(
        store: Store,
        pack_dir: Option<PathBuf>,
        data_dir: &Path,
        worker: WorkerCommand,
    ) -> Self {
        Self {
            store,
            pack_dir,
            copies_dir: data_dir.join(COPIES_DIR_NAME),
            verified_record: data_dir.join(lantern_llm::verified::RECORD_FILE),
            worker,
        }
    }

    /// The file of the model `key`: a pack file (which may be missing) or an import.
    pub async fn resolve(&self, key: &ModelKey) -> Result<PathBuf, ModelsError> {
        match key {
            ModelKey::Pack(name) => {
                let manifest = Manifest::bundled();
                let file = manifest
                    .llms()
                    .find(|m| &m.name == name)
                    .and_then(|m| m.files.first())
                    .ok_or_else(|| ModelsError::Unknown(key.to_string()))?;
                let dir = self
                    .pack_dir
                    .as_ref()
                    .ok_or_else(|| ModelsError::Unknown(key.to_string()))?;
                Ok(dir.join(&file.path))
            }
            ModelKey::Imported(id) => Ok(PathBuf::from(self.store.imported_model(*id).await?.path)),
        }
    }

    /// The key of the model whose file is `path`, if it is listed.
    pub async fn key_for_path(&self, path: &Path) -> Result<Option<ModelKey>, ModelsError> {
        let imported = self
            .store
            .imported_models()
            .await?
            .into_iter()
            .find(|m| Path::new(&m.path) == path)
            .map(|m| ModelKey::Imported(m.id));
        let in_pack = || {
            let dir = self.pack_dir.as_deref()?;
            Manifest::bundled()
                .llms()
                .find(|m| m.files.first().is_some_and(|f| dir.join(&f.path) == path))
                .map(|m| ModelKey::Pack(m.name.clone()))
        };
        Ok(imported.or_else(in_pack))
    }
}
