//! `lantern course new` and `lantern course check` as a teacher runs them: three notes
//! folders organised differently (tests/fixtures/authoring/) drafted into packs that
//! check without problems and import into a temporary data folder; broken packs whose
//! every problem is named with its file, line and field; crafted packs refused with a
//! coded error.

mod common;

use common::{fails_with, json, lantern, repo};
use serde_json::Value;
use std::path::Path;

const FIXTURES: &str = "tests/fixtures/authoring";

/// `lantern course new FIXTURE --out OUT`, which must succeed; returns its stdout.
fn course_new(d: &Path, fixture: &str, out: &Path, extra: &[&str]) -> String {
    let folder = repo(&format!("{FIXTURES}/{fixture}"));
    let mut args = vec!["course", "new", &folder, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    let run = lantern(d, &args);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8_lossy(&run.stdout).to_string()
}

/// `lantern course check PACK --json`: the report and whether it exited with 0.
fn check(d: &Path, pack: &str) -> (Value, bool) {
    let run = lantern(d, &["course", "check", pack, "--json"]);
    let report = serde_json::from_slice(&run.stdout).expect("a JSON report");
    (report, run.status.success())
}

fn codes(findings: &Value) -> Vec<&str> {
    findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Drafts `fixture`, checks it has no problem, imports it; returns `course.json`.
fn drafted_checked_imported(d: &Path, fixture: &str) -> Value {
    let out = d.join(format!("{fixture}-pack"));
    let said = course_new(d, fixture, &out, &[]);
    assert!(said.contains("REVIEW.md"), "{said}");
    let (report, ok) = check(d, out.to_str().unwrap());
    assert!(ok, "{report}");
    assert_eq!(report["problems"], serde_json::json!([]), "{fixture}");
    let imported = lantern(d, &["course", "import", out.to_str().unwrap()]);
    assert!(
        imported.status.success(),
        "{fixture}: {}",
        String::from_utf8_lossy(&imported.stderr)
    );
    read_json(&out.join("course.json"))
}

fn unit_ids(course: &Value) -> Vec<&str> {
    course["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_str().unwrap())
        .collect()
}

#[test]
fn three_notes_folders_become_packs_that_check_import_and_tutor() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();

    // One English file per unit, in file-name order; a picture is not read.
    let bio = drafted_checked_imported(d, "photosynthesis");
    assert_eq!(
        unit_ids(&bio),
        vec![
            "what-plants-need",
            "the-light-dependent-reactions",
            "the-calvin-cycle",
            "leaves"
        ]
    );
    assert_eq!(bio["language"], "en");
    // Only where the notes show it: the Calvin cycle names the light-dependent
    // reactions; the other units are not chained just because they come later.
    assert_eq!(
        bio["prerequisites"],
        serde_json::json!([{ "from": "the-light-dependent-reactions", "to": "the-calvin-cycle" }])
    );
    assert_eq!(
        bio["units"][0]["misconceptions"][0]["text"],
        "Plants get their food from the soil."
    );
    assert!(bio["units"][1]["tags"]
        .as_array()
        .unwrap()
        .contains(&"chlorophyll".into()));
    let notes =
        std::fs::read_to_string(d.join("photosynthesis-pack/units/what-plants-need.md")).unwrap();
    assert!(
        !notes.contains("Misconception"),
        "moved into course.json: {notes}"
    );
    let review = std::fs::read_to_string(d.join("photosynthesis-pack/REVIEW.md")).unwrap();
    assert!(review.contains("True or false? Plants get their food from the soil. (answer: false)"));
    assert!(
        review.contains("___"),
        "gap-fill questions are listed: {review}"
    );
    assert!(
        review.contains("Requires `the-light-dependent-reactions`: the notes name its title"),
        "the evidence is shown: {review}"
    );

    // One Spanish file with a `##` heading per unit.
    let history = drafted_checked_imported(d, "revolucion-francesa");
    assert_eq!(history["language"], "es");
    assert_eq!(history["title"], "La Revolución Francesa");
    assert_eq!(unit_ids(&history).len(), 5);
    assert_eq!(
        history["prerequisites"],
        serde_json::json!([]),
        "a chronological course is not a chain"
    );
    let bastille = &history["units"][2];
    assert_eq!(bastille["misconceptions"].as_array().unwrap().len(), 2);
    let review = std::fs::read_to_string(d.join("revolucion-francesa-pack/REVIEW.md")).unwrap();
    assert!(review.starts_with("# Revisa este borrador"));
    assert!(
        review.contains("No se ha propuesto ningún prerrequisito"),
        "{review}"
    );

    // Short notes: a README, folders per unit, a `.txt` note, a file without headings.
    let weather = drafted_checked_imported(d, "weather-notes");
    assert_eq!(weather["title"], "Weather basics");
    assert_eq!(unit_ids(&weather), vec!["air", "clouds-and-rain", "storms"]);
    assert_eq!(
        weather["units"][1]["content"],
        serde_json::json!([
            "units/clouds-and-rain/clouds.md",
            "units/clouds-and-rain/rain.txt"
        ])
    );

    let listed = json(d, &["course", "list", "--json"]);
    let mut ids: Vec<&str> = listed
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        vec!["la-revolucion-francesa", "photosynthesis", "weather-basics"]
    );

    // Each drafted course tutors: a question gets a reply, and a drill comes from the
    // teacher's own sentences.
    for (course, unit, question) in [
        (
            "photosynthesis",
            "what-plants-need",
            "What does a plant need to make food?",
        ),
        (
            "la-revolucion-francesa",
            unit_ids(&history)[2],
            "¿Por qué tomaron la Bastilla?",
        ),
        ("weather-basics", "clouds-and-rain", "What makes rain?"),
    ] {
        let thread = json(d, &["tutor", "new", "--course", course, "--json"])["id"].to_string();
        let turn = json(
            d,
            &["tutor", "say", &thread, question, "--offline", "--json"],
        );
        let said = last_tutor_text(&turn);
        assert!(!said.trim().is_empty(), "{course}: {turn}");
        let drill = json(
            d,
            &[
                "tutor",
                "event",
                &thread,
                "REQUEST_DRILL",
                "--unit",
                unit,
                "--offline",
                "--json",
            ],
        );
        let cards: Vec<&Value> = drill["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["card"]["type"] == "DRILL")
            .collect();
        assert_eq!(cards.len(), 1, "{course}: a drill from the notes: {drill}");
    }
}

/// The text of the tutor's last reply in a turn's JSON.
fn last_tutor_text(turn: &Value) -> String {
    turn["messages"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|m| m["role"] == "assistant")
        .map(|m| m["text"].as_str().unwrap_or_default().to_string())
        .unwrap_or_default()
}

#[test]
fn new_takes_the_teachers_choices_and_refuses_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("mine");
    course_new(
        d,
        "weather-notes",
        &out,
        &["--id", "wx7", "--title", "Weather", "--language", "es"],
    );
    let course = read_json(&out.join("course.json"));
    assert_eq!(
        (&course["id"], &course["title"], &course["language"]),
        (&"wx7".into(), &"Weather".into(), &"es".into())
    );
    let folder = repo(&format!("{FIXTURES}/weather-notes"));
    let out = out.to_str().unwrap();
    fails_with(
        d,
        &["course", "new", &folder, "--out", out],
        "usage_invalid",
    );
    fails_with(
        d,
        &["course", "new", &folder, "--id", "../up", "--out", "x"],
        "usage_invalid",
    );
    let empty = d.join("empty");
    std::fs::create_dir(&empty).unwrap();
    fails_with(
        d,
        &["course", "new", empty.to_str().unwrap()],
        "usage_invalid",
    );
    let latin1 = d.join("latin1");
    std::fs::create_dir(&latin1).unwrap();
    std::fs::write(latin1.join("notes.md"), b"Caf\xe9 notes").unwrap();
    fails_with(
        d,
        &["course", "new", latin1.to_str().unwrap()],
        "file_unreadable",
    );
}

/// (code, file, line, field) of every problem and warning.
fn findings(report: &Value) -> Vec<(String, String, Option<u64>, Option<String>)> {
    let all = report["problems"]
        .as_array()
        .unwrap()
        .iter()
        .chain(report["warnings"].as_array().unwrap());
    all.map(|f| {
        (
            f["code"].as_str().unwrap().to_string(),
            f["file"].as_str().unwrap().to_string(),
            f["line"].as_u64(),
            f["field"].as_str().map(str::to_string),
        )
    })
    .collect()
}

/// A finding expected: code, file, line, field.
type Expected = (
    &'static str,
    &'static str,
    Option<u64>,
    Option<&'static str>,
);

#[test]
fn check_names_every_problem_with_its_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: [(&str, bool, &[Expected]); 7] = [
        (
            "bad-json",
            false,
            &[("pack_invalid_json", "course.json", Some(5), None)],
        ),
        (
            "missing-unit",
            false,
            &[(
                "pack_unknown_unit",
                "course.json",
                Some(37),
                Some("prerequisites[1].to"),
            )],
        ),
        (
            "duplicate-id",
            false,
            &[(
                "pack_duplicate_id",
                "course.json",
                Some(19),
                Some("units[1].id"),
            )],
        ),
        (
            "no-memo",
            false,
            &[(
                "pack_invalid_field",
                "exams.json",
                Some(4),
                Some("questions[0].memo"),
            )],
        ),
        (
            "long-anchor",
            true,
            &[(
                "anchor_too_long",
                "course.json",
                Some(21),
                Some("units[1].anchor"),
            )],
        ),
        (
            "wrong-types",
            false,
            &[
                (
                    "pack_invalid_field",
                    "course.json",
                    Some(9),
                    Some("units[0].title"),
                ),
                (
                    "pack_invalid_field",
                    "course.json",
                    Some(21),
                    Some("units[1].anchor"),
                ),
            ],
        ),
        (
            "many-problems",
            false,
            &[
                ("pack_cycle", "course.json", Some(31), Some("prerequisites")),
                (
                    "pack_unknown_unit",
                    "exams.json",
                    Some(8),
                    Some("questions[0].unitIds[1]"),
                ),
                (
                    "pack_missing_correct_option",
                    "exams.json",
                    Some(22),
                    Some("questions[0].correct"),
                ),
                (
                    "pack_missing_file",
                    "course.json",
                    Some(16),
                    Some("units[0].content[1]"),
                ),
            ],
        ),
    ];
    for (pack, imports, expected) in cases {
        let (report, ok) = check(d, &repo(&format!("{FIXTURES}/broken/{pack}")));
        assert_eq!(ok, imports, "{pack}: {report}");
        let expected: Vec<_> = expected
            .iter()
            .map(|(c, f, l, x)| (c.to_string(), f.to_string(), *l, x.map(str::to_string)))
            .collect();
        assert_eq!(findings(&report), expected, "{pack}");
        for f in report["problems"].as_array().unwrap() {
            assert!(!f["messageEs"].as_str().unwrap().is_empty());
        }
    }
    // The same as text, in Spanish, failing with the first problem's code.
    let run = lantern(
        d,
        &[
            "course",
            "check",
            &repo(&format!("{FIXTURES}/broken/missing-unit")),
            "--language",
            "es",
        ],
    );
    assert_eq!(run.status.code(), Some(1));
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("error[pack_unknown_unit]: course.json:37: prerequisites[1].to: ninguna unidad tiene el id `earthquakes`"),
        "{text}"
    );
    assert!(text.contains("1 problema, 0 avisos"), "{text}");
    assert!(String::from_utf8_lossy(&run.stderr).contains("error[pack_unknown_unit]"));
}

