//! Reads a GGUF file's metadata in plain Rust (no llama.cpp): the name, architecture and
//! hyper-parameters the Models page and the memory estimate need. A corrupt file can make
//! llama.cpp abort its process; reading it here cannot, so the app inspects files itself
//! and leaves loading them to the worker process.
//!
//! The reader is built for crafted files: values are skipped without recursion (nested
//! arrays at most [`MAX_DEPTH`] deep), only the few keys Lantern uses are kept (other
//! strings are skipped, never held), every size is checked arithmetic, and the work is
//! bounded ([`MAX_ENTRIES`] entries, [`MAX_VISITS`] array items in all).

use std::io::{BufReader, Read, Seek};
use std::path::Path;

/// Entries read at most (vocabularies are arrays: one entry each).
const MAX_ENTRIES: u64 = 4096;
/// Longest key accepted (GGUF keys are short ASCII paths).
const MAX_KEY: u64 = 1 << 10;
/// Longest string value believed (chat templates run to a few kB); longer ones are refused.
const MAX_STRING: u64 = 1 << 20;
/// Longest string value kept (the architecture and the name).
const MAX_KEPT_STRING: u64 = 256;
/// Deepest nesting of arrays accepted.
const MAX_DEPTH: usize = 8;
/// Array items visited at most in one file (a 256k-token vocabulary is one array).
const MAX_VISITS: u64 = 4 << 20;
/// GGUF value types this reader keeps.
const U32: u32 = 4;
const STRING: u32 = 8;
const ARRAY: u32 = 9;
const U64: u32 = 10;
/// What the number keys Lantern reads end with, after `<architecture>.`.
const NUMBER_KEYS: [&str; 5] = [
    "block_count",
    "embedding_length",
    "attention.head_count",
    "attention.head_count_kv",
    "context_length",
];

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
    /// `tokenizer.ggml.model` and `tokenizer.ggml.pre` (e.g. `gpt2/qwen2`), when present.
    pub tokenizer: Option<String>,
    /// Entries of `tokenizer.ggml.tokens` (0 when absent).
    pub vocab_size: u64,
}

impl GgufMetadata {
    /// Whether `draft` names the same tokenizer and vocabulary size, so it may draft for
    /// this model: the cheap test the app pairs models with. The worker compares every
    /// token's text when it loads the pair ([`crate::speculative`]) and refuses a mismatch.
    pub fn shares_vocabulary_with(&self, draft: &GgufMetadata) -> bool {
        self.tokenizer.is_some()
            && self.tokenizer == draft.tokenizer
            && self.vocab_size > 0
            && self.vocab_size == draft.vocab_size
    }
}

/// Why a file's metadata could not be read (the detail of a `model_invalid` error).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetadataError(String);

impl std::fmt::Display for MetadataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MetadataError {}

fn malformed(why: impl Into<String>) -> MetadataError {
    MetadataError(why.into())
}

/// The values kept while reading: the few Lantern uses.
#[derive(Default)]
struct Kept {
    architecture: Option<String>,
    name: Option<String>,
    has_chat_template: bool,
    tokenizer_model: Option<String>,
    tokenizer_pre: Option<String>,
    vocab_size: u64,
    /// `(key suffix, value)` for keys `<something>.<suffix>` with a suffix of
    /// [`NUMBER_KEYS`]; matched with the architecture at the end.
    numbers: Vec<(String, u64)>,
}

