//! Errors of the model runtime.

use lantern_core::Coded;
use std::path::PathBuf;

/// What can go wrong when loading or running a model.
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    /// No file at the configured model path.
    #[error("model file not found: {}", .0.display())]
    NotFound(PathBuf),
    /// The file exists but is not a usable GGUF model.
    #[error("{} is not a valid GGUF model: {reason}", .path.display())]
    Invalid {
        /// The offending file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// llama.cpp could not be initialised.
    #[error("the inference backend failed to start: {0}")]
    Backend(String),
}

impl Coded for LlmError {
    fn code(&self) -> &'static str {
        match self {
            Self::NotFound(_) => "model_not_found",
            Self::Invalid { .. } => "model_invalid",
            Self::Backend(_) => "model_backend_failed",
        }
    }
}

impl LlmError {
    /// Shorthand for [`LlmError::Invalid`].
    pub(crate) fn invalid(path: &std::path::Path, reason: impl Into<String>) -> Self {
        Self::Invalid {
            path: path.to_path_buf(),
            reason: reason.into(),
        }
    }
}
