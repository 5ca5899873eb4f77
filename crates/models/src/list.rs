//! The model list as the Models page shows it, with the automatic choice.

use crate::draft::{pick_draft, vocabulary_of, Draft};
use crate::{ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::{
    choose, fits_memory, Candidate, Choice, Machine, ModelKey, Speed, Verdict,
};
use lantern_core::llm::LlmError;
use lantern_core::pack::{Manifest, PackModel};
use lantern_llm::{cpu_name, estimate_ram, missing_cpu, total_ram, GgufMetadata};
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
    /// Estimated memory when loaded with the loops' context, in bytes (its draft's not
    /// included: see [`ModelEntry::ram_with_draft`]).
    pub ram_bytes: u64,
    /// Whether it fits this machine, with its draft, with the automatic choice's headroom.
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
    /// Whether the manifest makes it the pack's writer.
    pub writer: bool,
    /// The smaller model that drafts for it wherever it runs (`crate::draft`).
    pub draft: Option<Draft>,
    /// Speed measured on this machine with the threads asked about (and its draft).
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

impl ModelEntry {
    /// Estimated memory of the model and its draft together, in bytes.
    pub fn ram_with_draft(&self) -> u64 {
        self.ram_bytes + self.draft.as_ref().map_or(0, |d| d.ram_bytes)
    }

    /// Its measured speed as the automatic choice reads it.
    pub fn measured(&self) -> Option<Speed> {
        self.speed.as_ref().map(|s| Speed {
            prompt_tps: s.prompt_tps,
            decode_tps: s.decode_tps,
        })
    }
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

/// A pack model's entry with its file's metadata (`None`: missing or unreadable).
fn pack_entry(model: &PackModel, dir: Option<&Path>) -> Option<(ModelEntry, Option<GgufMetadata>)> {
    let file = dir?.join(&model.files.first()?.path);
    let present = file.is_file();
    let meta = present.then(|| vocabulary_of(&file)).flatten();
    let kv_bytes_per_token = meta.as_ref().map_or(0, |m| m.kv_bytes_per_token);
    let entry = ModelEntry {
        key: ModelKey::Pack(model.name.clone()),
        name: model.name.clone(),
        file,
        present,
        source: ModelSource::Pack {
            in_default_pack: model.default,
        },
        architecture: meta.as_ref().map(|m| m.architecture.clone()),
        size_bytes: model.size(),
        ram_bytes: estimate_ram(model.size(), kv_bytes_per_token, CONTEXT_TOKENS),
        fits: true,
        chat_template: meta.as_ref().map(|m| m.has_chat_template),
        description: Some(model.description.clone()),
        licence: Some(model.licence.clone()),
        evals: model.evals.clone(),
        eval_score: model.eval_score(),
        writer: model.writer,
        draft: None,
        speed: None,
        verdict: Verdict::Missing,
    };
    Some((entry, meta))
}

/// An imported model's entry with its file's metadata (`None`: missing or unreadable).
pub(crate) fn imported_entry(row: ImportedModel) -> (ModelEntry, Option<GgufMetadata>) {
    let file = PathBuf::from(&row.path);
    let meta = file.is_file().then(|| vocabulary_of(&file)).flatten();
    let entry = ModelEntry {
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
        writer: false,
        draft: None,
        speed: None,
        verdict: Verdict::NoEvals,
    };
    (entry, meta)
}

/// Each entry with the model that drafts for it (`crate::draft`).
fn with_drafts(listed: Vec<(ModelEntry, Option<GgufMetadata>)>) -> Vec<ModelEntry> {
    let drafts: Vec<Option<Draft>> = listed
        .iter()
        .map(|(entry, meta)| {
            let meta = meta.as_ref().filter(|_| entry.present)?;
            pick_draft(&entry.file, entry.size_bytes, meta, &listed)
        })
        .collect();
    listed
        .into_iter()
        .zip(drafts)
        .map(|((entry, _), draft)| ModelEntry { draft, ..entry })
        .collect()
}

/// A blocking task that did not finish, as this crate's error.
pub(crate) fn join_error(e: tokio::task::JoinError) -> ModelsError {
    ModelsError::Llm(LlmError::Runtime(e.to_string()))
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
        entry.fits = fits_memory(entry.ram_with_draft(), total);
    }
    let candidates: Vec<Candidate> = entries
        .iter()
        .map(|e| Candidate {
            key: e.key.clone(),
            present: e.present,
            eval_score: e.eval_score,
            writer: e.writer,
            ram_bytes: e.ram_with_draft(),
            speed: e.measured(),
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
    /// Every model of the list with its file's metadata: the pack's (manifest order),
    /// then the imports (oldest first).
    pub(crate) async fn entries(
        &self,
    ) -> Result<Vec<(ModelEntry, Option<GgufMetadata>)>, ModelsError> {
        let manifest = Manifest::bundled();
        let pack_dir = self.pack_dir.clone();
        let imported = self.store.imported_models().await?;
        tokio::task::spawn_blocking(move || {
            manifest
                .llms()
                .filter_map(|m| pack_entry(m, pack_dir.as_deref()))
                .chain(imported.into_iter().map(imported_entry))
                .collect()
        })
        .await
        .map_err(join_error)
    }

    /// Every model with its draft, their speeds with `threads` on this CPU, and the
    /// automatic choice.
    pub async fn list(&self, threads: u32) -> Result<ModelList, ModelsError> {
        let entries = with_drafts(self.entries().await?);
        let machine = MachineFacts::read(threads);
        let speeds = self.store.model_speeds(machine.scope()).await?;
        Ok(decide(entries, speeds, machine))
    }
}
