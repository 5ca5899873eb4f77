//! One test per rule of `lantern course check`.

use super::*;
use crate::course::{parse_course, PackErrorKind, COURSE_FILE, EXAMS_FILE};

const COURSE: &str = r#"{
  "formatVersion": 1,
  "id": "tides",
  "title": "Tides",
  "entryUnit": "moon",
  "units": [
    {
      "id": "moon",
      "title": "The moon",
      "anchor": "The moon's gravity pulls the oceans into two bulges.",
      "misconceptions": ["Thinks the wind causes the tides."],
      "content": ["units/moon.md"]
    },
    {
      "id": "cycle",
      "title": "The tidal cycle",
      "anchor": "Most coasts have two high tides a day.",
      "misconceptions": ["Thinks there is one high tide a day."],
      "content": ["units/cycle.md"]
    }
  ],
  "prerequisites": [{ "from": "moon", "to": "cycle" }]
}"#;

const EXAMS: &str = r#"{
  "formatVersion": 1,
  "questions": [
    {
      "id": "Q1",
      "unitIds": ["cycle"],
      "tier": "bronze",
      "stem": "How many high tides do most coasts have a day?",
      "options": [{ "id": "A", "text": "One" }, { "id": "B", "text": "Two" }],
      "correct": "B",
      "memo": "Two: the moon raises a bulge on each side of the earth."
    }
  ]
}"#;

const MOON: &str = "# The moon\n\nThe moon's gravity pulls the water towards it.\n";
const CYCLE: &str = "# The cycle\n\nA high tide comes about every 12 hours and 25 minutes.\n";

/// The sample pack with `find` replaced by `replace` in the file `file`.
fn pack_with(file: &str, find: &str, replace: &str) -> Vec<(String, String)> {
    let mut files = vec![
        (COURSE_FILE.to_string(), COURSE.to_string()),
        (EXAMS_FILE.to_string(), EXAMS.to_string()),
        ("units/moon.md".to_string(), MOON.to_string()),
        ("units/cycle.md".to_string(), CYCLE.to_string()),
    ];
    for (path, text) in &mut files {
        if path == file {
            assert!(text.contains(find), "{find} is not in {file}");
            *text = text.replacen(find, replace, 1);
        }
    }
    files
}

/// The sample pack without the file `path`.
fn without(path: &str) -> Vec<(String, String)> {
    let mut files = pack_with(COURSE_FILE, "", "");
    files.retain(|(p, _)| p != path);
    files
}

fn check(files: &[(String, String)]) -> PackCheckReport {
    check_course_pack(files, &[])
}

/// (code, file, line, field) of every finding.
fn found(report: &PackCheckReport) -> Vec<(String, String, Option<u32>, Option<String>)> {
    report
        .problems
        .iter()
        .chain(&report.warnings)
        .map(|f| (f.code.clone(), f.file.clone(), f.line, f.field.clone()))
        .collect()
}

fn has(report: &PackCheckReport, code: &str, file: &str, line: Option<u32>, field: Option<&str>) {
    let all = found(report);
    assert!(
        all.iter()
            .any(|(c, f, l, x)| c == code && f == file && *l == line && x.as_deref() == field),
        "{code} {file}:{line:?} {field:?} not in {all:#?}"
    );
}

#[test]
fn the_sample_pack_has_no_problem_and_no_warning() {
    let report = check(&pack_with(COURSE_FILE, "", ""));
    assert_eq!(found(&report), vec![]);
    assert!(report.is_importable());
}

#[test]
fn a_missing_manifest_is_a_problem() {
    has(
        &check(&without(EXAMS_FILE)),
        "pack_missing_file",
        EXAMS_FILE,
        None,
        None,
    );
}

#[test]
fn a_syntax_error_names_its_line() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""title": "Tides","#,
        r#""title": "Tides",,"#,
    ));
    has(&report, "pack_invalid_json", COURSE_FILE, Some(4), None);
    assert!(report.problems[0].message_en.contains("line 4"));
}

