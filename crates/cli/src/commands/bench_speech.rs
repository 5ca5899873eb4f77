//! `lantern bench speech`: how long the speech worker takes to load and to transcribe
//! WAV files, and the real-time factor (transcription time ÷ audio length).

use super::runtime;
use super::transcribe::{parse_language, speech_supervisor};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::ErrorCode;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `lantern bench speech`.
#[derive(Debug, Clone, Args)]
pub struct BenchSpeechOptions {
    /// WAV files to transcribe (each once per run).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The language spoken in them.
    #[arg(long, default_value = "en", value_parser = parse_language)]
    language: Language,
    /// CPU threads (default: the cores, at most 4).
    #[arg(long)]
    threads: Option<usize>,
    /// Beam width (default 5, as the app; 1 is greedy decoding).
    #[arg(long)]
    beam: Option<usize>,
    /// Runs over the files.
    #[arg(long, default_value_t = 1)]
    runs: usize,
}

/// Runs `lantern bench speech …` and prints JSON.
pub fn bench_speech(locations: &Locations, options: &BenchSpeechOptions) -> Result<(), CliError> {
    let threads = options
        .threads
        .unwrap_or(lantern_models::default_threads() as usize);
    let (supervisor, model) = speech_supervisor(locations, threads, options.beam)?;
    let rt = runtime()?;
    let started = Instant::now();
    rt.block_on(supervisor.warm())?;
    let load_seconds = started.elapsed().as_secs_f64();
    let mut clips = Vec::new();
    for _ in 0..options.runs.max(1) {
        for file in &options.files {
            let started = Instant::now();
            let transcript = rt
                .block_on(supervisor.transcribe(
                    file,
                    options.language,
                    &|_| {},
                    &CancelFlag::default(),
                ))?
                .ok_or_else(|| CliError::new(ErrorCode::BenchFailed, "cancelled"))?;
            let seconds = started.elapsed().as_secs_f64();
            let audio = f64::from(transcript.seconds);
            clips.push(json!({
                "file": file,
                "audioSeconds": audio,
                "transcribeSeconds": seconds,
                "realTimeFactor": seconds / audio.max(0.001),
                "text": transcript.text,
            }));
        }
    }
    let field = |clip: &serde_json::Value, name: &str| clip[name].as_f64().unwrap_or(0.0);
    let total_audio: f64 = clips.iter().map(|c| field(c, "audioSeconds")).sum();
    let total_busy: f64 = clips.iter().map(|c| field(c, "transcribeSeconds")).sum();
    let slowest = clips
        .iter()
        .map(|c| field(c, "transcribeSeconds"))
        .fold(0.0, f64::max);
    let report = json!({
        "model": model,
        "threads": threads,
        "beam": options.beam.unwrap_or(5),
        "loadSeconds": load_seconds,
        "clips": clips,
        "meanTranscribeSeconds": total_busy / clips.len().max(1) as f64,
        "slowestTranscribeSeconds": slowest,
        "realTimeFactor": total_busy / total_audio.max(0.001),
    });
    outln!("{report:#}");
    Ok(())
}
