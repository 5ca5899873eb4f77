//! The one voice session the app runs at a time: idle, recording or transcribing.

use lantern_core::llm::CancelFlag;
use lantern_core::voice::VoiceError;
use lantern_speech::{EngineConfig, Recording, SpeechSupervisor, SpeechWorkerConfig, WORKER_FLAG};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// Longest wait for the speech model to load.
const LOAD_TIMEOUT: Duration = Duration::from_secs(60);
/// Longest silence from the worker while it transcribes one 30-second window.
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

/// Where a voice session is.
pub(super) enum Session {
    /// Nothing running.
    Idle,
    /// The microphone is on.
    Recording {
        /// The running recording.
        recording: Recording,
        /// The language spoken.
        language: lantern_core::language::Language,
        /// Where level and progress events go.
        events: tauri::ipc::Channel<super::views::VoiceEvent>,
    },
    /// The speech worker is transcribing; cancel raises the flag.
    Transcribing(CancelFlag),
}

/// Voice input's state: the speech worker (when the pack has the model) and the session.
pub struct VoiceState {
    supervisor: Result<Arc<SpeechSupervisor>, VoiceError>,
    model: Option<String>,
    session: Mutex<Session>,
}

impl VoiceState {
    /// Voice input with the speech model of the pack in `pack_dir`, transcribed by
    /// `program` run as the speech worker.
    pub fn new(pack_dir: Option<&Path>, program: PathBuf) -> Self {
        let found = lantern_speech::pack_model(pack_dir);
        let model = found.as_ref().ok().map(|(_, name)| name.clone());
        let supervisor = found.map(|(dir, _)| {
            Arc::new(SpeechSupervisor::new(SpeechWorkerConfig {
                program,
                args: vec![WORKER_FLAG.into()],
                engine: EngineConfig::new(dir, lantern_models::default_threads() as usize),
                load_timeout: LOAD_TIMEOUT,
                idle_timeout: IDLE_TIMEOUT,
            }))
        });
        Self {
            supervisor,
            model,
            session: Mutex::new(Session::Idle),
        }
    }

    /// The speech worker, or why there is none.
    pub(super) fn supervisor(&self) -> Result<Arc<SpeechSupervisor>, VoiceError> {
        self.supervisor.clone()
    }

    /// The speech model's name.
    pub(super) fn model(&self) -> Option<&str> {
        self.model.as_deref()
    }

    /// The session, locked (never held across an await).
    pub(super) fn session(&self) -> MutexGuard<'_, Session> {
        self.session
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
