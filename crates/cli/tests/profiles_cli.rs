//! Locked profiles on the command line: `profiles set-pin` reads the PIN from standard
//! input, every profile-scoped command of a locked profile needs `LANTERN_PIN`, the
//! expense role changes only with it, and `profiles remove-pin` opens the profile again.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `lantern --data-dir DIR ARGS…` with `LANTERN_PIN` set to `pin` (or unset) and
/// `stdin` written to its standard input.
fn run(dir: &Path, args: &[&str], pin: Option<&str>, stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lantern"));
    command
        .arg("--data-dir")
        .arg(dir)
        .args(args)
        .env_remove("LANTERN_PIN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(pin) = pin {
        command.env("LANTERN_PIN", pin);
    }
    let mut child = command.spawn().expect("run lantern");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn succeeds(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fails_with(out: &Output, code: &str) {
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("error[{code}]")), "{stderr}");
}

#[test]
fn a_locked_profile_needs_its_pin_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    succeeds(&run(d, &["profiles", "create", "Ana"], None, ""));
    fails_with(
        &run(d, &["profiles", "set-pin", "Ana"], None, "12\n"),
        "profile_pin_invalid",
    );
    succeeds(&run(d, &["profiles", "set-pin", "Ana"], None, "2468\n"));
    assert!(succeeds(&run(d, &["profiles", "list"], None, "")).contains("Ana\t"));
    assert!(succeeds(&run(d, &["profiles", "list"], None, "")).contains("\tpin"));

    let list = ["expenses", "list", "--profile", "Ana", "--json"];
    fails_with(&run(d, &list, None, ""), "profile_locked");
    fails_with(&run(d, &list, Some("1111"), ""), "profile_pin_wrong");
    fails_with(
        &run(d, &["coach", "list", "--profile", "Ana"], None, ""),
        "profile_locked",
    );
    assert_eq!(succeeds(&run(d, &list, Some("2468"), "")).trim(), "[]");

    // Changing the PIN needs the current one; the role needs the PIN.
    fails_with(
        &run(d, &["profiles", "set-pin", "Ana"], None, "1357\n"),
        "profile_locked",
    );
    succeeds(&run(
        d,
        &["profiles", "set-pin", "Ana"],
        Some("2468"),
        "1357\n",
    ));
    let viewer = [
        "expenses",
        "settings",
        "--profile",
        "Ana",
        "--set-role",
        "viewer",
    ];
    fails_with(&run(d, &viewer, Some("2468"), ""), "profile_pin_wrong");
    assert!(succeeds(&run(d, &viewer, Some("1357"), "")).contains("role viewer"));

    fails_with(
        &run(d, &["profiles", "remove-pin", "Ana"], None, ""),
        "profile_locked",
    );
    succeeds(&run(
        d,
        &["profiles", "remove-pin", "Ana"],
        Some("1357"),
        "",
    ));
    assert_eq!(succeeds(&run(d, &list, None, "")).trim(), "[]");
}
