//! The worker process: loads Whisper once, then transcribes one WAV file per request
//! line. A crash here costs the app one utterance, never the app itself.

use crate::audio;
use crate::engine::{Engine, EngineConfig};
use crate::protocol::{SpeechEvent, SpeechRequest};
use lantern_core::voice::VoiceError;
use std::io::{BufRead, Write};
use std::process::ExitCode;

fn emit(event: &SpeechEvent) {
    let mut out = std::io::stdout().lock();
    // A closed stdout means the app is gone; the read loop then ends too.
    if let Ok(line) = serde_json::to_string(event) {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// Runs the worker with `config_json` (an [`EngineConfig`]) until stdin closes.
pub fn run_worker(config_json: &str) -> ExitCode {
    let engine = serde_json::from_str::<EngineConfig>(config_json)
        .map_err(|e| VoiceError::TranscriptionFailed(format!("bad worker config: {e}")))
        .and_then(|config| Engine::load(&config));
    let engine = match engine {
        Ok(engine) => engine,
        Err(error) => {
            emit(&SpeechEvent::failed(None, &error));
            return ExitCode::FAILURE;
        }
    };
    emit(&SpeechEvent::Ready);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<SpeechRequest>(&line) {
            Ok(SpeechRequest::Transcribe {
                id,
                audio: path,
                language,
            }) => {
                let result = audio::read_wav(&path).and_then(|samples| {
                    let mut progress = |fraction| emit(&SpeechEvent::Progress { id, fraction });
                    engine
                        .transcribe(&samples, language, &mut progress)
                        .map(|text| (text, audio::seconds(&samples)))
                });
                emit(&match result {
                    Ok((text, seconds)) => SpeechEvent::Done { id, text, seconds },
                    Err(error) => SpeechEvent::failed(Some(id), &error),
                });
            }
            Err(e) => emit(&SpeechEvent::failed(
                None,
                &VoiceError::TranscriptionFailed(format!("unreadable request: {e}")),
            )),
        }
    }
    ExitCode::SUCCESS
}
