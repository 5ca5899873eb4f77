//! The answer as it is written: tokens turned into complete UTF-8 text for the
//! listener, counted against the token cap, timed from the first one.

use crate::stats::GenerationStats;
use crate::utf8::Utf8Stream;
use llama_cpp_2::model::LlamaModel;
use llama_cpp_2::token::LlamaToken;
use std::time::Instant;

/// Writes generated tokens out and keeps the generation's stats.
pub(crate) struct Output<'a> {
    model: &'a LlamaModel,
    max_tokens: usize,
    stats: GenerationStats,
    text: String,
    utf8: Utf8Stream,
    on_text: &'a mut dyn FnMut(&str),
    first_token_at: Option<Instant>,
}

impl<'a> Output<'a> {
    /// An empty answer of `model`, capped at `max_tokens`, after a prompt that cost
    /// what `stats` already holds.
    pub(crate) fn new(
        model: &'a LlamaModel,
        max_tokens: u32,
        stats: GenerationStats,
        on_text: &'a mut dyn FnMut(&str),
    ) -> Self {
        Self {
            model,
            max_tokens: max_tokens as usize,
            stats,
            text: String::new(),
            utf8: Utf8Stream::default(),
            on_text,
            first_token_at: None,
        }
    }

    /// Writes a token the model chose; false when the answer is over (the token ends
    /// generation and is not written, or the cap is reached).
    pub(crate) fn sampled(&mut self, token: LlamaToken) -> bool {
        self.first_token_at.get_or_insert_with(Instant::now);
        if self.model.vocab().is_eog(token) {
            return false;
        }
        self.write(token)
    }

    /// Writes a token the grammar forced; false when the cap is reached.
    pub(crate) fn forced(&mut self, token: LlamaToken) -> bool {
        self.first_token_at.get_or_insert_with(Instant::now);
        self.stats.forced_tokens += 1;
        self.write(token)
    }

    /// Counts tokens the draft proposed and how many of them the model kept.
    pub(crate) fn drafted(&mut self, proposed: usize, kept: usize) {
        self.stats.drafted_tokens += proposed;
        self.stats.accepted_tokens += kept;
    }

    fn write(&mut self, token: LlamaToken) -> bool {
        self.stats.generated_tokens += 1;
        let piece = self.model.vocab().token_to_piece(token, false, None);
        let delta = self.utf8.push(&piece);
        if !delta.is_empty() {
            (self.on_text)(&delta);
            self.text.push_str(&delta);
        }
        if self.stats.generated_tokens >= self.max_tokens {
            self.stats.truncated = true;
        }
        !self.stats.truncated
    }

    /// The whole text and the stats of a generation that started at `started`.
    pub(crate) fn finish(mut self, started: Instant) -> (String, GenerationStats) {
        let rest = self.utf8.finish();
        if !rest.is_empty() {
            (self.on_text)(&rest);
            self.text.push_str(&rest);
        }
        let first = self.first_token_at.unwrap_or_else(Instant::now);
        self.stats.first_token_ms = (first - started).as_secs_f64() * 1e3;
        self.stats.decode_ms = first.elapsed().as_secs_f64() * 1e3;
        (self.text, self.stats)
    }
}
