//! Checks before a model is loaded: the file, its checksum when it is a known model,
//! and whether it fits in free memory.

use crate::machine::{available_ram, total_ram};
use crate::verified::digest_once;
use crate::{check_model_file, inspect_model, ModelInfo};
use lantern_core::llm::LlmError;
use lantern_core::pack::Manifest;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// Memory llama.cpp needs beyond weights and KV cache (compute buffers, runtime).
const OVERHEAD_BYTES: u64 = 96 << 20;

/// Runs every check on `path` for a context of `context_tokens`; returns its identity.
/// `verified`, when given, is the record of files already hashed ([`crate::verified`]):
/// an unchanged file is not hashed again.
pub fn preflight(
    path: &Path,
    context_tokens: u32,
    verified: Option<&Path>,
) -> Result<ModelInfo, LlmError> {
    let checked = identify(path, context_tokens, verified)?;
    if let Some(available) = available_ram() {
        if checked.ram_bytes > available {
            return Err(LlmError::OutOfMemory(format!(
                "{} needs about {} MB, only {} MB are free",
                path.display(),
                checked.ram_bytes >> 20,
                available >> 20
            )));
        }
    }
    Ok(checked.info)
}

/// A checked GGUF: its identity and the memory it needs.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportCheck {
    /// What the file says about itself.
    pub info: ModelInfo,
    /// Estimated memory when loaded with `context_tokens`, in bytes.
    pub ram_bytes: u64,
}

/// Checks a GGUF before it is accepted into the model list: header, a known model's
/// checksum, metadata, and memory — a model needing more than the machine has in all
/// is refused. (Whether llama.cpp can load it is asked of a worker: `check_loads`.)
pub fn check_for_import(path: &Path, context_tokens: u32) -> Result<ImportCheck, LlmError> {
    let checked = identify(path, context_tokens, None)?;
    if let Some(total) = total_ram() {
        if checked.ram_bytes > total {
            return Err(LlmError::TooLarge {
                needed_mb: checked.ram_bytes >> 20,
                total_mb: total >> 20,
            });
        }
    }
    Ok(checked)
}

/// The checks both share: header, a known model's checksum, metadata, memory estimate.
fn identify(
    path: &Path,
    context_tokens: u32,
    verified: Option<&Path>,
) -> Result<ImportCheck, LlmError> {
    let file = check_model_file(path)?;
    verify_known_checksum(path, file.size, verified)?;
    let info = inspect_model(path)?;
    let ram_bytes = estimate_ram(file.size, info.kv_bytes_per_token, context_tokens);
    Ok(ImportCheck { info, ram_bytes })
}

/// Bytes the loaded model is expected to use.
pub fn estimate_ram(file_size: u64, kv_bytes_per_token: u64, context_tokens: u32) -> u64 {
    file_size + kv_bytes_per_token * u64::from(context_tokens) + OVERHEAD_BYTES
}

/// If a model of the manifest has this size, the file must have its sha256: a file
/// with corrupted tensor data can load without error and answer garbage. A file
/// `verified` remembers unchanged is not read again.
fn verify_known_checksum(path: &Path, size: u64, verified: Option<&Path>) -> Result<(), LlmError> {
    let manifest = Manifest::bundled();
    let candidates: Vec<_> = manifest
        .models
        .iter()
        .flat_map(|m| m.files.iter().map(move |f| (m, f)))
        .filter(|(_, f)| f.size == size)
        .collect();
    if candidates.is_empty() {
        return Ok(());
    }
    let wanted: Vec<&str> = candidates.iter().map(|(_, f)| f.sha256.as_str()).collect();
    let digest = digest_once(path, verified, &wanted, sha256_file)
        .map_err(|e| LlmError::invalid(path, e.to_string()))?;
    if candidates.iter().any(|(_, f)| f.sha256 == digest) {
        return Ok(());
    }
    Err(LlmError::invalid(
        path,
        format!(
            "it has the size of {} but not its sha256; the file is corrupt (re-run models/fetch.py)",
            candidates[0].0.name
        ),
    ))
}

fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
    }
    Ok(hex::encode(hasher.finalize()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimate_adds_weights_cache_and_overhead() {
        assert_eq!(estimate_ram(100, 10, 4), 140 + OVERHEAD_BYTES);
    }
}
