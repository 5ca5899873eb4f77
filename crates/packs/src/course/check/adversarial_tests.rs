//! Crafted course packs within the import limits (an 8 MiB `course.json` at most) that
//! once kept `lantern course check` busy for hours: four million broken units, a million
//! blank misconceptions, a hundred thousand repeated ids or foreseen mistakes. Each is
//! checked in seconds in a debug build, with at most [`MAX_FINDINGS`] problems kept and
//! the rest counted.

use super::*;
use crate::course::{COURSE_FILE, EXAMS_FILE};
use crate::import_limits::{MAX_MISCONCEPTIONS, MAX_TEXT_FILE_BYTES, MAX_UNITS};

const EXAMS: &str = r#"{"formatVersion": 1, "questions": []}"#;

/// A course whose units are `units` (the JSON inside the list's brackets).
fn course(units: &str) -> String {
    let text = format!(
        r#"{{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "u", "units": [{units}]}}"#
    );
    assert!(
        text.len() as u64 <= MAX_TEXT_FILE_BYTES,
        "{} bytes",
        text.len()
    );
    text
}

fn check(course: String, exams: &str) -> PackCheckReport {
    let files = [
        (COURSE_FILE.to_string(), course),
        (EXAMS_FILE.to_string(), exams.to_string()),
    ];
    let report = check_course_pack(&files, &[]);
    assert!(report.problems.len() <= MAX_FINDINGS);
    // Few warnings: what is omitted is problems.
    assert!(report.warnings.len() < 5, "{:?}", report.warnings);
    report
}

/// `n` copies of `item`, comma-separated.
fn many(item: &str, n: usize) -> String {
    vec![item; n].join(",")
}

#[test]
fn four_million_broken_units_are_reported_as_too_many_within_the_cap() {
    let report = check(course(&many("7", 4_000_000)), EXAMS);
    let fields: Vec<_> = report.problems.iter().map(|p| p.field.as_deref()).collect();
    assert_eq!(
        &fields[..3],
        [Some("units[0]"), Some("units"), Some("units[1]")]
    );
    assert_eq!(report.problems[1].code, "import_too_many_items");
    assert!(report.problems[1].message_en.contains("4000000 items"));
    assert!(report.problems.iter().all(|p| p.line == Some(1)));
    // The whole-file error, the count, and each unit up to the limit but the first.
    assert_eq!(report.problems.len(), MAX_FINDINGS);
    assert_eq!(
        report.problems.len() + report.omitted as usize,
        2 + MAX_UNITS - 1
    );
}

#[test]
fn a_hundred_thousand_units_with_one_id_are_too_many_not_a_quadratic_scan() {
    let unit = r#"{"id": "u", "title": "U", "anchor": "A.", "extra": 1}"#;
    let report = check(course(&many(unit, 100_000)), EXAMS);
    assert_eq!(report.problems[1].code, "import_too_many_items");
    assert_eq!(
        report.problems.len() + report.omitted as usize,
        2 + MAX_UNITS - 1
    );
}

#[test]
fn a_unit_with_a_million_misconceptions_is_too_many_and_cheap() {
    let unit = format!(
        r#"{{"id": "u", "title": "U", "anchor": "A.", "misconceptions": [{}]}}"#,
        many(r#""""#, 1_000_000)
    );
    let started = std::time::Instant::now();
    let report = check(course(&unit), EXAMS);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    let problem = &report.problems[0];
    assert_eq!(problem.code, "import_too_many_items");
    assert_eq!(problem.field.as_deref(), Some("units[0].misconceptions"));
    assert_eq!(problem.line, Some(1));
    assert!(problem
        .message_en
        .contains("1000000 items; the limit is 50"));
    assert_eq!(report.omitted, 0);
}

#[test]
fn a_drill_with_a_hundred_thousand_mistakes_is_too_many_not_checked_each() {
    let unit = format!(
        r#"{{"id": "u", "title": "U", "anchor": "A.",
            "misconceptions": [{{"tag": "adds", "text": "Adds instead of subtracting."}}],
            "drills": [{{"id": "d", "prompt": "Solve.", "question": "x + [[a]] = [[b]]",
                "answer": "x = [[b - a]]", "params": {{"a": {{"min": 1, "max": 9}},
                "b": {{"min": 1, "max": 9}}}}, "mistakes": [{}]}}]}}"#,
        many(r#"{"answer": "x = [[b + a]]", "tag": "adds"}"#, 100_000)
    );
    let started = std::time::Instant::now();
    let report = check(course(&unit), EXAMS);
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
    assert_eq!(report.problems.len(), 1, "{:?}", report.problems);
    let problem = &report.problems[0];
    assert_eq!(problem.code, "import_too_many_items");
    assert_eq!(
        problem.field.as_deref(),
        Some("units[0].drills[0].mistakes")
    );
    assert!(problem.message_en.contains("100000 items; the limit is 50"));
}

#[test]
fn a_units_repeated_tags_and_a_hundred_thousand_repeated_option_ids_are_found_with_a_set() {
    let unit = format!(
        r#"{{"id": "u", "title": "U", "anchor": "A.", "misconceptions": [{}]}}"#,
        many(r#"{"tag": "a", "text": "T."}"#, MAX_MISCONCEPTIONS),
    );
    let exams = format!(
        r#"{{"formatVersion": 1, "questions": [{{"id": "q", "unitIds": ["u"], "tier": "bronze",
            "stem": "S", "options": [{}], "correct": "A", "memo": "Because it is so."}}]}}"#,
        many(r#"{"id": "A", "text": "x"}"#, 100_000)
    );
    let report = check(course(&unit), &exams);
    assert!(report
        .problems
        .iter()
        .all(|p| p.code == "pack_duplicate_id"));
    assert_eq!(
        report.problems[0].field.as_deref(),
        Some("units[0].misconceptions[1].tag")
    );
    assert_eq!(report.problems[0].line, Some(1));
    // The unit's repeated tags, then the question's repeated option ids.
    assert_eq!(
        report.problems.len() + report.omitted as usize,
        MAX_MISCONCEPTIONS - 1 + 99_999
    );
}