#[test]
fn every_unit_of_a_wrong_type_is_named() {
    let mut files = pack_with(COURSE_FILE, r#""id": "moon""#, r#""id": 1"#);
    files[0].1 = files[0]
        .1
        .replacen(r#""title": "The tidal cycle""#, r#""title": []"#, 1);
    let report = check(&files);
    has(
        &report,
        "pack_invalid_field",
        COURSE_FILE,
        Some(8),
        Some("units[0].id"),
    );
    has(
        &report,
        "pack_invalid_field",
        COURSE_FILE,
        Some(16),
        Some("units[1].title"),
    );
}

#[test]
fn a_duplicate_unit_id_points_at_its_second_use() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""id": "cycle""#,
        r#""id": "moon""#,
    ));
    has(
        &report,
        "pack_duplicate_id",
        COURSE_FILE,
        Some(15),
        Some("units[1].id"),
    );
}

#[test]
fn an_edge_to_a_missing_unit_and_a_cycle_are_both_reported() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#"[{ "from": "moon", "to": "cycle" }]"#,
        r#"[{ "from": "moon", "to": "sun" },
    { "from": "moon", "to": "cycle" }, { "from": "cycle", "to": "moon" }]"#,
    ));
    has(
        &report,
        "pack_unknown_unit",
        COURSE_FILE,
        Some(22),
        Some("prerequisites[0].to"),
    );
    has(
        &report,
        "pack_cycle",
        COURSE_FILE,
        Some(22),
        Some("prerequisites"),
    );
    assert!(report.problems[1].message_es.contains("ciclo"));
}

#[test]
fn the_importer_still_stops_at_the_first_of_them() {
    let mut files = pack_with(COURSE_FILE, r#""to": "cycle""#, r#""to": "sun""#);
    files[0].1 = files[0]
        .1
        .replacen(r#""id": "cycle""#, r#""id": "moon""#, 1);
    let first = parse_course(&files[0].1).unwrap_err();
    let report = check(&files);
    assert_eq!(report.problems[0].field, first.field);
    assert_eq!(first.kind, PackErrorKind::DuplicateId);
    assert!(report.problems.len() >= 2);
}

#[test]
fn a_question_without_a_memo_names_the_memo() {
    let report = check(&pack_with(
        EXAMS_FILE,
        r#",
      "memo": "Two: the moon raises a bulge on each side of the earth.""#,
        "",
    ));
    has(
        &report,
        "pack_invalid_field",
        EXAMS_FILE,
        Some(4),
        Some("questions[0].memo"),
    );
    let report = check(&pack_with(
        EXAMS_FILE,
        "Two: the moon raises a bulge on each side of the earth.",
        " ",
    ));
    has(
        &report,
        "pack_invalid_field",
        EXAMS_FILE,
        Some(11),
        Some("questions[0].memo"),
    );
}

#[test]
fn an_exam_question_on_an_unknown_unit_is_a_problem() {
    let report = check(&pack_with(
        EXAMS_FILE,
        r#"["cycle"]"#,
        r#"["cycle", "waves"]"#,
    ));
    has(
        &report,
        "pack_unknown_unit",
        EXAMS_FILE,
        Some(6),
        Some("questions[0].unitIds[1]"),
    );
}

#[test]
fn a_listed_file_not_in_the_pack_is_named_where_it_is_listed() {
    has(
        &check(&without("units/cycle.md")),
        "pack_missing_file",
        COURSE_FILE,
        Some(19),
        Some("units[1].content[0]"),
    );
}

#[test]
fn an_unreadable_file_is_reported_once_with_its_code() {
    let too_large =
        crate::course::PackError::file(PackErrorKind::TooLarge, "units/cycle.md", "9 MiB");
    let report = check_course_pack(&without("units/cycle.md"), &[too_large]);
    let codes: Vec<_> = report.problems.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, vec!["import_too_large"]);
}

#[test]
fn a_transcript_without_cues_is_a_problem() {
    let mut files = pack_with(COURSE_FILE, "units/cycle.md", "units/cycle.vtt");
    files.push(("units/cycle.vtt".into(), "WEBVTT\n\nno cues here\n".into()));
    has(
        &check(&files),
        "pack_invalid_field",
        "units/cycle.vtt",
        None,
        None,
    );
}

#[test]
fn a_missing_video_is_named_in_exams_json() {
    let files = pack_with(
        EXAMS_FILE,
        r#""correct": "B","#,
        r#""correct": "B", "video": "v/q1.mp4","#,
    );
    has(
        &check(&files),
        "pack_missing_file",
        EXAMS_FILE,
        Some(10),
        Some("questions[0].video"),
    );
}

#[test]
fn a_pack_over_the_limits_is_refused_before_the_slow_rules() {
    let units: Vec<String> = (0..=crate::import_limits::MAX_UNITS)
        .map(|i| format!(r#"{{"id":"u{i}","title":"U","anchor":"a"}}"#))
        .collect();
    let text = format!(
        r#"{{"formatVersion":1,"id":"c","title":"T","entryUnit":"u0","units":[{}]}}"#,
        units.join(",")
    );
    let files = vec![
        (COURSE_FILE.to_string(), text),
        (EXAMS_FILE.to_string(), EXAMS.to_string()),
    ];
    let report = check(&files);
    assert_eq!(report.problems[0].code, "import_too_many_items");
    assert!(report.warnings.is_empty());
}

#[test]
fn a_unit_without_drills_or_misconceptions_warns() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""misconceptions": ["Thinks the wind causes the tides."],"#,
        "",
    ));
    has(
        &report,
        "unit_no_practice",
        COURSE_FILE,
        Some(7),
        Some("units[0]"),
    );
}

