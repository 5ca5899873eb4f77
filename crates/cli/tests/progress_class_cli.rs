//! Handing in and the class view on the command line, as a class does it with USB
//! sticks: two students on their own data folders answer exam questions, hand in to a
//! folder; a teacher's class on a third data folder imports the folder twice (nothing
//! changes), sees the grid and what needs attention, flags an edited file, exports CSV
//! and a printable page, and each profile kind refuses the other's commands.

mod common;

use common::{fails_with, lantern_with_pin, repo};
use serde_json::Value;
use std::path::Path;

/// The PIN of the tests' class profiles (a class profile is created only with one).
const CLASS_PIN: &str = "2468";

/// Runs a command that must succeed, with the class's PIN at hand (in `LANTERN_PIN` and
/// on standard input); a student's profile has no PIN and the commands ignore it.
fn ok(d: &Path, args: &[&str]) -> String {
    let out = lantern_with_pin(d, args, CLASS_PIN);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a command as [`ok`] does that must print JSON.
fn json(d: &Path, args: &[&str]) -> Value {
    serde_json::from_str(&ok(d, args)).expect("JSON on stdout")
}

/// A student named `name` on their own data folder answers Q BIO-01-B1 (`option`) and
/// hands in to `usb`.
fn student(d: &Path, name: &str, option: &str, usb: &Path) {
    ok(d, &["profiles", "create", name]);
    ok(
        d,
        &[
            "course",
            "import",
            &repo("tests/fixtures/packs/cell-biology"),
        ],
    );
    let thread = json(
        d,
        &[
            "tutor",
            "--profile",
            name,
            "new",
            "--course",
            "cell-biology",
            "--json",
        ],
    )["id"]
        .to_string();
    ok(
        d,
        &[
            "tutor",
            "--profile",
            name,
            "--now",
            "2026-11-02T09:00:00Z",
            "exam",
            "submit",
            &thread,
            "BIO-01-B1",
            option,
        ],
    );
    let summary = ok(
        d,
        &[
            "progress",
            "--profile",
            name,
            "--now",
            "2026-11-02T10:00:00Z",
            "export",
            "--out",
            usb.to_str().unwrap(),
        ],
    );
    assert!(summary.contains("xAPI statements"), "{summary}");
}

#[test]
fn a_class_collects_hand_ins_from_a_usb_folder_and_sees_who_needs_help() {
    let usb = tempfile::tempdir().unwrap();
    let (ana, ben, class) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    student(ana.path(), "Ana", "A", usb.path());
    student(ben.path(), "Ben", "B", usb.path());
    let files: Vec<String> = std::fs::read_dir(usb.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        files
            .iter()
            .filter(|f| f.ends_with(".progress.json"))
            .count(),
        2,
        "{files:?}"
    );
    assert_eq!(
        files
            .iter()
            .filter(|f| f.ends_with(".progress.csv"))
            .count(),
        2,
        "{files:?}"
    );

    let c = class.path();
    let usb_path = usb.path().to_str().unwrap();
    ok(c, &["profiles", "create", "Biology 9B", "--class"]);
    let first = ok(c, &["class", "--class", "Biology 9B", "import", usb_path]);
    assert_eq!(first.matches("— added").count(), 2, "{first}");
    let again = ok(c, &["class", "--class", "Biology 9B", "import", usb_path]);
    assert_eq!(again.matches("already imported").count(), 2, "{again}");

    let view = json(
        c,
        &[
            "class",
            "--class",
            "Biology 9B",
            "--json",
            "--now",
            "2026-11-03T00:00:00Z",
            "show",
        ],
    );
    let course = &view["course"];
    assert_eq!(course["courseId"], "cell-biology");
    assert_eq!(course["rows"].as_array().unwrap().len(), 2);
    assert_eq!(course["rows"][0]["name"], "Ana");
    assert_eq!(course["units"].as_array().unwrap().len(), 5);
    assert_eq!(course["failedQuestions"][0]["questionId"], "BIO-01-B1");
    assert_eq!(course["failedQuestions"][0]["students"], 1);

    let csv = c.join("grid.csv");
    let page = c.join("grid.html");
    ok(
        c,
        &[
            "class",
            "--class",
            "Biology 9B",
            "export",
            "--csv",
            csv.to_str().unwrap(),
            "--page",
            page.to_str().unwrap(),
            "--language",
            "es",
        ],
    );
    assert_eq!(std::fs::read_to_string(&csv).unwrap().lines().count(), 3);
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .contains("Estudiante"));
}

