//! Voice input: what a spoken message becomes (the transcript, the mathematics heard in
//! it as LaTeX) and why recording or transcribing failed. Pure; the recording and the
//! speech model live in `lantern-speech`.

mod error;
pub mod spoken_math;
mod transcript;

pub use error::VoiceError;
pub use transcript::{Transcript, VoiceMessage, MAX_FILE_SECONDS, MAX_RECORDING_SECONDS};
