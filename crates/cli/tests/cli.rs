//! The `lantern` binary as a user runs it.

use std::process::{Command, Output};

fn lantern(data_dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lantern"))
        .arg("--data-dir")
        .arg(data_dir)
        .args(args)
        .output()
        .expect("run lantern")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn help_lists_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = lantern(dir.path(), &["--help"]);
    assert!(out.status.success());
    for command in ["models", "inspect", "embed", "profiles"] {
        assert!(
            stdout(&out).contains(command),
            "{command} missing from --help"
        );
    }
}

#[test]
fn profiles_are_created_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    assert!(lantern(dir.path(), &["profiles", "create", "Ana"])
        .status
        .success());
    let listed = lantern(dir.path(), &["profiles", "list"]);
    assert!(stdout(&listed).contains("Ana"));
    let duplicate = lantern(dir.path(), &["profiles", "create", "ana"]);
    assert_eq!(duplicate.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&duplicate.stderr).contains("error[profile_name_taken]"));
}

#[test]
fn missing_model_gives_its_code() {
    let dir = tempfile::tempdir().unwrap();
    let out = lantern(dir.path(), &["inspect", "/nonexistent/model.gguf"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[model_not_found]"));
}

#[test]
fn models_lists_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    let out = lantern(dir.path(), &["models"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("smollm2-135m-instruct"));
    assert!(stdout(&out).contains("all-minilm-l6-v2-int8"));
}
