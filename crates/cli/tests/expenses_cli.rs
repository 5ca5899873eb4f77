//! The expenses assistant without a window (`lantern expenses …`) and its eval
//! (`lantern eval expenses`): real SQLite in a temporary data folder, a stopped clock
//! (`--now`), requests the app reads on its own for exact results, and the real model
//! for the eval's smoke cases.

mod common;

use common::{fails_with, json, lantern, repo};

const NOW: &str = "2026-11-23T12:00:00Z";

fn expenses(d: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["expenses"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--now", NOW, "--json"]);
    json(d, &all)
}

#[test]
fn a_student_adds_lists_corrects_and_deletes_by_chatting() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let added = expenses(d, &["say", "Add electricity bill £200 today", "--offline"]);
    assert_eq!(added["kind"], "tool_call");
    assert_eq!(added["added"]["amount"]["minor"], 20_000);
    assert!(added["answer"].as_str().unwrap().contains("£200.00"));
    expenses(d, &["say", "I spent 12.50 on lunch yesterday", "--offline"]);
    let total = expenses(d, &["balance", "--range", "this_month"]);
    assert_eq!(total["totals"][0]["minor"], 21_250);
    let asked = expenses(d, &["say", "change the lunch to £15", "--offline"]);
    assert_eq!(asked["confirmationRequired"], true);
    let proposal = asked["proposal"]["id"].as_str().unwrap().to_string();
    let changed = expenses(d, &["confirm", &proposal]);
    assert_eq!(changed["updated"]["amount"]["minor"], 1_500);
    let delete = expenses(d, &["say", "delete the electricity bill", "--offline"]);
    let proposal = delete["proposal"]["id"].as_str().unwrap().to_string();
    let cancelled = expenses(d, &["cancel", &proposal]);
    assert_eq!(cancelled["kind"], "clarify");
    assert_eq!(expenses(d, &["list"]).as_array().unwrap().len(), 2);
    let again = expenses(d, &["say", "delete the electricity bill", "--offline"]);
    assert!(again["proposal"].is_object());
    let yes = expenses(d, &["say", "yes", "--offline"]);
    assert_eq!(yes["deleted"]["item"], "electricity bill");
    assert_eq!(expenses(d, &["list"]).as_array().unwrap().len(), 1);
}

#[test]
fn a_direct_tool_call_follows_the_same_rules_and_gate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let added = expenses(
        d,
        &[
            "tool",
            "add_expense",
            r#"{"item":"bus pass","amount":"€30","date":"2026-11-20"}"#,
        ],
    );
    let id = added["added"]["id"].to_string();
    assert_eq!(added["added"]["category"], "transport");
    let delete = expenses(d, &["tool", "delete_expense", &format!(r#"{{"id":{id}}}"#)]);
    assert_eq!(
        delete["confirmationRequired"], true,
        "a delete returns its proposal"
    );
    let proposal = delete["proposal"]["id"].as_str().unwrap().to_string();
    let altered = expenses(d, &["confirm", &proposal, "--args", r#"{"id":999}"#]);
    assert_eq!(altered["error"], "expense_proposal_mismatch");
    fails_with(
        d,
        &[
            "expenses",
            "tool",
            "add_expense",
            r#"{"item":"tea","amount":-2}"#,
        ],
        "expense_invalid",
    );
    fails_with(
        d,
        &[
            "expenses",
            "tool",
            "add_expense",
            r#"{"item":"tea","amount":2,"tenant":1}"#,
        ],
        "expense_invalid",
    );
    fails_with(
        d,
        &[
            "expenses",
            "tool",
            "add_expense",
            r#"{"item":"tea","amount":2}"#,
            "--role",
            "viewer",
        ],
        "expense_forbidden",
    );
    fails_with(
        d,
        &["expenses", "tool", "wire_money", "{}"],
        "expense_tool_unknown",
    );
}

#[test]
fn a_teachers_category_words_in_the_data_folder_are_used_and_a_bad_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("category-words.txt"), "food: mensa\n").unwrap();
    let added = expenses(d, &["say", "add mensa 4.50", "--offline"]);
    assert_eq!(added["added"]["category"], "food", "{added}");
    std::fs::write(d.join("category-words.txt"), "snacks: crisps\n").unwrap();
    let args = [
        "expenses",
        "say",
        "add mensa 4.50",
        "--offline",
        "--now",
        NOW,
    ];
    fails_with(d, &args, "expense_category_words_invalid");
}

#[test]
fn a_word_no_row_shares_finds_the_row_closest_in_meaning_with_the_packs_embedder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let add = |item: &str, amount: &str| {
        let args = format!(r#"{{"item":"{item}","amount":{amount},"date":"2026-11-20"}}"#);
        expenses(d, &["tool", "add_expense", &args])["added"]["id"].clone()
    };
    let haircut = add("haircut", "15");
    add("lunch", "8.5");
    let asked = expenses(d, &["say", "the barber was 18 not 15", "--offline"]);
    assert_eq!(asked["proposal"]["args"]["id"], haircut, "{asked}");
    assert!(asked["answer"].as_str().unwrap().contains("haircut"));
    // Nothing close enough: a question quoting the student's word, never a guess.
    let unknown = expenses(d, &["say", "delete the gig", "--offline"]);
    assert_eq!(unknown["kind"], "clarify", "{unknown}");
    assert!(unknown["answer"].as_str().unwrap().contains("“gig”"));
}

#[test]
fn lantern_now_stops_the_clock_as_now_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lantern"))
        .arg("--data-dir")
        .arg(dir.path())
        .args(["expenses", "say", "I spent 4 on a sandwich yesterday"])
        .args(["--offline", "--json"])
        .env("LANTERN_NOW", NOW)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let added: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(added["added"]["date"], "2026-11-22");
}

#[test]
fn relative_dates_follow_the_stopped_clock_and_profiles_stay_apart() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The first command makes the student's own profile; Ben comes second.
    assert_eq!(expenses(d, &["list"]).as_array().unwrap().len(), 0);
    let out = lantern(d, &["profiles", "create", "Ben"]);
    assert!(out.status.success());
    let added = expenses(
        d,
        &[
            "say",
            "Gasté 9 € en el cine el viernes pasado",
            "--offline",
            "--language",
            "es",
        ],
    );
    assert_eq!(added["added"]["date"], "2026-11-20");
    assert!(added["answer"].as_str().unwrap().contains("9,00 €"));
    let bens = expenses(d, &["list", "--profile", "Ben"]);
    assert_eq!(bens.as_array().unwrap().len(), 0);
    let id = added["added"]["id"].to_string();
    fails_with(
        d,
        &[
            "expenses",
            "tool",
            "delete_expense",
            &format!(r#"{{"id":{id}}}"#),
            "--profile",
            "Ben",
        ],
        "expense_not_found",
    );
}

#[test]
fn the_expense_eval_smoke_cases_pass_with_the_default_model() {
    let dir = tempfile::tempdir().unwrap();
    let cases = repo("tests/evals/expenses/smoke.json");
    let report = json(
        dir.path(),
        &[
            "eval",
            "expenses",
            "--cases",
            &cases,
            "--min-pass",
            "0.9",
            "--json",
        ],
    );
    assert!(report["report"]["all_checks"]["passed"].as_u64().unwrap() > 0);
}
