//! Commands of the composer's voice button: status, start, stop (transcribe), cancel.

use super::session::Session;
use super::views::{VoiceEvent, VoiceEventKind, VoiceStatusView, VoiceTranscriptView};
use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::voice::{VoiceError, VoiceMessage, MAX_RECORDING_SECONDS};
use lantern_core::ErrorCode;
use lantern_speech::{audio, check_microphone, start_recording, RecorderEvent};
use std::time::Duration;
use tauri::ipc::Channel;
use tauri::State;

/// Recordings shorter than this hold no message.
const SHORTEST_SECONDS: f32 = 0.3;

fn level_event(event: RecorderEvent) -> VoiceEvent {
    VoiceEvent {
        kind: if event.limit_reached {
            VoiceEventKind::Limit
        } else {
            VoiceEventKind::Level
        },
        level: event.level,
        elapsed_ms: u32::try_from(event.elapsed.as_millis()).unwrap_or(u32::MAX),
        fraction: 0.0,
    }
}

/// Whether voice input can work: a speech model in the pack and a microphone.
#[tauri::command]
#[specta::specta]
pub async fn voice_status(state: State<'_, AppState>) -> Result<VoiceStatusView, IpcError> {
    let error = state
        .voice
        .supervisor()
        .and_then(|_| check_microphone())
        .err()
        .map(IpcError::from);
    Ok(VoiceStatusView {
        available: error.is_none(),
        model: state.voice.model().map(str::to_string),
        error,
        max_seconds: MAX_RECORDING_SECONDS,
    })
}

/// Starts recording in `language`; level events (and the limit) arrive on `on_event`.
#[tauri::command]
#[specta::specta]
pub async fn voice_start(
    state: State<'_, AppState>,
    language: Language,
    on_event: Channel<VoiceEvent>,
) -> Result<(), IpcError> {
    let supervisor = state.voice.supervisor()?;
    let mut session = state.voice.session();
    if !matches!(*session, Session::Idle) {
        return Err(VoiceError::AlreadyRecording.into());
    }
    let events = on_event.clone();
    let recording = start_recording(
        Duration::from_secs(u64::from(MAX_RECORDING_SECONDS)),
        Box::new(move |event| {
            // A closed window stops hearing; the recording itself goes on until stopped.
            let _ = events.send(level_event(event));
        }),
    )?;
    *session = Session::Recording {
        recording,
        language,
        events: on_event,
    };
    // The model loads while the student speaks; a failure shows when they stop.
    tauri::async_runtime::spawn(async move {
        let _ = supervisor.warm().await;
    });
    Ok(())
}

/// Stops recording and transcribes; progress arrives on the channel given to start.
#[tauri::command]
#[specta::specta]
pub async fn voice_stop(state: State<'_, AppState>) -> Result<VoiceTranscriptView, IpcError> {
    let supervisor = state.voice.supervisor()?;
    let cancel = CancelFlag::default();
    let (recording, language, events) = {
        let mut session = state.voice.session();
        match std::mem::replace(&mut *session, Session::Transcribing(cancel.clone())) {
            Session::Recording {
                recording,
                language,
                events,
            } => (recording, language, events),
            other => {
                *session = other;
                return Err(VoiceError::NotRecording.into());
            }
        }
    };
    let result = transcribe(&supervisor, recording, language, &events, &cancel).await;
    *state.voice.session() = Session::Idle;
    result
}

async fn transcribe(
    supervisor: &lantern_speech::SpeechSupervisor,
    recording: lantern_speech::Recording,
    language: Language,
    on_event: &Channel<VoiceEvent>,
    cancel: &CancelFlag,
) -> Result<VoiceTranscriptView, IpcError> {
    let samples = tauri::async_runtime::spawn_blocking(move || recording.stop())
        .await
        .map_err(|e| VoiceError::RecordingFailed(e.to_string()))??;
    if audio::seconds(&samples) < SHORTEST_SECONDS {
        return Err(VoiceError::NoSpeech.into());
    }
    // The student's voice is written only to a private temporary file, removed on return.
    let file = tempfile::Builder::new()
        .prefix("lantern-voice-")
        .suffix(".wav")
        .tempfile()
        .map_err(|e| VoiceError::TranscriptionFailed(e.to_string()))?;
    audio::write_wav(file.path(), &samples)?;
    let progress = |fraction: f32| {
        let _ = on_event.send(VoiceEvent {
            kind: VoiceEventKind::Transcribing,
            level: 0.0,
            elapsed_ms: 0,
            fraction,
        });
    };
    match supervisor
        .transcribe(file.path(), language, &progress, cancel)
        .await?
    {
        Some(transcript) => Ok(VoiceMessage::from_transcript(transcript).into()),
        None => Err(IpcError::new(
            ErrorCode::ModelCancelled,
            "the voice message was cancelled",
        )),
    }
}

/// Stops recording or transcribing and discards the audio.
#[tauri::command]
#[specta::specta]
pub async fn voice_cancel(state: State<'_, AppState>) -> Result<(), IpcError> {
    let previous = std::mem::replace(&mut *state.voice.session(), Session::Idle);
    match previous {
        Session::Idle => Err(VoiceError::NotRecording.into()),
        Session::Recording { recording, .. } => {
            // The audio is dropped unread.
            let _ = tauri::async_runtime::spawn_blocking(move || recording.stop()).await;
            Ok(())
        }
        Session::Transcribing(cancel) => {
            cancel.cancel();
            Ok(())
        }
    }
}
