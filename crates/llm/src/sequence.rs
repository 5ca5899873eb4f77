//! One loaded model with its context: the tokens its KV cache holds, evaluated in
//! batches, with prompt prefixes kept evaluated for reuse. The engine has one for the
//! model and, when it decodes speculatively, one for the draft.

use crate::backend::backend;
use lantern_core::llm::LlmError;
use llama_cpp_2::context::params::LlamaContextParams;
use llama_cpp_2::context::session::{LlamaStateSeqFlags, SeqState};
use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::params::LlamaModelParams;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use std::num::NonZeroU32;
use std::path::Path;

/// Prompt prefixes kept evaluated (one per loop, least recently used dropped).
const MAX_SNAPSHOTS: usize = 6;
/// Tokens evaluated per decode call.
pub(crate) const BATCH_TOKENS: usize = 512;

struct Snapshot {
    key: String,
    tokens: Vec<LlamaToken>,
    state: SeqState,
}

/// A model, its context, and what the context has evaluated.
pub(crate) struct Sequence {
    pub(crate) model: &'static LlamaModel,
    pub(crate) ctx: LlamaContext<'static>,
    /// Tokens whose state is in the KV cache of sequence 0, in order.
    pub(crate) cached: Vec<LlamaToken>,
    snapshots: Vec<Snapshot>,
}

pub(crate) fn runtime_error(what: &str, e: impl std::fmt::Display) -> LlmError {
    LlmError::Runtime(format!("{what}: {e}"))
}