/// Reads the metadata of the GGUF at `path` (after its 24-byte header); an error says
/// why it is truncated, malformed, too deep, too large or has no architecture.
pub fn read_metadata(path: &Path) -> Result<GgufMetadata, MetadataError> {
    let file = std::fs::File::open(path).map_err(|e| malformed(e.to_string()))?;
    let length = file.metadata().map_err(|e| malformed(e.to_string()))?.len();
    let mut file = BufReader::new(file);
    file.seek_relative(16)
        .map_err(|_| malformed("the header is truncated"))?;
    let entries = read_u64(&mut file)?;
    let mut kept = Kept::default();
    let mut visits = 0u64;
    for _ in 0..entries.min(MAX_ENTRIES) {
        let key = read_string(&mut file, MAX_KEY)?;
        let kind = read_u32(&mut file)?;
        match (key.as_str(), kind) {
            ("general.architecture", STRING) => kept.architecture = read_short_string(&mut file)?,
            ("general.name", STRING) => kept.name = read_short_string(&mut file)?,
            ("tokenizer.ggml.model", STRING) => {
                kept.tokenizer_model = read_short_string(&mut file)?
            }
            ("tokenizer.ggml.pre", STRING) => kept.tokenizer_pre = read_short_string(&mut file)?,
            ("tokenizer.ggml.tokens", ARRAY) => {
                let item = read_u32(&mut file)?;
                kept.vocab_size = read_u64(&mut file)?;
                skip_items(&mut file, vec![(item, kept.vocab_size)], &mut visits)?;
            }
            ("tokenizer.chat_template", _) => {
                kept.has_chat_template = true;
                skip_value(&mut file, kind, &mut visits)?;
            }
            (_, U32 | U64) => {
                let value = if kind == U32 {
                    u64::from(read_u32(&mut file)?)
                } else {
                    read_u64(&mut file)?
                };
                if let Some(suffix) = NUMBER_KEYS.iter().find(|s| key.ends_with(&format!(".{s}"))) {
                    let prefix = &key[..key.len() - suffix.len() - 1];
                    kept.numbers.push((format!("{prefix}.{suffix}"), value));
                }
            }
            _ => skip_value(&mut file, kind, &mut visits)?,
        }
    }
    // Skipping seeks, and a seek past the end succeeds: a value cut short shows here.
    if file.stream_position().map_err(|_| truncated())? > length {
        return Err(truncated());
    }
    summarise(kept)
}

/// The `general.architecture` of the GGUF at `path`, if its metadata can be read.
pub fn read_architecture(path: &Path) -> Option<String> {
    read_metadata(path).ok().map(|m| m.architecture)
}

fn summarise(kept: Kept) -> Result<GgufMetadata, MetadataError> {
    let architecture = kept
        .architecture
        .ok_or_else(|| malformed("it names no architecture"))?;
    let number = |suffix: &str| {
        let key = format!("{architecture}.{suffix}");
        kept.numbers
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    };
    let layers = number("block_count").unwrap_or(0);
    let width = number("embedding_length").unwrap_or(0);
    let heads = number("attention.head_count").unwrap_or(1).max(1);
    let kv_heads = number("attention.head_count_kv").unwrap_or(heads);
    let kv_bytes_per_token = [layers, width / heads, kv_heads, 2]
        .iter()
        .try_fold(2u64, |acc, n| acc.checked_mul(*n))
        .ok_or_else(|| malformed("its hyper-parameters are out of range"))?;
    Ok(GgufMetadata {
        name: kept.name,
        context_length: number("context_length")
            .and_then(|n| u32::try_from(n).ok())
            .unwrap_or(0),
        has_chat_template: kept.has_chat_template,
        kv_bytes_per_token,
        architecture,
        tokenizer: kept.tokenizer_model.map(|model| match kept.tokenizer_pre {
            Some(pre) => format!("{model}/{pre}"),
            None => model,
        }),
        vocab_size: kept.vocab_size,
    })
}

fn truncated() -> MetadataError {
    malformed("the metadata is truncated")
}

fn read_u32(r: &mut impl Read) -> Result<u32, MetadataError> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b).map_err(|_| truncated())?;
    Ok(u32::from_le_bytes(b))
}

fn read_u64(r: &mut impl Read) -> Result<u64, MetadataError> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b).map_err(|_| truncated())?;
    Ok(u64::from_le_bytes(b))
}

