//! One model of the list as the Models page and `lantern models` show it: where it comes
//! from, its size and memory, its draft, its measured speeds and the automatic choice's
//! verdict.

use lantern_core::catalog::{ModelKey, Pairing, Speed, Verdict};
use lantern_store::ModelSpeed;
use std::collections::BTreeMap;
use std::path::PathBuf;

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
    /// included: see [`ModelEntry::ram_as_run`]).
    pub ram_bytes: u64,
    /// Whether it fits this machine as it runs with the automatic choice's headroom.
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
    /// The smaller model that can draft for it (`crate::draft`); it does where
    /// [`ModelEntry::pairing`] says so.
    pub draft: Option<Draft>,
    /// Speed measured on this machine alone, with the threads asked about.
    pub speed: Option<ModelSpeed>,
    /// Speed measured on this machine with [`ModelEntry::draft`] (that draft's figure).
    pub drafted_speed: Option<ModelSpeed>,
    /// Why the model worker refused that draft, when it did.
    pub refused_draft: Option<String>,
    /// Whether it runs with its draft, and why (`lantern_core::catalog::Pairing`).
    pub pairing: Pairing,
    /// Why the automatic choice took or left it.
    pub verdict: Verdict,
}

/// The smaller model that drafts for another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draft {
    /// Its key on the model list.
    pub key: ModelKey,
    /// Its name for people.
    pub name: String,
    /// Its file.
    pub file: PathBuf,
    /// Its estimated memory when loaded beside the model, in bytes.
    pub ram_bytes: u64,
}

/// A stored speed as the choice reads it.
fn as_speed(speed: &ModelSpeed) -> Speed {
    Speed {
        prompt_tps: speed.prompt_tps,
        decode_tps: speed.decode_tps,
    }
}

impl ModelEntry {
    /// Estimated memory of the model and its draft together, in bytes.
    pub fn ram_with_draft(&self) -> u64 {
        self.ram_bytes + self.draft.as_ref().map_or(0, |d| d.ram_bytes)
    }

    /// Estimated memory as it runs: with its draft's only when it runs with it.
    pub fn ram_as_run(&self) -> u64 {
        match self.running_draft() {
            Some(_) => self.ram_with_draft(),
            None => self.ram_bytes,
        }
    }

    /// The draft it runs with: its draft, where it was measured to write faster with it.
    pub fn running_draft(&self) -> Option<&Draft> {
        self.draft.as_ref().filter(|_| self.pairing.uses_draft())
    }

    /// Its speed measured alone.
    pub fn alone(&self) -> Option<Speed> {
        self.speed.as_ref().map(as_speed)
    }

    /// Its speed measured with its draft.
    pub fn drafted(&self) -> Option<Speed> {
        self.drafted_speed.as_ref().map(as_speed)
    }

    /// Its measured speed as it runs (the faster way), as the automatic choice reads it.
    pub fn measured(&self) -> Option<Speed> {
        self.pairing.speed(self.alone(), self.drafted())
    }
}
