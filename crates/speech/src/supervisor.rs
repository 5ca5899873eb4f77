//! The app's side of the speech worker: starts it when first needed, sends one
//! utterance at a time, relays progress, and restarts it after a crash, a hang or a
//! cancel (each costs only the utterance in flight).

use crate::engine::EngineConfig;
use crate::protocol::{error_from, SpeechEvent, SpeechRequest};
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::voice::{Transcript, VoiceError};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::Mutex;

/// How often a running transcription checks its cancel flag.
const CANCEL_POLL: Duration = Duration::from_millis(50);

/// How to start and watch the speech worker.
#[derive(Debug, Clone)]
pub struct SpeechWorkerConfig {
    /// Program that runs [`crate::run_worker`] (the app or the `lantern` binary).
    pub program: PathBuf,
    /// Arguments before the JSON config (e.g. `["speech-worker"]`).
    pub args: Vec<String>,
    /// The model to load.
    pub engine: EngineConfig,
    /// Longest wait for the model to load.
    pub load_timeout: Duration,
    /// Longest silence from the worker while it transcribes one window.
    pub idle_timeout: Duration,
}

struct Worker {
    _child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

/// What waiting for the worker's next line gave.
enum Heard {
    Event(SpeechEvent),
    Cancelled,
}

/// A supervised speech worker.
pub struct SpeechSupervisor {
    config: SpeechWorkerConfig,
    worker: Mutex<Option<Worker>>,
}

fn stopped(detail: impl std::fmt::Display) -> VoiceError {
    VoiceError::TranscriptionFailed(format!("the speech worker stopped ({detail})"))
}

impl Worker {
    async fn next(&mut self, timeout: Duration, cancel: &CancelFlag) -> Result<Heard, VoiceError> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if cancel.is_cancelled() {
                return Ok(Heard::Cancelled);
            }
            let wait =
                CANCEL_POLL.min(deadline.saturating_duration_since(tokio::time::Instant::now()));
            if wait.is_zero() {
                return Err(stopped(format!("no answer in {} s", timeout.as_secs())));
            }
            match tokio::time::timeout(wait, self.lines.next_line()).await {
                Err(_) => continue,
                Ok(Ok(Some(line))) => {
                    if let Ok(event) = serde_json::from_str::<SpeechEvent>(&line) {
                        return Ok(Heard::Event(event));
                    }
                }
                Ok(Ok(None)) => return Err(stopped("it exited")),
                Ok(Err(e)) => return Err(stopped(e)),
            }
        }
    }
}

impl SpeechSupervisor {
    /// A supervisor; the worker starts with the first transcription.
    pub fn new(config: SpeechWorkerConfig) -> Self {
        Self {
            config,
            worker: Mutex::new(None),
        }
    }

    async fn start(&self, cancel: &CancelFlag) -> Result<Option<Worker>, VoiceError> {
        crate::engine::check_model_dir(&self.config.engine.model_dir)?;
        let config = serde_json::to_string(&self.config.engine).map_err(stopped)?;
        let mut child = Command::new(&self.config.program)
            .args(&self.config.args)
            .arg(config)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            // CTranslate2's OpenMP threads sleep between utterances instead of spinning.
            .env("OMP_WAIT_POLICY", "PASSIVE")
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| {
                stopped(format!(
                    "cannot start {}: {e}",
                    self.config.program.display()
                ))
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(stopped("no pipes"));
        };
        let mut worker = Worker {
            _child: child,
            stdin,
            lines: BufReader::new(stdout).lines(),
        };
        loop {
            match worker.next(self.config.load_timeout, cancel).await? {
                Heard::Cancelled => return Ok(None),
                Heard::Event(SpeechEvent::Ready) => return Ok(Some(worker)),
                Heard::Event(SpeechEvent::Failed { code, message, .. }) => {
                    return Err(error_from(code, message))
                }
                Heard::Event(_) => {}
            }
        }
    }

    /// Starts the worker and loads the model now, if not yet done (the app calls it when
    /// recording starts, so the model loads while the student speaks).
    pub async fn warm(&self) -> Result<(), VoiceError> {
        let mut slot = self.worker.lock().await;
        if slot.is_none() {
            *slot = self.start(&CancelFlag::default()).await?;
        }
        Ok(())
    }

    /// Transcribes the WAV file at `audio`; `progress` hears the share done. `Ok(None)`
    /// when `cancel` was raised (the worker is then restarted for the next utterance).
    pub async fn transcribe(
        &self,
        audio: &Path,
        language: Language,
        progress: &(dyn Fn(f32) + Send + Sync),
        cancel: &CancelFlag,
    ) -> Result<Option<Transcript>, VoiceError> {
        let mut slot = self.worker.lock().await;
        if slot.is_none() {
            *slot = self.start(cancel).await?;
        }
        let Some(worker) = slot.as_mut() else {
            return Ok(None);
        };
        let outcome = self
            .exchange(worker, audio, language, progress, cancel)
            .await;
        if !matches!(
            outcome,
            Ok(Some(_)) | Err(VoiceError::NoSpeech | VoiceError::AudioInvalid(_))
        ) {
            // Cancelled, crashed or hung: the next utterance gets a fresh worker.
            *slot = None;
        }
        outcome
    }

