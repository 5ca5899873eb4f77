//! `lantern bench encoder`: the pack's multilingual sentence encoder as a module turn
//! uses it. Loads it, encodes a module's topic texts once (the first message to a module
//! in another language), then one message at a time (every later one: the topics'
//! vectors are kept), and prints one JSON line: the vectors' width, load time, the
//! topics' time, the median and worst message time, and the peak memory each step added.

use super::median::median;
use super::peak_memory::{peak_added_mib, reset_peak};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::pack::{Manifest, Role};
use lantern_core::ErrorCode;
use lantern_llm::{SentenceEncoder, SentenceSide};
use lantern_modules::ranking::topic_texts;
use lantern_rag::read_module_pack;
use std::path::PathBuf;
use std::time::Instant;

/// Options of `lantern bench encoder`.
#[derive(Debug, Args)]
pub struct BenchEncoderOptions {
    /// The module whose topics are encoded.
    #[arg(long, default_value = "modules/exam-stress")]
    pub module: PathBuf,
    /// Messages encoded one at a time.
    #[arg(long, default_value_t = 30)]
    pub messages: usize,
    /// CPU threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::new(ErrorCode::BenchFailed, e.to_string())
}

/// Messages a student might send, in both languages, repeated as needed.
const MESSAGES: [&str; 4] = [
    "¿por qué me sudan las manos antes de un examen?",
    "what do I do if I go blank in the exam?",
    "no consigo dormirme porque no paro de darle vueltas",
    "how long should my breaks be?",
];

/// Runs the bench and prints its JSON line.
pub fn bench_encoder(locations: &Locations, options: &BenchEncoderOptions) -> Result<(), CliError> {
    let pack = locations.pack()?;
    let path = Manifest::bundled()
        .default_file_in(Role::Encoder, &pack)
        .ok_or_else(|| failed("the model pack has no sentence encoder: run models/fetch.py"))?;
    let module = read_module_pack(&options.module).map_err(failed)?.module;
    let texts: Vec<String> = module.topics().flat_map(topic_texts).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();

    let baseline = reset_peak();
    let started = Instant::now();
    let encoder = SentenceEncoder::load(&path, options.threads).map_err(failed)?;
    let load_ms = started.elapsed().as_secs_f64() * 1e3;
    let load_mib = peak_added_mib(baseline);

    let baseline = reset_peak();
    let started = Instant::now();
    encoder
        .encode(&texts, SentenceSide::Passage)
        .map_err(failed)?;
    let topics_ms = started.elapsed().as_secs_f64() * 1e3;
    let topics_mib = peak_added_mib(baseline);

    let mut times = Vec::with_capacity(options.messages);
    for message in MESSAGES.iter().cycle().take(options.messages.max(1)) {
        let started = Instant::now();
        encoder
            .encode(&[message], SentenceSide::Query)
            .map_err(failed)?;
        times.push(started.elapsed().as_secs_f64() * 1e3);
    }
    let worst = times.iter().copied().fold(0.0, f64::max);
    let line = serde_json::json!({
        "module": module.id,
        "dimensions": encoder.dimensions(),
        "topic_texts": texts.len(),
        "load_ms": load_ms,
        "load_peak_added_mib": load_mib,
        "topics_ms": topics_ms,
        "topics_peak_added_mib": topics_mib,
        "message_ms_median": median(times),
        "message_ms_worst": worst,
    });
    println!("{line}");
    Ok(())
}
