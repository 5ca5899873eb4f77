//! The model list as the Models page shows it, with the automatic choice.

use crate::{ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::{choose, fits_memory, Candidate, Choice, Machine, ModelKey, Verdict};
use lantern_core::llm::LlmError;
use lantern_core::pack::{Manifest, PackModel};
use lantern_llm::{cpu_name, estimate_ram, inspect_model, missing_cpu, total_ram};
use lantern_store::{ImportedModel, ModelSpeed, SpeedScope};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Memory assumed when /proc/meminfo cannot be read (a small laptop).
const FALLBACK_TOTAL_RAM: u64 = 4 << 30;

/// Where a model comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSource {
    /// The model pack (`in_default_pack`: fetched and bundled by default).
    Pack {
        /// Whether the default pack includes it.
        in_default_pack: bool,
    },
    /// Imported; Lantern holds its own copy.
    Copied,
    /// Imported; the file stays where the user keeps it.
    Referenced,
}

/// One model of the list.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelEntry {
    /// Its key.
    pub key: ModelKey,
    /// Name for people.
    pub name: String,
    /// Its file.
    pub file: PathBuf,
    /// Whether the file is on this machine.
    pub present: bool,
    /// Where it comes from.
    pub source: ModelSource,
    /// Architecture, when the file could be read.
    pub architecture: Option<String>,
    /// File size in bytes.
    pub size_bytes: u64,
    /// Estimated memory when loaded with the loops' context, in bytes.
    pub ram_bytes: u64,
    /// Whether that fits this machine with the automatic choice's headroom.
    pub fits: bool,
    /// Whether the file has its own chat template (`None`: not read).
    pub chat_template: Option<bool>,
    /// One line from the manifest.
    pub description: Option<String>,
    /// Licence and provenance from the manifest.
    pub licence: Option<String>,
    /// Eval results per loop, in percent.
    pub evals: BTreeMap<String, f64>,
    /// Mean of the eval results.
    pub eval_score: Option<f64>,
    /// Speed measured on this machine with the threads asked about.
    pub speed: Option<ModelSpeed>,
    /// Why the automatic choice took or left it.
    pub verdict: Verdict,
}

/// This machine as the choice sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MachineFacts {
    /// Physical memory in bytes.
    pub total_ram: u64,
    /// CPU model name.
    pub cpu: String,
    /// Instruction sets the bundled llama.cpp needs that this CPU lacks.
    pub missing_cpu: Vec<&'static str>,
    /// Threads the speeds are for.
    pub threads: u32,
}

/// Every model with the automatic choice.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelList {
    /// Pack models first (manifest order), then imports (oldest first).
    pub entries: Vec<ModelEntry>,
    /// The machine.
    pub machine: MachineFacts,
    /// The automatic choice.
    pub choice: Choice,
}

impl ModelList {
    /// The entry with this key.
    pub fn entry(&self, key: &ModelKey) -> Option<&ModelEntry> {
        self.entries.iter().find(|e| &e.key == key)
    }
}

impl MachineFacts {
    /// Reads this machine (memory, CPU) for `threads`.
    pub fn read(threads: u32) -> Self {
        Self {
            total_ram: total_ram().unwrap_or(FALLBACK_TOTAL_RAM),
            cpu: cpu_name(),
            missing_cpu: missing_cpu(),
            threads,
        }
    }

    /// The scope its measurements are stored under.
    pub fn scope(&self) -> SpeedScope<'_> {
        SpeedScope {
            threads: self.threads,
            cpu: &self.cpu,
        }
    }
}

/// Estimated memory of the file at `path` (size alone when it cannot be read).
fn ram_of(path: &Path, size: u64) -> (u64, Option<String>, Option<bool>) {
    match inspect_model(path) {
        Ok(info) => (
            estimate_ram(size, info.kv_bytes_per_token, CONTEXT_TOKENS),
            Some(info.architecture),
            Some(info.has_chat_template),
        ),
        Err(_) => (estimate_ram(size, 0, CONTEXT_TOKENS), None, None),
    }
}

fn pack_entry(model: &PackModel, dir: Option<&Path>) -> Option<ModelEntry> {
    let file = dir?.join(&model.files.first()?.path);
    let present = file.is_file();
    let (ram_bytes, architecture, chat_template) = if present {
        ram_of(&file, model.size())
    } else {
        (estimate_ram(model.size(), 0, CONTEXT_TOKENS), None, None)
    };
    Some(ModelEntry {
        key: ModelKey::Pack(model.name.clone()),
        name: model.name.clone(),
        file,
        present,
        source: ModelSource::Pack {
            in_default_pack: model.default,
        },
        architecture,
        size_bytes: model.size(),
        ram_bytes,
        fits: true,
        chat_template,
        description: Some(model.description.clone()),
        licence: Some(model.licence.clone()),
        evals: model.evals.clone(),
        eval_score: model.eval_score(),
        speed: None,
        verdict: Verdict::Missing,
    })
}

fn imported_entry(row: ImportedModel) -> ModelEntry {
    let file = PathBuf::from(&row.path);
    ModelEntry {
        key: ModelKey::Imported(row.id),
        name: row.name,
        present: file.is_file(),
        file,
        source: if row.copied {
            ModelSource::Copied
        } else {
            ModelSource::Referenced
        },
        architecture: Some(row.architecture),
        size_bytes: u64::try_from(row.size_bytes).unwrap_or(0),
        ram_bytes: u64::try_from(row.ram_bytes).unwrap_or(0),
        fits: true,
        chat_template: Some(row.chat_template),
        description: None,
        licence: None,
        evals: BTreeMap::new(),
        eval_score: None,
        speed: None,
        verdict: Verdict::NoEvals,
    }
}

/// Adds speeds and verdicts to `entries` and chooses among them for `machine`.
pub(crate) fn decide(
    mut entries: Vec<ModelEntry>,
    mut speeds: HashMap<String, ModelSpeed>,
    machine: MachineFacts,
) -> ModelList {
    let total = Machine {
        total_ram: machine.total_ram,
    };
    for entry in &mut entries {
        entry.speed = speeds.remove(&entry.key.to_string());
        entry.fits = fits_memory(entry.ram_bytes, total);
    }
    let candidates: Vec<Candidate> = entries
        .iter()
        .map(|e| Candidate {
            key: e.key.clone(),
            present: e.present,
            eval_score: e.eval_score,
            ram_bytes: e.ram_bytes,
            decode_tps: e.speed.as_ref().map(|s| s.decode_tps),
        })
        .collect();
    let choice = choose(&candidates, total);
    for (entry, (_, verdict)) in entries.iter_mut().zip(&choice.verdicts) {
        entry.verdict = *verdict;
    }
    ModelList {
        entries,
        machine,
        choice,
    }
}

impl ModelLibrary {
    /// Every model, their speeds with `threads` on this CPU, and the automatic choice.
    pub async fn list(&self, threads: u32) -> Result<ModelList, ModelsError> {
        let manifest = Manifest::bundled();
        let pack_dir = self.pack_dir.clone();
        let imported = self.store.imported_models().await?;
        let entries = tokio::task::spawn_blocking(move || {
            manifest
                .llms()
                .filter_map(|m| pack_entry(m, pack_dir.as_deref()))
                .chain(imported.into_iter().map(imported_entry))
                .collect::<Vec<_>>()
        })
        .await
        .map_err(|e| ModelsError::Llm(LlmError::Runtime(e.to_string())))?;
        let machine = MachineFacts::read(threads);
        let speeds = self.store.model_speeds(machine.scope()).await?;
        Ok(decide(entries, speeds, machine))
    }
}
