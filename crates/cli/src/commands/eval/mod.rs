//! `lantern eval <loop> --cases FILE`: scripted dialogues through the real model and a
//! real store in a temporary folder, each reply scored by the loop's computed rubric
//! (docs/evals.md). Shared by every loop: options, the case file's envelope, the model,
//! the report; each loop's runner is its own module.

mod bench;
mod coach;
mod expenses;
mod modules;
mod reports;
mod tutor;

pub(crate) use tutor::resolve_pack;

use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
pub use bench::Bench;
use clap::{Args, ValueEnum};
use lantern_core::eval::{EvalReport, Rate, TurnScore};
use lantern_core::ErrorCode;
use lantern_store::{Store, FIRST_PROFILE_NAME};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The loops that have an eval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvalLoop {
    /// The Toulmin argument coach.
    Coach,
    /// The adaptive tutor.
    Tutor,
    /// The report editor.
    Reports,
    /// The expenses assistant.
    Expenses,
    /// Guided modules.
    Modules,
}

impl EvalLoop {
    fn name(self) -> &'static str {
        match self {
            Self::Coach => "coach",
            Self::Tutor => "tutor",
            Self::Reports => "reports",
            Self::Expenses => "expenses",
            Self::Modules => "modules",
        }
    }
}

/// What to evaluate and how.
#[derive(Debug, Args)]
pub struct EvalOptions {
    /// The loop to evaluate.
    #[arg(value_enum)]
    pub target: EvalLoop,
    /// The case file (JSON, see docs/evals.md).
    #[arg(long)]
    pub cases: PathBuf,
    /// Score the offline guide instead of the model.
    #[arg(long)]
    pub offline: bool,
    /// Fail (exit 1) when the share of passed checks is below this, in [0, 1].
    #[arg(long)]
    pub min_pass: Option<f64>,
    /// Print one JSON report instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub model: ModelOptions,
}

/// A case file: which loop it is for, and its cases.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile<C> {
    #[serde(rename = "loop")]
    target: String,
    cases: Vec<C>,
}

/// Reads a conversation's language (`en`, `es`) in a case file.
fn language<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<lantern_core::language::Language, D::Error> {
    let code = String::deserialize(d)?;
    lantern_core::language::Language::from_code(&code)
        .ok_or_else(|| serde::de::Error::custom(format!("unsupported language {code:?}")))
}

/// Reads an optional language (`en`, `es`) in a case file.
fn optional_language<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<lantern_core::language::Language>, D::Error> {
    language(d).map(Some)
}

/// Reads the cases of `path`, which must be for `target`.
fn read_cases<C: DeserializeOwned>(path: &Path, target: EvalLoop) -> Result<Vec<C>, CliError> {
    let invalid = |detail: String| {
        CliError::new(
            ErrorCode::EvalCasesInvalid,
            format!("{}: {detail}", path.display()),
        )
    };
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::new(
            ErrorCode::FileUnreadable,
            format!("{}: {e}", path.display()),
        )
    })?;
    let mut reader = serde_json::Deserializer::from_str(&text);
    let file: CaseFile<C> =
        serde_path_to_error::deserialize(&mut reader).map_err(|e| invalid(e.to_string()))?;
    if file.target != target.name() {
        return Err(invalid(format!(
            "the cases are for {:?}, not {:?}",
            file.target,
            target.name()
        )));
    }
    if file.cases.is_empty() {
        return Err(invalid("there are no cases".into()));
    }
    Ok(file.cases)
}

/// `lantern eval <loop> --cases FILE`
pub fn eval(locations: &Locations, options: &EvalOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let dir =
        tempfile::tempdir().map_err(|e| CliError::new(ErrorCode::RuntimeFailed, e.to_string()))?;
    let store = rt.block_on(Store::open(&dir.path().join("lantern.db")))?;
    let profile = rt.block_on(store.ensure_profile(FIRST_PROFILE_NAME))?.id;
    let supervisor = (!options.offline)
        .then(|| options.model.supervisor(locations))
        .transpose()?;
    let model = match &supervisor {
        Some(_) => options.model.model_path(locations)?.display().to_string(),
        None => "offline guide".to_string(),
    };
    let bench = Bench::new(store, profile, supervisor, dir);
    let started = Instant::now();
    let progress = |score: &TurnScore| {
        if !options.json {
            print_turn(score);
        }
    };
    let scores = match options.target {
        EvalLoop::Coach => {
            let cases = read_cases(&options.cases, options.target)?;
            rt.block_on(coach::run(&bench, &cases, progress))?
        }
        EvalLoop::Tutor => {
            let cases = read_cases(&options.cases, options.target)?;
            rt.block_on(tutor::run(
                &bench,
                locations,
                &options.cases,
                &cases,
                progress,
            ))?
        }
        EvalLoop::Reports => {
            let cases = read_cases(&options.cases, options.target)?;
            rt.block_on(reports::run(
                &bench,
                locations,
                &options.cases,
                &cases,
                progress,
            ))?
        }
        EvalLoop::Expenses => {
            let cases = read_cases(&options.cases, options.target)?;
            rt.block_on(expenses::run(&bench, locations, &cases, progress))?
        }
        EvalLoop::Modules => {
            let cases = read_cases(&options.cases, options.target)?;
            rt.block_on(modules::run(
                &bench,
                locations,
                &options.cases,
                &cases,
                progress,
            ))?
        }
    };
    let report = EvalReport::from_scores(&scores);
    let seconds = started.elapsed().as_secs_f64();
    if options.json {
        let json = serde_json::json!({
            "loop": options.target.name(),
            "model": model,
            "seconds": seconds,
            "report": report,
            "turns": scores,
        });
        outln!("{json}");
    } else {
        print_report(&report, &model, seconds);
    }
    match options.min_pass {
        Some(min) if report.all_checks.ratio() < min => Err(CliError::new(
            ErrorCode::BenchFailed,
            format!(
                "{:.1} % of checks passed, below the minimum of {:.1} %",
                report.all_checks.ratio() * 100.0,
                min * 100.0
            ),
        )),
        _ => Ok(()),
    }
}

fn print_turn(score: &TurnScore) {
    let failed: Vec<String> = score
        .checks
        .iter()
        .filter(|c| !c.passed)
        .map(|c| format!("{} ({})", c.name, c.detail.as_deref().unwrap_or("")))
        .collect();
    let verdict = if failed.is_empty() { "pass" } else { "FAIL" };
    outln!("{verdict} {} #{}: {}", score.case, score.turn, score.input);
    outln!("     → {}", score.reply.replace('\n', " "));
    for f in failed {
        outln!("     ✗ {f}");
    }
}

fn percent(rate: Rate) -> String {
    format!(
        "{:5.1} %  ({}/{})",
        rate.ratio() * 100.0,
        rate.passed,
        rate.total
    )
}

fn print_report(report: &EvalReport, model: &str, seconds: f64) {
    outln!("\nmodel: {model}  ({seconds:.0} s)");
    for (name, rate) in &report.checks {
        outln!("  {name:<28} {}", percent(*rate));
    }
    outln!("  {:<28} {}", "all checks", percent(report.all_checks));
    outln!(
        "  {:<28} {}",
        "turns passing every check",
        percent(report.turns)
    );
    outln!(
        "  {:<28} {}",
        "cases passing every turn",
        percent(report.cases)
    );
    let kept = report.model_words_kept;
    if kept.total == 0 {
        outln!(
            "  {:<28} — (no turn asked the model for words)",
            "model words kept"
        );
    } else {
        outln!("  {:<28} {}", "model words kept", percent(kept));
    }
}
