//! Guided modules without a window (`lantern module …`) and their eval (`lantern eval
//! modules`): the sample pack and an unseen Spanish pack (as a zip) imported into a
//! temporary data folder, sessions worked by message, form and section, coded errors
//! for bad packs and bad answers, and the real model under the module grammar.

mod common;

use common::{fails_with, in_ci, json, lantern, repo};
use lantern_core::language::Language;
use lantern_core::text::message_language::message_language;
use serde_json::Value;
use std::path::Path;

const SAMPLE: &str = "modules/exam-stress";
const SPANISH: &str = "tests/fixtures/modules/habitos-de-estudio";
/// The offline eval files CI guards: a run of all of them is about two minutes.
const CI_GUARDED: [&str; 3] = ["fresh", "blind4", "blind5"];

fn module(d: &Path, args: &[&str]) -> Value {
    let mut all = vec!["module"];
    all.extend_from_slice(args);
    all.push("--json");
    json(d, &all)
}

/// The pack's `module.json`.
fn manifest(pack: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(format!("{}/module.json", repo(pack))).unwrap())
        .unwrap()
}

/// Imports the sample and starts a session; returns its id.
fn started(d: &Path) -> String {
    let imported = module(d, &["import", &repo(SAMPLE)]);
    assert!(imported["passages"].as_u64().unwrap() > 20);
    let session = module(d, &["start", "exam-stress"]);
    session["sessionId"].to_string()
}

