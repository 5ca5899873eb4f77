//! Voice input in the tutor's composer: record from the microphone, transcribe in the
//! speech worker, detect the mathematics, and hand the result to the confirm dialog.

pub mod commands;
mod session;
pub mod views;

pub use session::VoiceState;
