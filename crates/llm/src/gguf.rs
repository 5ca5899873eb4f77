//! Cheap checks of a model file before llama.cpp is asked to load it.

use lantern_core::llm::LlmError;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The four bytes every GGUF file starts with.
const GGUF_MAGIC: &[u8; 4] = b"GGUF";
/// Magic, version (u32), tensor count (u64), metadata count (u64).
const HEADER_LEN: usize = 4 + 4 + 8 + 8;

/// A model file that passed the header checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelFile {
    /// Path of the file.
    pub path: PathBuf,
    /// Size in bytes.
    pub size: u64,
    /// GGUF format version from the header.
    pub gguf_version: u32,
    /// Number of tensors declared in the header.
    pub tensor_count: u64,
}

/// Checks that `path` is an existing regular file with a plausible GGUF header.
pub fn check_model_file(path: &Path) -> Result<ModelFile, LlmError> {
    let meta = std::fs::metadata(path).map_err(|_| LlmError::NotFound(path.to_path_buf()))?;
    if !meta.is_file() {
        return Err(LlmError::invalid(path, "not a regular file"));
    }
    let mut header = [0u8; HEADER_LEN];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .map_err(|_| LlmError::invalid(path, "file is too short to be a GGUF model"))?;
    parse_header(&header)
        .map(|(gguf_version, tensor_count)| ModelFile {
            path: path.to_path_buf(),
            size: meta.len(),
            gguf_version,
            tensor_count,
        })
        .map_err(|reason| LlmError::invalid(path, reason))
}

/// Reads version and tensor count from a GGUF header, or says what is wrong with it.
fn parse_header(header: &[u8; HEADER_LEN]) -> Result<(u32, u64), &'static str> {
    if &header[..4] != GGUF_MAGIC {
        return Err("missing GGUF magic bytes");
    }
    let version = u32::from_le_bytes(header[4..8].try_into().expect("4 bytes"));
    if !(2..=3).contains(&version) {
        return Err("unsupported GGUF version (expected 2 or 3)");
    }
    let tensors = u64::from_le_bytes(header[8..16].try_into().expect("8 bytes"));
    if tensors == 0 {
        return Err("the file declares no tensors");
    }
    Ok((version, tensors))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(magic: &[u8; 4], version: u32, tensors: u64) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[..4].copy_from_slice(magic);
        h[4..8].copy_from_slice(&version.to_le_bytes());
        h[8..16].copy_from_slice(&tensors.to_le_bytes());
        h
    }

    #[test]
    fn valid_header_is_read() {
        assert_eq!(parse_header(&header(b"GGUF", 3, 272)), Ok((3, 272)));
    }

    #[test]
    fn wrong_magic_version_or_empty_is_refused() {
        assert!(parse_header(&header(b"GGML", 3, 1)).is_err());
        assert!(parse_header(&header(b"GGUF", 9, 1)).is_err());
        assert!(parse_header(&header(b"GGUF", 3, 0)).is_err());
    }

    #[test]
    fn missing_short_and_directory_paths_are_coded() {
        use lantern_core::Coded;
        let dir = tempfile::tempdir().unwrap();
        let missing = check_model_file(&dir.path().join("nope.gguf")).unwrap_err();
        assert_eq!(missing.code(), "model_not_found");
        assert_eq!(
            check_model_file(dir.path()).unwrap_err().code(),
            "model_invalid"
        );
        let short = dir.path().join("short.gguf");
        std::fs::write(&short, b"GGUF").unwrap();
        assert_eq!(
            check_model_file(&short).unwrap_err().code(),
            "model_invalid"
        );
    }
}
