//! The coach without a window (`lantern coach …`) and its eval (`lantern eval coach`),
//! as a script or a developer runs them: real SQLite in a temporary data folder, the
//! offline guide for exact replies, and the real model for the eval's smoke cases.

mod common;

use common::{fails_with, json, lantern, repo};
use serde_json::Value;

fn last_reply(session: &Value) -> String {
    session["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "assistant")
        .map(|m| m["content"].as_str().unwrap().to_string())
        .unwrap()
}

#[test]
fn a_whole_step_runs_headless_through_the_same_rules_and_store_as_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let created = json(d, &["coach", "new", "--title", "Homework", "--json"]);
    let id = created["id"].to_string();
    assert_eq!(created["currentStep"], "claim");
    let first = json(
        d,
        &[
            "coach",
            "say",
            &id,
            "I think homework should be banned because kids need time to play.",
            "--offline",
            "--json",
        ],
    );
    let reply = last_reply(&first);
    assert!(reply.contains("reason"), "the weakness is named: {reply}");
    assert!(
        reply.ends_with('?') && reply.matches('?').count() == 1,
        "{reply}"
    );
    assert!(
        first["pendingProposal"].is_null(),
        "no proposal on a first message"
    );
    let confirmed = json(d, &["coach", "say", &id, "yes", "--offline", "--json"]);
    assert_eq!(
        confirmed["pendingProposal"]["value"],
        "Homework should be banned."
    );
    let accepted = json(d, &["coach", "accept", &id, "--json"]);
    assert_eq!(accepted["currentStep"], "grounds");
    assert_eq!(accepted["draft"]["claim"], "Homework should be banned.");
    json(
        d,
        &[
            "coach",
            "edit",
            &id,
            "--step",
            "grounds",
            "In our class survey, 21 of 28 students said homework left them no time to play.",
            "--json",
        ],
    );
    let advanced = json(d, &["coach", "advance", &id, "--json"]);
    assert_eq!(advanced["currentStep"], "warrant");
    let shown = lantern(d, &["coach", "show", &id]);
    let shown = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.contains("step: warrant") && shown.contains("Homework should be banned."));
    let exported = lantern(d, &["coach", "export", &id, "--format", "argdown"]);
    assert!(String::from_utf8_lossy(&exported.stdout).contains("Homework should be banned."));
    let listed = json(d, &["coach", "list", "--json"]);
    assert_eq!(listed.as_array().unwrap().len(), 1);
}

#[test]
fn bad_input_gets_coded_errors_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let id = json(d, &["coach", "new", "--title", "Phones", "--json"])["id"].to_string();
    fails_with(
        d,
        &["coach", "say", "999", "hi", "--offline"],
        "coach_session_not_found",
    );
    fails_with(
        d,
        &["coach", "say", &id, "   ", "--offline"],
        "coach_message_empty",
    );
    fails_with(d, &["coach", "accept", &id], "coach_no_proposal");
    fails_with(d, &["coach", "advance", &id], "coach_step_incomplete");
    fails_with(
        d,
        &["coach", "list", "--profile", "Nobody"],
        "profile_not_found",
    );
    let session = json(d, &["coach", "show", &id, "--json"]);
    assert_eq!(
        session["messages"].as_array().unwrap().len(),
        1,
        "only the opening"
    );
}

#[test]
fn eval_cases_with_unknown_fields_or_for_another_loop_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cases = dir.path().join("cases.json");
    std::fs::write(&cases, r#"{"loop":"coach","cases":[{"id":"a","language":"en","title":"t","turns":[{"sey":"hi"}]}]}"#).unwrap();
    let path = cases.to_str().unwrap();
    fails_with(
        dir.path(),
        &["eval", "coach", "--cases", path, "--offline"],
        "eval_cases_invalid",
    );
    std::fs::write(&cases, r#"{"loop":"tutor","cases":[]}"#).unwrap();
    fails_with(
        dir.path(),
        &["eval", "coach", "--cases", path, "--offline"],
        "eval_cases_invalid",
    );
}

#[test]
fn the_coach_eval_smoke_cases_pass_with_the_default_model() {
    let dir = tempfile::tempdir().unwrap();
    let cases = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/evals/coach/smoke.json"
    );
    let report = json(
        dir.path(),
        &[
            "eval",
            "coach",
            "--cases",
            cases,
            "--json",
            "--min-pass",
            "0.9",
        ],
    );
    let turns = report["turns"].as_array().unwrap();
    assert!(turns.len() >= 6, "every turn of the smoke cases is scored");
    for check in ["one_question_at_end", "no_fragment", "language_matches"] {
        let rate = &report["report"]["checks"][check];
        assert_eq!(rate["passed"], rate["total"], "{check}: {rate}");
    }
}

/// Offline, the coach's reading is code's alone: the topics and phrasings nobody tuned
/// for keep the turns passing every check that docs/evals.md records.
#[test]
fn the_untuned_topics_and_phrasings_keep_their_reading_offline() {
    let dir = tempfile::tempdir().unwrap();
    for (file, least) in [
        ("untuned", 41),
        ("unwritten", 41),
        ("phrasings", 306),
        ("tryout", 44),
        ("trial", 53),
        ("blind", 47),
        ("blind2", 54),
        ("blind3", 55),
        ("blind4", 52),
        ("blind5", 46),
        ("corrections", 11),
        ("remarks", 14),
        ("warrants", 8),
    ] {
        let cases = repo(&format!("tests/evals/coach/{file}.json"));
        let report = json(
            dir.path(),
            &["eval", "coach", "--cases", &cases, "--offline", "--json"],
        );
        let passed = report["report"]["turns"]["passed"].as_u64().unwrap();
        assert!(passed >= least, "{file}: {passed} < {least}");
    }
}
