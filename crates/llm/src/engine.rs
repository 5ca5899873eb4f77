//! The in-process generator: one loaded model, one context, prompt prefix reuse.
//!
//! Runs inside the worker process (see `worker`), never in the app itself.

use crate::backend::backend;
use crate::forced::{FastForward, Forced};
use crate::prompt::format_prompt;
use crate::sampling::TokenSampler;
use crate::utf8::Utf8Stream;
use lantern_core::llm::{LlmError, LlmRequest};
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::context::session::{LlamaStateSeqFlags, SeqState};
use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use serde::{Deserialize, Serialize};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

/// Prompt prefixes kept evaluated (one per loop, least recently used dropped).
const MAX_SNAPSHOTS: usize = 6;
/// Tokens evaluated per decode call.
const BATCH_TOKENS: usize = 512;

/// How to load the model.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EngineConfig {
    /// The GGUF file.
    pub model_path: PathBuf,
    /// CPU threads for generation and prompt evaluation.
    pub threads: u32,
    /// Context window in tokens (prompt + answer).
    pub context_tokens: u32,
    /// Only check that llama.cpp can load the file (its vocabulary), then exit: how an
    /// imported GGUF is tried without risking the app's process.
    #[serde(default)]
    pub check_only: bool,
    /// The record of model files already checked against the manifest's sha256
    /// ([`crate::verified`]), in Lantern's data folder; none hashes on every load.
    #[serde(default)]
    pub verified_record: Option<PathBuf>,
    /// Sample every token, even those the grammar forces, instead of writing forced
    /// text with the tokenizer's tokens in one batch ([`crate::forced`]): the baseline
    /// that benchmarks compare with.
    #[serde(default)]
    pub plain_decoding: bool,
}

impl EngineConfig {
    /// A config that loads `model_path` with `threads` and a context of
    /// `context_tokens`: no checked-file record, fast-forward on.
    pub fn new(model_path: PathBuf, threads: u32, context_tokens: u32) -> Self {
        Self {
            model_path,
            threads,
            context_tokens,
            check_only: false,
            verified_record: None,
            plain_decoding: false,
        }
    }
}

/// What one generation cost.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GenerationStats {
    /// Tokens in the formatted prompt.
    pub prompt_tokens: usize,
    /// Prompt tokens whose evaluated state was reused instead of evaluated again.
    pub reused_tokens: usize,
    /// Tokens generated.
    pub generated_tokens: usize,
    /// Milliseconds spent evaluating the prompt.
    pub prompt_ms: f64,
    /// Milliseconds from the request to the first generated token.
    pub first_token_ms: f64,
    /// Milliseconds spent generating after the first token.
    pub decode_ms: f64,
    /// Whether generation stopped at the token cap.
    pub truncated: bool,
    /// Generated tokens that the grammar forced, written without sampling.
    #[serde(default)]
    pub forced_tokens: usize,
}

impl GenerationStats {
    /// Tokens generated per second after the first one.
    pub fn decode_tps(&self) -> f64 {
        self.generated_tokens.saturating_sub(1) as f64 / (self.decode_ms / 1e3)
    }

    /// Prompt tokens evaluated per second (reused ones not counted).
    pub fn prompt_tps(&self) -> f64 {
        self.prompt_tokens.saturating_sub(self.reused_tokens) as f64 / (self.prompt_ms / 1e3)
    }
}

struct Snapshot {
    key: String,
    tokens: Vec<LlamaToken>,
    state: SeqState,
}

/// A loaded model with its context.
pub struct Engine {
    model: &'static LlamaModel,
    ctx: LlamaContext<'static>,
    /// Tokens whose state is in the KV cache of sequence 0, in order.
    cached: Vec<LlamaToken>,
    snapshots: Vec<Snapshot>,
    /// The vocabulary index for fast-forward, built on first use; `None` inside when
    /// plain decoding was asked for or the vocabulary cannot be used.
    fast_forward: OnceLock<Option<Arc<FastForward>>>,
}

