//! Checks before a model is loaded: the file, its checksum when it is a known model,
//! and whether it fits in free memory.

use crate::{check_model_file, inspect_model, ModelInfo};
use lantern_core::llm::LlmError;
use lantern_core::pack::Manifest;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// Memory llama.cpp needs beyond weights and KV cache (compute buffers, runtime).
const OVERHEAD_BYTES: u64 = 96 << 20;

/// Runs every check on `path` for a context of `context_tokens`; returns its identity.
pub fn preflight(path: &Path, context_tokens: u32) -> Result<ModelInfo, LlmError> {
    let file = check_model_file(path)?;
    verify_known_checksum(path, file.size)?;
    let info = inspect_model(path)?;
    let needed = estimate_ram(file.size, info.kv_bytes_per_token, context_tokens);
    if let Some(available) = available_ram() {
        if needed > available {
            return Err(LlmError::OutOfMemory(format!(
                "{} needs about {} MB, only {} MB are free",
                path.display(),
                needed >> 20,
                available >> 20
            )));
        }
    }
    Ok(info)
}

/// Bytes the loaded model is expected to use.
pub fn estimate_ram(file_size: u64, kv_bytes_per_token: u64, context_tokens: u32) -> u64 {
    file_size + kv_bytes_per_token * u64::from(context_tokens) + OVERHEAD_BYTES
}

/// `MemAvailable` from /proc/meminfo, when the platform has it.
fn available_ram() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_mem_available(&text)
}

fn parse_mem_available(meminfo: &str) -> Option<u64> {
    meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map(|kib| kib * 1024)
}

/// If a model of the manifest has this size, the file must have its sha256: a file
/// with corrupted tensor data can load without error and answer garbage.
fn verify_known_checksum(path: &Path, size: u64) -> Result<(), LlmError> {
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
    let digest = sha256_file(path)?;
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

fn sha256_file(path: &Path) -> Result<String, LlmError> {
    let mut file = std::fs::File::open(path).map_err(|e| LlmError::invalid(path, e.to_string()))?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let n = file
            .read(&mut buffer)
            .map_err(|e| LlmError::invalid(path, e.to_string()))?;
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
    fn mem_available_is_read_in_bytes() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:    1000 kB\n";
        assert_eq!(parse_mem_available(text), Some(1_024_000));
        assert_eq!(parse_mem_available("MemTotal: 1 kB"), None);
    }

    #[test]
    fn estimate_adds_weights_cache_and_overhead() {
        assert_eq!(estimate_ram(100, 10, 4), 140 + OVERHEAD_BYTES);
    }
}
