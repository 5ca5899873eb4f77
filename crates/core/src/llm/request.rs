//! What a loop sends to the model.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Who said a chat message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChatRole {
    /// The student.
    User,
    /// The model, in earlier turns.
    Assistant,
}

/// One message of the conversation (the system prompt is separate).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// Who said it.
    pub role: ChatRole,
    /// What was said.
    pub content: String,
}

/// Per-request generation limits.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Limits {
    /// Most tokens to generate; the answer is cut (and rejected) beyond it.
    pub max_tokens: u32,
    /// Sampling temperature; 0 means greedy.
    pub temperature: f32,
    /// Seed for sampling, so a turn can be replayed.
    pub seed: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_tokens: 384,
            temperature: 0.2,
            seed: 42,
        }
    }
}

/// A request for the likelihood of replies: each of `prompts` as the student's message
/// after `system`, and the reply beside it as the model's answer to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LikelihoodRequest {
    /// The instructions, the same for every pair (their evaluated state is shared).
    pub system: String,
    /// `(message, reply)` pairs whose replies are read.
    pub pairs: Vec<(String, String)>,
}

/// A request for one JSON answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LlmRequest {
    /// The loop's fixed instructions. Kept identical across turns so its evaluated
    /// state can be reused.
    pub system: String,
    /// The conversation, oldest first; the last message is the one to answer.
    pub messages: Vec<ChatMessage>,
    /// Generation limits.
    pub limits: Limits,
    /// Names the prompt prefix to keep evaluated between turns (usually the loop name).
    pub cache_key: Option<String>,
}

impl LlmRequest {
    /// A one-question request with default limits.
    pub fn new(system: impl Into<String>, user: impl Into<String>) -> Self {
        Self {
            system: system.into(),
            messages: vec![ChatMessage {
                role: ChatRole::User,
                content: user.into(),
            }],
            limits: Limits::default(),
            cache_key: None,
        }
    }

    /// Sets the prefix cache key.
    pub fn with_cache_key(mut self, key: impl Into<String>) -> Self {
        self.cache_key = Some(key.into());
        self
    }

    /// Sets the limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The same request for a second try after an answer the loop could not use:
    /// sampled at [`RETRY_TEMPERATURE`] with the next seed, so it is not the same answer.
    pub fn retried(mut self) -> Self {
        self.limits.temperature = RETRY_TEMPERATURE;
        self.limits.seed = self.limits.seed.wrapping_add(1);
        self
    }
}

/// The sampling temperature of a second try ([`LlmRequest::retried`]).
pub const RETRY_TEMPERATURE: f32 = 0.7;

/// A shared flag that asks a running generation to stop: set by its own `cancel`, or by
/// that of a flag it was made from ([`CancelFlag::child`]).
#[derive(Debug, Clone, Default)]
pub struct CancelFlag {
    own: Arc<AtomicBool>,
    /// The flags of the flags it was made from, nearest first.
    above: Vec<Arc<AtomicBool>>,
}

impl CancelFlag {
    /// Asks the generation to stop as soon as it can.
    pub fn cancel(&self) {
        self.own.store(true, Ordering::SeqCst);
    }

    /// Whether cancellation was asked for, of this flag or of one it was made from.
    pub fn is_cancelled(&self) -> bool {
        std::iter::once(&self.own)
            .chain(&self.above)
            .any(|flag| flag.load(Ordering::SeqCst))
    }

    /// A flag of its own for a part of the work this one stops: cancelling it leaves this
    /// one alone, cancelling this one stops it too (a loop stops a generation it no longer
    /// needs; the student's stop still stops every generation of the turn).
    pub fn child(&self) -> CancelFlag {
        let mut above = vec![self.own.clone()];
        above.extend(self.above.iter().cloned());
        CancelFlag {
            own: Arc::default(),
            above,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_flag_stops_with_its_parent_but_not_the_other_way() {
        let turn = CancelFlag::default();
        let attempt = turn.child();
        let part = attempt.child();
        attempt.cancel();
        assert!(attempt.is_cancelled() && part.is_cancelled());
        assert!(!turn.is_cancelled());
        let next = turn.child().child();
        turn.cancel();
        assert!(next.is_cancelled());
    }
}