#[test]
fn an_anchor_longer_than_the_concept_card_warns() {
    let long =
        "The moon pulls the sea. The sun pulls too. Spring tides are big. Neap tides are small.";
    let report = check(&pack_with(
        COURSE_FILE,
        "The moon's gravity pulls the oceans into two bulges.",
        long,
    ));
    has(
        &report,
        "anchor_too_long",
        COURSE_FILE,
        Some(10),
        Some("units[0].anchor"),
    );
    assert_eq!(shown_sentences(long), (3, 4));
}

#[test]
fn a_unit_without_notes_warns() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""content": ["units/moon.md"]"#,
        r#""content": []"#,
    ));
    has(
        &report,
        "unit_no_content",
        COURSE_FILE,
        Some(12),
        Some("units[0].content"),
    );
    let report = check(&pack_with("units/cycle.md", CYCLE, "   \n"));
    has(
        &report,
        "unit_no_content",
        COURSE_FILE,
        Some(19),
        Some("units[1].content"),
    );
}

#[test]
fn a_short_memo_and_an_empty_exam_warn() {
    let report = check(&pack_with(
        EXAMS_FILE,
        "Two: the moon raises a bulge on each side of the earth.",
        "Two.",
    ));
    has(
        &report,
        "question_memo_short",
        EXAMS_FILE,
        Some(11),
        Some("questions[0].memo"),
    );
    let empty = r#"{ "formatVersion": 1,
  "questions": [] }"#;
    let mut files = pack_with(COURSE_FILE, "", "");
    files[1].1 = empty.to_string();
    has(
        &check(&files),
        "exams_empty",
        EXAMS_FILE,
        Some(2),
        Some("questions"),
    );
}

#[test]
fn an_empty_heading_in_the_notes_warns_with_its_line() {
    let report = check(&pack_with(
        "units/moon.md",
        MOON,
        &format!("{MOON}\n## Spring tides\n"),
    ));
    has(
        &report,
        "notes_empty_section",
        "units/moon.md",
        Some(5),
        None,
    );
}

#[test]
fn listed_files_are_read_from_the_json_as_it_is() {
    let exams = EXAMS.replacen(
        r#""correct": "B","#,
        r#""correct": "B", "video": "v.mp4","#,
        1,
    );
    assert_eq!(
        course_listed_files(COURSE, &exams),
        vec!["units/moon.md", "units/cycle.md", "v.mp4"]
    );
    assert!(course_listed_files("{", "[").is_empty());
    let escaping = r#"{"units": [{"content": ["../x.md", "a.md", "a.md"]}]}"#;
    assert_eq!(course_listed_files(escaping, ""), vec!["a.md"]);
}

#[test]
fn every_finding_has_a_message_in_both_languages() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""id": "cycle""#,
        r#""id": "moon""#,
    ));
    for f in report.problems.iter().chain(&report.warnings) {
        assert!(
            !f.message_en.is_empty() && !f.message_es.is_empty(),
            "{f:?}"
        );
        assert_ne!(f.message_en, f.message_es);
    }
}

#[test]
fn the_report_serializes_in_camel_case() {
    let report = check(&pack_with(
        COURSE_FILE,
        r#""id": "cycle""#,
        r#""id": "moon""#,
    ));
    let json = serde_json::to_value(&report).unwrap();
    assert!(json["problems"][0]["messageEs"].is_string());
    assert_eq!(json["problems"][0]["line"], 15);
    let schema = schemars::schema_for!(PackCheckReport);
    assert!(serde_json::to_string(&schema)
        .unwrap()
        .contains("messageEn"));
}
