//! `lantern module new` and `lantern module check`: two notes folders (English, one file
//! per section; Spanish, one file with headings) drafted into module packs that check
//! without problems and import; broken module packs whose every problem is named with
//! its line and field.

mod common;

use common::{fails_with, json, lantern, repo};
use serde_json::Value;
use std::path::Path;

const FIXTURES: &str = "tests/fixtures/authoring";

fn module_json(pack: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(pack.join("module.json")).unwrap()).unwrap()
}

/// `lantern module check PACK --json`: the report and whether it exited with 0.
fn check(d: &Path, pack: &str) -> (Value, bool) {
    let run = lantern(d, &["module", "check", pack, "--json"]);
    let report = serde_json::from_slice(&run.stdout).expect("a JSON report");
    (report, run.status.success())
}

/// Drafts `fixture`, checks it and imports it; returns `module.json`.
fn drafted_checked_imported(d: &Path, fixture: &str) -> Value {
    let out = d.join(fixture.replace('/', "-"));
    let folder = repo(&format!("{FIXTURES}/{fixture}"));
    let run = lantern(
        d,
        &["module", "new", &folder, "--out", out.to_str().unwrap()],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(out.join("REVIEW.md").exists());
    let (report, ok) = check(d, out.to_str().unwrap());
    assert!(ok, "{report}");
    assert_eq!(report["problems"], serde_json::json!([]));
    json(d, &["module", "import", out.to_str().unwrap(), "--json"]);
    module_json(&out)
}

fn section_titles(module: &Value) -> Vec<&str> {
    module["phases"][0]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["title"].as_str().unwrap())
        .collect()
}

#[test]
fn notes_become_modules_that_check_and_import() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let study = drafted_checked_imported(d, "module-notes/healthy-study");
    assert_eq!(study["title"], "Sleep, breaks and food for studying");
    assert_eq!(
        section_titles(&study),
        vec!["Sleep", "Taking breaks", "Food and water"]
    );
    let sleep = &study["phases"][0]["sections"][0];
    assert_eq!(sleep["topics"].as_array().unwrap().len(), 2);
    assert_eq!(sleep["topics"][1]["title"], "A bedtime routine");
    let breaks = &study["phases"][0]["sections"][1]["topics"][0];
    assert!(breaks["keywords"]["en"]
        .as_array()
        .unwrap()
        .contains(&"pomodoro technique".into()));

    let calm = drafted_checked_imported(d, "module-notes/calma");
    assert_eq!(calm["language"], "es");
    assert_eq!(
        section_titles(&calm),
        vec!["La respiración", "Los pensamientos"]
    );
    let topic = &calm["phases"][0]["sections"][0]["topics"][0];
    assert!(topic["keywords"]["en"].as_array().unwrap().is_empty());
    assert!(!topic["keywords"]["es"].as_array().unwrap().is_empty());

    let listed = json(d, &["module", "list", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 2);
}

#[test]
fn check_names_every_problem_with_its_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (report, ok) = check(d, &repo(&format!("{FIXTURES}/broken/module-bad-json")));
    assert!(!ok);
    assert_eq!(report["problems"][0]["code"], "pack_invalid_json");
    assert_eq!(report["problems"][0]["line"], 4);
    let (report, ok) = check(d, &repo(&format!("{FIXTURES}/broken/module-problems")));
    assert!(!ok);
    let found: Vec<(&str, u64, &str)> = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["code"].as_str().unwrap(),
                f["line"].as_u64().unwrap(),
                f["field"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![
            ("pack_invalid_field", 52, "media[0].alt"),
            ("pack_invalid_field", 18, "phases[0].sections[0].form"),
            (
                "pack_duplicate_id",
                34,
                "phases[0].sections[0].topics[1].id"
            ),
            ("pack_missing_file", 53, "media[0].file"),
        ]
    );
    let run = lantern(
        d,
        &[
            "module",
            "check",
            &repo(&format!("{FIXTURES}/broken/module-problems")),
            "--language",
            "es",
        ],
    );
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("error[pack_duplicate_id]: module.json:34: phases[0].sections[0].topics[1].id: `erosion` se usa más de una vez"), "{text}");
    // The sample module has no problem.
    let (report, ok) = check(d, &repo("modules/exam-stress"));
    assert!(ok, "{report}");
}

#[test]
fn new_refuses_a_bad_id_and_an_empty_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let folder = repo(&format!("{FIXTURES}/module-notes/calma"));
    fails_with(
        d,
        &["module", "new", &folder, "--id", "Calm_Module"],
        "usage_invalid",
    );
    let empty = d.join("empty");
    std::fs::create_dir(&empty).unwrap();
    fails_with(
        d,
        &["module", "new", empty.to_str().unwrap()],
        "usage_invalid",
    );
}
