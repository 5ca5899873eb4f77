//! A second multilingual sentence encoder, run by ONNX Runtime: Universal Sentence
//! Encoder Multilingual v3 (int8), whose closeness in meaning the modules read beside
//! the embedder's and the first encoder's within a module not written in English
//! (docs/evals.md, "Seventeenth round").
//!
//! The registry ships it with its SentencePiece tokenizer inside the graph, as a custom
//! operator ONNX Runtime alone cannot run; `models/convert_use_m.py` cuts that node out
//! at pack time and writes the same vocabulary as a `tokenizers` file. So here the
//! tokenizer gives each text's ids (BOS and EOS around them) and the graph takes every
//! text's ids in one flat list with the offsets where each text starts.

use crate::embedder::runtime;
use crate::{EmbedderFiles, RagError};
use lantern_core::pack::{Manifest, Role};
use ort::session::Session;
use ort::value::{Tensor, TensorElementType};
use std::path::Path;
use std::sync::Mutex;
use tokenizers::Tokenizer;

/// Most tokens read of one text (BOS and EOS included): a sentence or a message.
const MAX_TOKENS: usize = 128;
/// Texts per ONNX Runtime run: one. The graph quantises its activations over the whole
/// batch, so a text's vector would depend on the texts beside it (cosine 0.995 to its
/// own vector among ordinary sentences, 0.85 beside long ones); one at a time, a note's
/// kept vector is the same whichever message first asked for it.
const BATCH: usize = 1;

/// The loaded second encoder: its tokenizer and its graph without the tokenizer node.
pub struct CrosscheckEncoder {
    tokenizer: Tokenizer,
    session: Mutex<Session>,
    /// The graph's input for the texts' token ids (int32, all texts in one list).
    ids_input: String,
    /// The graph's input for where each text's ids start (int64, one more than texts).
    starts_input: String,
}

impl CrosscheckEncoder {
    /// Loads the encoder from `dir` (`model.onnx` and `tokenizer.json`) on the ONNX
    /// Runtime library `runtime_library`, using at most `threads` CPU threads.
    pub fn load(dir: &Path, runtime_library: &Path, threads: usize) -> Result<Self, RagError> {
        let tokenizer_path = dir.join("tokenizer.json");
        if !tokenizer_path.is_file() {
            return Err(RagError::ModelMissing(tokenizer_path));
        }
        let tokenizer = Tokenizer::from_file(&tokenizer_path)
            .map_err(|e| RagError::Embed(format!("its tokenizer does not load: {e}")))?;
        let model_path = dir.join("model.onnx");
        let onnx = std::fs::read(&model_path).map_err(|_| RagError::ModelMissing(model_path))?;
        let environment = runtime(runtime_library)?;
        let failed = |e: ort::Error| RagError::Embed(e.to_string());
        let session = Session::builder(&environment)
            .map_err(failed)?
            .with_intra_threads(threads.max(1))
            .map_err(|e| RagError::Embed(e.to_string()))?
            .commit_from_memory(&onnx)
            .map_err(failed)?;
        let input_of = |kind: TensorElementType| {
            session
                .inputs()
                .iter()
                .find(|i| i.dtype().tensor_type() == Some(kind))
                .map(|i| i.name().to_string())
                .ok_or_else(|| {
                    RagError::Embed(format!("the graph has no {kind:?} input: not a cut graph"))
                })
        };
        Ok(Self {
            ids_input: input_of(TensorElementType::Int32)?,
            starts_input: input_of(TensorElementType::Int64)?,
            session: Mutex::new(session),
            tokenizer,
        })
    }

    /// One vector per text, in order.
    pub fn encode(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, RagError> {
        let mut vectors = Vec::with_capacity(texts.len());
        for batch in texts.chunks(BATCH) {
            vectors.extend(self.encode_batch(batch)?);
        }
        Ok(vectors)
    }

    /// Every text's ids (at most [`MAX_TOKENS`], ending on EOS), in one list, and the
    /// offsets where each text's ids start and the last ends.
    fn token_ids(&self, texts: &[&str]) -> Result<(Vec<i32>, Vec<i64>), RagError> {
        let mut ids = Vec::new();
        let mut starts = vec![0_i64];
        for text in texts {
            let encoding = self
                .tokenizer
                .encode(*text, true)
                .map_err(|e| RagError::Embed(format!("tokenizing failed: {e}")))?;
            ids.extend(capped(encoding.get_ids()).map(|id| id as i32));
            starts.push(ids.len() as i64);
        }
        Ok((ids, starts))
    }

    fn encode_batch(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, RagError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let failed = |e: ort::Error| RagError::Embed(e.to_string());
        let (ids, starts) = self.token_ids(texts)?;
        let ids = Tensor::from_array(([ids.len()], ids)).map_err(failed)?;
        let starts = Tensor::from_array(([starts.len()], starts)).map_err(failed)?;
        let mut session = self.session.lock().map_err(|_| {
            RagError::Embed("the second encoder was poisoned by an earlier failure".into())
        })?;
        let outputs = session
            .run(ort::inputs![
                self.ids_input.as_str() => ids,
                self.starts_input.as_str() => starts,
            ])
            .map_err(failed)?;
        let (shape, values) = outputs[0].try_extract_tensor::<f32>().map_err(failed)?;
        let width = shape.last().copied().unwrap_or(0).max(0) as usize;
        if width == 0 || values.len() != width * texts.len() {
            return Err(RagError::Embed(format!(
                "the second encoder gave {} values for {} texts",
                values.len(),
                texts.len()
            )));
        }
        Ok(values.chunks(width).map(<[f32]>::to_vec).collect())
    }
}

/// `ids` cut to [`MAX_TOKENS`], keeping the last (EOS).
fn capped(ids: &[u32]) -> impl Iterator<Item = u32> + '_ {
    let kept = ids.len().min(MAX_TOKENS);
    let head = &ids[..kept.saturating_sub(1)];
    head.iter().chain(ids.last()).copied()
}

/// The pack's second encoder, run with at most `threads` CPU threads; `None` (with a
/// warning) when `pack` lacks it or it does not load: the modules then read the
/// embedder and the first encoder only.
pub fn pack_crosscheck(pack: &Path, threads: usize) -> Option<CrosscheckEncoder> {
    let Some(model) = Manifest::bundled().default_file_in(Role::Crosscheck, pack) else {
        tracing::warn!("the model pack has no second sentence encoder");
        return None;
    };
    let dir = model.parent().unwrap_or(pack);
    let runtime_library = EmbedderFiles::in_pack(pack).runtime_library;
    CrosscheckEncoder::load(dir, &runtime_library, threads)
        .inspect_err(|e| tracing::warn!("the second sentence encoder did not load: {e}"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_texts_ids_are_cut_keeping_the_end_token() {
        let ids: Vec<u32> = (0..300).collect();
        let kept: Vec<u32> = capped(&ids).collect();
        assert_eq!(kept.len(), MAX_TOKENS);
        assert_eq!(kept[..3], [0, 1, 2]);
        assert_eq!(kept.last(), Some(&299));
    }

    #[test]
    fn a_short_texts_ids_are_kept_whole() {
        assert_eq!(capped(&[1, 7, 2]).collect::<Vec<_>>(), [1, 7, 2]);
        assert_eq!(capped(&[]).count(), 0);
    }
}
