//! What the Models page receives: every model with its costs, eval results, speeds alone
//! and with its draft and which way it runs, the automatic choice's verdict, the machine,
//! and which model runs.

use lantern_core::catalog::{
    ChoiceReason, Pairing, Verdict, MAX_FIRST_WORDS_SECS, MAX_RAM_SHARE, MIN_DECODE_TPS,
};
use lantern_models::{Draft, ModelEntry, ModelList, ModelSource};
use lantern_store::ModelSpeed;
use serde::Serialize;

const MB: f64 = 1e6;

/// Where a model comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum SourceView {
    /// The model pack.
    Pack,
    /// Imported; Lantern keeps a copy.
    Copied,
    /// Imported; used where it is.
    Referenced,
}

/// One loop's eval result.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct EvalView {
    /// The loop (`coach`, `tutor`, …).
    pub loop_name: String,
    /// Turns passing every check, in percent.
    pub percent: f64,
}

/// A measured speed.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct SpeedView {
    /// Prompt tokens per second.
    pub prompt_tps: f64,
    /// Generated tokens per second.
    pub decode_tps: f64,
    /// Seconds to a typical turn's first words at these rates
    /// (`lantern_core::catalog::Speed::first_words_secs`).
    pub first_words_s: f64,
    /// Peak memory of the worker, in MB.
    pub peak_ram_mb: Option<f64>,
    /// When (RFC 3339).
    pub measured_at: String,
}

/// The smaller model that drafts for another (speculative decoding).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct DraftView {
    /// Its key.
    pub key: String,
    /// Its name for people.
    pub name: String,
}

/// One model of the list.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModelView {
    /// Key to act on it (`pack:NAME`, `imported:ID`).
    pub key: String,
    /// Name for people.
    pub name: String,
    /// The file's name.
    pub file_name: String,
    /// The file's full path.
    pub path: String,
    /// Whether the file is on this machine.
    pub present: bool,
    /// Where it comes from.
    pub source: SourceView,
    /// Whether the default pack includes it (pack models).
    pub in_default_pack: bool,
    /// Architecture, when read.
    pub architecture: Option<String>,
    /// File size in MB.
    pub size_mb: f64,
    /// Estimated memory when loaded as it runs (its draft's included when it runs with
    /// it), in MB.
    pub ram_mb: f64,
    /// Estimated memory of the model and its draft together, in MB (`ram_mb` without a
    /// draft).
    pub ram_with_draft_mb: f64,
    /// Whether it fits this machine, as it runs, with headroom.
    pub fits: bool,
    /// Whether it has its own chat template (`false`: ChatML is used; `None`: unread).
    pub own_chat_template: Option<bool>,
    /// One line about it (pack models).
    pub description: Option<String>,
    /// Licence and provenance (pack models).
    pub licence: Option<String>,
    /// Eval results per loop.
    pub evals: Vec<EvalView>,
    /// Mean eval result.
    pub eval_score: Option<f64>,
    /// Whether it is the pack's writer.
    pub writer: bool,
    /// The model that can draft for it (it does where `pairing` is `drafted`).
    pub draft: Option<DraftView>,
    /// Whether it runs with its draft, and why.
    pub pairing: Pairing,
    /// Speed measured here with the configured threads, as it runs (the faster way): the
    /// one the automatic choice reads.
    pub speed: Option<SpeedView>,
    /// Speed measured here alone.
    pub speed_alone: Option<SpeedView>,
    /// Speed measured here with its draft.
    pub speed_drafted: Option<SpeedView>,
    /// The automatic choice's verdict.
    pub verdict: Verdict,
    /// Whether it can be removed (imports).
    pub removable: bool,
}

/// Why the automatic choice is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ReasonView {
    /// Best score among models that fit and are fast enough.
    Best,
    /// The writer (no eval score yet, ranked first by its role), and it is fast enough.
    Writer,
    /// Nothing ranked is known to qualify: the smallest model that fits.
    Smallest,
    /// No model can run here.
    Nothing,
}

/// The automatic choice.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct AutomaticView {
    /// The chosen model's key.
    pub key: Option<String>,
    /// Why.
    pub reason: ReasonView,
    /// The chosen model's mean eval result (reason `best`).
    pub score: Option<f64>,
    /// The chosen model's measured decode speed (reasons `best`, `writer`).
    pub decode_tps: Option<f64>,
    /// Seconds to a typical turn's first words with the chosen model (`best`, `writer`).
    pub first_words_s: Option<f64>,
    /// A better model to measure before it can be chosen.
    pub measure_next: Option<String>,
    /// The speed floor, tokens per second.
    pub min_decode_tps: f64,
    /// The longest wait for a typical turn's first words, in seconds.
    pub max_first_words_s: f64,
    /// The memory share a model may take, in percent.
    pub max_ram_percent: f64,
}

