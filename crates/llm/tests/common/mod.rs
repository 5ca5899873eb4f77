//! Helpers shared by the tests that run the real default model in the real worker.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, Role, PACK_DIR_VARIABLE};
use lantern_llm::{EngineConfig, Supervisor, SupervisorConfig};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The pack's default LLM file, or the GGUF named by `LANTERN_TEST_MODEL` (to run the
/// same tests against another model, e.g. a school's).
#[allow(dead_code)]
pub fn default_model_path() -> PathBuf {
    if let Some(path) = std::env::var_os("LANTERN_TEST_MODEL") {
        return PathBuf::from(path);
    }
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&manifest, &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)");
    let model = manifest.default_for(Role::Llm).expect("a default LLM");
    pack.join(&model.files[0].path)
}

/// A supervisor over `model_path` with a generous idle timeout.
#[allow(dead_code)]
pub fn supervisor_for(model_path: PathBuf) -> Supervisor {
    supervisor_with_idle_timeout(model_path, Duration::from_secs(120))
}

/// A supervisor over `model_path` with `idle_timeout`.
pub fn supervisor_with_idle_timeout(model_path: PathBuf, idle_timeout: Duration) -> Supervisor {
    Supervisor::new(SupervisorConfig {
        program: PathBuf::from(env!("CARGO_BIN_EXE_lantern-llm-worker")),
        args: vec![],
        engine: EngineConfig::new(model_path, 2, 2048),
        load_timeout: Duration::from_secs(120),
        idle_timeout,
    })
}

/// The file of the pack model `name`, when it is in the pack (the writer is fetched only
/// on request, so its tests skip without it).
#[allow(dead_code)]
pub fn pack_model_path(name: &str) -> Option<PathBuf> {
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&manifest, &dirs, Path::exists)?;
    let path = pack.join(&manifest.by_name(name)?.files.first()?.path);
    path.exists().then_some(path)
}
