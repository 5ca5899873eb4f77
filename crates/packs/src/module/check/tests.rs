//! One test per rule of `lantern module check`.

use super::*;
use crate::module::testing::MODULE_JSON;

fn files(module_json: &str, media: bool) -> Vec<(String, String)> {
    let mut files = vec![(MODULE_FILE.to_string(), module_json.to_string())];
    if media {
        files.push(("media/curve.svg".to_string(), String::new()));
    }
    files
}

fn codes(report: &PackCheckReport) -> Vec<(&str, Option<&str>, Option<u32>)> {
    report
        .problems
        .iter()
        .chain(&report.warnings)
        .map(|f| (f.code.as_str(), f.field.as_deref(), f.line))
        .collect()
}

#[test]
fn the_test_module_has_no_problem() {
    let report = check_module_pack(&files(MODULE_JSON, true), &[]);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
}

#[test]
fn every_problem_is_reported_not_only_the_first() {
    let broken = MODULE_JSON
        .replacen(r#""id": "mind""#, r#""id": "body""#, 1)
        .replacen(r#""form": "check_in""#, r#""form": "nope""#, 1)
        .replacen(r#""alt": "A curve", "#, "", 1);
    let report = check_module_pack(&files(&broken, true), &[]);
    let found = codes(&report);
    for (code, field) in [
        ("pack_invalid_field", "media[0].alt"),
        ("pack_invalid_field", "phases[0].sections[0].form"),
        ("pack_duplicate_id", "phases[0].sections[1].id"),
    ] {
        assert!(
            found
                .iter()
                .any(|(c, f, l)| *c == code && *f == Some(field) && l.is_some()),
            "{code} {field}: {found:?}"
        );
    }
}

#[test]
fn a_listed_media_file_must_be_in_the_pack() {
    let report = check_module_pack(&files(MODULE_JSON, false), &[]);
    assert_eq!(
        codes(&report)[0],
        ("pack_missing_file", Some("media[0].file"), Some(26))
    );
}

#[test]
fn a_topic_with_few_keywords_in_the_modules_language_is_a_warning() {
    let report = check_module_pack(&files(MODULE_JSON, true), &[]);
    let warned: Vec<_> = report
        .warnings
        .iter()
        .filter(|w| w.code == "topic_few_keywords")
        .map(|w| w.field.as_deref().unwrap_or_default())
        .collect();
    assert!(
        warned.contains(&"phases[0].sections[0].topics[1].keywords.en"),
        "{warned:?}"
    );
    assert!(!warned.contains(&"phases[0].sections[0].topics[0].keywords.en"));
}

#[test]
fn a_keyword_ending_in_a_star_after_a_short_stem_is_a_warning() {
    let stems = |module_json: &str| -> Vec<String> {
        check_module_pack(&files(module_json, true), &[])
            .warnings
            .iter()
            .filter(|w| w.code == "keyword_stem_short")
            .map(|w| w.field.clone().unwrap_or_default())
            .collect()
    };
    assert!(stems(MODULE_JSON).is_empty());
    let short = MODULE_JSON.replacen(r#"["breath*"]"#, r#"["breath*", "can*"]"#, 1);
    assert_eq!(
        stems(&short),
        vec!["phases[0].sections[0].topics[1].keywords.en[1]".to_string()]
    );
}

#[test]
fn a_broken_or_missing_module_json_is_one_problem_with_its_line() {
    let report = check_module_pack(&files("{\n  \"id\": ,\n}", true), &[]);
    assert_eq!(codes(&report), vec![("pack_invalid_json", None, Some(2))]);
    let report = check_module_pack(&[], &[]);
    assert_eq!(codes(&report), vec![("pack_missing_file", None, None)]);
}

#[test]
fn wrong_types_in_several_sections_are_each_named() {
    let broken = MODULE_JSON
        .replacen(r#""id": "heart""#, r#""id": 7"#, 1)
        .replacen(r#""notes": "Sleep fixes memories.","#, "", 1);
    let report = check_module_pack(&files(&broken, true), &[]);
    let fields: Vec<_> = report
        .problems
        .iter()
        .filter_map(|p| p.field.as_deref())
        .collect();
    assert_eq!(
        fields,
        vec![
            "phases[0].sections[0].topics[0].id",
            "phases[1].sections[0].topics[0].notes"
        ]
    );
}

#[test]
fn listed_media_are_read_from_the_json_as_it_is() {
    assert_eq!(module_listed_files(MODULE_JSON), vec!["media/curve.svg"]);
    assert!(module_listed_files("not json").is_empty());
    let escaping = r#"{"media": [{"file": "../x.png"}, {"file": "a.png"}, {"file": "a.png"}]}"#;
    assert_eq!(module_listed_files(escaping), vec!["a.png"]);
}
