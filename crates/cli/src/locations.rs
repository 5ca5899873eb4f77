//! Where the command line finds the data folder and the model pack.

use crate::cli_error::CliError;
use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, Role};
use lantern_core::ErrorCode;
use std::path::{Path, PathBuf};

/// The app's identifier; its data folder is named after it, as Tauri does.
const APP_IDENTIFIER: &str = "org.lantern.studydesk";

/// The folders a command works with.
pub struct Locations {
    /// Data folder: `lantern.db` and the `index/` folder live here, as in the app.
    pub data_dir: PathBuf,
    model_dir: Option<PathBuf>,
}

impl Locations {
    /// Resolves the data folder now; the model pack is looked up when needed.
    pub fn new(data_dir: Option<PathBuf>, model_dir: Option<PathBuf>) -> Self {
        let data_dir = data_dir.unwrap_or_else(|| {
            dirs::data_dir()
                .unwrap_or_else(|| PathBuf::from("."))
                .join(APP_IDENTIFIER)
        });
        Self {
            data_dir,
            model_dir,
        }
    }

    /// The SQLite database file.
    pub fn database(&self) -> PathBuf {
        self.data_dir.join("lantern.db")
    }

    /// The LanceDB folder.
    pub fn index_dir(&self) -> PathBuf {
        self.data_dir.join(lantern_rag::INDEX_DIR_NAME)
    }

    /// Folders that may hold the pack, in order of precedence.
    pub fn pack_candidates(&self) -> Vec<PathBuf> {
        candidate_dirs(self.model_dir.clone(), &[self.data_dir.join("models")])
    }

    /// The first complete model pack, or a coded error saying how to get one.
    pub fn pack(&self) -> Result<PathBuf, CliError> {
        locate_pack(&Manifest::bundled(), &self.pack_candidates(), Path::exists).ok_or_else(|| {
            CliError::new(
                ErrorCode::ModelPackMissing,
                "no complete model pack found; run `python3 models/fetch.py` or pass --model-dir",
            )
        })
    }

    /// The default chat model's file in the pack.
    pub fn default_llm(&self) -> Result<PathBuf, CliError> {
        let manifest = Manifest::bundled();
        let file = manifest
            .default_for(Role::Llm)
            .and_then(|m| m.files.first())
            .ok_or_else(|| {
                CliError::new(
                    ErrorCode::ModelNotFound,
                    "the manifest names no default model",
                )
            })?;
        Ok(self.pack()?.join(&file.path))
    }
}
