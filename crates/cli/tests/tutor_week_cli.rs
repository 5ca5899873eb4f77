//! A student's week with the tutor from the command line alone (issue 14's "done
//! when"): drills graded right and wrong until stuck, a concept card, a streak, an exam
//! question failed and locked for 24 hours, eligible again the next day, passed for
//! bronze, then silver — real SQLite, LanceDB and embedder, the clock set by `--now`,
//! the tutor's words from the deterministic guide (`--offline`) so every step is fixed.

mod common;

use common::{fails_with, json, lantern, repo};
use lantern_core::answers::{solve, Solved};
use serde_json::Value;
use std::path::Path;

const DAY1: &str = "2026-03-02T09:00:00Z";
const LOCK_ENDS: &str = "2026-03-03T09:00:00Z";
const JUST_BEFORE: &str = "2026-03-03T08:59:59Z";

fn at(d: &Path, now: &str, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["--json", "--now", now]);
    json(d, &all)
}

/// Imports the fixture pack and starts a thread on it.
fn fresh_thread(d: &Path) -> String {
    let pack = repo("tests/fixtures/packs/one-step-equations");
    let out = lantern(d, &["course", "import", &pack]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    at(d, DAY1, &["tutor", "new", "--course", "one-step-equations"])["id"].to_string()
}

fn reply(turn: &Value) -> &Value {
    turn["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "assistant")
        .expect("a tutor reply")
}

fn card_type(turn: &Value) -> String {
    reply(turn)["card"]["type"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// The drill on `turn` when it is a numeric template's (its answer solved from the
/// question): its message id, right answer and question.
fn solvable(turn: &Value) -> Option<(String, String, String)> {
    let m = reply(turn);
    assert_eq!(m["card"]["type"], "DRILL", "{m}");
    let question = m["card"]["questionLatex"].as_str().unwrap();
    let Some(Solved::Answer(right)) = solve("Solve", question) else {
        return None;
    };
    Some((
        m["id"].as_str().unwrap().to_string(),
        right,
        question.to_string(),
    ))
}

/// A numeric drill: the one on `turn`, else the next the student asks for (units with
/// templates practise them every other drill, clozes and true-or-false between).
fn drill(d: &Path, thread: &str, turn: &Value) -> (String, String, String) {
    let mut turn = turn.clone();
    for _ in 0..16 {
        if let Some(found) = solvable(&turn) {
            return found;
        }
        turn = event(d, thread, "REQUEST_DRILL", &[]);
    }
    panic!("no numeric drill in 16 requests: {turn}")
}

fn event(d: &Path, thread: &str, kind: &str, extra: &[&str]) -> Value {
    let mut args = vec!["tutor", "event", thread, kind, "--offline"];
    args.extend_from_slice(extra);
    at(d, DAY1, &args)
}

fn grade(d: &Path, thread: &str, id: &str, answer: &str) -> Value {
    at(
        d,
        DAY1,
        &["tutor", "answer", thread, id, answer, "--offline"],
    )
}

#[test]
fn a_week_from_drills_to_silver_runs_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let thread = fresh_thread(d);
    let t = thread.as_str();

    // A right drill, then a wrong one: two attempts and no streak is stuck (B1, B2).
    let (id, right, _) = drill(d, t, &event(d, t, "REQUEST_DRILL", &[]));
    let g = grade(d, t, &id, &right);
    assert_eq!(g["verdict"]["isCorrect"], true);
    assert_eq!(card_type(&g), "DRILL_FEEDBACK");
    let next = event(d, t, "DRILL_CONTINUE", &["--result", "correct"]);
    // The foreseen mistake (adding instead of subtracting) is tagged.
    let (id, right, question) = drill(d, t, &next);
    let numbers: Vec<i64> = question
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect();
    let added = format!("x = {}", numbers[0] + numbers[1]);
    let g = grade(d, t, &id, &added);
    assert_eq!(g["verdict"]["isCorrect"], false);
    assert_eq!(
        g["verdict"]["expected"],
        right.replace(' ', "").replace("x=", "x = ").as_str()
    );
    assert_eq!(
        g["verdict"]["commonMistakeTag"], "adds_instead",
        "{right} / {added}"
    );
    let snapshot = at(d, DAY1, &["tutor", "snapshot", t]);
    let progress = &snapshot["snapshot"]["unitProgress"]["OSE-01"];
    assert_eq!(progress["drill"]["attempts"], 2);
    assert_eq!(progress["drill"]["streakCorrect"], 0);
    assert_eq!(progress["confusionTags"]["adds_instead"], 1);
    fails_with(
        d,
        &["tutor", "answer", t, &id, &right, "--offline"],
        "tutor_drill_already_graded",
    );

    // Stuck: the next move is a concept card (A4), then drills rebuild the streak.
    let concept = event(d, t, "DRILL_CONTINUE", &["--result", "incorrect"]);
    assert_eq!(card_type(&concept), "CONCEPT");
    for _ in 0..2 {
        let (id, right, _) = drill(d, t, &event(d, t, "REQUEST_DRILL", &[]));
        assert_eq!(grade(d, t, &id, &right)["verdict"]["isCorrect"], true);
    }

    // Exam-ready with a bronze question available (A5).
    let exam = event(d, t, "DRILL_CONTINUE", &["--result", "correct"]);
    assert_eq!(card_type(&exam), "EXAM", "{exam}");
    assert_eq!(reply(&exam)["card"]["difficultyTier"], "bronze");
    let question = reply(&exam)["card"]["questionId"]
        .as_str()
        .unwrap()
        .to_string();
    let shown = at(d, DAY1, &["tutor", "exam", "show", t, &question]);
    let correct = if question == "OSE-01-B1" { "B" } else { "A" };
    let wrong = shown["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_str().unwrap())
        .find(|o| *o != correct)
        .unwrap()
        .to_string();

    // Wrong: locked for 24 hours to the second (C2).
    let failed = at(d, DAY1, &["tutor", "exam", "submit", t, &question, &wrong]);
    assert_eq!(failed["outcome"], "incorrect");
    assert_eq!(
        failed["status"]["lockedUntil"]
            .as_str()
            .unwrap()
            .replace("+00:00", "Z"),
        LOCK_ENDS
    );
    assert_eq!(failed["snapshotLite"]["revisit"]["lockedCount"], 1);
    let status = at(d, DAY1, &["tutor", "exam", "status", t]);
    assert_eq!(status["revisit"][0]["questionId"], question.as_str());
    let mut early = vec!["tutor", "exam", "submit", t, &question, correct];
    early.extend(["--now", JUST_BEFORE]);
    fails_with(d, &early, "exam_question_locked");

    // "Try again" on the revisit list: practice while it is locked, the question once open.
    let revisit = |now: &str| {
        let args = [
            "tutor",
            "event",
            t,
            "REVISIT",
            "--question",
            &question,
            "--offline",
        ];
        at(d, now, &args)
    };
    let waiting = revisit(JUST_BEFORE);
    assert_eq!(card_type(&waiting), "DRILL");
    assert!(reply(&waiting)["text"]
        .as_str()
        .unwrap()
        .starts_with("That question is not open yet"));
    let again = revisit(LOCK_ENDS);
    assert_eq!(card_type(&again), "EXAM");
    assert_eq!(reply(&again)["card"]["questionId"], question.as_str());

    // The next day it is eligible again; passing it gives bronze (C1).
    let passed = at(
        d,
        LOCK_ENDS,
        &["tutor", "exam", "submit", t, &question, correct],
    );
    assert_eq!(passed["outcome"], "passed");
    assert_eq!(passed["effect"]["tierRose"], true);
    assert_eq!(passed["snapshotLite"]["focus"]["masteryTier"], "bronze");
    assert_eq!(passed["snapshotLite"]["revisit"]["lockedCount"], 0);
    let policy = at(d, LOCK_ENDS, &["tutor", "policy", t]);
    assert_eq!(policy["policy"]["desiredExamTier"], "silver");

    // Silver: a silver question passed.
    let silver = at(
        d,
        LOCK_ENDS,
        &["tutor", "exam", "submit", t, "OSE-01-S1", "B"],
    );
    assert_eq!(silver["snapshotLite"]["focus"]["masteryTier"], "silver");

    // A week later the bronze re-check... is now silver's: due after seven days.
    let week = at(d, "2026-03-10T09:00:01Z", &["tutor", "snapshot", t]);
    let due = &week["snapshotLite"]["revisit"]["reviewsDue"];
    assert_eq!(due[0]["unitId"], "OSE-01", "{week}");
    assert_eq!(due[0]["tier"], "silver");
}

#[test]
fn support_views_lock_and_bad_exam_input_gets_coded_errors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let thread = fresh_thread(d);
    let t = thread.as_str();
    let video = at(
        d,
        DAY1,
        &["tutor", "exam", "support", t, "OSE-01-B2", "video"],
    );
    assert!(video["supportText"].as_str().unwrap().contains("nine"));
    assert_eq!(video["outcome"], "video_viewed");
    assert!(video["status"]["lockedUntil"].is_string());
    // The pack's video file was copied into the data folder at import.
    let file = Path::new(video["video"].as_str().unwrap());
    assert!(file.starts_with(d), "{file:?}");
    assert_eq!(
        std::fs::read(file).unwrap(),
        std::fs::read(repo(
            "tests/fixtures/packs/one-step-equations/videos/OSE-01-B2.webm"
        ))
        .unwrap()
    );
    fails_with(
        d,
        &["tutor", "exam", "support", t, "OSE-01-B1", "video"],
        "exam_support_unavailable",
    );
    fails_with(
        d,
        &["tutor", "exam", "submit", t, "OSE-01-B1", "Z"],
        "exam_invalid_option",
    );
    fails_with(
        d,
        &["tutor", "exam", "submit", t, "NOPE", "A"],
        "exam_question_not_found",
    );
    fails_with(
        d,
        &["tutor", "answer", t, "12345", "4", "--offline"],
        "tutor_drill_not_found",
    );
}
