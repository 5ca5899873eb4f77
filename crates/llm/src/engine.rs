//! The in-process generator: one loaded model (and, for speculative decoding, its
//! draft), prompt prefix reuse, grammar fast-forward.
//!
//! Runs inside the worker process (see `worker`), never in the app itself.

use crate::forced::{FastForward, Forced};
use crate::output::Output;
use crate::prompt::format_prompt;
use crate::sampling::TokenSampler;
use crate::sequence::{common_prefix, Sequence, BATCH_TOKENS};
use crate::speculative;
use crate::stats::GenerationStats;
use lantern_core::llm::{ChatMessage, ChatRole, LikelihoodRequest, LlmError, LlmRequest};
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

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
    /// A smaller model with the same vocabulary that drafts tokens for this one to
    /// verify (speculative decoding, [`crate::speculative`]); `None` runs the model alone.
    #[serde(default)]
    pub draft_model_path: Option<PathBuf>,
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
            draft_model_path: None,
        }
    }
}

/// A draft that failed its checks or its load: the model itself may still run alone.
fn refused(error: LlmError) -> LlmError {
    LlmError::DraftRefused(error.to_string())
}

/// A loaded model with its context, and its draft when it has one.
pub struct Engine {
    target: Sequence,
    /// The model that drafts tokens for `target` to verify, when configured.
    draft: Option<Sequence>,
    /// The vocabulary index for fast-forward, built on first use; `None` inside when
    /// plain decoding was asked for or the vocabulary cannot be used.
    fast_forward: OnceLock<Option<Arc<FastForward>>>,
}

