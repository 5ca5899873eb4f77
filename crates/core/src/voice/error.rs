//! Why recording or transcribing a spoken message failed, each reason with a stable code.

use crate::{Coded, ErrorCode};

/// Why voice input failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VoiceError {
    /// The speech model's files are not in the model pack.
    #[error("the speech model is not in the model pack ({0}); run `python3 models/fetch.py whisper-base`")]
    ModelMissing(String),
    /// No input device, or access to it refused.
    #[error("no microphone is available: {0}")]
    NoMicrophone(String),
    /// The input device failed mid-recording.
    #[error("the microphone stopped while recording: {0}")]
    RecordingFailed(String),
    /// Start was asked while a recording runs.
    #[error("a recording is already running")]
    AlreadyRecording,
    /// Stop or cancel was asked with no recording running.
    #[error("no recording is running")]
    NotRecording,
    /// The audio is not a readable WAV file.
    #[error("the audio cannot be read: {0}")]
    AudioInvalid(String),
    /// The audio holds no speech.
    #[error("nothing was heard in the recording")]
    NoSpeech,
    /// The audio is longer than allowed.
    #[error("the audio lasts {seconds:.0} s; the limit is {limit} s")]
    TooLong {
        /// Its length.
        seconds: f32,
        /// The limit.
        limit: u32,
    },
    /// The speech worker failed or crashed; only this utterance is lost.
    #[error("transcription failed: {0}")]
    TranscriptionFailed(String),
}

impl Coded for VoiceError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::ModelMissing(_) => ErrorCode::VoiceModelMissing,
            Self::NoMicrophone(_) => ErrorCode::VoiceNoMicrophone,
            Self::RecordingFailed(_) => ErrorCode::VoiceRecordingFailed,
            Self::AlreadyRecording => ErrorCode::VoiceAlreadyRecording,
            Self::NotRecording => ErrorCode::VoiceNotRecording,
            Self::AudioInvalid(_) => ErrorCode::VoiceAudioInvalid,
            Self::NoSpeech => ErrorCode::VoiceNoSpeech,
            Self::TooLong { .. } => ErrorCode::VoiceTooLong,
            Self::TranscriptionFailed(_) => ErrorCode::VoiceTranscriptionFailed,
        }
    }
}
