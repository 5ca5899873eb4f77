//! Reading a model's identity without running it.

use crate::backend::backend;
use crate::check_model_file;
use crate::metadata::{read_architecture, read_metadata};
use lantern_core::llm::LlmError;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::LlamaModel;
use std::path::Path;

/// What a model file says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelInfo {
    /// `general.name` from the GGUF metadata, or the file stem.
    pub name: String,
    /// Architecture, e.g. `llama` or `qwen2`.
    pub architecture: String,
    /// File size in bytes.
    pub file_size: u64,
    /// Context length the model was trained with.
    pub context_length: u32,
    /// Whether the file carries its own chat template.
    pub has_chat_template: bool,
    /// KV-cache bytes per context token (f16 keys and values), for RAM estimates.
    pub kv_bytes_per_token: u64,
}

/// Reads the header and metadata of the model at `path` (plain Rust: safe to run in
/// the app's own process; whether llama.cpp can load it is checked by the worker).
pub fn inspect_model(path: &Path) -> Result<ModelInfo, LlmError> {
    let file = check_model_file(path)?;
    let meta = read_metadata(path)
        .map_err(|e| LlmError::invalid(path, format!("its metadata cannot be read: {e}")))?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    Ok(ModelInfo {
        name: meta.name.or(stem).unwrap_or_default(),
        architecture: meta.architecture,
        file_size: file.size,
        context_length: meta.context_length,
        has_chat_template: meta.has_chat_template,
        kv_bytes_per_token: meta.kv_bytes_per_token,
    })
}

/// Asks llama.cpp to load the vocabulary of `path`: fails with
/// `model_architecture_unsupported` when this build does not know its architecture.
/// Runs in the worker process (a corrupt file may abort it).
pub(crate) fn try_vocab_load(path: &Path) -> Result<(), LlmError> {
    check_model_file(path)?;
    let params = LlamaModelParams::default().with_vocab_only(true);
    LlamaModel::load_from_file(backend()?, path, &params)
        .map(drop)
        .map_err(|e| match read_architecture(path) {
            Some(architecture) => LlmError::unsupported_architecture(path, &architecture),
            None => LlmError::invalid(path, format!("llama.cpp could not load it ({e})")),
        })
}
