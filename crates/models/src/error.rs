//! Errors of the model list, each with a stable code.

use lantern_core::llm::LlmError;
use lantern_core::{Coded, ErrorCode};
use lantern_store::StoreError;

/// Why a model-list action failed.
#[derive(Debug, thiserror::Error)]
pub enum ModelsError {
    /// The model file was refused or failed to run (its own `model_*` code).
    #[error(transparent)]
    Llm(#[from] LlmError),
    /// The database refused or failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// No model has this key.
    #[error("no model is called {0}")]
    Unknown(String),
    /// The model cannot be removed (pack models stay).
    #[error("{0} is part of the model pack and cannot be removed")]
    NotRemovable(String),
    /// Copying the file into the data folder failed.
    #[error("cannot copy the model: {0}")]
    Copy(String),
    /// The measurement could not run or its result was unusable.
    #[error("cannot measure the model's speed: {0}")]
    Benchmark(String),
}

impl Coded for ModelsError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::Llm(e) => e.code(),
            Self::Store(e) => e.code(),
            Self::Unknown(_) => ErrorCode::ModelUnknown,
            Self::NotRemovable(_) => ErrorCode::ModelNotRemovable,
            Self::Copy(_) => ErrorCode::ModelImportFailed,
            Self::Benchmark(_) => ErrorCode::ModelBenchmarkFailed,
        }
    }
}
