//! The model list without a window (`lantern models …`): the pack's models with their
//! eval results and the automatic choice, a speed measured by the real model, a valid
//! GGUF imported (copied and referenced) and removed, and corrupt or unknown GGUFs
//! refused with their codes before anything is recorded.

mod common;

use common::{fails_with, json, repo};
use serde_json::Value;
use std::path::{Path, PathBuf};

const SMOLLM2: &str = "models/pack/SmolLM2-135M-Instruct.Q4_1.gguf";

fn models(d: &Path, args: &[&str]) -> Value {
    let mut all = vec!["models"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "--threads", "2"]);
    json(d, &all)
}

fn entry<'a>(list: &'a Value, key: &str) -> &'a Value {
    list["models"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["key"] == key)
        .unwrap_or_else(|| panic!("{key} is listed: {list:#}"))
}

/// A copy of the pack's small model under another name (a "school's GGUF").
fn school_gguf(dir: &Path) -> PathBuf {
    let path = dir.join("school-model.gguf");
    std::fs::copy(repo(SMOLLM2), &path).unwrap();
    path
}

/// A GGUF header with metadata naming an architecture llama.cpp does not know.
fn unknown_architecture(dir: &Path) -> PathBuf {
    let string = |text: &str| {
        let mut out = (text.len() as u64).to_le_bytes().to_vec();
        out.extend_from_slice(text.as_bytes());
        out
    };
    let mut bytes = b"GGUF".to_vec();
    bytes.extend_from_slice(&3u32.to_le_bytes());
    bytes.extend_from_slice(&1u64.to_le_bytes());
    bytes.extend_from_slice(&1u64.to_le_bytes());
    bytes.extend(string("general.architecture"));
    bytes.extend_from_slice(&8u32.to_le_bytes());
    bytes.extend(string("quantum-llama"));
    bytes.resize(4096, 0);
    let path = dir.join("unknown.gguf");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn the_pack_models_are_listed_with_evals_and_an_automatic_choice() {
    let dir = tempfile::tempdir().unwrap();
    let list = models(dir.path(), &[]);
    let small = entry(&list, "pack:smollm2-135m-instruct");
    assert_eq!(small["present"], true);
    assert_eq!(small["architecture"], "llama");
    assert_eq!(small["own_chat_template"], true);
    assert_eq!(small["evals"].as_object().unwrap().len(), 5);
    assert!(small["ram_bytes"].as_u64().unwrap() > small["size_bytes"].as_u64().unwrap());
    let qwen = entry(&list, "pack:qwen2.5-coder-0.5b-instruct");
    assert!(qwen["eval_score"].as_f64().unwrap() > small["eval_score"].as_f64().unwrap());
    assert_eq!(
        small["draft"],
        Value::Null,
        "no smaller model shares SmolLM2's vocabulary"
    );
    assert_eq!(
        qwen["draft"],
        Value::Null,
        "nothing installed is small enough to draft for it"
    );
    // The writer is listed whether or not it is installed (CI fetches the default pack).
    let writer = entry(&list, "pack:qwen2.5-coder-1.5b-instruct");
    assert_eq!(writer["writer"], true);
    // Nothing measured yet: the smallest runs, and the best-ranked present model is
    // measured next — the writer by its role, else the highest mean eval score.
    assert_eq!(list["automatic"], "pack:smollm2-135m-instruct");
    assert!(small["why"]
        .as_str()
        .unwrap()
        .starts_with("chosen: no better model"));
    if writer["present"] == true && qwen["present"] == true {
        assert_eq!(writer["draft"], "pack:qwen2.5-coder-0.5b-instruct");
        assert!(writer["ram_with_draft_bytes"].as_u64() > writer["ram_bytes"].as_u64());
    }
    let rank = |m: &Value| match m["writer"] == true {
        true => f64::INFINITY,
        false => m["eval_score"].as_f64().unwrap_or(0.0),
    };
    let best = [writer, qwen]
        .into_iter()
        .filter(|m| m["present"] == true)
        .max_by(|a, b| rank(a).total_cmp(&rank(b)));
    if let Some(best) = best {
        assert_eq!(list["measure_next"], best["key"], "{list:#}");
    }
}

#[test]
fn a_measured_speed_is_kept_and_used_by_the_choice() {
    let dir = tempfile::tempdir().unwrap();
    let list = models(dir.path(), &["measure", "pack:smollm2-135m-instruct"]);
    let small = entry(&list, "pack:smollm2-135m-instruct");
    let decode = small["decode_tps"].as_f64().expect("a measured speed");
    assert!(decode > 0.0 && small["prompt_tps"].as_f64().unwrap() > 0.0);
    let again = models(dir.path(), &[]);
    assert_eq!(
        entry(&again, "pack:smollm2-135m-instruct")["decode_tps"],
        decode
    );
    let small = entry(&again, "pack:smollm2-135m-instruct");
    assert_eq!(small["verdict"], "chosen");
    // Usable here ("chosen: 68.3 tokens/s, first words in 0.9 s"), or, on a machine too
    // loaded for that, the smallest that fits: chosen either way, and saying why.
    let why = small["why"].as_str().unwrap();
    assert!(why.starts_with("chosen: "), "{why}");
    assert!(small["first_words_s"].as_f64().unwrap() > 0.0);
}

#[test]
fn the_writer_is_measured_alone_and_with_its_draft_and_runs_the_faster_way() {
    let dir = tempfile::tempdir().unwrap();
    let listed = models(dir.path(), &[]);
    let writer = entry(&listed, "pack:qwen2.5-coder-1.5b-instruct");
    if writer["present"] != true || writer["draft"].is_null() {
        eprintln!("skipped: the writer or its draft is not in the pack (models/fetch.py)");
        return;
    }
    assert_eq!(writer["pairing"], "notMeasured");
    assert_eq!(writer["runs_with_draft"], false, "not measured: alone");
    assert_eq!(writer["ram_as_run_bytes"], writer["ram_bytes"]);
    let list = models(dir.path(), &["measure", "pack:qwen2.5-coder-1.5b-instruct"]);
    let writer = entry(&list, "pack:qwen2.5-coder-1.5b-instruct");
    let alone = writer["decode_alone_tps"].as_f64().expect("measured alone");
    let drafted = writer["decode_drafted_tps"]
        .as_f64()
        .expect("measured drafted");
    let faster = drafted > alone;
    assert_eq!(writer["runs_with_draft"], faster, "{writer:#}");
    assert_eq!(
        writer["decode_tps"].as_f64(),
        Some(if faster { drafted } else { alone })
    );
    let runs = writer["runs"].as_str().unwrap();
    let expected = if faster {
        format!("runs with its draft: {drafted:.1} tokens/s, alone {alone:.1}")
    } else {
        format!("runs alone: {alone:.1} tokens/s; with its draft {drafted:.1} tokens/s")
    };
    assert_eq!(runs, expected);
}

#[test]
fn a_valid_gguf_is_imported_copied_or_referenced_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let (d, source) = (dir.path().join("data"), school_gguf(dir.path()));
    let source_text = source.to_str().unwrap();
    let list = models(&d, &["import", source_text]);
    let copied = entry(&list, "imported:1");
    assert_eq!(copied["architecture"], "llama");
    assert_eq!(copied["verdict"], "no evals");
    let copy = PathBuf::from(copied["path"].as_str().unwrap());
    assert!(copy.starts_with(&d) && copy.is_file());
    let list = models(&d, &["import", source_text, "--reference"]);
    assert_eq!(entry(&list, "imported:2")["path"], source_text);
    fails_with(
        &d,
        &["models", "import", source_text, "--reference"],
        "model_already_imported",
    );
    models(&d, &["remove", "imported:1"]);
    assert!(!copy.exists(), "Lantern's copy is deleted with its entry");
    models(&d, &["remove", "imported:2"]);
    assert!(source.is_file(), "a referenced file is never deleted");
    fails_with(
        &d,
        &["models", "remove", "pack:smollm2-135m-instruct"],
        "model_not_removable",
    );
    fails_with(&d, &["models", "remove", "imported:9"], "model_unknown");
}

#[test]
fn corrupt_and_unknown_ggufs_are_refused_before_anything_is_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("data");
    let text = dir.path().join("notes.gguf");
    std::fs::write(&text, "this is text, not a model").unwrap();
    fails_with(
        &d,
        &["models", "import", text.to_str().unwrap()],
        "model_invalid",
    );
    // One byte flipped in the weights of a known model: its sha256 no longer matches.
    let flipped = school_gguf(dir.path());
    let mut bytes = std::fs::read(&flipped).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&flipped, bytes).unwrap();
    fails_with(
        &d,
        &["models", "import", flipped.to_str().unwrap()],
        "model_invalid",
    );
    let unknown = unknown_architecture(dir.path());
    fails_with(
        &d,
        &["models", "import", unknown.to_str().unwrap()],
        "model_architecture_unsupported",
    );
    fails_with(
        &d,
        &["models", "import", "/no/such/model.gguf"],
        "model_not_found",
    );
    let list = models(&d, &[]);
    assert!(list["models"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["key"].as_str().unwrap().starts_with("pack:")));
    let copies = d.join("imported-models");
    assert!(!copies.exists() || std::fs::read_dir(copies).unwrap().next().is_none());
}
