//! Lantern's shared core: text, the turn pipeline, errors and the types every loop
//! shares, with no I/O. Each loop is its own crate (`lantern-coach`, `lantern-tutor`, …).
//!
//! Adapters (model runtime, retrieval, storage, the desktop shell) live in their own
//! crates and depend on this one; nothing here touches the disk, the network or a clock.

pub mod answers;
pub mod catalog;
pub mod clock;
pub mod counted_list;
pub mod error;
pub mod eval;
pub mod eval_words;
pub mod language;
pub mod llm;
#[cfg(any(test, feature = "scripted"))]
pub mod mutation;
pub mod pack;
pub mod pack_id;
pub mod profile_pin;
pub mod retrieval;
pub mod text;
pub mod turn;
pub mod updates;
pub mod voice;
mod word_lists;
pub mod words;

pub use error::{Coded, ErrorCode};
