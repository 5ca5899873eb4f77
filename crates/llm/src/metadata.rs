//! Reads a GGUF file's metadata in plain Rust (no llama.cpp): the name, architecture and
//! hyper-parameters the Models page and the memory estimate need. A corrupt file can make
//! llama.cpp abort its process; reading it here cannot, so the app inspects files itself
//! and leaves loading them to the worker process.

use std::collections::HashMap;
use std::io::{BufReader, Read, Seek};
use std::path::Path;

/// Entries read at most (vocabularies are arrays: one entry each).
const MAX_ENTRIES: u64 = 4096;
/// Longest key or string value believed (chat templates run to a few kB).
const MAX_STRING: u64 = 1 << 20;
/// GGUF value types this reader keeps.
const U32: u32 = 4;
const STRING: u32 = 8;
const ARRAY: u32 = 9;
const U64: u32 = 10;

/// A kept metadata value.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Number(u64),
    Text(String),
}

/// What a GGUF's metadata says about the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GgufMetadata {
    /// `general.name`, when present.
    pub name: Option<String>,
    /// `general.architecture`.
    pub architecture: String,
    /// `<arch>.context_length` (0 when absent).
    pub context_length: u32,
    /// Whether `tokenizer.chat_template` is present.
    pub has_chat_template: bool,
    /// KV-cache bytes per context token (f16 keys and values).
    pub kv_bytes_per_token: u64,
}

/// Reads the metadata of the GGUF at `path` (after its 24-byte header); `None` when it
/// is truncated, malformed or has no architecture.
pub fn read_metadata(path: &Path) -> Option<GgufMetadata> {
    let mut file = BufReader::new(std::fs::File::open(path).ok()?);
    file.seek_relative(16).ok()?;
    let entries = read_u64(&mut file)?;
    let mut kept: HashMap<String, Value> = HashMap::new();
    for _ in 0..entries.min(MAX_ENTRIES) {
        let key = read_string(&mut file)?;
        let kind = read_u32(&mut file)?;
        match kind {
            U32 => kept.insert(key, Value::Number(u64::from(read_u32(&mut file)?))),
            U64 => kept.insert(key, Value::Number(read_u64(&mut file)?)),
            STRING => kept.insert(key, Value::Text(read_string(&mut file)?)),
            _ => skip_value(&mut file, kind).map(|()| None)?,
        };
    }
    summarise(&kept)
}

/// The `general.architecture` of the GGUF at `path`, if its metadata can be read.
pub fn read_architecture(path: &Path) -> Option<String> {
    read_metadata(path).map(|m| m.architecture)
}

fn summarise(kept: &HashMap<String, Value>) -> Option<GgufMetadata> {
    let text = |key: &str| match kept.get(key) {
        Some(Value::Text(t)) => Some(t.clone()),
        _ => None,
    };
    let architecture = text("general.architecture")?;
    let number = |key: &str| match kept.get(&format!("{architecture}.{key}")) {
        Some(Value::Number(n)) => Some(*n),
        _ => None,
    };
    let layers = number("block_count").unwrap_or(0);
    let width = number("embedding_length").unwrap_or(0);
    let heads = number("attention.head_count").unwrap_or(1).max(1);
    let kv_heads = number("attention.head_count_kv").unwrap_or(heads);
    Some(GgufMetadata {
        name: text("general.name"),
        context_length: number("context_length")
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0),
        has_chat_template: kept.contains_key("tokenizer.chat_template"),
        kv_bytes_per_token: 2 * layers * (width / heads) * kv_heads * 2,
        architecture,
    })
}

fn read_u32(r: &mut impl Read) -> Option<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b).ok()?;
    Some(u32::from_le_bytes(b))
}

fn read_u64(r: &mut impl Read) -> Option<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b).ok()?;
    Some(u64::from_le_bytes(b))
}

fn read_string(r: &mut impl Read) -> Option<String> {
    let len = read_u64(r)?;
    if len > MAX_STRING {
        return None;
    }
    let mut bytes = vec![0u8; usize::try_from(len).ok()?];
    r.read_exact(&mut bytes).ok()?;
    String::from_utf8(bytes).ok()
}

/// Size in bytes of a fixed-size value type, `None` for strings, arrays and unknowns.
fn fixed_size(kind: u32) -> Option<i64> {
    match kind {
        0 | 1 | 7 => Some(1),
        2 | 3 => Some(2),
        4..=6 => Some(4),
        10..=12 => Some(8),
        _ => None,
    }
}

