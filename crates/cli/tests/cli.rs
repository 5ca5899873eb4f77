//! The `lantern` binary as a user runs it.

use std::process::{Command, Output, Stdio};

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
    for command in [
        "models", "inspect", "embed", "profiles", "generate", "bench",
    ] {
        assert!(
            stdout(&out).contains(command),
            "{command} missing from --help"
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    // `lantern models | head -0`: the reader is gone before the command writes.
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lantern"))
        .arg("--data-dir")
        .arg(dir.path())
        .arg("models")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lantern");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
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
fn models_lists_the_language_models_and_the_automatic_choice() {
    let dir = tempfile::tempdir().unwrap();
    let out = lantern(dir.path(), &["models"]);
    assert!(out.status.success());
    assert!(stdout(&out).contains("pack:smollm2-135m-instruct"));
    assert!(stdout(&out).contains("pack:qwen2.5-coder-0.5b-instruct"));
    assert!(stdout(&out).contains("automatic choice: "));
}

#[test]
fn generate_streams_then_prints_json_that_matches_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("schema.json");
    std::fs::write(
        &schema,
        r#"{"type":"object","properties":{"city":{"type":"string"},"confidence":{"type":"number","minimum":0,"maximum":1}},"required":["city","confidence"]}"#,
    )
    .unwrap();
    let out = lantern(
        dir.path(),
        &[
            "generate",
            "--schema",
            schema.to_str().unwrap(),
            "--prompt",
            "Name a city in Spain.",
            "--temperature",
            "0",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    // The streamed line, then the pretty JSON after it.
    let (streamed, pretty) = text.split_once('\n').unwrap();
    let streamed: serde_json::Value = serde_json::from_str(streamed).unwrap();
    let pretty: serde_json::Value = serde_json::from_str(pretty).unwrap();
    assert!(pretty["city"].is_string());
    let confidence = pretty["confidence"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&confidence));
    assert_eq!(streamed["city"], pretty["city"]);
}

#[test]
fn generate_with_a_bad_model_or_schema_gives_coded_errors() {
    let dir = tempfile::tempdir().unwrap();
    let schema = dir.path().join("schema.json");
    std::fs::write(&schema, "[1, 2]").unwrap();
    let out = lantern(
        dir.path(),
        &[
            "generate",
            "--schema",
            schema.to_str().unwrap(),
            "--prompt",
            "x",
        ],
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[schema_invalid]"));
    let not_a_model = dir.path().join("model.gguf");
    std::fs::write(&not_a_model, b"hello").unwrap();
    std::fs::write(&schema, r#"{"type":"object"}"#).unwrap();
    let out = lantern(
        dir.path(),
        &[
            "generate",
            "--model",
            not_a_model.to_str().unwrap(),
            "--schema",
            schema.to_str().unwrap(),
            "--prompt",
            "x",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("error[model_invalid]"));
}

#[test]
fn check_answer_gives_the_checkers_verdict_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["check-answer"];
        all.extend_from_slice(args);
        lantern(dir.path(), &all)
    };
    let out = run(&["--expected", "2x+6", "--answer", "2(x+3)", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["correct"].clone(), v["kind"].clone()),
        (true.into(), "expression".into())
    );
    let v: serde_json::Value =
        serde_json::from_slice(&run(&["--expected", "x=4", "--answer", "x=-4", "--json"]).stdout)
            .unwrap();
    assert_eq!(v["reason"], "not_equivalent");
    let out = run(&["--expected", "1/2", "--answer", "2/4", "--simplified"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("not accepted: not_simplified"));
    assert!(
        !run(&["--expected", "1", "--answer", "1", "--kind", "bogus"])
            .status
            .success()
    );
}
