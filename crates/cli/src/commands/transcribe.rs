//! `lantern transcribe`: a WAV file through the same speech worker and mathematics
//! detection as the tutor's voice button.

use super::runtime;
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::voice::{VoiceError, VoiceMessage, MAX_FILE_SECONDS};
use lantern_core::ErrorCode;
use lantern_speech::{audio, EngineConfig, SpeechSupervisor, SpeechWorkerConfig, WORKER_FLAG};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Options of `lantern transcribe`.
#[derive(Debug, Clone, Args)]
pub struct TranscribeOptions {
    /// The WAV file (any rate, mono or stereo, PCM or float).
    file: PathBuf,
    /// The language spoken.
    #[arg(long, default_value = "en", value_parser = parse_language)]
    language: Language,
    /// CPU threads (default: the cores, at most 4).
    #[arg(long)]
    threads: Option<usize>,
    /// Print JSON (with timings).
    #[arg(long)]
    json: bool,
}

/// The `--language` value as a [`Language`].
pub fn parse_language(code: &str) -> Result<Language, String> {
    Language::from_code(code).ok_or_else(|| format!("unknown language {code:?} (en, es)"))
}

/// The speech worker (this binary with `--speech-worker`) on the pack's speech model, and
/// the model's name; `beam` overrides the beam width.
pub fn speech_supervisor(
    locations: &Locations,
    threads: usize,
    beam: Option<usize>,
) -> Result<(SpeechSupervisor, String), CliError> {
    // The speech model is optional in a pack, so look in every candidate folder.
    let model = locations
        .pack_candidates()
        .iter()
        .find_map(|dir| lantern_speech::pack_model(Some(dir)).ok());
    let (model_dir, name) = match model {
        Some(found) => found,
        None => lantern_speech::pack_model(None)?,
    };
    let program = std::env::current_exe()
        .map_err(|e| CliError::new(ErrorCode::RuntimeFailed, e.to_string()))?;
    let mut engine = EngineConfig::new(model_dir, threads);
    if let Some(beam) = beam {
        engine.beam_size = beam.max(1);
    }
    let supervisor = SpeechSupervisor::new(SpeechWorkerConfig {
        program,
        args: vec![WORKER_FLAG.into()],
        engine,
        load_timeout: Duration::from_secs(60),
        idle_timeout: Duration::from_secs(120),
    });
    Ok((supervisor, name))
}

/// Runs `lantern transcribe …`.
pub fn transcribe(locations: &Locations, options: &TranscribeOptions) -> Result<(), CliError> {
    // The header says how long it is; the worker decodes the audio once.
    let seconds = audio::wav_seconds(&options.file)?;
    if seconds > MAX_FILE_SECONDS as f32 {
        return Err(VoiceError::TooLong {
            seconds,
            limit: MAX_FILE_SECONDS,
        }
        .into());
    }
    let threads = options
        .threads
        .unwrap_or(lantern_models::default_threads() as usize);
    let (supervisor, model) = speech_supervisor(locations, threads, None)?;
    let show_progress = !options.json && seconds > 30.0;
    let progress = |fraction: f32| {
        if show_progress {
            eprint!("\rtranscribing… {:>3.0}%", fraction * 100.0);
            let _ = std::io::stderr().flush();
        }
    };
    let started = Instant::now();
    let transcript = runtime()?
        .block_on(supervisor.transcribe(
            &options.file,
            options.language,
            &progress,
            &CancelFlag::default(),
        ))?
        .ok_or_else(|| CliError::new(ErrorCode::ModelCancelled, "transcription was cancelled"))?;
    let elapsed = started.elapsed().as_secs_f32();
    if show_progress {
        eprintln!();
    }
    let voice = VoiceMessage::from_transcript(transcript);
    if options.json {
        let value = json!({
            "text": voice.transcript.text,
            "message": voice.message,
            "latex": voice.latex,
            "language": voice.transcript.language,
            "seconds": voice.transcript.seconds,
            "transcribeSeconds": elapsed,
            "realTimeFactor": elapsed / voice.transcript.seconds.max(0.001),
            "model": model,
            "threads": threads,
        });
        outln!("{value:#}");
    } else {
        outln!("text:    {}", voice.transcript.text);
        outln!("message: {}", voice.message);
        outln!(
            "latex:   {}",
            voice.latex.as_deref().unwrap_or("(no mathematics heard)")
        );
    }
    Ok(())
}
