//! The models a laptop has and which one runs: keys naming pack and imported models,
//! the automatic choice by eval scores, memory and measured speed (writing rate and
//! first words), whether a model runs with its draft (measured faster with it), and the
//! CPU check.
//!
//! Everything here is pure; measuring speed, reading `/proc` and the database happen
//! in the adapters (`lantern-llm`, `lantern-store`, the shell).

mod choice;
mod cpu;
mod key;
mod pairing;

pub use choice::{
    choose, fits_memory, Candidate, Choice, ChoiceReason, Machine, Speed, Verdict,
    MAX_FIRST_WORDS_SECS, MAX_RAM_SHARE, MIN_DECODE_TPS, TURN_PROMPT_TOKENS,
};
pub use cpu::{missing_cpu_features, REQUIRED_X86_FEATURES};
pub use key::{ModelKey, ModelKeyError};
pub use pairing::{PairFacts, Pairing};
