//! Lantern's headless engine: the contracts every loop shares, with no I/O.
//!
//! Adapters (model runtime, retrieval, storage, the desktop shell) live in their own
//! crates and depend on this one; nothing here touches the disk, the network or a clock.

pub mod answers;
pub mod catalog;
pub mod class;
pub mod clock;
pub mod coach;
pub mod counted_list;
pub mod course;
pub mod error;
pub mod eval;
pub mod eval_words;
pub mod expenses;
pub mod import_limits;
pub mod language;
pub mod llm;
pub mod modules;
#[cfg(test)]
mod mutation;
pub mod pack;
pub mod pack_id;
pub mod profile_pin;
pub mod progress;
pub mod reports;
pub mod retrieval;
pub mod text;
pub mod turn;
pub mod turn_schemas;
pub mod tutor;
pub mod updates;
pub mod voice;

pub use error::{Coded, ErrorCode};
