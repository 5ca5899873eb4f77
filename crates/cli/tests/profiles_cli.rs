//! Locked profiles on the command line: `profiles set-pin` reads the PIN from standard
//! input, every profile-scoped command of a locked profile needs `LANTERN_PIN`, the
//! expense role changes only with the expense owner's PIN (from standard input, never
//! the profile's), `profiles remove-pin` opens the profile again, and a class profile is
//! created only with a PIN, which it keeps.

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

    // Changing the PIN needs the current one; the role needs the owner's PIN.
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
    fails_with(
        &run(d, &viewer, Some("2468"), "8080\n"),
        "profile_pin_wrong",
    );
    fails_with(
        &run(d, &viewer, Some("1357"), "1357\n"),
        "expense_owner_pin_same",
    );
    assert!(succeeds(&run(d, &viewer, Some("1357"), "8080\n")).contains("role viewer"));
    // The crafted input: the viewer, with the PIN that opens the profile, asks to be owner.
    let owner = [
        "expenses",
        "settings",
        "--profile",
        "Ana",
        "--set-role",
        "owner",
    ];
    fails_with(
        &run(d, &owner, Some("1357"), "1357\n"),
        "expense_owner_pin_wrong",
    );
    fails_with(
        &run(d, &owner, Some("1357"), ""),
        "expense_owner_pin_required",
    );
    assert!(succeeds(&run(d, &owner[..4], Some("1357"), "")).contains("role viewer"));
    assert!(succeeds(&run(d, &owner, Some("1357"), "8080\n")).contains("role owner"));

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

#[test]
fn a_class_profile_is_created_only_with_a_pin() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let create = ["profiles", "create", "Biology 9B", "--class"];
    // The crafted input: no PIN on standard input, or a malformed one.
    fails_with(&run(d, &create, None, ""), "class_profile_pin_required");
    fails_with(&run(d, &create, None, "12\n"), "profile_pin_invalid");
    assert!(!succeeds(&run(d, &["profiles", "list"], None, "")).contains("Biology 9B"));

    assert!(succeeds(&run(d, &create, None, "2468\n")).contains("created class profile"));
    let listed = succeeds(&run(d, &["profiles", "list"], None, ""));
    assert!(listed.contains("Biology 9B\t"), "{listed}");
    assert!(listed.contains("\tpin\tclass"), "{listed}");
    let show = ["class", "--class", "Biology 9B", "show"];
    fails_with(&run(d, &show, None, ""), "profile_locked");
    succeeds(&run(d, &show, Some("2468"), ""));
    fails_with(
        &run(
            d,
            &["profiles", "remove-pin", "Biology 9B"],
            Some("2468"),
            "",
        ),
        "class_profile_pin_required",
    );
    succeeds(&run(d, &show, Some("2468"), ""));
}