/// A string of at most `limit` bytes (its length is checked before anything is allocated).
fn read_string(r: &mut impl Read, limit: u64) -> Result<String, MetadataError> {
    let len = read_u64(r)?;
    if len > limit {
        return Err(malformed(format!(
            "a string of {len} bytes is over {limit}"
        )));
    }
    let mut bytes = vec![0u8; usize::try_from(len).map_err(|_| truncated())?];
    r.read_exact(&mut bytes).map_err(|_| truncated())?;
    String::from_utf8(bytes).map_err(|_| malformed("a string is not UTF-8"))
}

/// A string kept when it is at most [`MAX_KEPT_STRING`] bytes; a longer one is skipped.
fn read_short_string<R: Read + Seek>(
    r: &mut BufReader<R>,
) -> Result<Option<String>, MetadataError> {
    let len = read_u64(r)?;
    if len > MAX_KEPT_STRING {
        let len = i64::try_from(len.min(MAX_STRING + 1)).map_err(|_| truncated())?;
        if len > MAX_STRING as i64 {
            return Err(malformed(format!("a string is over {MAX_STRING} bytes")));
        }
        seek(r, len)?;
        return Ok(None);
    }
    let mut bytes = vec![0u8; usize::try_from(len).map_err(|_| truncated())?];
    r.read_exact(&mut bytes).map_err(|_| truncated())?;
    Ok(String::from_utf8(bytes).ok())
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

fn seek(r: &mut BufReader<impl Read + Seek>, bytes: i64) -> Result<(), MetadataError> {
    r.seek_relative(bytes).map_err(|_| truncated())
}

/// Skips one value of type `kind` without recursion: arrays of arrays are walked with an
/// explicit stack of (item type, items left), at most [`MAX_DEPTH`] deep, counting every
/// item visited against [`MAX_VISITS`].
fn skip_value<R: Read + Seek>(
    r: &mut BufReader<R>,
    kind: u32,
    visits: &mut u64,
) -> Result<(), MetadataError> {
    skip_walk(r, Some(kind), Vec::new(), visits)
}

/// Skips the items of arrays already opened: `stack` holds (item type, items left).
fn skip_items<R: Read + Seek>(
    r: &mut BufReader<R>,
    stack: Vec<(u32, u64)>,
    visits: &mut u64,
) -> Result<(), MetadataError> {
    skip_walk(r, None, stack, visits)
}

/// The walk behind [`skip_value`] and [`skip_items`].
fn skip_walk<R: Read + Seek>(
    r: &mut BufReader<R>,
    mut next: Option<u32>,
    mut stack: Vec<(u32, u64)>,
    visits: &mut u64,
) -> Result<(), MetadataError> {
    loop {
        if let Some(kind) = next.take() {
            match (kind, fixed_size(kind)) {
                (_, Some(size)) => seek(r, size)?,
                (STRING, None) => {
                    let len = read_u64(r)?;
                    if len > MAX_STRING {
                        return Err(malformed(format!(
                            "a string of {len} bytes is over {MAX_STRING}"
                        )));
                    }
                    seek(r, i64::try_from(len).map_err(|_| truncated())?)?;
                }
                (ARRAY, None) => {
                    let item = read_u32(r)?;
                    let count = read_u64(r)?;
                    match fixed_size(item) {
                        Some(size) => {
                            let bytes = i64::try_from(count)
                                .ok()
                                .and_then(|c| c.checked_mul(size))
                                .ok_or_else(|| malformed("an array's size overflows"))?;
                            seek(r, bytes)?;
                        }
                        None if stack.len() >= MAX_DEPTH => {
                            return Err(malformed(format!(
                                "arrays are nested more than {MAX_DEPTH} deep"
                            )));
                        }
                        None => stack.push((item, count)),
                    }
                }
                (other, None) => return Err(malformed(format!("unknown value type {other}"))),
            }
        }
        let Some((item, left)) = stack.last_mut() else {
            return Ok(());
        };
        if *left == 0 {
            stack.pop();
            continue;
        }
        *left -= 1;
        *visits += 1;
        if *visits > MAX_VISITS {
            return Err(malformed(format!(
                "it has more than {MAX_VISITS} array items"
            )));
        }
        next = Some(*item);
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
        assert!(read_metadata(&path).is_err());
        let mut absurd = whole[..24].to_vec();
        absurd.extend_from_slice(&u64::MAX.to_le_bytes());
        let (_dir, path) = written(&absurd);
        assert_eq!(read_architecture(&path), None);
    }

    /// A file whose one metadata value is `depth` arrays nested in each other.
    fn nested(depth: usize) -> Vec<u8> {
        let mut out = b"GGUF".to_vec();
        out.extend_from_slice(&3u32.to_le_bytes());
        out.extend_from_slice(&0u64.to_le_bytes());
        out.extend_from_slice(&1u64.to_le_bytes());
        out.extend(string("crafted"));
        out.extend_from_slice(&ARRAY.to_le_bytes());
        for _ in 0..depth {
            out.extend_from_slice(&ARRAY.to_le_bytes());
            out.extend_from_slice(&1u64.to_le_bytes());
        }
        out
    }

    #[test]
    fn a_million_nested_arrays_are_refused_without_overflowing_the_stack() {
        let (_dir, path) = written(&nested(1_000_000));
        let err = read_metadata(&path).unwrap_err();
        assert!(err.to_string().contains("nested more than 8 deep"), "{err}");
    }

    #[test]
    fn huge_counts_and_strings_are_refused_without_allocating() {
        let mut strings = gguf("llama")[..24].to_vec();
        strings.extend(string("tokenizer.ggml.tokens"));
        strings.extend_from_slice(&ARRAY.to_le_bytes());
        strings.extend_from_slice(&STRING.to_le_bytes());
        strings.extend_from_slice(&u64::MAX.to_le_bytes());
        strings.extend_from_slice(&(u64::MAX / 2).to_le_bytes());
        let (_dir, path) = written(&strings);
        assert!(read_metadata(&path)
            .unwrap_err()
            .to_string()
            .contains("over"));
        let mut numbers = gguf("llama")[..24].to_vec();
        numbers.extend(string("weights"));
        numbers.extend_from_slice(&ARRAY.to_le_bytes());
        numbers.extend_from_slice(&U64.to_le_bytes());
        numbers.extend_from_slice(&u64::MAX.to_le_bytes());
        let (_dir, path) = written(&numbers);
        assert!(read_metadata(&path)
            .unwrap_err()
            .to_string()
            .contains("overflows"));
    }

    #[test]
    fn many_empty_nested_items_stop_at_the_visit_budget() {
        let mut file = gguf("llama")[..24].to_vec();
        file.extend(string("pad"));
        file.extend_from_slice(&ARRAY.to_le_bytes());
        file.extend_from_slice(&ARRAY.to_le_bytes());
        file.extend_from_slice(&(MAX_VISITS + 10).to_le_bytes());
        for _ in 0..=MAX_VISITS {
            file.extend_from_slice(&U32.to_le_bytes());
            file.extend_from_slice(&0u64.to_le_bytes());
        }
        let (_dir, path) = written(&file);
        assert!(read_metadata(&path)
            .unwrap_err()
            .to_string()
            .contains("array items"));
    }

    #[test]
    fn unused_strings_are_skipped_and_only_short_kept_ones_read() {
        let mut bytes = gguf("llama");
        let template_at = bytes.windows(7).position(|w| w == b"{{ x }}").unwrap();
        bytes.splice(
            template_at - 8..template_at + 7,
            string(&"t".repeat(500_000)),
        );
        let (_dir, path) = written(&bytes);
        assert!(read_metadata(&path).unwrap().has_chat_template);
        let long_name = gguf("llama");
        let name_at = long_name.windows(4).position(|w| w == b"Tiny").unwrap();
        let mut long_name = long_name;
        long_name.splice(name_at - 8..name_at + 4, string(&"n".repeat(300)));
        let (_dir, path) = written(&long_name);
        let meta = read_metadata(&path).unwrap();
        assert_eq!((meta.name, meta.architecture.as_str()), (None, "llama"));
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
