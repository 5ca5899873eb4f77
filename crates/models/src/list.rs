//! The model list as the Models page shows it, with the automatic choice.

use crate::draft::{pick_draft, vocabulary_of};
use crate::entry::{Draft, ModelEntry, ModelSource};
use crate::{ModelLibrary, ModelsError, CONTEXT_TOKENS};
use lantern_core::catalog::{
    choose, fits_memory, Candidate, Choice, Machine, ModelKey, PairFacts, Pairing, Verdict,
};
use lantern_core::llm::LlmError;
use lantern_core::pack::{Manifest, PackModel};
use lantern_llm::{cpu_name, estimate_ram, missing_cpu, total_ram, GgufMetadata};
use lantern_store::{ByPair, ImportedModel, ModelSpeed, SpeedScope};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// Memory assumed when /proc/meminfo cannot be read (a small laptop).
const FALLBACK_TOTAL_RAM: u64 = 4 << 30;

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
        drafted_speed: None,
        refused_draft: None,
        pairing: Pairing::NoDraft,
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
        drafted_speed: None,
        refused_draft: None,
        pairing: Pairing::NoDraft,
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

/// What is recorded of this machine's measurements.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Measured {
    /// Each model's speed alone, by key.
    pub(crate) alone: HashMap<String, ModelSpeed>,
    /// Each pair's speed, by `(model key, draft key)`.
    pub(crate) pairs: ByPair<ModelSpeed>,
    /// The pairs the worker refused, with its reason.
    pub(crate) refused: ByPair<String>,
}

