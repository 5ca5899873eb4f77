//! Token sampling under an optional grammar, checking the grammar only when needed.
//!
//! Applying a grammar to the whole vocabulary costs a walk over every token at every
//! step. Most of the time the token the model prefers is already allowed, so we sample
//! without the grammar first, ask the grammar about that one token, and fall back to
//! the full grammar-masked distribution only when it is refused.

use crate::distribution::Distribution;
use crate::forced::{allowed, FastForward, Forced};
use lantern_core::llm::{Limits, LlmError};
use llama_cpp_2::context::LlamaContext;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::LlamaToken;

/// Picks each next token: temperature/top-k (or greedy) sampling, within a grammar.
#[derive(Clone)]
pub(crate) struct TokenSampler {
    grammar: Option<LlamaSampler>,
    chain: LlamaSampler,
    /// 0 for greedy decoding.
    temperature: f32,
}

fn no_token() -> LlmError {
    LlmError::Grammar("no token satisfies the grammar".into())
}

/// Top-k cut used with a temperature above zero.
const TOP_K: i32 = 40;

impl TokenSampler {
    /// A sampler for `limits`, constrained by `gbnf` when given.
    pub(crate) fn new(
        model: &LlamaModel,
        limits: Limits,
        gbnf: Option<&str>,
    ) -> Result<Self, LlmError> {
        let grammar = gbnf
            .map(|g| {
                LlamaSampler::grammar(model, g, "root")
                    .map_err(|e| LlmError::Grammar(e.to_string()))
            })
            .transpose()?;
        let chain = if limits.temperature <= 0.0 {
            LlamaSampler::greedy()
        } else {
            LlamaSampler::chain_simple([
                LlamaSampler::top_k(TOP_K),
                LlamaSampler::temp(limits.temperature),
                LlamaSampler::dist(limits.seed),
            ])
        };
        Ok(Self {
            grammar,
            chain,
            temperature: limits.temperature.max(0.0),
        })
    }

    /// Test hook: adds `bias` to the logits before every choice — both when the
    /// preferred token is picked and when the grammar masks the vocabulary — as a model
    /// with those preferences would.
    #[cfg(test)]
    pub(crate) fn with_logit_bias(
        mut self,
        model: &LlamaModel,
        bias: &[llama_cpp_2::token::logit_bias::LlamaLogitBias],
    ) -> Self {
        let chain = std::mem::replace(&mut self.chain, LlamaSampler::greedy());
        self.chain =
            LlamaSampler::chain_simple([LlamaSampler::logit_bias(model.n_vocab(), bias), chain]);
        self
    }

    /// Samples the next token from output `index` of the last decode, and records it.
    pub(crate) fn sample(
        &mut self,
        ctx: &LlamaContext<'_>,
        index: i32,
    ) -> Result<LlamaToken, LlmError> {
        let token = self.choose(ctx, index)?;
        self.accept(token);
        Ok(token)
    }

    /// The token [`TokenSampler::sample`] would draw, without recording it.
    fn choose(&mut self, ctx: &LlamaContext<'_>, index: i32) -> Result<LlamaToken, LlmError> {
        let Some(grammar) = self.grammar.as_mut() else {
            return Ok(self.chain.sample(ctx, index));
        };
        let mut candidates = ctx.token_data_array_ith(index);
        self.chain.apply(&mut candidates);
        let preferred = candidates.selected_token();
        match preferred.filter(|&t| !allowed(grammar, &[t]).is_empty()) {
            Some(token) => Ok(token),
            None => {
                let mut masked = ctx.token_data_array_ith(index);
                grammar.apply(&mut masked);
                self.chain.apply(&mut masked);
                masked.selected_token().ok_or_else(no_token)
            }
        }
    }

    /// The law [`TokenSampler::sample`] draws from at output `index`: the greedy
    /// choice, or the top-k softmax at the temperature, a refused pick redrawn from the
    /// grammar-masked vocabulary. Nothing is recorded.
    pub(crate) fn distribution(
        &mut self,
        ctx: &LlamaContext<'_>,
        index: i32,
    ) -> Result<Distribution, LlmError> {
        if self.temperature <= 0.0 {
            return self.choose(ctx, index).map(Distribution::point);
        }
        let (top_k, temperature) = (TOP_K as usize, self.temperature);
        let logits = ctx.get_logits_ith(index);
        let numbered = logits
            .iter()
            .enumerate()
            .map(|(id, &logit)| (LlamaToken(i32::try_from(id).unwrap_or(i32::MAX)), logit));
        let unmasked =
            Distribution::softmax_top_k(numbered, top_k, temperature).ok_or_else(no_token)?;
        let Some(grammar) = self.grammar.as_mut() else {
            return Ok(unmasked);
        };
        let allowed_now = allowed(grammar, &unmasked.tokens());
        unmasked
            .with_fallback(
                |token| allowed_now.contains(&token),
                || {
                    let mut masked = ctx.token_data_array_ith(index);
                    grammar.apply(&mut masked);
                    let logits = masked.data.iter().map(|d| (d.id(), d.logit()));
                    Distribution::softmax_top_k(logits, top_k, temperature)
                },
            )
            .ok_or_else(no_token)
    }

    /// Records `token`, chosen from [`TokenSampler::distribution`], as written.
    pub(crate) fn accept(&mut self, token: LlamaToken) {
        if let Some(grammar) = self.grammar.as_mut() {
            grammar.accept(token);
        }
        self.chain.accept(token);
    }

    /// What the grammar forces next (nothing without a grammar); the sampler is not
    /// changed until [`TokenSampler::accept_forced`].
    pub(crate) fn forced(&mut self, model: &LlamaModel, fast_forward: &FastForward) -> Forced {
        match &mut self.grammar {
            Some(grammar) => fast_forward.forced(model, grammar),
            None => Forced::Nothing,
        }
    }

    /// Records `tokens`, forced by the grammar, as written.
    pub(crate) fn accept_forced(&mut self, tokens: &[LlamaToken]) -> Result<(), LlmError> {
        if let Some(grammar) = self.grammar.as_mut() {
            for &token in tokens {
                grammar
                    .try_accept(token)
                    .map_err(|e| LlmError::Grammar(format!("a forced token was refused: {e}")))?;
                self.chain.accept(token);
            }
        }
        Ok(())
    }
}