fn skip_value<R: Read + Seek>(r: &mut BufReader<R>, kind: u32) -> Option<()> {
    match (kind, fixed_size(kind)) {
        (_, Some(size)) => r.seek_relative(size).ok(),
        (STRING, None) => {
            let len = read_u64(r).filter(|l| *l <= MAX_STRING)?;
            r.seek_relative(i64::try_from(len).ok()?).ok()
        }
        (ARRAY, None) => {
            let item = read_u32(r)?;
            let count = read_u64(r)?;
            match fixed_size(item) {
                Some(size) => {
                    let bytes = i64::try_from(count).ok()?.checked_mul(size)?;
                    r.seek_relative(bytes).ok()
                }
                None => (0..count).try_for_each(|_| skip_value(r, item)),
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn string(text: &str) -> Vec<u8> {
        let mut out = (text.len() as u64).to_le_bytes().to_vec();
        out.extend_from_slice(text.as_bytes());
        out
    }

    fn entry(key: &str, kind: u32, value: &[u8]) -> Vec<u8> {
        let mut out = string(key);
        out.extend_from_slice(&kind.to_le_bytes());
        out.extend_from_slice(value);
        out
    }

    /// A GGUF header and metadata: an array of strings, hyper-parameters, a template.
    fn gguf(architecture: &str) -> Vec<u8> {
        let mut tokens = STRING.to_le_bytes().to_vec();
        tokens.extend_from_slice(&2u64.to_le_bytes());
        tokens.extend(string("a"));
        tokens.extend(string("bc"));
        let entries = [
            entry("general.architecture", STRING, &string(architecture)),
            entry("general.name", STRING, &string("Tiny")),
            entry("tokenizer.ggml.tokens", ARRAY, &tokens),
            entry(
                &format!("{architecture}.block_count"),
                U32,
                &30u32.to_le_bytes(),
            ),
            entry(
                &format!("{architecture}.embedding_length"),
                U32,
                &576u32.to_le_bytes(),
            ),
            entry(
                &format!("{architecture}.attention.head_count"),
                U32,
                &9u32.to_le_bytes(),
            ),
            entry(
                &format!("{architecture}.attention.head_count_kv"),
                U32,
                &3u32.to_le_bytes(),
            ),
            entry(
                &format!("{architecture}.context_length"),
                U64,
                &8192u64.to_le_bytes(),
            ),
            entry("general.alignment", U32, &32u32.to_le_bytes()),
            entry("tokenizer.chat_template", STRING, &string("{{ x }}")),
        ];
        let mut out = b"GGUF".to_vec();
        out.extend_from_slice(&3u32.to_le_bytes());
        out.extend_from_slice(&1u64.to_le_bytes());
        out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
        out.extend(entries.concat());
        out
    }

    fn written(bytes: &[u8]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.gguf");
        std::fs::write(&path, bytes).unwrap();
        (dir, path)
    }

    #[test]
    fn name_architecture_and_memory_figures_are_read() {
        let (_dir, path) = written(&gguf("llama"));
        let meta = read_metadata(&path).unwrap();
        assert_eq!(meta.name.as_deref(), Some("Tiny"));
        assert_eq!(meta.architecture, "llama");
        assert_eq!(meta.context_length, 8192);
        assert!(meta.has_chat_template);
        // 2 (K and V) × 30 layers × 64 per head × 3 KV heads × 2 bytes.
        assert_eq!(meta.kv_bytes_per_token, 2 * 30 * 64 * 3 * 2);
    }

    #[test]
    fn truncated_or_absurd_metadata_reads_as_nothing() {
        let whole = gguf("llama");
        let (_dir, path) = written(&whole[..whole.len() - 3]);
        assert_eq!(read_metadata(&path), None);
        let mut absurd = whole[..24].to_vec();
        absurd.extend_from_slice(&u64::MAX.to_le_bytes());
        let (_dir, path) = written(&absurd);
        assert_eq!(read_architecture(&path), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(500))]

        /// Random and mutated files (a byte changed, cut anywhere): never a panic or a
        /// huge allocation; an intact file still reads.
        #[test]
        fn random_and_mutated_files_never_panic(
            at in 0usize..400,
            byte in proptest::prelude::any::<u8>(),
            cut in 0usize..400,
            noise in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200),
        ) {
            let mut bytes = gguf("llama");
            let at = at % bytes.len();
            bytes[at] = byte;
            bytes.truncate(cut.max(1).min(bytes.len()));
            let (_dir, path) = written(&bytes);
            let _ = read_metadata(&path);
            let mut random = b"GGUF".to_vec();
            random.extend(noise);
            let (_dir, path) = written(&random);
            let _ = read_metadata(&path);
        }
    }
}
