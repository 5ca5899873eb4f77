//! Speculative decoding: a small model with the same vocabulary drafts a few tokens,
//! the model evaluates them all in one pass and keeps what it would have written.
//!
//! One round:
//! 1. The draft continues the answer under a copy of the grammar's state: text the
//!    grammar forces is taken as is (no pass of either model), and up to
//!    [`DRAFT_TOKENS`] tokens are drawn from the draft's own law.
//! 2. The model evaluates the unevaluated answer tokens and the whole proposal in one
//!    batch, with logits at every position.
//! 3. Walking the proposal, the grammar's forced text is kept as is; each drawn token is
//!    kept by the rejection rule of [`Distribution::keeps`] (greedy: when it is the
//!    model's own choice). The first refused token is replaced from the residual law,
//!    and a fully kept proposal earns one more token from the model's last logits.
//! 4. Both caches forget what was not kept.
//!
//! The answer is the model's: token for token under greedy decoding, the same law with
//! a temperature. The first token comes from the model alone, before the draft reads
//! the prompt, so the first words wait for one model only.

use crate::distribution::Distribution;
use crate::forced::{FastForward, Forced};
use crate::output::Output;
use crate::sampling::TokenSampler;
use crate::sequence::{common_prefix, Sequence, BATCH_TOKENS};
use lantern_core::llm::LlmError;
use llama_cpp_2::llama_batch::LlamaBatch;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use std::path::Path;

/// Tokens the draft draws per round at most (forced text is not counted).
const DRAFT_TOKENS: usize = 8;
/// The draft stops after a token whose position had no favourite this likely: where it
/// hesitates the model rarely agrees, and a pass built on a refused token is wasted.
const MIN_CONFIDENCE: f64 = 0.6;

/// The two models of a speculative generation and the grammar's fast-forward index.
pub(crate) struct Models<'a> {
    /// The model whose answer is written.
    pub(crate) target: &'a mut Sequence,
    /// The model that drafts.
    pub(crate) draft: &'a mut Sequence,
    /// The fast-forward index, when the grammar's forced text is written in one step.
    pub(crate) fast_forward: Option<&'a FastForward>,
}

/// Refuses a draft whose vocabulary is not the model's, token for token: its tokens
/// would mean other text.
pub(crate) fn check_vocabularies(
    target: &LlamaModel,
    draft: &LlamaModel,
    draft_path: &Path,
) -> Result<(), LlmError> {
    let (ours, theirs) = (target.vocab(), draft.vocab());
    let differs = |detail: String| {
        LlmError::DraftRefused(format!(
            "{} cannot draft for this model: {detail}",
            draft_path.display()
        ))
    };
    if ours.n_tokens() != theirs.n_tokens() {
        return Err(differs(format!(
            "its vocabulary has {} tokens, the model's {}",
            theirs.n_tokens(),
            ours.n_tokens()
        )));
    }
    if ours.eos() != theirs.eos() {
        return Err(differs("its end-of-text token differs".into()));
    }
    for id in 0..ours.n_tokens() {
        let token = LlamaToken(id);
        if ours.token_to_piece(token, true, None) != theirs.token_to_piece(token, true, None)
            || ours.is_eog(token) != theirs.is_eog(token)
        {
            return Err(differs(format!("token {id} differs")));
        }
    }
    Ok(())
}

/// How a proposed token came to be.
enum Proposed {
    /// The grammar forced it.
    Forced,
    /// The draft drew it from this law.
    Drawn(Distribution),
}

/// The prompt as the model has just evaluated it.
pub(crate) struct Prompt<'a> {
    /// Its tokens.
    pub(crate) tokens: &'a [LlamaToken],
    /// The row of the model's last batch with the logits after it.
    pub(crate) row: i32,
    /// The prefix kept evaluated for reuse: its cache key and length.
    pub(crate) snapshot: Option<(&'a str, usize)>,
}

/// Writes the answer to `out` speculatively, drawing with `seed`.
pub(crate) fn decode(
    models: Models<'_>,
    sampler: &mut TokenSampler,
    prompt: Prompt<'_>,
    seed: u32,
    out: &mut Output<'_>,
    cancelled: &dyn Fn() -> bool,
) -> Result<(), LlmError> {
    let Models {
        target,
        draft,
        fast_forward,
    } = models;
    let Prompt {
        tokens: prompt,
        row,
        snapshot,
    } = prompt;
    let mut rng = fastrand::Rng::with_seed(u64::from(seed));
    let mut batch = LlamaBatch::new(BATCH_TOKENS, 1);
    let mut written = prompt.to_vec();
    // The first token, or the text forced first, from the model alone.
    match fast_forward.map(|ff| sampler.forced(target.model, ff)) {
        Some(Forced::End) => return Ok(()),
        Some(Forced::Tokens(tokens)) => {
            sampler.accept_forced(&tokens)?;
            for token in tokens {
                if !out.forced(token) {
                    return Ok(());
                }
                written.push(token);
            }
        }
        Some(Forced::Nothing) | None => {
            let token = sampler.sample(&target.ctx, row)?;
            if !out.sampled(token) {
                return Ok(());
            }
            written.push(token);
        }
    }
    draft.evaluate_prompt(&mut batch, prompt, snapshot)?;
    loop {
        if cancelled() {
            return Err(LlmError::Cancelled);
        }
        let proposal = propose(draft, sampler, fast_forward, &written, &mut batch, &mut rng)?;
        let round = Round {
            target: &mut *target,
            sampler: &mut *sampler,
            fast_forward,
            batch: &mut batch,
        };
        if !round.verify(&proposal, &mut written, &mut rng, out)? {
            return Ok(());
        }
    }
}

