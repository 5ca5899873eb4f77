//! What one generation cost: tokens, times, and what the draft proposed and kept.

use serde::{Deserialize, Serialize};

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
    /// Tokens the draft model proposed (speculative decoding only).
    #[serde(default)]
    pub drafted_tokens: usize,
    /// Drafted tokens the model itself would have chosen, and so kept.
    #[serde(default)]
    pub accepted_tokens: usize,
}

impl GenerationStats {
    /// Tokens generated per second after the first one.
    pub fn decode_tps(&self) -> f64 {
        self.generated_tokens.saturating_sub(1) as f64 / (self.decode_ms / 1e3)
    }

    /// The share of drafted tokens kept (speculative decoding; 0 without a draft).
    pub fn acceptance_rate(&self) -> f64 {
        match self.drafted_tokens {
            0 => 0.0,
            drafted => self.accepted_tokens as f64 / drafted as f64,
        }
    }

    /// Prompt tokens evaluated per second (reused ones not counted).
    pub fn prompt_tps(&self) -> f64 {
        self.prompt_tokens.saturating_sub(self.reused_tokens) as f64 / (self.prompt_ms / 1e3)
    }
}
