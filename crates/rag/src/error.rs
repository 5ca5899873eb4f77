//! Errors of the retrieval layer.

use lantern_core::Coded;
use std::path::PathBuf;

/// What can go wrong when embedding or searching.
#[derive(Debug, thiserror::Error)]
pub enum RagError {
    /// The ONNX Runtime library is not where the model pack should have it.
    #[error("ONNX Runtime library not found at {}", .0.display())]
    RuntimeMissing(PathBuf),
    /// The ONNX Runtime library exists but could not be loaded.
    #[error("cannot load ONNX Runtime: {0}")]
    RuntimeInvalid(String),
    /// A file of the embedding model is missing.
    #[error("embedding model file not found: {}", .0.display())]
    ModelMissing(PathBuf),
    /// The embedding model could not be loaded or run.
    #[error("embedding failed: {0}")]
    Embed(String),
    /// The vector index could not be opened, written or searched.
    #[error("vector index error: {0}")]
    Index(String),
}

impl Coded for RagError {
    fn code(&self) -> lantern_core::error::ErrorCode {
        match self {
            Self::RuntimeMissing(_) => lantern_core::error::ErrorCode::EmbedderRuntimeMissing,
            Self::RuntimeInvalid(_) => lantern_core::error::ErrorCode::EmbedderRuntimeInvalid,
            Self::ModelMissing(_) => lantern_core::error::ErrorCode::EmbedderModelMissing,
            Self::Embed(_) => lantern_core::error::ErrorCode::EmbedderFailed,
            Self::Index(_) => lantern_core::error::ErrorCode::IndexFailed,
        }
    }
}

impl From<lancedb::Error> for RagError {
    fn from(e: lancedb::Error) -> Self {
        Self::Index(e.to_string())
    }
}

impl From<arrow_schema::ArrowError> for RagError {
    fn from(e: arrow_schema::ArrowError) -> Self {
        Self::Index(e.to_string())
    }
}
