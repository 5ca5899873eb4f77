//! The tutor without a window (`lantern tutor …`), as a script, a developer or a school
//! runs it: real SQLite and LanceDB in a temporary data folder, the real embedder and
//! the default model, on the sample course and on a freshly written pack of another
//! subject.

mod common;

use common::{fails_with, json, repo};
use serde_json::Value;
use std::path::Path;

fn import(d: &Path, pack: &str) {
    let out = common::lantern(d, &["course", "import", &repo(pack)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn new_thread(d: &Path, course: &str) -> String {
    json(d, &["tutor", "new", "--course", course, "--json"])["id"].to_string()
}

fn tutor_reply(turn: &Value) -> &Value {
    turn["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "assistant")
        .expect("a tutor reply")
}

#[test]
fn a_whole_conversation_runs_headless_on_the_sample_course() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    import(d, "courses/grade10-algebra");
    let courses = json(d, &["tutor", "courses", "--json"]);
    assert_eq!(courses[0]["units"].as_array().unwrap().len(), 8);
    let id = new_thread(d, "grade10-algebra");
    // A new student asking about factorising is blocked by its first prerequisite.
    let policy = json(
        d,
        &[
            "tutor",
            "policy",
            &id,
            "--message",
            "How do I factorise x^2 + 5x + 6?",
            "--json",
        ],
    );
    assert_eq!(policy["mappedUnits"][0]["unitId"], "ALG-05");
    assert_eq!(policy["policy"]["prereqBlockingUnitId"], "ALG-01");
    assert_eq!(policy["policy"]["focusUnitId"], "ALG-01");
    // A message about no unit maps to none, and the tutor asks.
    for vague in ["hello", "idk where to start tbh"] {
        let p = json(d, &["tutor", "policy", &id, "--message", vague, "--json"]);
        assert!(
            p["mappedUnits"].as_array().unwrap().is_empty(),
            "{vague}: {}",
            p["mappedUnits"]
        );
        assert_eq!(
            p["plannedActions"],
            serde_json::json!(["SOCRATIC_QUESTION"])
        );
    }
    let first = json(
        d,
        &[
            "tutor",
            "say",
            &id,
            "How do I factorise x^2 + 5x + 6?",
            "--json",
        ],
    );
    let reply = tutor_reply(&first);
    assert!(!reply["text"].as_str().unwrap().trim().is_empty());
    assert_eq!(first["log"]["focusUnitId"], "ALG-01");
    assert_eq!(
        first["snapshotLite"]["prereqNudge"]["blocker"]["unitId"],
        "ALG-01"
    );
    assert_eq!(
        first["snapshotLite"]["prereqNudge"]["asked"]["unitId"],
        "ALG-05"
    );
    let action = first["log"]["chosenAction"].as_str().unwrap();
    assert!(
        ["SOCRATIC_QUESTION", "DRILL_CARD"].contains(&action),
        "{action}"
    );
    // "Try a Drill" gets a drill card on the focus unit.
    let drill = json(d, &["tutor", "event", &id, "REQUEST_DRILL", "--json"]);
    let card = &tutor_reply(&drill)["card"];
    assert_eq!(card["type"], "DRILL");
    assert_eq!(card["unitId"], "ALG-01");
    let log = json(d, &["tutor", "log", &id, "--json"]);
    let log = log.as_array().unwrap();
    assert_eq!(log.len(), 2);
    for row in log {
        let origin = row["origin"].as_str().unwrap();
        assert!(
            ["model", "app", "offline"].contains(&origin) || row["fallbackReason"].is_string(),
            "{origin}"
        );
        assert!(row["latencyMs"].as_f64().unwrap() > 0.0);
    }
    assert!(
        log[0]["promptTokens"].as_u64().unwrap() > 30,
        "token counts are logged"
    );
    assert_eq!(log[1]["origin"], "app", "a drill needs no model");
    let shown = json(d, &["tutor", "show", &id, "--json"]);
    assert_eq!(
        shown["messages"].as_array().unwrap().len(),
        3,
        "message, reply, drill"
    );
    let snapshot = json(d, &["tutor", "snapshot", &id, "--json"]);
    assert_eq!(snapshot["snapshot"]["focusUnitId"], "ALG-01");
    assert_eq!(snapshot["snapshot"]["unitsInProgress"][0], "ALG-01");
    let debug = json(d, &["tutor", "debug", &id, "--json"]);
    assert_eq!(debug["mastery"].as_array().unwrap().len(), 8);
    assert!(!debug["lastTurn"]["scoredUnits"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn a_course_from_a_freshly_written_pack_runs_the_same_way() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    import(d, "tests/fixtures/packs/cell-biology");
    let id = new_thread(d, "cell-biology");
    let question = "Why do plant cells not burst in pure water during osmosis?";
    let policy = json(
        d,
        &["tutor", "policy", &id, "--message", question, "--json"],
    );
    assert_eq!(policy["mappedUnits"][0]["unitId"], "BIO-03");
    assert_eq!(
        policy["policy"]["focusUnitId"], "BIO-02",
        "BIO-03 needs BIO-02 first"
    );
    let offline = json(d, &["tutor", "say", &id, question, "--offline", "--json"]);
    let reply = tutor_reply(&offline);
    let text = reply["text"].as_str().unwrap().to_string();
    assert_eq!(
        reply["passage"]["unitId"], "BIO-03",
        "the question is answered from its unit"
    );
    assert!(
        text.contains("builds on") && text.ends_with('?'),
        "then the prerequisite is offered, not imposed: {text}"
    );
    assert_eq!(
        reply["offer"]["unitId"], "BIO-02",
        "with a button to check it, saved with the reply"
    );
    assert_eq!(offline["log"]["origin"], "offline");
    let with_model = json(
        d,
        &["tutor", "say", &id, "what is inside the nucleus?", "--json"],
    );
    assert!(!tutor_reply(&with_model)["text"]
        .as_str()
        .unwrap()
        .is_empty());
}

#[test]
fn the_clock_override_drives_recency() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    import(d, "courses/grade10-algebra");
    let id = new_thread(d, "grade10-algebra");
    let at = |now: &str| -> Vec<String> { vec!["--now".into(), now.into()] };
    let mut say = vec![
        "tutor",
        "say",
        &id,
        "what are like terms?",
        "--offline",
        "--json",
    ];
    let t0 = at("2026-03-01T08:00:00Z");
    say.extend(t0.iter().map(String::as_str));
    json(d, &say);
    let score = |now: &str| -> f64 {
        let mut args = vec!["tutor", "policy", &id, "--json", "--now", now];
        args.push("--message");
        args.push("hello");
        let p = json(d, &args);
        p["scoredUnits"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["unitId"] == "ALG-01")
            .unwrap()["score"]
            .as_f64()
            .unwrap()
    };
    let soon = score("2026-03-01T09:00:00Z");
    let later = score("2026-03-04T09:00:00Z");
    assert!(
        soon > later + 0.1,
        "recency decays over 72 h: {soon} vs {later}"
    );
    fails_with(
        d,
        &["tutor", "policy", &id, "--now", "yesterday"],
        "usage_invalid",
    );
}

/// Each question's unit and the mapping's confidence, from one `lantern bench mapping`
/// run over `questions` on the sample course (one process: the embedder loads once).
fn mapped_on_the_sample_course(d: &Path, questions: &[(&str, &str)]) -> Vec<(String, f64)> {
    let cases = d.join("mapping.json");
    let questions: Vec<Value> = questions
        .iter()
        .map(|(unit, say)| serde_json::json!({"say": say, "unit": unit}))
        .collect();
    let file = serde_json::json!({"courses": [
        {"pack": repo("courses/grade10-algebra"), "questions": questions}
    ]});
    std::fs::write(&cases, file.to_string()).unwrap();
    let cases = cases.to_string_lossy().to_string();
    let report = json(
        d,
        &["bench", "mapping", "--cases", &cases, "--json", "--verbose"],
    );
    report["courses"][0]["mapped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["mapped"].as_str().unwrap_or("").to_string(),
                m["confidence"].as_f64().unwrap_or(0.0),
            )
        })
        .collect()
}

#[test]
fn each_units_own_questions_map_to_it_confidently() {
    let dir = tempfile::tempdir().unwrap();
    let phrasings = [
        ("ALG-01", "How do I collect like terms in 4a + 3b - a?"),
        ("ALG-01", "What does it mean to expand 5(x - 2)?"),
        ("ALG-02", "How do I solve 3x - 7 = 11?"),
        (
            "ALG-02",
            "I don't get how to get rid of the fraction in x/4 + 1 = 6",
        ),
        (
            "ALG-03",
            "Why does the inequality sign flip when I divide by -2?",
        ),
        ("ALG-03", "How do I show x > 3 on a number line?"),
        ("ALG-04", "How do I simplify x^5 divided by x^2?"),
        ("ALG-04", "what does a negative power mean"),
        ("ALG-05", "How do I factorise x^2 + 5x + 6?"),
        ("ALG-05", "What is the difference of two squares?"),
        ("ALG-06", "How do I solve x^2 - 5x + 6 = 0?"),
        ("ALG-06", "When do I use the quadratic formula?"),
        ("ALG-07", "What is the gradient of y = 3x + 2?"),
        ("ALG-07", "How do I draw the graph of a straight line?"),
        ("ALG-08", "How do I solve two equations at the same time?"),
        ("ALG-08", "What is the elimination method?"),
    ];
    let exams: Value = serde_json::from_str(
        &std::fs::read_to_string(repo("courses/grade10-algebra/exams.json")).unwrap(),
    )
    .unwrap();
    let exams = exams["questions"].as_array().unwrap();
    // An exam question may belong to several units: the file names its first, and the
    // check below accepts any of them.
    let exam_questions: Vec<(&str, &str)> = exams
        .iter()
        .map(|q| {
            (
                q["unitIds"][0].as_str().unwrap(),
                q["stem"].as_str().unwrap(),
            )
        })
        .collect();
    let asked: Vec<(&str, &str)> = phrasings.iter().copied().chain(exam_questions).collect();
    let mapped = mapped_on_the_sample_course(dir.path(), &asked);
    assert_eq!(mapped.len(), asked.len(), "every question is mapped");
    let (students, exam_mapped) = mapped.split_at(phrasings.len());
    // Students' own phrasings: the right unit first, confidently for at least 90 %.
    let mut confident = 0;
    for ((unit, question), (top, confidence)) in phrasings.iter().zip(students) {
        assert_eq!(top, unit, "{question}");
        confident += usize::from(*confidence >= 0.55);
    }
    assert!(
        confident * 10 >= phrasings.len() * 9,
        "{confident}/{}",
        phrasings.len()
    );
    // The course's own exam questions: one of their units, confidently, for at least 85 %.
    let right = exams
        .iter()
        .zip(exam_mapped)
        .filter(|(q, (unit, confidence))| {
            *confidence >= 0.55
                && q["unitIds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|u| *u == unit.as_str())
        })
        .count();
    assert!(right * 100 >= exams.len() * 85, "{right}/{}", exams.len());
}

#[test]
fn bad_input_gets_coded_errors_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    import(d, "courses/grade10-algebra");
    fails_with(
        d,
        &["tutor", "new", "--course", "no-such-course"],
        "tutor_course_not_found",
    );
    let id = new_thread(d, "grade10-algebra");
    json(
        d,
        &[
            "tutor",
            "say",
            &id,
            "what are like terms?",
            "--offline",
            "--json",
        ],
    );
    fails_with(
        d,
        &["tutor", "say", &id, "   ", "--offline"],
        "tutor_message_empty",
    );
    fails_with(
        d,
        &["tutor", "say", "999", "hi", "--offline"],
        "tutor_thread_not_found",
    );
    fails_with(
        d,
        &[
            "tutor",
            "event",
            &id,
            "STUCK",
            "--unit",
            "NOPE",
            "--offline",
        ],
        "tutor_unit_not_found",
    );
    let long = "x".repeat(2001);
    fails_with(
        d,
        &["tutor", "say", &id, &long, "--offline"],
        "tutor_message_too_long",
    );
    let shown = json(d, &["tutor", "show", &id, "--json"]);
    assert_eq!(
        shown["messages"].as_array().unwrap().len(),
        2,
        "the saved turn is intact"
    );
    assert_eq!(shown["turns"], 1);
}

#[test]
fn the_tutor_eval_smoke_cases_run_with_the_default_model() {
    let dir = tempfile::tempdir().unwrap();
    let cases = repo("tests/evals/tutor/smoke-grounded.json");
    let report = json(dir.path(), &["eval", "tutor", "--cases", &cases, "--json"]);
    let turns = report["turns"].as_array().unwrap();
    assert!(turns.len() >= 6, "every smoke turn is scored");
    // What the pipeline guarantees whatever the model writes: every sentence shown is
    // authored or supported, never an echo or a leak, and every question is checkable.
    for check in [
        "supported",
        "no_echo",
        "no_leak",
        "question_checkable",
        "action_follows_policy",
    ] {
        let rate = &report["report"]["checks"][check];
        assert!(rate["total"].as_u64().unwrap() > 0, "{check} ran");
        assert_eq!(rate["passed"], rate["total"], "{check}: {rate}");
    }
}
