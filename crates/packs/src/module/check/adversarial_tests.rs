//! Crafted module packs within the import limits (an 8 MiB `module.json` at most) that
//! once kept `lantern module check` busy for hours: four million broken phases, a million
//! empty keywords, a hundred thousand topics with one id. Each is checked in seconds in
//! a debug build, with at most [`MAX_FINDINGS`] findings of each kind kept.

use super::*;
use crate::course::check::MAX_FINDINGS;
use crate::import_limits::MAX_TEXT_FILE_BYTES;
use crate::module::testing::MODULE_JSON;

fn check(module_json: &str) -> PackCheckReport {
    assert!(module_json.len() as u64 <= MAX_TEXT_FILE_BYTES);
    let files = [
        (MODULE_FILE.to_string(), module_json.to_string()),
        ("media/curve.svg".to_string(), String::new()),
    ];
    let report = check_module_pack(&files, &[]);
    assert!(report.problems.len() <= MAX_FINDINGS);
    assert!(report.warnings.len() <= MAX_FINDINGS);
    report
}

/// The test module with its first topic's English keywords replaced by `keywords`.
fn with_keywords(keywords: &str) -> String {
    let find = r#""en": ["racing heart", "heart races", "heart pounding"]"#;
    assert!(MODULE_JSON.contains(find));
    MODULE_JSON.replacen(find, &format!(r#""en": [{keywords}]"#), 1)
}

#[test]
fn four_million_broken_phases_are_reported_as_too_many_within_the_cap() {
    let phases = vec!["7"; 4_000_000].join(",");
    let text = format!(
        r#"{{"formatVersion": 1, "id": "m", "title": "M", "language": "en", "phases": [{phases}]}}"#
    );
    let report = check(&text);
    let fields: Vec<_> = report.problems.iter().map(|p| p.field.as_deref()).collect();
    assert_eq!(
        &fields[..3],
        [Some("phases[0]"), Some("phases"), Some("phases[1]")]
    );
    assert_eq!(report.problems[1].code, "import_too_many_items");
    assert_eq!(report.problems.len(), 1 + MAX_PHASES);
    assert!(report.problems.iter().all(|p| p.line == Some(1)));
}

#[test]
fn a_million_empty_keywords_are_counted_not_kept() {
    let report = check(&with_keywords(&vec![r#""""#; 1_000_000].join(",")));
    assert_eq!(report.problems.len(), MAX_FINDINGS);
    assert_eq!(
        report.problems[0].field.as_deref(),
        Some("phases[0].sections[0].topics[0].keywords.en[0]")
    );
    assert_eq!(report.problems[0].line, Some(9));
    assert_eq!(report.problems.len() + report.omitted as usize, 1_000_000);
}

#[test]
fn a_hundred_thousand_topics_with_one_id_are_found_with_a_set() {
    let topic = r#"{"id": "t", "title": "T", "notes": "N.", "keywords": {"en": ["w"]}}"#;
    let topics = vec![topic; 100_000].join(",\n");
    let find = r#""topics": [
        {"id": "sleep""#;
    assert!(MODULE_JSON.contains(find));
    let text = MODULE_JSON.replacen(
        find,
        &format!("\"topics\": [{topics},\n{{\"id\": \"sleep\""),
        1,
    );
    let report = check(&text);
    let duplicates = report
        .problems
        .iter()
        .filter(|p| p.code == "pack_duplicate_id")
        .count();
    assert!(duplicates > 0);
    assert_eq!(report.warnings.len(), MAX_FINDINGS);
    assert!(report.omitted as usize >= 2 * 99_999 - 2 * MAX_FINDINGS);
}
