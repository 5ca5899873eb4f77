//! `lantern models`: the model list (pack and imports) with memory, eval results and
//! measured speed; the automatic choice and why; measuring, importing and removing.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::catalog::{ChoiceReason, ModelKey, Verdict, MIN_DECODE_TPS};
use lantern_core::ErrorCode;
use lantern_models::{
    default_threads, ImportMode, ModelEntry, ModelLibrary, ModelList, WorkerCommand,
};
use serde_json::json;
use std::path::PathBuf;

/// Options of `lantern models`.
#[derive(Debug, Clone, Args)]
pub struct ModelsOptions {
    #[command(subcommand)]
    action: Option<ModelsAction>,
    /// Threads the speeds are for (defaults to the cores, at most 4, as the app).
    #[arg(long, global = true)]
    threads: Option<u32>,
    /// Print JSON.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(Debug, Clone, Subcommand)]
enum ModelsAction {
    /// Every model with size, memory, eval results, speed and the automatic choice (default).
    List,
    /// Measure a model's speed on this machine (KEY: pack:NAME or imported:ID).
    Measure {
        /// The model.
        key: String,
    },
    /// Check a GGUF and add it to the list (copied into the data folder unless --reference).
    Import {
        /// The .gguf file.
        path: PathBuf,
        /// Use the file where it is instead of copying it.
        #[arg(long)]
        reference: bool,
    },
    /// Remove an imported model (and Lantern's copy of it).
    Remove {
        /// The model (imported:ID).
        key: String,
    },
}

fn key(text: &str) -> Result<ModelKey, CliError> {
    text.parse()
        .map_err(|e: lantern_core::catalog::ModelKeyError| {
            CliError::new(ErrorCode::ModelUnknown, e.to_string())
        })
}

fn library(locations: &Locations, rt: &tokio::runtime::Runtime) -> Result<ModelLibrary, CliError> {
    let program = std::env::current_exe()
        .map_err(|e| CliError::new(ErrorCode::RuntimeFailed, e.to_string()))?;
    Ok(ModelLibrary::new(
        open_store(locations, rt)?,
        locations.pack().ok(),
        &locations.data_dir,
        WorkerCommand {
            program,
            args: vec!["worker".into()],
        },
    ))
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Chosen => "chosen",
        Verdict::LowerScore => "lower score",
        Verdict::TooBig => "too big",
        Verdict::TooSlow => "too slow",
        Verdict::NotMeasured => "not measured",
        Verdict::NoEvals => "no evals",
        Verdict::Missing => "missing",
    }
}

fn entry_json(e: &ModelEntry) -> serde_json::Value {
    json!({
        "key": e.key.to_string(), "name": e.name, "path": e.file, "present": e.present,
        "architecture": e.architecture, "size_bytes": e.size_bytes, "ram_bytes": e.ram_bytes,
        "fits": e.fits, "own_chat_template": e.chat_template, "evals": e.evals,
        "eval_score": e.eval_score,
        "decode_tps": e.speed.as_ref().map(|s| s.decode_tps),
        "prompt_tps": e.speed.as_ref().map(|s| s.prompt_tps),
        "verdict": verdict(e.verdict),
    })
}

fn reason(list: &ModelList) -> String {
    let chosen = list
        .choice
        .chosen
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    match list.choice.reason {
        ChoiceReason::Best { score, decode_tps } => format!(
            "{chosen}: the best eval score ({score:.1} %) of the models that fit this machine and run at >= {MIN_DECODE_TPS} tokens/s here ({decode_tps:.1})"
        ),
        ChoiceReason::Smallest => format!(
            "{chosen}: no better model is known to fit and run at >= {MIN_DECODE_TPS} tokens/s here, so the smallest runs"
        ),
        ChoiceReason::Nothing => "no model fits this machine".into(),
    }
}

fn print_list(list: &ModelList, as_json: bool) {
    if as_json {
        let value = json!({
            "models": list.entries.iter().map(entry_json).collect::<Vec<_>>(),
            "automatic": list.choice.chosen.as_ref().map(ToString::to_string),
            "reason": reason(list),
            "measure_next": list.choice.measure_next.as_ref().map(ToString::to_string),
            "machine": { "total_ram_bytes": list.machine.total_ram, "cpu": list.machine.cpu,
                         "missing_cpu": list.machine.missing_cpu, "threads": list.machine.threads },
        });
        outln!("{value:#}");
        return;
    }
    outln!(
        "{:<40} {:>8} {:>8} {:>6} {:>9}  automatic choice",
        "model",
        "size MB",
        "RAM MB",
        "evals",
        "tok/s"
    );
    for e in &list.entries {
        outln!(
            "{:<40} {:>8.0} {:>8.0} {:>6} {:>9}  {}",
            e.key.to_string(),
            e.size_bytes as f64 / 1e6,
            e.ram_bytes as f64 / 1e6,
            e.eval_score.map_or("-".into(), |s| format!("{s:.1}")),
            e.speed
                .as_ref()
                .map_or("-".into(), |s| format!("{:.1}", s.decode_tps)),
            verdict(e.verdict),
        );
    }
    outln!("automatic choice: {}", reason(list));
    if let Some(next) = &list.choice.measure_next {
        outln!("measure next: {next} (`lantern models measure {next}`)");
    }
    if !list.machine.missing_cpu.is_empty() {
        outln!(
            "this CPU lacks {}: the bundled llama.cpp cannot run here",
            list.machine.missing_cpu.join(", ").to_uppercase()
        );
    }
}

/// `lantern models …`
pub fn models(locations: &Locations, options: &ModelsOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let library = library(locations, &rt)?;
    let threads = options.threads.unwrap_or_else(default_threads);
    // With --json only the list is printed (it shows what the action changed).
    let done = match options.action.clone().unwrap_or(ModelsAction::List) {
        ModelsAction::List => None,
        ModelsAction::Measure { key: text } => {
            let sample = rt.block_on(library.measure(&key(&text)?, threads))?;
            Some(format!(
                "{text}: prompt {:.1} tok/s, decode {:.1} tok/s ({threads} threads)",
                sample.prompt_tps, sample.decode_tps
            ))
        }
        ModelsAction::Import { path, reference } => {
            let mode = if reference {
                ImportMode::Reference
            } else {
                ImportMode::Copy
            };
            let model = rt.block_on(library.import(&path, mode, &|_, _| {}))?;
            Some(format!(
                "imported:{} {} ({}) {}",
                model.id, model.name, model.architecture, model.path
            ))
        }
        ModelsAction::Remove { key: text } => {
            rt.block_on(library.remove(&key(&text)?))?;
            Some(format!("removed {text}"))
        }
    };
    if let (Some(line), false) = (done, options.json) {
        outln!("{line}");
    }
    let list = rt.block_on(library.list(threads))?;
    print_list(&list, options.json);
    Ok(())
}