#[test]
fn a_student_works_through_the_sample_module_offline() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = started(d);
    let listed = module(d, &["list"]);
    assert_eq!(listed[0]["topics"], 20);
    let shown = module(d, &["show", &session]);
    let opening = &shown["messages"][0]["reply"];
    assert_eq!(opening["content"]["text_blocks"][0]["type"], "heading");
    assert_eq!(opening["meta"]["progress"]["percentage"], 0.0);
    let next = module(d, &["say", &session, "next", "--offline"]);
    assert_eq!(next["reply"]["origin"], "app");
    let progress = &next["progress"];
    assert_eq!(
        progress["sections"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["completed"] == true)
            .count(),
        1
    );
    let first_section_topics = manifest(SAMPLE)["phases"][0]["sections"][0]["topics"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(
        progress["covered"].as_u64().unwrap() as usize,
        first_section_topics
    );
    let form = &manifest(SAMPLE)["forms"][0];
    let field = form["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["type"] == "checkbox")
        .unwrap();
    let answers =
        serde_json::json!({ field["id"].as_str().unwrap(): [field["options"][0]["value"]] })
            .to_string();
    let sent = module(
        d,
        &[
            "form",
            &session,
            form["id"].as_str().unwrap(),
            &answers,
            "--offline",
        ],
    );
    assert!(sent["student"]["text"].as_str().unwrap().contains(':'));
    let last = manifest(SAMPLE)["phases"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()["sections"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()["id"]
        .clone();
    let went = module(d, &["go", &session, last.as_str().unwrap()]);
    assert_eq!(
        went["progress"]["sections"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()["current"],
        true
    );
    let text = lantern(d, &["module", "progress", &session]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("topics"));
}

#[test]
fn bad_answers_sections_and_sessions_are_refused_with_codes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = started(d);
    let form = manifest(SAMPLE)["forms"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    fails_with(
        d,
        &[
            "module",
            "form",
            &session,
            &form,
            r#"{"no_such_field": 1}"#,
            "--offline",
        ],
        "module_form_invalid",
    );
    fails_with(
        d,
        &["module", "form", &session, &form, "not json", "--offline"],
        "module_form_invalid",
    );
    fails_with(
        d,
        &["module", "go", &session, "no-such-section"],
        "module_section_not_found",
    );
    fails_with(
        d,
        &["module", "say", "999", "hello", "--offline"],
        "module_session_not_found",
    );
    fails_with(
        d,
        &["module", "start", "no-such-module"],
        "module_not_found",
    );
}

#[test]
fn an_unseen_spanish_module_imports_from_a_zip() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let zip = d.join("habitos.zip");
    let made = std::process::Command::new("python3")
        .args(["-m", "zipfile", "-c"])
        .arg(&zip)
        .arg(repo(SPANISH))
        .status()
        .unwrap();
    assert!(made.success());
    let imported = module(d, &["import", zip.to_str().unwrap()]);
    assert_eq!(imported["moduleId"], "habitos-de-estudio");
    let session = module(d, &["start", "habitos-de-estudio", "--language", "es"]);
    let id = session["sessionId"].to_string();
    let next = module(
        d,
        &["say", &id, "siguiente", "--offline", "--language", "es"],
    );
    let blocks = next["reply"]["reply"]["content"]["text_blocks"].to_string();
    assert!(blocks.contains("completada"), "{blocks}");
}

#[test]
fn a_broken_pack_names_its_field_and_leaves_the_library_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    module(d, &["import", &repo(SPANISH)]);
    let broken = d.join("broken");
    std::fs::create_dir_all(broken.join("media")).unwrap();
    let mut text = manifest(SPANISH);
    text["media"][0]["alt"] = Value::Null;
    std::fs::write(broken.join("module.json"), text.to_string()).unwrap();
    for file in std::fs::read_dir(format!("{}/media", repo(SPANISH))).unwrap() {
        let file = file.unwrap();
        std::fs::copy(file.path(), broken.join("media").join(file.file_name())).unwrap();
    }
    let out = lantern(d, &["module", "import", broken.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error[pack_invalid_field]") && stderr.contains("media[0].alt"),
        "{stderr}"
    );
    assert_eq!(module(d, &["list"]).as_array().unwrap().len(), 1);
}

#[test]
fn the_model_answers_an_open_message_under_the_module_grammar() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = started(d);
    let answered = module(
        d,
        &[
            "say",
            &session,
            "Why do I forget everything the night before a test?",
        ],
    );
    let reply = &answered["reply"]["reply"];
    assert!(reply["meta"]["progress"].is_object());
    // A note answers: the model's answer comes first — its own words, or the note's
    // sentence it chose when they were refused — and the note it applies after.
    assert_eq!(answered["reply"]["origin"], "model", "{answered}");
    let blocks = reply["content"]["text_blocks"].as_array().unwrap();
    assert_eq!(blocks[0]["type"], "paragraph", "{answered}");
    assert_eq!(blocks[1]["type"], "info", "{answered}");
}

#[test]
fn a_question_in_another_language_than_the_modules_is_answered_in_the_students() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = started(d);
    let asked = "no consigo dormirme porque no paro de darle vueltas, ¿qué hago?";
    let answered = module(d, &["say", &session, asked]);
    // The model picks the note's sentence that answers, quoted after a lead in the
    // student's language; with no pick, the note framed by the app. Either way the
    // words before the note are the student's language.
    let origin = answered["reply"]["origin"].as_str().unwrap();
    assert!(
        ["model", "afterBrokenReply"].contains(&origin),
        "{answered}"
    );
    let first = &answered["reply"]["reply"]["content"]["text_blocks"][0];
    assert_eq!(first["type"], "paragraph", "{answered}");
    let words = first["content"].as_str().unwrap();
    assert_eq!(
        message_language(words, Language::En),
        Language::Es,
        "{words}"
    );
}

#[test]
fn the_module_eval_smoke_cases_pass_with_the_default_model() {
    let dir = tempfile::tempdir().unwrap();
    let cases = repo("tests/evals/modules/smoke.json");
    let report = json(
        dir.path(),
        &[
            "eval",
            "modules",
            "--cases",
            &cases,
            "--min-pass",
            "0.9",
            "--json",
        ],
    );
    assert!(report["report"]["all_checks"]["passed"].as_u64().unwrap() > 0);
}

/// Offline, the note shown is code's choice alone: the modules nobody tuned for keep
/// the share of questions answered by the right note that docs/evals.md records, every
/// distress message gets the support message first, and no quick reply offers a note
/// the reply already shows. CI guards three files (an English module; blind4 and blind5,
/// Spanish modules written blind); a run outside CI guards all forty-two.
#[test]
fn the_unseen_modules_questions_keep_their_answering_notes_offline() {
    let dir = tempfile::tempdir().unwrap();
    let guarded = [
        ("fresh", 24),
        ("unseen", 10),
        ("elsewhere", 19),
        ("untuned", 15),
        ("unwritten", 15),
        ("phrasings", 7),
        ("tryout", 20),
        ("trial", 17),
        ("blind", 19),
        ("blind2", 16),
        ("blind3", 18),
        ("blind4", 17),
        ("blind5", 18),
        ("blind6", 25),
        ("blind7", 24),
        ("blind8", 20),
        ("blind9", 17),
        ("blind10", 21),
        ("blind11", 24),
        ("blind12", 27),
        ("blind13", 24),
        ("blind14", 28),
        ("blind15", 28),
        ("blind16", 27),
        ("first-steps", 11),
        ("blind17", 29),
        ("blind18", 25),
        ("blind19", 28),
        ("blind20", 28),
        ("blind21", 25),
        ("blind22", 28),
        ("blind23", 33),
        ("blind24", 23),
        ("blind25", 26),
        ("blind26", 29),
        ("blind27", 26),
        ("blind28", 28),
        ("blind29", 35),
        ("blind30", 32),
        ("blind31", 33),
        ("blind32", 31),
        ("blind33", 37),
    ];
    let in_ci = in_ci();
    for (file, least) in guarded
        .into_iter()
        .filter(|(file, _)| !in_ci || CI_GUARDED.contains(file))
    {
        let cases = repo(&format!("tests/evals/modules/{file}.json"));
        let report = json(
            dir.path(),
            &["eval", "modules", "--cases", &cases, "--offline", "--json"],
        );
        let checks = &report["report"]["checks"];
        let answered = checks["answers_the_question"]["passed"].as_u64().unwrap();
        assert!(answered >= least, "{file}: {answered} < {least}");
        for every in ["support_first", "quick_replies"] {
            let check = &checks[every];
            assert_eq!(check["passed"], check["total"], "{file}: {every}");
        }
    }
}

#[test]
fn a_schools_distress_phrase_in_the_data_folder_gets_the_support_message() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let session = started(d);
    let said = module(
        d,
        &["say", &session, "honestly I'm totally fried", "--offline"],
    );
    let first = &said["reply"]["reply"]["content"]["text_blocks"][0];
    assert_ne!(first["type"], "warning", "{said}");
    std::fs::write(
        d.join("distress-words.txt"),
        "# our school\ntotally fried\n",
    )
    .unwrap();
    let said = module(
        d,
        &["say", &session, "honestly I'm totally fried", "--offline"],
    );
    let first = &said["reply"]["reply"]["content"]["text_blocks"][0];
    assert_eq!(first["type"], "warning", "{said}");
    assert!(
        first["content"].as_str().unwrap().contains("support"),
        "{said}"
    );
    // A bad file is refused with its code, naming its line, and the command stops.
    std::fs::write(d.join("distress-words.txt"), "ok phrase\n***\n").unwrap();
    fails_with(
        d,
        &["module", "say", &session, "hello", "--offline"],
        "module_distress_words_invalid",
    );
}
