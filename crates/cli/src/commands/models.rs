//! `lantern models`: the model list (pack and imports) with memory, eval results,
//! measured speed alone and with its draft, which way each runs and why; the automatic
//! choice and why, for every model; measuring (both ways), importing and removing.

use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::catalog::{
    ChoiceReason, ModelKey, Pairing, Verdict, MAX_FIRST_WORDS_SECS, MAX_RAM_SHARE, MIN_DECODE_TPS,
};
use lantern_core::ErrorCode;
use lantern_models::{
    default_threads, DraftedRun, ImportMode, Measurement, ModelEntry, ModelLibrary, ModelList,
    WorkerCommand,
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
    /// Every model with size, memory, eval results, speed alone and with its draft, which
    /// way it runs, and why the automatic choice took or left it (default).
    List,
    /// Measure a model's speed on this machine, alone and with its draft if it has one
    /// (KEY: pack:NAME or imported:ID).
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
        Verdict::LateFirstWords => "late first words",
        Verdict::NotMeasured => "not measured",
        Verdict::NoEvals => "no evals",
        Verdict::Missing => "missing",
    }
}

/// " with its draft" when `e` runs with one: its speed and memory are the pair's.
fn drafted(e: &ModelEntry) -> &'static str {
    if e.running_draft().is_some() {
        " with its draft"
    } else {
        ""
    }
}

/// Which way `e` runs — alone or with its draft — and why, in words with the figures
/// (the Models page says the same).
fn runs(e: &ModelEntry) -> String {
    let tps = |s: Option<lantern_core::catalog::Speed>| s.map(|s| s.decode_tps);
    let (alone, with) = (tps(e.alone()), tps(e.drafted()));
    let alone_text = |a: Option<f64>| a.map_or(String::new(), |a| format!(": {a:.1} tokens/s"));
    match (e.pairing, alone, with) {
        (Pairing::NoDraft, ..) => "runs alone: no installed model can draft for it".into(),
        (Pairing::Drafted, Some(a), Some(d)) => {
            format!("runs with its draft: {d:.1} tokens/s, alone {a:.1}")
        }
        (Pairing::NotFaster, Some(a), Some(d)) => {
            format!("runs alone: {a:.1} tokens/s; with its draft {d:.1} tokens/s")
        }
        (Pairing::PairTooBig, Some(a), Some(d)) => format!(
            "runs alone: {a:.1} tokens/s; with its draft {d:.1} tokens/s, but the two need about {:.0} MB, more than {:.0} % of this machine's memory",
            e.ram_with_draft() as f64 / 1e6,
            MAX_RAM_SHARE * 100.0
        ),
        (Pairing::Refused, a, _) => format!(
            "runs alone{}: the model worker refused its draft ({})",
            alone_text(a),
            e.refused_draft.as_deref().unwrap_or("cannot draft")
        ),
        (_, Some(a), _) => format!(
            "runs alone: {a:.1} tokens/s; not measured with its draft yet (`lantern models measure {}`)",
            e.key
        ),
        (_, None, _) => format!(
            "runs alone until measured alone and with its draft (`lantern models measure {}`)",
            e.key
        ),
    }
}

/// Why the automatic choice took or left `e`, in words (the Models page says the same).
fn why(e: &ModelEntry, list: &ModelList) -> String {
    let speed = e.measured();
    let tps = speed.map_or(0.0, |s| s.decode_tps);
    let first = speed.map_or(0.0, |s| s.first_words_secs());
    match (e.verdict, list.choice.reason) {
        (Verdict::Chosen, ChoiceReason::Best { .. }) => format!(
            "chosen: {tps:.1} tokens/s{}, first words in {first:.1} s",
            drafted(e)
        ),
        (Verdict::Chosen, _) => {
            "chosen: no better model is known to run fast enough here, so the smallest that fits runs"
                .into()
        }
        (Verdict::LowerScore, _) => "left: a better model runs here".into(),
        (Verdict::TooBig, _) => format!(
            "left: needs about {:.0} MB{}, more than {:.0} % of this machine's memory",
            e.ram_as_run() as f64 / 1e6,
            drafted(e),
            MAX_RAM_SHARE * 100.0
        ),
        (Verdict::TooSlow, _) => format!(
            "left: {tps:.1} tokens/s{} is under the {MIN_DECODE_TPS} tokens/s a model needs here",
            drafted(e)
        ),
        (Verdict::LateFirstWords, _) => format!(
            "left: first words in {first:.1} s{}, later than the {MAX_FIRST_WORDS_SECS} s a student should wait",
            drafted(e)
        ),
        (Verdict::NotMeasured, _) => format!(
            "not measured yet: it may be better (`lantern models measure {}`)",
            e.key
        ),
        (Verdict::NoEvals, _) => {
            "left: no eval results to rank it; it runs only when chosen".into()
        }
        (Verdict::Missing, _) => "left: not installed".into(),
    }
}