/// Adds speeds, the way each runs (alone or with its draft) and verdicts to `entries`
/// and chooses among them for `machine`. A pair's figures are read under its draft's key:
/// a figure measured with another draft, or with a draft now gone, is never used.
pub(crate) fn decide(
    mut entries: Vec<ModelEntry>,
    mut measured: Measured,
    machine: MachineFacts,
) -> ModelList {
    let total = Machine {
        total_ram: machine.total_ram,
    };
    for entry in &mut entries {
        let key = entry.key.to_string();
        entry.speed = measured.alone.remove(&key);
        let pair = entry.draft.as_ref().map(|d| (key, d.key.to_string()));
        entry.drafted_speed = pair.as_ref().and_then(|p| measured.pairs.remove(p));
        entry.refused_draft = pair.as_ref().and_then(|p| measured.refused.remove(p));
        entry.pairing = Pairing::decide(&PairFacts {
            has_draft: entry.draft.is_some(),
            refused: entry.refused_draft.is_some(),
            alone: entry.alone(),
            drafted: entry.drafted(),
            pair_fits: fits_memory(entry.ram_with_draft(), total),
        });
        entry.fits = fits_memory(entry.ram_as_run(), total);
    }
    let candidates: Vec<Candidate> = entries
        .iter()
        .map(|e| Candidate {
            key: e.key.clone(),
            present: e.present,
            eval_score: e.eval_score,
            writer: e.writer,
            ram_bytes: e.ram_as_run(),
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

    /// Every model with its draft, their speeds with `threads` on this CPU (alone and with
    /// the draft), whether each runs with its draft, and the automatic choice.
    pub async fn list(&self, threads: u32) -> Result<ModelList, ModelsError> {
        let entries = with_drafts(self.entries().await?);
        let machine = MachineFacts::read(threads);
        let measured = Measured {
            alone: self.store.model_speeds(machine.scope()).await?,
            pairs: self.store.pair_speeds(machine.scope()).await?,
            refused: self.store.refused_pairs().await?,
        };
        Ok(decide(entries, measured, machine))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MB: u64 = 1_000_000;
    const WRITER: &str = "pack:writer";
    const SMALL: &str = "pack:small";

    fn entry(key: &str, ram_mb: u64, writer: bool, draft: Option<&str>) -> ModelEntry {
        let (entry, _) = imported_entry(ImportedModel {
            id: 1,
            path: format!("/models/{key}.gguf"),
            copied: true,
            name: key.into(),
            architecture: "qwen2".into(),
            size_bytes: i64::try_from(ram_mb * MB / 2).unwrap(),
            ram_bytes: i64::try_from(ram_mb * MB).unwrap(),
            chat_template: true,
            added_at: String::new(),
        });
        ModelEntry {
            key: key.parse().unwrap(),
            present: true,
            eval_score: (!writer).then_some(86.7),
            writer,
            draft: draft.map(|d| Draft {
                key: d.parse().unwrap(),
                name: d.into(),
                file: format!("/models/{d}.gguf").into(),
                ram_bytes: 700 * MB,
            }),
            ..entry
        }
    }

    fn speed(prompt_tps: f64, decode_tps: f64) -> ModelSpeed {
        ModelSpeed {
            prompt_tps,
            decode_tps,
            peak_ram_bytes: None,
            measured_at: String::new(),
        }
    }

    fn machine(total_ram_mb: u64) -> MachineFacts {
        MachineFacts {
            total_ram: total_ram_mb * MB,
            cpu: "cpu".into(),
            missing_cpu: Vec::new(),
            threads: 2,
        }
    }

    /// The writer (1,400 MB) that the small model (700 MB) can draft for, and the small.
    fn pack() -> Vec<ModelEntry> {
        vec![
            entry(SMALL, 700, false, None),
            entry(WRITER, 1_400, true, Some(SMALL)),
        ]
    }

    fn pair(draft: &str) -> (String, String) {
        (WRITER.into(), draft.into())
    }

    fn writer(list: &ModelList) -> &ModelEntry {
        list.entry(&WRITER.parse().unwrap()).unwrap()
    }

    #[test]
    fn a_writer_faster_alone_runs_alone_and_is_chosen_by_its_own_speed() {
        // This machine: the writer alone 13.1 tokens/s, drafted 8.2.
        let measured = Measured {
            alone: HashMap::from([(WRITER.into(), speed(130.0, 13.1))]),
            pairs: HashMap::from([(pair(SMALL), speed(128.0, 8.2))]),
            refused: HashMap::new(),
        };
        let list = decide(pack(), measured, machine(8_000));
        let w = writer(&list);
        assert_eq!(w.pairing, Pairing::NotFaster);
        assert_eq!(w.running_draft(), None);
        assert_eq!(w.measured().map(|s| s.decode_tps), Some(13.1));
        assert_eq!(w.drafted().map(|s| s.decode_tps), Some(8.2));
        assert_eq!(
            w.ram_as_run(),
            1_400 * MB,
            "the draft's memory is not counted"
        );
        assert_eq!(list.choice.chosen, Some(WRITER.parse().unwrap()));
    }

    #[test]
    fn a_writer_faster_with_its_draft_runs_with_it_and_counts_both_in_memory() {
        let measured = Measured {
            alone: HashMap::from([(WRITER.into(), speed(130.0, 7.5))]),
            pairs: HashMap::from([(pair(SMALL), speed(128.0, 14.0))]),
            refused: HashMap::new(),
        };
        let list = decide(pack(), measured.clone(), machine(8_000));
        let w = writer(&list);
        assert_eq!(w.pairing, Pairing::Drafted);
        assert_eq!(
            w.running_draft().map(|d| d.key.to_string()),
            Some(SMALL.into())
        );
        assert_eq!(w.ram_as_run(), 2_100 * MB);
        // Alone it would be too slow; with its draft it is the choice.
        assert_eq!(list.choice.chosen, Some(WRITER.parse().unwrap()));
        // Where the two do not fit (40 % of 5,000 MB = 2,000 MB), it runs alone: too slow.
        let small_machine = decide(pack(), measured, machine(5_000));
        let w = writer(&small_machine);
        assert_eq!(w.pairing, Pairing::PairTooBig);
        assert!(w.fits);
        assert_eq!(w.verdict, Verdict::TooSlow);
    }

    #[test]
    fn a_pair_s_figure_is_read_only_for_the_draft_it_was_measured_with() {
        // Measured with a draft since removed (imported:9): never this pair's figure.
        let measured = Measured {
            alone: HashMap::from([(WRITER.into(), speed(130.0, 7.5))]),
            pairs: HashMap::from([(pair("imported:9"), speed(128.0, 14.0))]),
            refused: HashMap::new(),
        };
        let list = decide(pack(), measured, machine(8_000));
        let w = writer(&list);
        assert_eq!(w.drafted_speed, None);
        assert_eq!(w.pairing, Pairing::NotMeasured);
        assert_eq!(w.measured().map(|s| s.decode_tps), Some(7.5));
        // Without any draft now, it runs alone whatever pairs were measured.
        let measured = Measured {
            alone: HashMap::from([(WRITER.into(), speed(130.0, 7.5))]),
            pairs: HashMap::from([(pair(SMALL), speed(128.0, 14.0))]),
            refused: HashMap::new(),
        };
        let alone = vec![entry(WRITER, 1_400, true, None)];
        let list = decide(alone, measured, machine(8_000));
        assert_eq!(writer(&list).pairing, Pairing::NoDraft);
        assert_eq!(writer(&list).measured().map(|s| s.decode_tps), Some(7.5));
    }

    #[test]
    fn a_refused_pair_runs_alone_with_the_worker_s_reason() {
        let measured = Measured {
            alone: HashMap::from([(WRITER.into(), speed(130.0, 7.5))]),
            pairs: HashMap::new(),
            refused: HashMap::from([(pair(SMALL), "it cannot draft for this model".into())]),
        };
        let list = decide(pack(), measured, machine(8_000));
        let w = writer(&list);
        assert_eq!(w.pairing, Pairing::Refused);
        assert_eq!(w.running_draft(), None);
        assert!(w.refused_draft.as_deref().unwrap().contains("cannot draft"));
    }
}
