//! Choosing a model and starting its worker, shared by `generate` and `bench llm`.

use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::ErrorCode;
use lantern_llm::{EngineConfig, Supervisor, SupervisorConfig};
use std::path::PathBuf;
use std::time::Duration;

/// Longest wait for a model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(120);
/// Longest silence from the worker during a turn.
const IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// Which model to run and how.
#[derive(Debug, Clone, Args)]
pub struct ModelOptions {
    /// GGUF model file; defaults to the pack's default model.
    #[arg(long)]
    pub model: Option<PathBuf>,
    /// CPU threads; defaults to the number of cores.
    #[arg(long)]
    pub threads: Option<u32>,
    /// Context window in tokens.
    #[arg(long, default_value_t = 2048)]
    pub context: u32,
    /// Sample every token, even those a grammar forces (the baseline of fast-forward).
    #[arg(long)]
    pub plain_decoding: bool,
    /// A smaller GGUF with the same vocabulary that drafts for the model (speculative
    /// decoding; the answer stays the model's own).
    #[arg(long)]
    pub draft: Option<PathBuf>,
}

impl ModelOptions {
    /// The model file to load.
    pub fn model_path(&self, locations: &Locations) -> Result<PathBuf, CliError> {
        match &self.model {
            Some(path) => Ok(path.clone()),
            None => locations.default_llm(),
        }
    }

    /// Threads to use.
    pub fn threads(&self) -> u32 {
        self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| u32::try_from(n.get()).unwrap_or(1))
                .unwrap_or(1)
        })
    }

    /// A supervisor whose worker is this very binary (`lantern worker`), remembering
    /// checked model files in Lantern's data folder.
    pub fn supervisor(&self, locations: &Locations) -> Result<Supervisor, CliError> {
        let record = locations.data_dir.join(lantern_llm::verified::RECORD_FILE);
        self.supervisor_recording(locations, record)
    }

    /// [`ModelOptions::supervisor`] with checked model files remembered in `record`.
    pub fn supervisor_recording(
        &self,
        locations: &Locations,
        record: PathBuf,
    ) -> Result<Supervisor, CliError> {
        let program = std::env::current_exe().map_err(|e| {
            CliError::new(
                ErrorCode::RuntimeFailed,
                format!("cannot find the lantern binary: {e}"),
            )
        })?;
        Ok(Supervisor::new(SupervisorConfig {
            program,
            args: vec!["worker".into()],
            engine: EngineConfig {
                model_path: self.model_path(locations)?,
                threads: self.threads(),
                context_tokens: self.context,
                check_only: false,
                verified_record: Some(record),
                plain_decoding: self.plain_decoding,
                draft_model_path: self.draft.clone(),
            },
            load_timeout: LOAD_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
        }))
    }
}