/// This machine.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct MachineView {
    /// Physical memory, MB.
    pub total_ram_mb: f64,
    /// CPU name.
    pub cpu: String,
    /// Instruction sets the bundled llama.cpp needs that the CPU lacks.
    pub missing_cpu: Vec<String>,
    /// Threads the model runs with.
    pub threads: u32,
}

/// The whole Models page.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ModelsView {
    /// Every model.
    pub models: Vec<ModelView>,
    /// The model chosen by the user, `None` when the automatic choice runs.
    pub selected: Option<String>,
    /// The model running now.
    pub active: Option<String>,
    /// The automatic choice.
    pub automatic: AutomaticView,
    /// This machine.
    pub machine: MachineView,
}

fn speed_view(speed: &ModelSpeed) -> SpeedView {
    let first_words_s = lantern_core::catalog::Speed {
        prompt_tps: speed.prompt_tps,
        decode_tps: speed.decode_tps,
    }
    .first_words_secs();
    SpeedView {
        first_words_s,
        prompt_tps: speed.prompt_tps,
        decode_tps: speed.decode_tps,
        peak_ram_mb: speed.peak_ram_bytes.map(|b| b as f64 / MB),
        measured_at: speed.measured_at.clone(),
    }
}

fn model(entry: ModelEntry) -> ModelView {
    let ram_mb = entry.ram_as_run() as f64 / MB;
    let ram_with_draft_mb = entry.ram_with_draft() as f64 / MB;
    let speed_alone = entry.speed.as_ref().map(speed_view);
    let speed_drafted = entry.drafted_speed.as_ref().map(speed_view);
    let speed = match entry.running_draft() {
        Some(_) => speed_drafted.clone(),
        None => speed_alone.clone(),
    };
    let (source, in_default_pack) = match entry.source {
        ModelSource::Pack { in_default_pack } => (SourceView::Pack, in_default_pack),
        ModelSource::Copied => (SourceView::Copied, false),
        ModelSource::Referenced => (SourceView::Referenced, false),
    };
    ModelView {
        key: entry.key.to_string(),
        name: entry.name,
        file_name: entry
            .file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        path: entry.file.display().to_string(),
        present: entry.present,
        source,
        in_default_pack,
        architecture: entry.architecture,
        size_mb: entry.size_bytes as f64 / MB,
        ram_mb,
        ram_with_draft_mb,
        fits: entry.fits,
        own_chat_template: entry.chat_template,
        description: entry.description,
        licence: entry.licence,
        evals: entry
            .evals
            .into_iter()
            .map(|(loop_name, percent)| EvalView { loop_name, percent })
            .collect(),
        eval_score: entry.eval_score,
        writer: entry.writer,
        draft: entry.draft.map(|Draft { key, name, .. }| DraftView {
            key: key.to_string(),
            name,
        }),
        pairing: entry.pairing,
        speed,
        speed_alone,
        speed_drafted,
        verdict: entry.verdict,
        removable: source != SourceView::Pack,
    }
}

/// The page for `list`, with the user's selection and the running model.
pub fn models_view(
    list: ModelList,
    selected: Option<String>,
    active: Option<String>,
) -> ModelsView {
    let (reason, score, speed) = match list.choice.reason {
        ChoiceReason::Best { score, speed } => (
            score.map_or(ReasonView::Writer, |_| ReasonView::Best),
            score,
            Some(speed),
        ),
        ChoiceReason::Smallest => (ReasonView::Smallest, None, None),
        ChoiceReason::Nothing => (ReasonView::Nothing, None, None),
    };
    ModelsView {
        automatic: AutomaticView {
            key: list.choice.chosen.map(|k| k.to_string()),
            reason,
            score,
            decode_tps: speed.map(|s| s.decode_tps),
            first_words_s: speed.map(|s| s.first_words_secs()),
            measure_next: list.choice.measure_next.map(|k| k.to_string()),
            min_decode_tps: MIN_DECODE_TPS,
            max_first_words_s: MAX_FIRST_WORDS_SECS,
            max_ram_percent: MAX_RAM_SHARE * 100.0,
        },
        machine: MachineView {
            total_ram_mb: list.machine.total_ram as f64 / MB,
            cpu: list.machine.cpu,
            missing_cpu: list
                .machine
                .missing_cpu
                .iter()
                .map(|f| f.to_uppercase())
                .collect(),
            threads: list.machine.threads,
        },
        models: list.entries.into_iter().map(model).collect(),
        selected,
        active,
    }
}