#[test]
fn an_edited_hand_in_is_flagged_and_a_broken_one_refused_without_stopping_the_rest() {
    let usb = tempfile::tempdir().unwrap();
    let (ana, class) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    student(ana.path(), "Ana", "A", usb.path());
    let file = std::fs::read_dir(usb.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".progress.json"))
        .unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &file,
        text.replacen("\"examWrong\": 1", "\"examWrong\": 0", 1),
    )
    .unwrap();
    std::fs::write(usb.path().join("junk.progress.json"), "{ not json").unwrap();
    let c = class.path();
    ok(c, &["profiles", "create", "9B", "--class"]);
    let out = ok(
        c,
        &[
            "class",
            "--class",
            "9B",
            "import",
            usb.path().to_str().unwrap(),
        ],
    );
    assert!(out.contains("EDITED"), "{out}");
    assert!(
        out.contains("junk.progress.json: refused [handin_invalid]"),
        "{out}"
    );
    let view = json(c, &["class", "--class", "9B", "--json", "show"]);
    assert_eq!(view["course"]["rows"][0]["edited"], true);
}

#[test]
fn each_profile_kind_refuses_the_others_commands() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["profiles", "create", "Ana"]);
    ok(d, &["profiles", "create", "9B", "--class"]);
    assert!(ok(d, &["profiles", "list"]).contains("9B\t"));
    fails_with(
        d,
        &["class", "--class", "Ana", "show"],
        "class_profile_required",
    );
    let out = lantern_with_pin(d, &["progress", "--profile", "9B", "export"], CLASS_PIN);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error[class_profile_required]"), "{stderr}");
    fails_with(
        d,
        &["progress", "--profile", "Ana", "export"],
        "handin_empty",
    );
}

/// Ana hands in again at `at` (a later answer first), to `usb`.
fn hand_in_again(d: &Path, at: &str, usb: &Path) {
    ok(
        d,
        &[
            "progress",
            "--profile",
            "Ana",
            "--now",
            at,
            "export",
            "--out",
            usb.to_str().unwrap(),
        ],
    );
}

#[test]
fn a_teacher_keeps_every_hand_in_chooses_an_earlier_one_and_exports_summaries_made_again() {
    let (ana, class, first_usb, later_usb) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    student(ana.path(), "Ana", "A", first_usb.path());
    hand_in_again(ana.path(), "2026-11-04T10:00:00Z", later_usb.path());
    let c = class.path();
    ok(c, &["profiles", "create", "Biology 9B", "--class"]);
    let class_cmd = |args: &[&str]| {
        let mut all = vec![
            "class",
            "--class",
            "Biology 9B",
            "--now",
            "2026-11-05T00:00:00Z",
        ];
        all.extend_from_slice(args);
        ok(c, &all)
    };
    class_cmd(&["import", later_usb.path().to_str().unwrap()]);
    let older = class_cmd(&["import", first_usb.path().to_str().unwrap()]);
    assert!(
        older.contains("kept in the student's history, not in use"),
        "{older}"
    );

    let history = class_cmd(&["history", "Ana"]);
    let lines: Vec<&str> = history.lines().collect();
    assert_eq!(lines.len(), 2, "{history}");
    assert!(
        lines[0].contains("2026-11-04") && lines[0].contains("in use"),
        "{history}"
    );
    assert!(!lines[1].contains("in use"), "{history}");
    let earlier = lines[1].split_whitespace().next().unwrap();
    assert!(class_cmd(&["use", "Ana", earlier]).contains("using hand-in"));
    let view: Value = serde_json::from_str(&class_cmd(&["--json", "show"])).unwrap();
    assert_eq!(
        view["students"][0]["flags"],
        serde_json::json!(["chosenByTeacher"])
    );
    assert!(view["students"][0]["handedInAt"]
        .as_str()
        .unwrap()
        .starts_with("2026-11-02"));
    class_cmd(&["use", "Ana", "--newest"]);
    let view: Value = serde_json::from_str(&class_cmd(&["--json", "show"])).unwrap();
    assert_eq!(view["students"][0]["flags"], serde_json::json!([]));

    let out = tempfile::tempdir().unwrap();
    class_cmd(&["export", "--summaries", out.path().to_str().unwrap()]);
    let written: Vec<_> = std::fs::read_dir(out.path()).unwrap().collect();
    assert_eq!(written.len(), 1);
    let csv = std::fs::read_to_string(written[0].as_ref().unwrap().path()).unwrap();
    assert!(csv.starts_with("record,student,course"), "{csv}");
}

#[test]
fn a_hand_in_dated_after_today_is_refused_with_its_code() {
    let (ana, class, usb) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    student(ana.path(), "Ana", "A", usb.path());
    let future = tempfile::tempdir().unwrap();
    hand_in_again(ana.path(), "2099-01-01T00:00:00Z", future.path());
    let c = class.path();
    ok(c, &["profiles", "create", "Biology 9B", "--class"]);
    let out = ok(
        c,
        &[
            "class",
            "--class",
            "Biology 9B",
            "--now",
            "2026-11-05T00:00:00Z",
            "import",
            future.path().to_str().unwrap(),
        ],
    );
    assert!(out.contains("refused [handin_future_dated]"), "{out}");
}
