//! Sentence embeddings from a local ONNX model through fastembed.

use crate::RagError;
use fastembed::{
    InitOptionsUserDefined, Pooling, TextEmbedding, TokenizerFiles, UserDefinedEmbeddingModel,
};
use lantern_core::pack::{Manifest, Role};
use lantern_llm::SentenceEncoder;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Width of the vectors the default embedder (all-MiniLM-L6-v2) produces.
pub const EMBEDDING_DIMENSIONS: usize = 384;

/// Where the embedder's files are.
#[derive(Debug, Clone)]
pub struct EmbedderFiles {
    /// Folder with `model.onnx`, `tokenizer.json`, `config.json`,
    /// `special_tokens_map.json` and `tokenizer_config.json`.
    pub model_dir: PathBuf,
    /// The ONNX Runtime shared library (`libonnxruntime.so`).
    pub runtime_library: PathBuf,
}

impl EmbedderFiles {
    /// The default embedder and runtime of the bundled manifest, inside `pack`.
    pub fn in_pack(pack: &Path) -> Self {
        let manifest = Manifest::bundled();
        let first_file = |role| {
            manifest
                .default_for(role)
                .and_then(|m| m.files.first())
                .map(|f| pack.join(&f.path))
                .unwrap_or_else(|| pack.to_path_buf())
        };
        let model_file = first_file(Role::Embedder);
        Self {
            model_dir: model_file.parent().unwrap_or(pack).to_path_buf(),
            runtime_library: first_file(Role::Runtime),
        }
    }
}

/// A loaded sentence embedder producing L2-normalised vectors.
pub struct Embedder {
    model: TextEmbedding,
}

/// Switches ONNX Runtime's telemetry off for this process. Its Linux library reads
/// `ORT_DISABLE_TELEMETRY` when it loads; ort's `with_telemetry(false)` acts only after
/// the environment exists, when the library has already started resolving Microsoft's
/// telemetry host and written a device id under `$XDG_CACHE_HOME/Microsoft`. Call it
/// first thing in `main`, before any thread starts; loading the embedder calls it too.
/// It overrides whatever the environment said: nothing may leave the laptop.
pub fn disable_runtime_telemetry() {
    if std::env::var_os(TELEMETRY_SWITCH).as_deref() != Some("1".as_ref()) {
        std::env::set_var(TELEMETRY_SWITCH, "1");
    }
}

/// The environment variable ONNX Runtime reads to keep its telemetry off.
const TELEMETRY_SWITCH: &str = "ORT_DISABLE_TELEMETRY";

/// ONNX Runtime allows one environment per process; it must outlive every session.
static RUNTIME: OnceLock<Result<ort::environment::Environment, String>> = OnceLock::new();

/// Loads ONNX Runtime from `library` once per process.
fn runtime(library: &Path) -> Result<ort::environment::Environment, RagError> {
    if !library.is_file() {
        return Err(RagError::RuntimeMissing(library.to_path_buf()));
    }
    disable_runtime_telemetry();
    RUNTIME
        .get_or_init(|| {
            // The environment variable above stops telemetry from the start; this also
            // keeps it off should the library ignore the variable.
            ort::init_from(library)
                .map_err(|e| e.to_string())?
                .with_name("lantern")
                .with_telemetry(false)
                .build()
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(RagError::RuntimeInvalid)
}

/// Longest input, in tokens.
const MAX_TOKENS: usize = 256;
/// Texts per ONNX Runtime run: its memory arena grows with batch × length², and keeps
/// what it grew to, so small batches keep an import's memory low at little cost in speed.
const BATCH: usize = 8;

/// Reads one of the model's files, naming it when it is missing.
fn read_model_file(dir: &Path, name: &str) -> Result<Vec<u8>, RagError> {
    let path = dir.join(name);
    std::fs::read(&path).map_err(|_| RagError::ModelMissing(path))
}

impl Embedder {
    /// Loads the embedder, using at most `threads` CPU threads.
    pub fn load(files: &EmbedderFiles, threads: usize) -> Result<Self, RagError> {
        let dir = &files.model_dir;
        let tokenizer = TokenizerFiles {
            tokenizer_file: read_model_file(dir, "tokenizer.json")?,
            config_file: read_model_file(dir, "config.json")?,
            special_tokens_map_file: read_model_file(dir, "special_tokens_map.json")?,
            tokenizer_config_file: read_model_file(dir, "tokenizer_config.json")?,
        };
        let onnx = read_model_file(dir, "model.onnx")?;
        let environment = runtime(&files.runtime_library)?;
        let model = UserDefinedEmbeddingModel::new(onnx, tokenizer).with_pooling(Pooling::Mean);
        // all-MiniLM-L6-v2 was trained on 256 tokens (chunks are shorter); the default 512
        // only costs memory.
        let mut options = InitOptionsUserDefined::new()
            .with_environment(environment)
            .with_max_length(MAX_TOKENS);
        options.intra_threads = Some(threads.max(1));
        let model = TextEmbedding::try_new_from_user_defined(model, options)
            .map_err(|e| RagError::Embed(e.to_string()))?;
        Ok(Self { model })
    }

    /// Embeds each text into a vector of [`EMBEDDING_DIMENSIONS`] floats.
    pub fn embed(&mut self, texts: &[&str]) -> Result<Vec<Vec<f32>>, RagError> {
        let vectors = self
            .model
            .embed(texts, Some(BATCH))
            .map_err(|e| RagError::Embed(e.to_string()))?;
        if let Some(bad) = vectors.iter().find(|v| v.len() != EMBEDDING_DIMENSIONS) {
            return Err(RagError::Embed(format!(
                "model produced {} dimensions, expected {EMBEDDING_DIMENSIONS}",
                bad.len()
            )));
        }
        Ok(vectors)
    }
}

/// The pack's multilingual sentence encoder (what [`crate::LanceRetriever::with_pack_encoder`] loads),
/// run with at most `threads` CPU threads. `None` (with a warning) when `pack` lacks it or
/// it does not load: an older pack then compares across languages with the embedder.
pub fn pack_encoder(pack: &Path, threads: usize) -> Option<SentenceEncoder> {
    let Some(path) = Manifest::bundled().default_file_in(Role::Encoder, pack) else {
        tracing::warn!("the model pack has no sentence encoder; meaning is compared in English");
        return None;
    };
    SentenceEncoder::load(&path, threads)
        .inspect_err(|e| tracing::warn!("the sentence encoder did not load: {e}"))
        .ok()
}
