//! Lantern's offline speech recognition: Whisper (CTranslate2 format) run by
//! CTranslate2 in a crash-isolated worker process, the log-mel features it reads, WAV
//! files, and recording from the microphone.
//!
//! The app and the `lantern` CLI start the worker by running themselves with
//! [`WORKER_FLAG`]; [`SpeechSupervisor`] talks to it.

pub mod audio;
mod engine;
pub mod mel;
mod protocol;
mod recorder;
mod supervisor;
mod worker;

pub use engine::{check_model_dir, pack_model, EngineConfig, MODEL_FILES};
pub use protocol::{SpeechEvent, SpeechRequest};
pub use recorder::{check_microphone, start_recording, RecorderEvent, Recording};
pub use supervisor::{SpeechSupervisor, SpeechWorkerConfig};
pub use worker::run_worker;

/// The argument that makes the app or the CLI run the speech worker instead.
pub const WORKER_FLAG: &str = "--speech-worker";