/// The draft's continuation of `written`, under a copy of the sampler's grammar.
fn propose(
    draft: &mut Sequence,
    sampler: &TokenSampler,
    fast_forward: Option<&FastForward>,
    written: &[LlamaToken],
    batch: &mut LlamaBatch,
    rng: &mut fastrand::Rng,
) -> Result<Vec<(LlamaToken, Proposed)>, LlmError> {
    let mut fork = sampler.clone();
    let mut proposal = Vec::new();
    // At least the last written token is evaluated again, for its logits.
    draft.rewind(common_prefix(&draft.cached, written).min(written.len() - 1))?;
    let mut unevaluated = written[draft.cached.len()..].to_vec();
    let mut drawn = 0;
    while drawn < DRAFT_TOKENS {
        match fast_forward.map(|ff| fork.forced(draft.model, ff)) {
            Some(Forced::End) => break,
            Some(Forced::Tokens(tokens)) => {
                fork.accept_forced(&tokens)?;
                unevaluated.extend_from_slice(&tokens);
                proposal.extend(tokens.into_iter().map(|t| (t, Proposed::Forced)));
                continue;
            }
            Some(Forced::Nothing) | None => {}
        }
        let from = draft.evaluate(batch, &unevaluated, unevaluated.len() - 1)?;
        let row = i32::try_from(unevaluated.len() - 1 - from).unwrap_or(0);
        unevaluated.clear();
        let confident = top_probability(draft.ctx.get_logits_ith(row)) >= MIN_CONFIDENCE;
        let law = fork.distribution(&draft.ctx, row)?;
        let token = law.sample(rng.f64());
        if draft.model.vocab().is_eog(token) {
            break;
        }
        fork.accept(token);
        proposal.push((token, Proposed::Drawn(law)));
        unevaluated.push(token);
        drawn += 1;
        // A hesitant pick is still offered (its pass is paid for), but the draft does
        // not spend another pass building on it.
        if !confident {
            break;
        }
    }
    Ok(proposal)
}

/// The probability of the likeliest token under the softmax of `logits`.
fn top_probability(logits: &[f32]) -> f64 {
    let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    if !top.is_finite() {
        return 0.0;
    }
    let total: f64 = logits.iter().map(|&l| f64::from(l - top).exp()).sum();
    1.0 / total
}

/// The model's side of one round.
struct Round<'a> {
    target: &'a mut Sequence,
    sampler: &'a mut TokenSampler,
    fast_forward: Option<&'a FastForward>,
    batch: &'a mut LlamaBatch<'static>,
}

impl Round<'_> {
    /// Evaluates the proposal after `written` and writes what the model keeps of it,
    /// then the model's own next token. False when the answer is over.
    fn verify(
        self,
        proposal: &[(LlamaToken, Proposed)],
        written: &mut Vec<LlamaToken>,
        rng: &mut fastrand::Rng,
        out: &mut Output<'_>,
    ) -> Result<bool, LlmError> {
        let Round {
            target,
            sampler,
            fast_forward,
            batch,
        } = self;
        let keep = common_prefix(&target.cached, written).min(written.len() - 1);
        target.rewind(keep)?;
        let pending = written.len() - keep;
        let mut tokens = written[keep..].to_vec();
        tokens.extend(proposal.iter().map(|(token, _)| *token));
        let from = target.evaluate(batch, &tokens, pending - 1)?;
        let row = |i: usize| i32::try_from(pending - 1 + i - from).unwrap_or(0);
        let drawn = proposal
            .iter()
            .filter(|(_, p)| matches!(p, Proposed::Drawn(_)))
            .count();
        let mut kept = 0;
        let mut i = 0;
        let next = loop {
            match fast_forward.map(|ff| sampler.forced(target.model, ff)) {
                Some(Forced::End) => {
                    out.drafted(drawn, kept);
                    return Ok(false);
                }
                Some(Forced::Tokens(forced)) => {
                    sampler.accept_forced(&forced)?;
                    for &token in &forced {
                        if !out.forced(token) {
                            return Ok(false);
                        }
                        written.push(token);
                    }
                    let end = i + forced.len();
                    let same = proposal
                        .get(i..end)
                        .is_some_and(|p| p.iter().map(|(t, _)| *t).eq(forced.iter().copied()));
                    if !same {
                        // The proposal went elsewhere: the forced text is evaluated next round.
                        break None;
                    }
                    i = end;
                    continue;
                }
                Some(Forced::Nothing) | None => {}
            }
            let law = sampler.distribution(&target.ctx, row(i))?;
            match proposal.get(i) {
                Some((token, Proposed::Drawn(q))) if law.keeps(q, *token, rng.f64()) => {
                    kept += 1;
                    sampler.accept(*token);
                    if !out.sampled(*token) {
                        out.drafted(drawn, kept);
                        return Ok(false);
                    }
                    written.push(*token);
                    i += 1;
                }
                Some((_, Proposed::Drawn(q))) => break Some(law.residual(q).sample(rng.f64())),
                Some((_, Proposed::Forced)) | None => break Some(law.sample(rng.f64())),
            }
        };
        out.drafted(drawn, kept);
        let Some(token) = next else {
            return Ok(true);
        };
        if !out.sampled(token) {
            return Ok(false);
        }
        sampler.accept(token);
        written.push(token);
        Ok(true)
    }
}
