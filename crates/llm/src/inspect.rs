//! Reading a model's identity without running it.

use crate::backend::backend;
use crate::check_model_file;
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

/// Loads only the vocabulary and metadata of the model at `path`.
pub fn inspect_model(path: &Path) -> Result<ModelInfo, LlmError> {
    let file = check_model_file(path)?;
    let params = LlamaModelParams::default().with_vocab_only(true);
    let model = LlamaModel::load_from_file(backend()?, path, &params)
        .map_err(|e| LlmError::invalid(path, format!("llama.cpp could not load it ({e})")))?;
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let architecture = model
        .meta_val_str("general.architecture")
        .unwrap_or_default();
    // A vocab-only load skips the hyper-parameters, so read the length from metadata.
    let context_length = model
        .meta_val_str(&format!("{architecture}.context_length"))
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let number = |key: &str| {
        model
            .meta_val_str(&format!("{architecture}.{key}"))
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
    };
    let layers = number("block_count").unwrap_or(0);
    let width = number("embedding_length").unwrap_or(0);
    let heads = number("attention.head_count").unwrap_or(1).max(1);
    let kv_heads = number("attention.head_count_kv").unwrap_or(heads);
    let kv_bytes_per_token = 2 * layers * (width / heads) * kv_heads * 2;
    Ok(ModelInfo {
        name: model
            .meta_val_str("general.name")
            .ok()
            .or(stem)
            .unwrap_or_default(),
        architecture,
        file_size: file.size,
        context_length,
        has_chat_template: model.chat_template(None).is_ok(),
        kv_bytes_per_token,
    })
}