impl Engine {
    /// Loads the model (after [`crate::preflight`]) and its draft, if configured (after
    /// the same checks, refused unless the two vocabularies are identical), and creates
    /// their contexts; `on_progress` hears the share of the weights loaded, from 0 to 1.
    pub fn load(
        config: &EngineConfig,
        on_progress: impl FnMut(f32) + 'static,
    ) -> Result<Self, LlmError> {
        let record = config.verified_record.as_deref();
        crate::preflight(&config.model_path, config.context_tokens, record)?;
        if let Some(draft) = &config.draft_model_path {
            crate::preflight(draft, config.context_tokens, record).map_err(refused)?;
        }
        let progress = std::rc::Rc::new(std::cell::RefCell::new(on_progress));
        let share = |range: (f32, f32)| {
            let progress = std::rc::Rc::clone(&progress);
            move |f: f32| (progress.borrow_mut())(range.0 + f * (range.1 - range.0))
        };
        let target_share = match config.draft_model_path {
            Some(_) => 0.75,
            None => 1.0,
        };
        let target = Sequence::load(
            &config.model_path,
            config.threads,
            config.context_tokens,
            share((0.0, target_share)),
        )?;
        let draft = match &config.draft_model_path {
            Some(path) => {
                let draft = Sequence::load(
                    path,
                    config.threads,
                    config.context_tokens,
                    share((target_share, 1.0)),
                )
                .map_err(refused)?;
                speculative::check_vocabularies(target.model, draft.model, path)?;
                Some(draft)
            }
            None => None,
        };
        Ok(Self {
            target,
            draft,
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
            .get_or_init(|| FastForward::for_model(self.target.model).map(Arc::new))
            .clone()
    }

    /// The prompt of `request` as tokens, and the length of its system prefix when the
    /// request has a cache key to save it under; refused when the answer would not fit.
    fn prompt_tokens(
        &self,
        request: &LlmRequest,
    ) -> Result<(Vec<LlamaToken>, Option<usize>), LlmError> {
        let model = self.target.model;
        let tokenize = |text: &str| model.vocab().tokenize(text.as_bytes(), true, true);
        let tokens = tokenize(&format_prompt(
            model,
            &request.system,
            &request.messages,
            true,
        )?);
        let limit = self.target.ctx.n_ctx() as usize;
        if tokens.len() + request.limits.max_tokens as usize > limit {
            return Err(LlmError::Runtime(format!(
                "the prompt ({} tokens) plus the answer ({} tokens) exceed the context of {limit} tokens",
                tokens.len(),
                request.limits.max_tokens
            )));
        }
        let boundary = match &request.cache_key {
            Some(_) => {
                let prefix = format_prompt(model, &request.system, &[], false)?;
                Some(common_prefix(&tokenize(&prefix), &tokens))
            }
            None => None,
        };
        Ok((tokens, boundary))
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
        let mut sampler = sampler(self.target.model)?;
        let mut batch = LlamaBatch::new(BATCH_TOKENS, 1);
        let (prompt, boundary) = self.prompt_tokens(request)?;
        let snapshot = request.cache_key.as_deref().zip(boundary);
        let reused = self.target.evaluate_prompt(&mut batch, &prompt, snapshot)?;
        let stats = GenerationStats {
            prompt_tokens: prompt.len(),
            reused_tokens: reused,
            prompt_ms: started.elapsed().as_secs_f64() * 1e3,
            ..GenerationStats::default()
        };
        let mut out = Output::new(self.target.model, request.limits.max_tokens, stats, on_text);
        let fast_forward = self.fast_forward_index();
        match &mut self.draft {
            Some(draft) => speculative::decode(
                speculative::Models {
                    target: &mut self.target,
                    draft,
                    fast_forward: fast_forward.as_deref(),
                },
                &mut sampler,
                speculative::Prompt {
                    tokens: &prompt,
                    row: batch.n_tokens() - 1,
                    snapshot,
                },
                request.limits.seed,
                &mut out,
                cancelled,
            )?,
            None => decode(
                &mut self.target,
                &mut sampler,
                fast_forward.as_deref(),
                &mut batch,
                &mut out,
                cancelled,
            )?,
        }
        Ok(out.finish(started))
    }

    /// How likely the model finds each reply of `request` after its message: one
    /// log-probability per pair, read by the model itself, never by its draft — the
    /// writer (1.5B) reads which sentence a question asks of better than the 0.5B beside
    /// it (docs/evals.md, "Twenty-seventh round"), and its evals measured its own
    /// reading. `cancelled` is polled between pairs.
    pub fn reply_likelihoods(
        &mut self,
        request: &LikelihoodRequest,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Vec<f64>, LlmError> {
        let reader = &mut self.target;
        let model = reader.model;
        let limit = reader.ctx.n_ctx() as usize;
        let tokenize = |text: &str| model.vocab().tokenize(text.as_bytes(), true, true);
        let mut batch = LlamaBatch::new(BATCH_TOKENS, 1);
        let mut values = Vec::with_capacity(request.pairs.len());
        for (message, reply) in &request.pairs {
            if cancelled() {
                return Err(LlmError::Cancelled);
            }
            let said = [ChatMessage {
                role: ChatRole::User,
                content: message.clone(),
            }];
            let prompt = format_prompt(model, &request.system, &said, true)?;
            let tokens = tokenize(&format!("{prompt}{reply}"));
            if tokens.len() > limit {
                return Err(LlmError::Runtime(format!(
                    "a reply to read ({} tokens) exceeds the context of {limit} tokens",
                    tokens.len()
                )));
            }
            let from = common_prefix(&tokenize(&prompt), &tokens);
            values.push(reader.continuation_log_probability(&mut batch, &tokens, from)?);
        }
        Ok(values)
    }
}

/// Decodes the answer one model pass at a time, forced text written in one batch.
fn decode(
    target: &mut Sequence,
    sampler: &mut TokenSampler,
    fast_forward: Option<&FastForward>,
    batch: &mut LlamaBatch,
    out: &mut Output<'_>,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), LlmError> {
    let mut row = batch.n_tokens() - 1;
    // Tokens written but not yet evaluated: the last sampled one and those forced
    // after it, evaluated together.
    let mut pending: Vec<LlamaToken> = Vec::new();
    loop {
        if cancelled() {
            return Err(LlmError::Cancelled);
        }
        if let Some(fast_forward) = fast_forward {
            match sampler.forced(target.model, fast_forward) {
                Forced::End => return Ok(()),
                Forced::Tokens(tokens) => {
                    sampler.accept_forced(&tokens)?;
                    for token in tokens {
                        if !out.forced(token) {
                            return Ok(());
                        }
                        pending.push(token);
                    }
                }
                Forced::Nothing => {}
            }
        }
        if !pending.is_empty() {
            let from = target.evaluate(batch, &pending, pending.len() - 1)?;
            row = i32::try_from(pending.len() - 1 - from).unwrap_or(0);
            pending.clear();
        }
        let token = sampler.sample(&target.ctx, row)?;
        if !out.sampled(token) {
            return Ok(());
        }
        pending.push(token);
    }
}