    async fn exchange(
        &self,
        worker: &mut Worker,
        audio: &Path,
        language: Language,
        progress: &(dyn Fn(f32) + Send + Sync),
        cancel: &CancelFlag,
    ) -> Result<Option<Transcript>, VoiceError> {
        let request = SpeechRequest::Transcribe {
            id: 1,
            audio: audio.to_path_buf(),
            language,
        };
        let mut line = serde_json::to_string(&request).map_err(stopped)?;
        line.push('\n');
        worker
            .stdin
            .write_all(line.as_bytes())
            .await
            .map_err(stopped)?;
        worker.stdin.flush().await.map_err(stopped)?;
        loop {
            match worker.next(self.config.idle_timeout, cancel).await? {
                Heard::Cancelled => return Ok(None),
                Heard::Event(SpeechEvent::Progress { fraction, .. }) => progress(fraction),
                Heard::Event(SpeechEvent::Done { text, seconds, .. }) => {
                    return Ok(Some(Transcript {
                        text,
                        language,
                        seconds,
                    }))
                }
                Heard::Event(SpeechEvent::Failed { code, message, .. }) => {
                    return Err(error_from(code, message))
                }
                Heard::Event(SpeechEvent::Ready) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::{Coded, ErrorCode};

    /// A supervisor whose "worker" is a shell script: it says ready, then runs `then`
    /// on the first request.
    fn scripted(model_dir: &Path, then: &str) -> SpeechSupervisor {
        let script = format!("echo '{{\"type\":\"ready\"}}'; read request; {then}");
        SpeechSupervisor::new(SpeechWorkerConfig {
            program: "sh".into(),
            args: vec!["-c".into(), script, "worker".into()],
            engine: EngineConfig::new(model_dir.to_path_buf(), 1),
            load_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_millis(500),
        })
    }

    fn model_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for file in crate::MODEL_FILES {
            std::fs::write(dir.path().join(file), b"").unwrap();
        }
        dir
    }

    async fn attempt(speech: &SpeechSupervisor) -> Result<Option<Transcript>, VoiceError> {
        speech
            .transcribe(
                Path::new("/tmp/a.wav"),
                Language::En,
                &|_| {},
                &CancelFlag::default(),
            )
            .await
    }

    #[tokio::test]
    async fn a_worker_that_dies_mid_utterance_costs_that_utterance_and_is_restarted() {
        let dir = model_dir();
        let speech = scripted(dir.path(), "kill -9 $$");
        for _ in 0..2 {
            let error = attempt(&speech).await.unwrap_err();
            assert_eq!(error.code(), ErrorCode::VoiceTranscriptionFailed, "{error}");
        }
    }

    #[tokio::test]
    async fn a_worker_that_hangs_is_given_up_after_the_idle_timeout() {
        let dir = model_dir();
        let speech = scripted(dir.path(), "sleep 30");
        let error = attempt(&speech).await.unwrap_err();
        assert!(error.to_string().contains("no answer"), "{error}");
    }

    #[tokio::test]
    async fn progress_and_the_transcript_come_through_and_the_worker_is_kept() {
        let dir = model_dir();
        let answer = r#"echo '{"type":"progress","id":1,"fraction":0.5}'; echo '{"type":"done","id":1,"text":"x squared","seconds":2.0}'; read again; echo '{"type":"done","id":1,"text":"again","seconds":1.0}'"#;
        let speech = scripted(dir.path(), answer);
        let heard = std::sync::Mutex::new(Vec::new());
        let first = speech
            .transcribe(
                Path::new("/tmp/a.wav"),
                Language::Es,
                &|f| heard.lock().unwrap().push(f),
                &CancelFlag::default(),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (first.text.as_str(), first.language, first.seconds),
            ("x squared", Language::Es, 2.0)
        );
        assert_eq!(*heard.lock().unwrap(), vec![0.5]);
        let second = attempt(&speech).await.unwrap().unwrap();
        assert_eq!(
            second.text, "again",
            "the same worker answered the next utterance"
        );
    }

    #[tokio::test]
    async fn a_missing_model_is_refused_before_any_worker_starts() {
        let empty = tempfile::tempdir().unwrap();
        let speech = scripted(empty.path(), "true");
        assert_eq!(
            attempt(&speech).await.unwrap_err().code(),
            ErrorCode::VoiceModelMissing
        );
    }
}
