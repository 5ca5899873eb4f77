//! A transcribed utterance and the message it becomes.

use super::spoken_math::{self, SpokenMath};
use crate::language::Language;
use serde::{Deserialize, Serialize};

/// Longest recording, in seconds (one Whisper window).
pub const MAX_RECORDING_SECONDS: u32 = 30;

/// Longest audio file `lantern transcribe` accepts, in seconds.
pub const MAX_FILE_SECONDS: u32 = 600;

/// What the speech model heard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    /// The words, as the model wrote them.
    pub text: String,
    /// The language transcribed.
    pub language: Language,
    /// Length of the audio, in seconds.
    pub seconds: f32,
}

/// A transcript ready for the confirm step: the message to send and the LaTeX heard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VoiceMessage {
    /// What the model heard.
    pub transcript: Transcript,
    /// The message, with mathematics as `$…$` (or only the LaTeX when all was mathematics).
    pub message: String,
    /// The mathematics heard, as LaTeX.
    pub latex: Option<String>,
}

impl VoiceMessage {
    /// The message a transcript becomes, with its mathematics detected.
    pub fn from_transcript(transcript: Transcript) -> Self {
        let SpokenMath { message, latex } =
            spoken_math::detect(&transcript.text, transcript.language);
        Self {
            transcript,
            message,
            latex,
        }
    }
}
