//! Running the `lantern` binary from the command-line tests.
#![allow(dead_code)]

use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `lantern --data-dir DATA_DIR ARGS…`; commands that take a model run with
/// `LANTERN_TEST_MODEL` when it names one (another GGUF, e.g. the pack's Qwen2.5).
pub fn lantern(data_dir: &Path, args: &[&str]) -> Output {
    command(data_dir, args).output().expect("run lantern")
}

/// Runs `lantern --data-dir DATA_DIR ARGS…` as [`lantern`] does, with `LANTERN_PIN` set
/// to `pin` (a locked profile's commands need it) and `pin` on a line of its standard
/// input (where a new PIN is read, e.g. a class profile's).
pub fn lantern_with_pin(data_dir: &Path, args: &[&str], pin: &str) -> Output {
    let mut child = command(data_dir, args)
        .env("LANTERN_PIN", pin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lantern");
    let mut stdin = child.stdin.take().unwrap();
    // A command that reads nothing may exit before the line is written.
    let _ = stdin.write_all(format!("{pin}\n").as_bytes());
    drop(stdin);
    child.wait_with_output().expect("run lantern")
}

/// The command for `lantern --data-dir DATA_DIR ARGS…` (see [`lantern`]).
fn command(data_dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lantern"));
    command.arg("--data-dir").arg(data_dir).args(args);
    let takes_model = matches!(
        args,
        ["tutor", "say" | "event", ..]
            | ["report", "chat", ..]
            | ["expenses", "say", ..]
            | ["module", "say" | "form", ..]
            | ["eval", ..]
    );
    if let (true, Ok(model)) = (takes_model, std::env::var("LANTERN_TEST_MODEL")) {
        if !args.contains(&"--offline") {
            command.arg("--model").arg(model);
        }
    }
    command
        .env("OMP_WAIT_POLICY", "PASSIVE")
        .env_remove("LANTERN_NOW");
    command
}

/// Runs a command that must succeed and print JSON.
pub fn json(data_dir: &Path, args: &[&str]) -> Value {
    let out = lantern(data_dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// Runs a command that must fail with `code`.
pub fn fails_with(data_dir: &Path, args: &[&str], code: &str) {
    let out = lantern(data_dir, args);
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("error[{code}]")),
        "{args:?}: {stderr}"
    );
}

/// A path inside the repository.
pub fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Whether the tests run under CI (`CI=true`), where the slowest guards try a subset.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}