/// Length of the common prefix of two token lists.
pub(crate) fn common_prefix(a: &[LlamaToken], b: &[LlamaToken]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl Sequence {
    /// Loads the model at `path` and creates a context of `context_tokens` run with
    /// `threads`; `on_progress` hears the share of the weights loaded.
    pub(crate) fn load(
        path: &Path,
        threads: u32,
        context_tokens: u32,
        mut on_progress: impl FnMut(f32) + 'static,
    ) -> Result<Self, LlmError> {
        let backend = backend()?;
        let params = LlamaModelParams::default().with_progress_callback(move |fraction| {
            on_progress(fraction);
            true
        });
        let model = LlamaModel::load_from_file(backend, path, &params)
            .map_err(|e| LlmError::invalid(path, format!("llama.cpp could not load it ({e})")))?;
        // The worker process serves its models for its whole life.
        let model: &'static LlamaModel = Box::leak(Box::new(model));
        let threads = i32::try_from(threads.max(1)).unwrap_or(1);
        let params = LlamaContextParams::default()
            .with_n_ctx(NonZeroU32::new(context_tokens))
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
        })
    }

    /// Evaluates `tokens` at positions after the cached ones, with logits for those
    /// from index `logits_from` on (at most [`BATCH_TOKENS`] of them; none when it is
    /// `tokens.len()`). Returns the index of the token in row 0 of the batch: the logits
    /// after token `i` are in row `i - returned`.
    pub(crate) fn evaluate(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        logits_from: usize,
    ) -> Result<usize, LlmError> {
        // The rows with logits must all be in the last decode call.
        let last_start = tokens.len().saturating_sub(BATCH_TOKENS);
        if logits_from < last_start {
            return Err(LlmError::Runtime(format!(
                "logits for {} tokens asked in one batch of {BATCH_TOKENS}",
                tokens.len() - logits_from
            )));
        }
        for chunk in tokens[..last_start].chunks(BATCH_TOKENS) {
            self.decode(batch, chunk, usize::MAX)?;
        }
        self.decode(
            batch,
            &tokens[last_start..],
            logits_from.saturating_sub(last_start),
        )?;
        Ok(last_start)
    }

    /// Decodes one batch of at most [`BATCH_TOKENS`], logits from index `logits_from`.
    fn decode(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        logits_from: usize,
    ) -> Result<(), LlmError> {
        if tokens.is_empty() {
            return Ok(());
        }
        batch.clear();
        for (i, token) in tokens.iter().enumerate() {
            let pos =
                i32::try_from(self.cached.len() + i).map_err(|e| runtime_error("position", e))?;
            batch
                .add(*token, pos, &[0], i >= logits_from)
                .map_err(|e| runtime_error("batch", e))?;
        }
        self.ctx
            .decode(batch)
            .map_err(|e| runtime_error("decode", e))?;
        self.cached.extend_from_slice(tokens);
        Ok(())
    }

    /// Forgets every cached token from index `keep` on.
    pub(crate) fn rewind(&mut self, keep: usize) -> Result<(), LlmError> {
        if keep >= self.cached.len() {
            return Ok(());
        }
        let from = u32::try_from(keep).map_err(|e| runtime_error("position", e))?;
        self.ctx
            .clear_kv_cache_seq(Some(0), Some(from), None)
            .map_err(|e| runtime_error("cache", e))?;
        self.cached.truncate(keep);
        Ok(())
    }

    /// Forgets everything cached (after a failure left the cache unknown).
    pub(crate) fn clear(&mut self) {
        let _ = self.ctx.clear_kv_cache_seq(Some(0), None, None);
        self.cached.clear();
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
        self.rewind(reuse)?;
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

    /// Evaluates the prompt `tokens` (reusing what it can) with logits for its last
    /// token, saving the first `boundary` tokens (the system prefix) under `key`.
    /// Returns how many tokens were reused. On failure the cache is cleared.
    pub(crate) fn evaluate_prompt(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        snapshot: Option<(&str, usize)>,
    ) -> Result<usize, LlmError> {
        let result = self.evaluate_prompt_inner(batch, tokens, snapshot);
        if result.is_err() {
            // The cache may hold a partial prompt; start clean next time.
            self.clear();
        }
        result
    }

    fn evaluate_prompt_inner(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        snapshot: Option<(&str, usize)>,
    ) -> Result<usize, LlmError> {
        let reused = self.reuse_prefix(tokens)?;
        match snapshot {
            Some((key, boundary)) if boundary > reused && boundary < tokens.len() => {
                self.evaluate(batch, &tokens[reused..boundary], usize::MAX)?;
                self.save_snapshot(key)?;
                let rest = &tokens[boundary..];
                self.evaluate(batch, rest, rest.len() - 1)?;
            }
            _ => {
                let rest = &tokens[reused..];
                self.evaluate(batch, rest, rest.len() - 1)?;
            }
        }
        Ok(reused)
    }

    /// The log-probability (natural log) of `tokens[from..]` following `tokens[..from]`:
    /// the evaluated prefix shared with the cache is kept, the rest evaluated with the
    /// logits of every row that predicts a token of the continuation.
    pub(crate) fn continuation_log_probability(
        &mut self,
        batch: &mut LlamaBatch,
        tokens: &[LlamaToken],
        from: usize,
    ) -> Result<f64, LlmError> {
        if from == 0 || from >= tokens.len() {
            return Ok(0.0);
        }
        let reuse = common_prefix(&self.cached, tokens).min(from - 1);
        self.rewind(reuse)?;
        let rest = &tokens[reuse..];
        let last_start = match self.evaluate(batch, rest, from - 1 - reuse) {
            Ok(start) => start,
            Err(e) => {
                self.clear();
                return Err(e);
            }
        };
        let mut sum = 0.0;
        for (at, token) in tokens.iter().enumerate().skip(from) {
            let row =
                i32::try_from(at - 1 - reuse - last_start).map_err(|e| runtime_error("row", e))?;
            sum += log_softmax_of(self.ctx.get_logits_ith(row), *token);
        }
        Ok(sum)
    }
}

/// The log-probability of `token` under the softmax of `logits`.
fn log_softmax_of(logits: &[f32], token: LlamaToken) -> f64 {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let top = f64::from(top);
    let total: f64 = logits.iter().map(|&l| (f64::from(l) - top).exp()).sum();
    let own = usize::try_from(token.0)
        .ok()
        .and_then(|i| logits.get(i))
        .map_or(f64::NEG_INFINITY, |&l| f64::from(l));
    own - top - total.ln()
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

    #[test]
    fn log_softmax_of_a_token_is_its_share_of_the_law() {
        let logits = [0.0f32, (3.0f32).ln(), f32::NEG_INFINITY];
        assert!((log_softmax_of(&logits, LlamaToken(1)) - (0.75f64).ln()).abs() < 1e-6);
        assert!((log_softmax_of(&logits, LlamaToken(0)) - (0.25f64).ln()).abs() < 1e-6);
        assert_eq!(log_softmax_of(&logits, LlamaToken(9)), f64::NEG_INFINITY);
    }
}
