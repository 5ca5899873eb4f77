//! Lantern's local model runtime on llama.cpp (through `llama-cpp-2`).
//!
//! The model runs in a worker process ([`run_worker`]) driven by a [`Supervisor`] in
//! the app, which implements the core `Llm` port. Everything that can reject a model
//! file does so with a coded error before llama.cpp sees it: llama.cpp gives no detail
//! on a bad file, and debug builds of `llama-cpp-2` panic on a missing path.

mod backend;
mod distribution;
mod encoder;
mod engine;
mod forced;
mod gguf;
mod grammar;
mod inspect;
mod machine;
mod metadata;
mod output;
mod preflight;
mod prompt;
mod protocol;
mod sampling;
mod sequence;
mod speculative;
mod speed;
mod stats;
mod supervisor;
mod utf8;
pub mod verified;
mod worker;

pub use encoder::{SentenceEncoder, SentenceSide};
pub use engine::{Engine, EngineConfig};
pub use gguf::{check_model_file, ModelFile};
pub use grammar::grammar_for_schema;
pub use inspect::{inspect_model, ModelInfo};
pub use machine::{available_ram, check_cpu, cpu_name, missing_cpu, peak_rss, total_ram};
pub use metadata::{read_architecture, read_metadata, GgufMetadata, MetadataError};
pub use preflight::{check_for_import, estimate_ram, preflight, ImportCheck};
pub use protocol::{WorkerEvent, WorkerRequest};
pub use speed::{measure_speed, SpeedSample};
pub use stats::GenerationStats;
pub use supervisor::{check_loads, Completion, Progress, Supervisor, SupervisorConfig};
pub use worker::run_worker;
