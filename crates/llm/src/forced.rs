//! Fast-forward: the text a grammar forces, written without sampling and evaluated in
//! one batch.
//!
//! Under a JSON grammar much of an answer is fixed: keys, quotes, colons, closing
//! braces. Sampling those one token at a time costs a whole model pass each; evaluating
//! them together costs little more than one. [`FastForward::forced`] asks the grammar, on
//! a copy of its state, which characters may come next, offering it one single-byte
//! token per byte that can start a character and an end-of-generation token. While
//! exactly one ASCII character is allowed, it is forced; when only the end is allowed,
//! the answer is over without another pass.
//!
//! The forced text is written with the model's own tokenizer: the tokens the model read
//! such text as in training. Sampled one by one under the grammar's mask, the same text
//! often comes out in fragments the model never saw (`c`, `la`, `im` for `claim`, when
//! the model preferred a token the mask refused), so the words after it can differ from
//! token-by-token decoding; the grammar itself is unchanged (docs/performance.md has the
//! comparison).

use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::sampling::LlamaSampler;
use llama_cpp_2::token::data::LlamaTokenData;
use llama_cpp_2::token::data_array::LlamaTokenDataArray;
use llama_cpp_2::token::LlamaToken;
use std::collections::HashMap;

/// Longest text forced in one step (a key and its punctuation fit many times over;
/// its tokens fit in one batch).
const MAX_FORCED_BYTES: usize = 256;

/// What the grammar forces next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Forced {
    /// More than one continuation is allowed: the model chooses.
    Nothing,
    /// The forced text, as the model's tokenizer writes it.
    Tokens(Vec<LlamaToken>),
    /// The grammar is complete and allows nothing more: the answer ends here.
    End,
}

/// A model's vocabulary, indexed to find forced text and its tokens.
pub(crate) struct FastForward {
    /// What the grammar is asked about: for each byte that can start a character, its
    /// single-byte token, or when the vocabulary has none, every token starting with it.
    probes: Vec<LlamaToken>,
    /// The byte each single-byte probe stands for.
    byte_of: HashMap<LlamaToken, u8>,
    /// An end-of-generation token (allowed once the grammar is complete).
    end: LlamaToken,
}

/// Bytes a character can start with: ASCII (but NUL) and the UTF-8 lead bytes.
fn first_bytes() -> impl Iterator<Item = u8> {
    (0x01..=0x7F).chain(0xC2..=0xF4)
}

impl FastForward {
    /// The index for `model`, or `None` when forced JSON punctuation does not come back
    /// unchanged from its tokenizer (one that adds a leading space, say).
    pub(crate) fn for_model(model: &LlamaModel) -> Option<Self> {
        let vocab = model.vocab();
        let mut pieces = Vec::with_capacity(usize::try_from(vocab.n_tokens()).unwrap_or(0));
        for id in 0..vocab.n_tokens() {
            let token = LlamaToken(id);
            let piece = vocab.token_to_piece(token, true, None);
            if !vocab.is_eog(token) && !piece.is_empty() {
                pieces.push((piece, token));
            }
        }
        pieces.sort_unstable();
        let end = vocab.eos();
        let mut index = Self {
            probes: vec![end],
            byte_of: HashMap::new(),
            end,
        };
        for byte in first_bytes() {
            let starting = starting_with(&pieces, &[byte]);
            match starting.iter().find(|(piece, _)| piece.len() == 1) {
                Some(&(_, token)) => {
                    index.probes.push(token);
                    index.byte_of.insert(token, byte);
                }
                None => {
                    let tokens: Vec<LlamaToken> = starting.iter().map(|&(_, t)| t).collect();
                    index.probes.extend(tokens);
                }
            }
        }
        let sample = br#"{"answer":"#;
        index.tokenize(model, sample).is_some().then_some(index)
    }

    /// What `grammar`, in its current state, forces next; the grammar is not changed.
    pub(crate) fn forced(&self, model: &LlamaModel, grammar: &mut LlamaSampler) -> Forced {
        // Asking does not change the grammar's state; only accepting a byte does, on a
        // copy, made once something is forced (most steps inside a string stop here).
        let mut next = allowed(grammar, &self.probes);
        let mut probe: Option<LlamaSampler> = None;
        let mut text = Vec::new();
        while text.len() < MAX_FORCED_BYTES {
            let [only] = next[..] else {
                break;
            };
            if only == self.end {
                if text.is_empty() {
                    return Forced::End;
                }
                break;
            }
            // A non-ASCII character is left to the model, as is a byte without a token.
            match self.byte_of.get(&only) {
                Some(&byte) if byte.is_ascii() => {
                    text.push(byte);
                    let probe = probe.get_or_insert_with(|| grammar.clone());
                    probe.accept(only);
                    next = allowed(probe, &self.probes);
                }
                _ => break,
            }
        }
        if text.is_empty() {
            return Forced::Nothing;
        }
        match self.tokenize(model, &text) {
            Some(tokens) => Forced::Tokens(tokens),
            None => Forced::Nothing,
        }
    }

    /// The tokens of `text` as the model's tokenizer writes it, if they spell `text`
    /// exactly.
    fn tokenize(&self, model: &LlamaModel, text: &[u8]) -> Option<Vec<LlamaToken>> {
        let vocab = model.vocab();
        let tokens = vocab.tokenize(text, false, false);
        let spelled: Vec<u8> = tokens
            .iter()
            .flat_map(|&t| vocab.token_to_piece(t, true, None))
            .collect();
        (!tokens.is_empty() && spelled == text).then_some(tokens)
    }
}

/// The entries of `pieces` (sorted) whose piece starts with `prefix`.
fn starting_with<'p>(
    pieces: &'p [(Vec<u8>, LlamaToken)],
    prefix: &[u8],
) -> &'p [(Vec<u8>, LlamaToken)] {
    let from = pieces.partition_point(|(p, _)| p.as_slice() < prefix);
    let len = pieces[from..]
        .iter()
        .take_while(|(p, _)| p.starts_with(prefix))
        .count();
    &pieces[from..from + len]
}

/// The tokens of `candidates` that `grammar`, in its current state, allows next.
pub(crate) fn allowed(grammar: &mut LlamaSampler, candidates: &[LlamaToken]) -> Vec<LlamaToken> {
    if candidates.is_empty() {
        return Vec::new();
    }
    let data = candidates
        .iter()
        .map(|&t| LlamaTokenData::new(t, 0.0, 0.0))
        .collect();
    let mut array = LlamaTokenDataArray::new(data, false);
    grammar.apply(&mut array);
    array
        .data
        .iter()
        .filter(|d| d.logit().is_finite())
        .map(LlamaTokenData::id)
        .collect()
}

#[cfg(test)]
mod model_tests;
