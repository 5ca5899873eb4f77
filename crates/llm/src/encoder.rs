//! Sentence vectors from a GGUF sentence encoder (multilingual-e5-small in the pack) run
//! in this process by llama.cpp: how close two texts are in meaning whatever language
//! each is written in. The chat model runs in its worker; this encoder is small (74 MB)
//! and answers in tens of milliseconds, so it stays with its caller.

use crate::backend::backend;
use crate::check_model_file;
use crate::sequence::runtime_error;
use lantern_core::llm::LlmError;
use llama_cpp_2::context::params::{LlamaContextParams, LlamaPoolingType};
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use std::num::NonZeroU32;
use std::path::Path;
use unicode_normalization::UnicodeNormalization;

/// Most tokens of one text, and of one batch. The encoder reads up to 512, but the texts
/// compared are sentences and messages, and llama.cpp keeps a row of the whole
/// vocabulary's logits (250,037 floats, 1 MB) for every token of a batch: 128 tokens
/// hold a long message and cost 128 MB for the few milliseconds of a call.
const MAX_TOKENS: usize = 128;
/// Most texts encoded in one batch.
const MAX_TEXTS: usize = 8;

/// Which side of a comparison a text is on: e5 was trained with a prefix for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentenceSide {
    /// What is looked for (a student's message).
    Query,
    /// What may answer it (a topic's title or a note's sentence).
    Passage,
}

impl SentenceSide {
    fn prefix(self) -> &'static str {
        match self {
            Self::Query => "query: ",
            Self::Passage => "passage: ",
        }
    }
}

/// A loaded sentence encoder producing L2-normalised vectors.
pub struct SentenceEncoder {
    model: LlamaModel,
    threads: i32,
}

/// `text` as the encoder reads it: its side's prefix, NFKC-normalised (the pack's GGUF
/// carries no normalisation map, so llama.cpp would not do it).
fn prepared(text: &str, side: SentenceSide) -> String {
    format!("{}{}", side.prefix(), text.nfkc())
}

/// `vector` scaled to length 1 (unchanged when it is zero).
fn normalised(vector: &[f32]) -> Vec<f32> {
    let norm = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    if norm > 0.0 {
        vector.iter().map(|x| x / norm).collect()
    } else {
        vector.to_vec()
    }
}

/// `tokens` cut to the encoder's length, keeping the closing token.
fn bounded(mut tokens: Vec<LlamaToken>) -> Vec<LlamaToken> {
    if tokens.len() > MAX_TOKENS {
        let last = tokens[tokens.len() - 1];
        tokens.truncate(MAX_TOKENS - 1);
        tokens.push(last);
    }
    tokens
}

/// Consecutive groups of `lengths` that fit one batch: at most [`MAX_TEXTS`] texts and
/// [`MAX_TOKENS`] tokens each, as index ranges.
fn batches(lengths: &[usize]) -> Vec<std::ops::Range<usize>> {
    let mut groups = Vec::new();
    let (mut start, mut tokens) = (0, 0);
    for (i, &length) in lengths.iter().enumerate() {
        if i > start && (tokens + length > MAX_TOKENS || i - start == MAX_TEXTS) {
            groups.push(start..i);
            (start, tokens) = (i, 0);
        }
        tokens += length;
    }
    if start < lengths.len() {
        groups.push(start..lengths.len());
    }
    groups
}

impl SentenceEncoder {
    /// Loads the encoder at `path`, run with at most `threads` CPU threads.
    pub fn load(path: &Path, threads: usize) -> Result<Self, LlmError> {
        check_model_file(path)?;
        let model = LlamaModel::load_from_file(backend()?, path, &LlamaModelParams::default())
            .map_err(|e| LlmError::invalid(path, format!("llama.cpp could not load it ({e})")))?;
        if model.n_embd() <= 0 {
            return Err(LlmError::invalid(path, "it produces no sentence vectors"));
        }
        Ok(Self {
            model,
            threads: i32::try_from(threads.max(1)).unwrap_or(1),
        })
    }

    /// Width of the vectors it produces.
    pub fn dimensions(&self) -> usize {
        usize::try_from(self.model.n_embd()).unwrap_or(0)
    }

    /// One L2-normalised vector per text of `texts`, each read as `side`.
    pub fn encode(&self, texts: &[&str], side: SentenceSide) -> Result<Vec<Vec<f32>>, LlmError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let vocab = self.model.vocab();
        let tokens: Vec<Vec<LlamaToken>> = texts
            .iter()
            .map(|t| bounded(vocab.tokenize(prepared(t, side).as_bytes(), true, false)))
            .collect();
        let params = LlamaContextParams::default()
            .with_embeddings(true)
            .with_pooling_type(LlamaPoolingType::Mean)
            .with_n_ctx(NonZeroU32::new(MAX_TOKENS as u32))
            .with_n_batch(MAX_TOKENS as u32)
            .with_n_ubatch(MAX_TOKENS as u32)
            .with_n_seq_max(MAX_TEXTS as u32)
            .with_n_threads(self.threads)
            .with_n_threads_batch(self.threads);
        let mut ctx = self
            .model
            .new_context(backend()?, params)
            .map_err(|e| LlmError::OutOfMemory(format!("cannot create the encoder: {e}")))?;
        let mut batch = LlamaBatch::new(MAX_TOKENS, MAX_TEXTS as i32);
        let lengths: Vec<usize> = tokens.iter().map(Vec::len).collect();
        let mut vectors = Vec::with_capacity(texts.len());
        for group in batches(&lengths) {
            batch.clear();
            for (seq, text) in tokens[group.clone()].iter().enumerate() {
                for (pos, token) in text.iter().enumerate() {
                    batch
                        .add(*token, pos as i32, &[seq as i32], true)
                        .map_err(|e| runtime_error("cannot batch a text", e))?;
                }
            }
            ctx.encode(&mut batch)
                .map_err(|e| runtime_error("the encoder failed", e))?;
            for seq in 0..group.len() {
                let vector = ctx
                    .embeddings_seq_ith(seq as i32)
                    .map_err(|e| runtime_error("the encoder gave no vector", e))?;
                vectors.push(normalised(vector));
            }
        }
        Ok(vectors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_gets_its_prefix_and_text_is_nfkc_normalised() {
        assert_eq!(prepared("ﬁve ＡＢ", SentenceSide::Query), "query: five AB");
        assert_eq!(prepared("hola", SentenceSide::Passage), "passage: hola");
    }

    #[test]
    fn vectors_are_scaled_to_length_one() {
        assert_eq!(normalised(&[3.0, 4.0]), vec![0.6, 0.8]);
        assert_eq!(normalised(&[0.0, 0.0]), vec![0.0, 0.0]);
    }

    #[test]
    fn a_long_text_is_cut_to_the_encoder_length_keeping_its_last_token() {
        let tokens: Vec<LlamaToken> = (0..600).map(LlamaToken).collect();
        let cut = bounded(tokens);
        assert_eq!(cut.len(), MAX_TOKENS);
        assert_eq!(cut.last(), Some(&LlamaToken(599)));
        assert_eq!(cut[0], LlamaToken(0));
    }

    #[test]
    fn batches_hold_at_most_their_texts_and_tokens() {
        assert_eq!(batches(&[]), Vec::<std::ops::Range<usize>>::new());
        assert_eq!(batches(&[100, 20, 60]), vec![0..2, 2..3]);
        assert_eq!(batches(&[128, 128]), vec![0..1, 1..2]);
        let many = vec![5; 20];
        assert_eq!(batches(&many), vec![0..8, 8..16, 16..20]);
    }
}