fn entry_json(e: &ModelEntry, list: &ModelList) -> serde_json::Value {
    json!({
        "key": e.key.to_string(), "name": e.name, "path": e.file, "present": e.present,
        "architecture": e.architecture, "size_bytes": e.size_bytes, "ram_bytes": e.ram_bytes,
        "ram_with_draft_bytes": e.ram_with_draft(), "ram_as_run_bytes": e.ram_as_run(),
        "fits": e.fits, "own_chat_template": e.chat_template, "evals": e.evals,
        "eval_score": e.eval_score, "writer": e.writer,
        "draft": e.draft.as_ref().map(|d| d.key.to_string()),
        "runs_with_draft": e.running_draft().is_some(),
        "pairing": e.pairing,
        "refused_draft": e.refused_draft,
        "decode_tps": e.measured().map(|s| s.decode_tps),
        "prompt_tps": e.measured().map(|s| s.prompt_tps),
        "decode_alone_tps": e.alone().map(|s| s.decode_tps),
        "prompt_alone_tps": e.alone().map(|s| s.prompt_tps),
        "decode_drafted_tps": e.drafted().map(|s| s.decode_tps),
        "prompt_drafted_tps": e.drafted().map(|s| s.prompt_tps),
        "first_words_s": e.measured().map(|s| s.first_words_secs()),
        "verdict": verdict(e.verdict),
        "why": why(e, list),
        "runs": runs(e),
    })
}

fn reason(list: &ModelList) -> String {
    let chosen = list
        .choice
        .chosen
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let usable = format!(
        "fit in {:.0} % of this machine's memory and write >= {MIN_DECODE_TPS} tokens/s here with first words within {MAX_FIRST_WORDS_SECS} s",
        MAX_RAM_SHARE * 100.0
    );
    match list.choice.reason {
        ChoiceReason::Best {
            score: Some(score), ..
        } => format!("{chosen}: the best eval score ({score:.1} %) of the models that {usable}"),
        ChoiceReason::Best { score: None, .. } => {
            format!("{chosen}: the writer, the best of the models that {usable}")
        }
        ChoiceReason::Smallest => {
            format!("{chosen}: no better model is known to {usable}, so the smallest runs")
        }
        ChoiceReason::Nothing => "no model fits this machine".into(),
    }
}

fn print_list(list: &ModelList, as_json: bool) {
    if as_json {
        let value = json!({
            "models": list.entries.iter().map(|e| entry_json(e, list)).collect::<Vec<_>>(),
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
        "{:<38} {:>7} {:>7} {:>6} {:>6} {:>6} {:>7} {:>6}  draft",
        "model",
        "size MB",
        "RAM MB",
        "evals",
        "prompt",
        "alone",
        "drafted",
        "first"
    );
    let number = |value: Option<f64>, digits: usize| {
        value.map_or("-".to_string(), |v| format!("{v:.digits$}"))
    };
    for e in &list.entries {
        let speed = e.measured();
        outln!(
            "{:<38} {:>7.0} {:>7.0} {:>6} {:>6} {:>6} {:>7} {:>6}  {}",
            e.key.to_string(),
            e.size_bytes as f64 / 1e6,
            e.ram_as_run() as f64 / 1e6,
            number(e.eval_score, 1),
            number(speed.map(|s| s.prompt_tps), 0),
            number(e.alone().map(|s| s.decode_tps), 1),
            number(e.drafted().map(|s| s.decode_tps), 1),
            speed.map_or("-".into(), |s| format!("{:.1} s", s.first_words_secs())),
            e.draft.as_ref().map_or("-".into(), |d| d.key.to_string()),
        );
        if e.draft.is_some() {
            outln!("    {}", runs(e));
        }
        outln!("    {}", why(e, list));
    }
    outln!(
        "writing speeds in tokens/s alone and with the draft; prompt, first (seconds to a typical turn's first words) and RAM as the model runs"
    );
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

/// What `lantern models measure` found, in one line.
fn measured_line(text: &str, m: &Measurement, threads: u32) -> String {
    let alone = format!(
        "{text}: alone prompt {:.1} tok/s, decode {:.1} tok/s",
        m.alone.prompt_tps, m.alone.decode_tps
    );
    let draft = m
        .draft
        .as_ref()
        .map(|d| d.key.to_string())
        .unwrap_or_default();
    let drafted = match &m.drafted {
        DraftedRun::NoDraft => String::new(),
        DraftedRun::Measured(s) => format!(
            "; with its draft {draft} prompt {:.1} tok/s, decode {:.1} tok/s: {} is faster",
            s.prompt_tps,
            s.decode_tps,
            if m.drafted_is_faster() {
                "with its draft"
            } else {
                "alone"
            }
        ),
        DraftedRun::Refused(reason) => {
            format!("; the model worker refused its draft {draft}, so it runs alone ({reason})")
        }
        DraftedRun::Failed(error) => {
            format!("; with its draft {draft} the measurement failed, so it runs alone ({error})")
        }
    };
    format!("{alone}{drafted} ({threads} threads)")
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
            let measured = rt.block_on(library.measure(&key(&text)?, threads))?;
            Some(measured_line(&text, &measured, threads))
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