fn runtime_error(what: &str, e: impl std::fmt::Display) -> LlmError {
    LlmError::Runtime(format!("{what}: {e}"))
}

/// Length of the common prefix of two token lists.
fn common_prefix(a: &[LlamaToken], b: &[LlamaToken]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl Engine {
    /// Loads the model (after [`crate::preflight`]) and creates its context;
    /// `on_progress` hears the share of the weights loaded, from 0 to 1.
    pub fn load(
        config: &EngineConfig,
        mut on_progress: impl FnMut(f32) + 'static,
    ) -> Result<Self, LlmError> {
        crate::preflight(
            &config.model_path,
            config.context_tokens,
            config.verified_record.as_deref(),
        )?;
        let backend = backend()?;
        let params = LlamaModelParams::default().with_progress_callback(move |fraction| {
            on_progress(fraction);
            true
        });
        let model =
            LlamaModel::load_from_file(backend, &config.model_path, &params).map_err(|e| {
                LlmError::invalid(
                    &config.model_path,
                    format!("llama.cpp could not load it ({e})"),
                )
            })?;
        // The worker process serves one model for its whole life.
        let model: &'static LlamaModel = Box::leak(Box::new(model));
        let threads = i32::try_from(config.threads.max(1)).unwrap_or(1);
        let params = LlamaContextParams::default()
            .with_n_ctx(NonZeroU32::new(config.context_tokens))
            .with_n_batch(BATCH_TOKENS as u32)
            .with_n_threads(threads)
            .with_n_threads_batch(threads);
        let ctx = model
            .new_context(backend, params)
            .map_err(|e| LlmError::OutOfMemory(format!("cannot create the context: {e}")))?;
        Ok(Self {
            model,
            ctx,
            cached: Vec::new(),
            snapshots: Vec::new(),
            fast_forward: match config.plain_decoding {
                true => OnceLock::from(None),
                false => OnceLock::new(),
            },
        })
    }

    /// The fast-forward index, unless plain decoding was asked for or the vocabulary
    /// cannot be used.
    fn fast_forward_index(&self) -> Option<Arc<FastForward>> {
        self.fast_forward
            .get_or_init(|| FastForward::for_model(self.model).map(Arc::new))
            .clone()
    }

    fn tokenize(&self, text: &str) -> Vec<LlamaToken> {
        self.model.vocab().tokenize(text.as_bytes(), true, true)
    }

    /// Evaluates `tokens` at positions after the cached ones; logits for the last only.
    fn evaluate(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        logits_at_end: bool,
    ) -> Result<(), LlmError> {
        for (chunk_index, chunk) in tokens.chunks(BATCH_TOKENS).enumerate() {
            batch.clear();
            let last_chunk = (chunk_index + 1) * BATCH_TOKENS >= tokens.len();
            for (i, token) in chunk.iter().enumerate() {
                let pos = i32::try_from(self.cached.len() + i)
                    .map_err(|e| runtime_error("position", e))?;
                let wants_logits = logits_at_end && last_chunk && i + 1 == chunk.len();
                batch
                    .add(*token, pos, &[0], wants_logits)
                    .map_err(|e| runtime_error("batch", e))?;
            }
            self.ctx
                .decode(batch)
                .map_err(|e| runtime_error("decode", e))?;
            self.cached.extend_from_slice(chunk);
        }
        Ok(())
    }

    /// Restores the best saved prefix if it beats what the cache already holds, then
    /// drops cached tokens that diverge from `tokens`. Returns how many are reused.
    fn reuse_prefix(&mut self, tokens: &[LlamaToken]) -> Result<usize, LlmError> {
        let current = common_prefix(&self.cached, tokens);
        let best = self
            .snapshots
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                s.tokens.len() > current && common_prefix(&s.tokens, tokens) == s.tokens.len()
            })
            .max_by_key(|(_, s)| s.tokens.len())
            .map(|(i, _)| i);
        if let Some(i) = best {
            let snapshot = self.snapshots.remove(i);
            self.ctx
                .clear_kv_cache_seq(Some(0), None, None)
                .map_err(|e| runtime_error("cache", e))?;
            self.ctx
                .state_seq_set(&snapshot.state, 0)
                .map_err(|e| runtime_error("restore", e))?;
            self.cached = snapshot.tokens.clone();
            self.snapshots.push(snapshot);
        }
        // At least one token must be evaluated to get logits for the first answer token.
        let reuse = common_prefix(&self.cached, tokens).min(tokens.len().saturating_sub(1));
        let from = u32::try_from(reuse).map_err(|e| runtime_error("position", e))?;
        self.ctx
            .clear_kv_cache_seq(Some(0), Some(from), None)
            .map_err(|e| runtime_error("cache", e))?;
        self.cached.truncate(reuse);
        Ok(reuse)
    }

    fn save_snapshot(&mut self, key: &str) -> Result<(), LlmError> {
        let state = self
            .ctx
            .state_seq_get(0, LlamaStateSeqFlags::default())
            .map_err(|e| runtime_error("snapshot", e))?;
        self.snapshots.retain(|s| s.key != key);
        if self.snapshots.len() >= MAX_SNAPSHOTS {
            self.snapshots.remove(0);
        }
        self.snapshots.push(Snapshot {
            key: key.to_string(),
            tokens: self.cached.clone(),
            state,
        });
        Ok(())
    }

    /// Evaluates the prompt of `request` (reusing what it can), saving the system
    /// prefix under the request's cache key.
    fn evaluate_prompt(
        &mut self,
        request: &LlmRequest,
        batch: &mut LlamaBatch,
    ) -> Result<(usize, usize), LlmError> {
        let prompt = format_prompt(self.model, &request.system, &request.messages, true)?;
        let tokens = self.tokenize(&prompt);
        let limit = self.ctx.n_ctx() as usize;
        if tokens.len() + request.limits.max_tokens as usize > limit {
            return Err(LlmError::Runtime(format!(
                "the prompt ({} tokens) plus the answer ({} tokens) exceed the context of {limit} tokens",
                tokens.len(),
                request.limits.max_tokens
            )));
        }
        let reused = self.reuse_prefix(&tokens)?;
        let boundary = match &request.cache_key {
            Some(_) => {
                let prefix = format_prompt(self.model, &request.system, &[], false)?;
                common_prefix(&self.tokenize(&prefix), &tokens)
            }
            None => 0,
        };
        if let (Some(key), true) = (
            &request.cache_key,
            boundary > reused && boundary < tokens.len(),
        ) {
            self.evaluate(batch, &tokens[reused..boundary], false)?;
            self.save_snapshot(key)?;
            self.evaluate(batch, &tokens[boundary..], true)?;
        } else {
            self.evaluate(batch, &tokens[reused..], true)?;
        }
        Ok((tokens.len(), reused))
    }

    /// Generates the answer to `request` under `grammar` (GBNF; `None` = free text),
    /// passing complete UTF-8 text to `on_text`. `cancelled` is polled between tokens.
    pub fn generate(
        &mut self,
        request: &LlmRequest,
        grammar: Option<&str>,
        on_text: &mut dyn FnMut(&str),
        cancelled: &dyn Fn() -> bool,
    ) -> Result<(String, GenerationStats), LlmError> {
        let sampler = |model: &LlamaModel| TokenSampler::new(model, request.limits, grammar);
        self.generate_with(request, sampler, on_text, cancelled)
    }

    /// [`Engine::generate`] with the sampler that `sampler` makes for the model (tests
    /// give it a logit bias, to play a model with odd preferences).
    pub(crate) fn generate_with(
        &mut self,
        request: &LlmRequest,
        sampler: impl FnOnce(&LlamaModel) -> Result<TokenSampler, LlmError>,
        on_text: &mut dyn FnMut(&str),
        cancelled: &dyn Fn() -> bool,
    ) -> Result<(String, GenerationStats), LlmError> {
        let started = Instant::now();
        let mut sampler = sampler(self.model)?;
        let mut batch = LlamaBatch::new(BATCH_TOKENS, 1);
        let evaluated = self.evaluate_prompt(request, &mut batch);
        let (prompt_tokens, reused_tokens) = match evaluated {
            Ok(counts) => counts,
            Err(e) => {
                // The cache may hold a partial prompt; start clean next time.
                let _ = self.ctx.clear_kv_cache_seq(Some(0), None, None);
                self.cached.clear();
                return Err(e);
            }
        };
        let prompt_ms = started.elapsed().as_secs_f64() * 1e3;
        let mut stats = GenerationStats {
            prompt_tokens,
            reused_tokens,
            prompt_ms,
            ..GenerationStats::default()
        };
        let fast_forward = self.fast_forward_index();
        let vocab = self.model.vocab();
        let mut text = String::new();
        let mut utf8 = Utf8Stream::default();
        let mut row = batch.n_tokens() - 1;
        let mut first_token_at = None;
        let max_tokens = request.limits.max_tokens as usize;
        let mut emit = |token: LlamaToken, stats: &mut GenerationStats| {
            stats.generated_tokens += 1;
            let delta = utf8.push(&vocab.token_to_piece(token, false, None));
            if !delta.is_empty() {
                on_text(&delta);
                text.push_str(&delta);
            }
            if stats.generated_tokens >= max_tokens {
                stats.truncated = true;
            }
        };
        // Tokens written but not yet evaluated: the last sampled one and those forced
        // after it, evaluated together.
        let mut pending: Vec<LlamaToken> = Vec::new();
        'turn: loop {
            if cancelled() {
                return Err(LlmError::Cancelled);
            }
            if let Some(fast_forward) = &fast_forward {
                match sampler.forced(self.model, fast_forward) {
                    Forced::End => break,
                    Forced::Tokens(tokens) => {
                        first_token_at.get_or_insert_with(Instant::now);
                        sampler.accept_forced(&tokens)?;
                        for token in tokens {
                            emit(token, &mut stats);
                            stats.forced_tokens += 1;
                            pending.push(token);
                            if stats.truncated {
                                break 'turn;
                            }
                        }
                    }
                    Forced::Nothing => {}
                }
            }
            if !pending.is_empty() {
                self.evaluate(&mut batch, &pending, true)?;
                row = batch.n_tokens() - 1;
                pending.clear();
            }
            let token = sampler.sample(&self.ctx, row)?;
            first_token_at.get_or_insert_with(Instant::now);
            if vocab.is_eog(token) {
                break;
            }
            emit(token, &mut stats);
            if stats.truncated {
                break;
            }
            pending.push(token);
        }
        let rest = utf8.finish();
        if !rest.is_empty() {
            on_text(&rest);
            text.push_str(&rest);
        }
        let first = first_token_at.unwrap_or_else(Instant::now);
        stats.first_token_ms = (first - started).as_secs_f64() * 1e3;
        stats.decode_ms = first.elapsed().as_secs_f64() * 1e3;
        Ok((text, stats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_prefix_counts_equal_leading_tokens() {
        let t = |v: &[i32]| v.iter().map(|&x| LlamaToken(x)).collect::<Vec<_>>();
        assert_eq!(common_prefix(&t(&[1, 2, 3]), &t(&[1, 2, 4])), 2);
        assert_eq!(common_prefix(&t(&[]), &t(&[1])), 0);
        assert_eq!(common_prefix(&t(&[5, 6]), &t(&[5, 6, 7])), 2);
    }
}
