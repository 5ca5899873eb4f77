//! What the tutor's composer shows about voice input.

use crate::error::IpcError;
use lantern_core::language::Language;
use lantern_core::voice::VoiceMessage;
use serde::Serialize;

/// Whether voice input can work here, and its limit.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct VoiceStatusView {
    /// A speech model and a microphone are both present.
    pub available: bool,
    /// The speech model's name, when it is in the pack.
    pub model: Option<String>,
    /// Why voice input cannot work (`voice_model_missing`, `voice_no_microphone`).
    pub error: Option<IpcError>,
    /// Longest recording, in seconds.
    pub max_seconds: u32,
}

/// What a voice event is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum VoiceEventKind {
    /// The input level while recording.
    Level,
    /// The time limit was reached; recording stopped.
    Limit,
    /// Transcription progress.
    Transcribing,
}

/// A recording or transcription update, streamed to the composer.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct VoiceEvent {
    /// What the event is about.
    pub kind: VoiceEventKind,
    /// Input level, from 0 to 1 (level events).
    pub level: f32,
    /// Time recorded, in milliseconds.
    pub elapsed_ms: u32,
    /// Share transcribed, from 0 to 1 (transcribing events).
    pub fraction: f32,
}

/// A transcribed utterance for the confirm dialog.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct VoiceTranscriptView {
    /// The words heard.
    pub text: String,
    /// The message to send, with the mathematics as `$…$` (or only the LaTeX).
    pub message: String,
    /// The mathematics heard, as LaTeX.
    pub latex: Option<String>,
    /// The language transcribed.
    pub language: Language,
    /// Length of the audio, in seconds.
    pub seconds: f32,
}

impl From<VoiceMessage> for VoiceTranscriptView {
    fn from(voice: VoiceMessage) -> Self {
        Self {
            text: voice.transcript.text,
            message: voice.message,
            latex: voice.latex,
            language: voice.transcript.language,
            seconds: voice.transcript.seconds,
        }
    }
}
