//! Lantern's local model runtime on llama.cpp (through `llama-cpp-2`).
//!
//! Everything that can reject a model file does so here with a coded [`LlmError`]
//! before llama.cpp sees the file: llama.cpp gives no detail on a bad file, and debug
//! builds of `llama-cpp-2` panic on a missing path.

mod backend;
mod error;
mod gguf;
mod inspect;

pub use error::LlmError;
pub use gguf::{check_model_file, ModelFile};
pub use inspect::{inspect_model, ModelInfo};
