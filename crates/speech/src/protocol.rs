//! The JSON-lines protocol between the app (or CLI) and the speech worker process.

use lantern_core::language::Language;
use lantern_core::voice::VoiceError;
use lantern_core::{Coded, ErrorCode};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// A line written to the worker's stdin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SpeechRequest {
    /// Transcribe a WAV file.
    Transcribe {
        /// Request id, unique per worker.
        id: u64,
        /// The WAV file.
        audio: PathBuf,
        /// The language spoken.
        language: Language,
    },
}

/// A line the worker writes to its stdout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SpeechEvent {
    /// The model is loaded.
    Ready,
    /// Share of request `id` done, from 0 to 1.
    Progress {
        /// Request id.
        id: u64,
        /// Share done.
        fraction: f32,
    },
    /// Request `id` finished.
    Done {
        /// Request id.
        id: u64,
        /// The words heard.
        text: String,
        /// Length of the audio, in seconds.
        seconds: f32,
    },
    /// Request `id` (or, without id, loading the model) failed.
    Failed {
        /// Request id, absent for load failures.
        id: Option<u64>,
        /// Stable error code.
        code: ErrorCode,
        /// Message for people.
        message: String,
    },
}

impl SpeechEvent {
    /// The failure event for `error`.
    pub fn failed(id: Option<u64>, error: &VoiceError) -> Self {
        Self::Failed {
            id,
            code: error.code(),
            message: error.to_string(),
        }
    }
}

/// The error a failure event stands for.
pub fn error_from(code: ErrorCode, message: String) -> VoiceError {
    match code {
        ErrorCode::VoiceModelMissing => VoiceError::ModelMissing(message),
        ErrorCode::VoiceAudioInvalid => VoiceError::AudioInvalid(message),
        ErrorCode::VoiceNoSpeech => VoiceError::NoSpeech,
        _ => VoiceError::TranscriptionFailed(message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_failures_keep_their_code() {
        let request = SpeechRequest::Transcribe {
            id: 3,
            audio: "/tmp/a b.wav".into(),
            language: Language::Es,
        };
        let line = serde_json::to_string(&request).unwrap();
        assert!(!line.contains('\n'));
        assert_eq!(
            serde_json::from_str::<SpeechRequest>(&line).unwrap(),
            request
        );

        for error in [
            VoiceError::NoSpeech,
            VoiceError::AudioInvalid("x.wav".into()),
            VoiceError::ModelMissing("no model.bin".into()),
            VoiceError::TranscriptionFailed("boom".into()),
        ] {
            let line = serde_json::to_string(&SpeechEvent::failed(Some(1), &error)).unwrap();
            let Ok(SpeechEvent::Failed { code, message, .. }) = serde_json::from_str(&line) else {
                panic!("{line}");
            };
            assert_eq!(error_from(code, message).code(), error.code());
        }
    }
}
