//! The report editor without a window (`lantern report …`, `lantern project …`) and its
//! eval (`lantern eval reports`): real SQLite and a real index in a temporary data
//! folder, requests the app reads on its own for exact results, and the real model for
//! the eval's smoke cases.

mod common;

use common::{fails_with, json, lantern, repo};

fn survey() -> String {
    repo("tests/evals/reports/reports/house-survey.md")
}

fn titles(report: &serde_json::Value) -> Vec<String> {
    fn walk(sections: &serde_json::Value, out: &mut Vec<String>) {
        for s in sections.as_array().unwrap() {
            out.push(format!(
                "{} {}",
                s["number"].as_str().unwrap(),
                s["title"].as_str().unwrap()
            ));
            walk(&s["children"], out);
        }
    }
    let mut out = Vec::new();
    walk(&report["sections"], &mut out);
    out
}

#[test]
fn a_report_is_imported_edited_by_chat_reviewed_undone_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let imported = json(d, &["report", "import", &survey(), "--json"]);
    assert_eq!(imported["version"], 1);
    let id = imported["id"].to_string();
    let turn = json(
        d,
        &[
            "report",
            "chat",
            &id,
            "rename 2.1 to Gutters and downpipes",
            "--offline",
            "--json",
        ],
    );
    assert_eq!(turn["end"], "command");
    let shown = json(d, &["report", "show", &id, "--json"]);
    assert!(titles(&shown).contains(&"2.1 Gutters and downpipes".to_string()));
    assert_eq!(shown["version"], 1, "waiting for review");
    let change = turn["changes"][0].to_string();
    let renamed = json(d, &["report", "accept", &id, &change, "--json"]);
    assert_eq!(renamed["version"], 2);
    json(
        d,
        &[
            "report",
            "chat",
            &id,
            "delete section 2.2",
            "--offline",
            "--json",
        ],
    );
    fails_with(
        d,
        &["report", "accept", &id, "--all"],
        "report_delete_unconfirmed",
    );
    let accepted = json(
        d,
        &[
            "report",
            "accept",
            &id,
            "--all",
            "--confirm-delete",
            "--json",
        ],
    );
    assert_eq!(accepted["version"], 3);
    assert!(!titles(&accepted).iter().any(|t| t.ends_with("Flashing")));
    let undone = json(d, &["report", "undo", &id, "--json"]);
    assert!(titles(&undone).contains(&"2.2 Flashing".to_string()));
    assert!(
        titles(&undone).contains(&"2.1 Gutters and downpipes".to_string()),
        "only the last step is undone"
    );
    let history = json(d, &["report", "history", &id, "--json"]);
    assert_eq!(history.as_array().unwrap().len(), 4);
    let md = d.join("out.md");
    let docx = d.join("out.docx");
    for (format, path) in [("md", &md), ("docx", &docx)] {
        let out = lantern(
            d,
            &[
                "report",
                "export",
                &id,
                "--format",
                format,
                "--out",
                path.to_str().unwrap(),
            ],
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(std::fs::read_to_string(&md)
        .unwrap()
        .contains("### 2.1 Gutters and downpipes"));
    let again = json(d, &["report", "import", docx.to_str().unwrap(), "--json"]);
    let reread = json(d, &["report", "show", &again["id"].to_string(), "--json"]);
    assert_eq!(
        titles(&reread),
        titles(&undone),
        "Word round trip keeps the tree"
    );
}

#[test]
fn one_tool_call_applies_directly_and_bad_calls_get_coded_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = json(d, &["report", "import", &survey(), "--json"])["id"].to_string();
    let moved = json(
        d,
        &[
            "report",
            "tool",
            &id,
            "move_section",
            r#"{"id":"s7","position":"before","anchor":"s1"}"#,
            "--json",
        ],
    );
    assert_eq!(titles(&moved)[0], "1 Recommendations");
    fails_with(
        d,
        &[
            "report",
            "tool",
            &id,
            "move_section",
            r#"{"id":"s2","position":"under","anchor":"s3"}"#,
        ],
        "report_move_into_itself",
    );
    fails_with(
        d,
        &[
            "report",
            "tool",
            &id,
            "update_section",
            r#"{"id":"s1","colour":"red"}"#,
        ],
        "report_arguments_invalid",
    );
    fails_with(
        d,
        &["report", "tool", &id, "delete_section", r#"{"id":"s99"}"#],
        "report_section_not_found",
    );
    fails_with(
        d,
        &["report", "tool", &id, "launch", "{}"],
        "report_tool_unknown",
    );
    fails_with(
        d,
        &["report", "tool", &id, "update_section", "not json"],
        "report_arguments_invalid",
    );
    fails_with(d, &["report", "show", "999"], "report_not_found");
    fails_with(
        d,
        &["report", "chat", &id, "   ", "--offline"],
        "report_message_empty",
    );
    let bad = d.join("notes.pdf");
    std::fs::write(&bad, b"%PDF").unwrap();
    fails_with(
        d,
        &["report", "import", bad.to_str().unwrap()],
        "report_import_failed",
    );
}

#[test]
fn specification_files_are_imported_into_a_project() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let project = json(d, &["project", "create", "Elm Road", "--json"])["id"].to_string();
    let spec = repo("tests/evals/reports/specs/roofing-spec.md");
    let out = lantern(d, &["project", "import-specs", &project, &spec]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = json(d, &["project", "specs", &project, "--json"]);
    assert_eq!(files[0]["name"], "roofing-spec.md");
    assert_eq!(files[0]["passages"], 3);
    fails_with(d, &["project", "specs", "99"], "project_not_found");
}

#[test]
fn the_report_eval_smoke_cases_pass_with_the_default_model() {
    let dir = tempfile::tempdir().unwrap();
    let cases = repo("tests/evals/reports/smoke.json");
    let report = json(
        dir.path(),
        &[
            "eval",
            "reports",
            "--cases",
            &cases,
            "--min-pass",
            "0.9",
            "--json",
        ],
    );
    assert!(report["report"]["all_checks"]["passed"].as_u64().unwrap() > 0);
}