#[test]
fn the_sample_course_checks_without_problems() {
    let dir = tempfile::tempdir().unwrap();
    let (report, ok) = check(dir.path(), &repo("courses/grade10-algebra"));
    assert!(ok, "{report}");
    // Two of its anchors have a fourth sentence the concept card does not show.
    assert_eq!(
        codes(&report["warnings"]),
        vec!["anchor_too_long", "anchor_too_long"]
    );
}

#[cfg(unix)]
#[test]
fn crafted_packs_are_refused_with_a_coded_error() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fails_with(d, &["course", "check", "/no/such/pack"], "pack_not_found");
    // A linked course.json, and a notes file over its size limit (sparse: no memory).
    let pack = d.join("crafted");
    std::fs::create_dir_all(pack.join("units")).unwrap();
    let elsewhere = d.join("elsewhere.json");
    std::fs::write(&elsewhere, "{}").unwrap();
    std::os::unix::fs::symlink(&elsewhere, pack.join("course.json")).unwrap();
    std::fs::write(
        pack.join("exams.json"),
        r#"{"formatVersion": 1, "questions": []}"#,
    )
    .unwrap();
    let (report, ok) = check(d, pack.to_str().unwrap());
    assert!(!ok);
    assert_eq!(codes(&report["problems"]), vec!["import_symlink_refused"]);
    let broken = repo(&format!("{FIXTURES}/broken/long-anchor"));
    let big = d.join("big");
    std::fs::create_dir_all(big.join("units")).unwrap();
    for file in ["course.json", "exams.json", "units/plates.md"] {
        std::fs::copy(format!("{broken}/{file}"), big.join(file)).unwrap();
    }
    let notes = std::fs::File::create(big.join("units/volcanoes.md")).unwrap();
    notes.set_len(9 * 1024 * 1024).unwrap();
    let (report, ok) = check(d, big.to_str().unwrap());
    assert!(!ok);
    assert_eq!(report["problems"][0]["code"], "import_too_large");
    assert_eq!(report["problems"][0]["file"], "units/volcanoes.md");
}
