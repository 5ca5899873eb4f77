//! Tests against the real default model from the model pack (`models/fetch.py`).

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, Role, PACK_DIR_VARIABLE};
use lantern_core::Coded;
use lantern_llm::{check_model_file, inspect_model};
use std::path::{Path, PathBuf};

fn default_model_path() -> PathBuf {
    let manifest = Manifest::bundled();
    let dirs = candidate_dirs(std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from), &[]);
    let pack = locate_pack(&manifest, &dirs, Path::exists)
        .expect("model pack missing: run `python3 models/fetch.py` (the README's commands do)");
    let model = manifest.default_for(Role::Llm).expect("a default LLM");
    pack.join(&model.files[0].path)
}

#[test]
fn default_model_is_inspected() {
    let path = default_model_path();
    let file = check_model_file(&path).unwrap();
    assert!(file.tensor_count > 0);
    let info = inspect_model(&path).unwrap();
    assert_eq!(info.architecture, "llama");
    assert!(info.has_chat_template, "SmolLM2 ships a ChatML template");
    assert!(info.context_length >= 2048);
    assert_eq!(info.file_size, 98_362_432);
}

#[test]
fn truncated_model_is_refused_without_panicking() {
    let path = default_model_path();
    let dir = tempfile::tempdir().unwrap();
    let truncated = dir.path().join("truncated.gguf");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&truncated, &bytes[..4096]).unwrap();
    let err = inspect_model(&truncated).unwrap_err();
    assert_eq!(err.code(), "model_invalid");
}
