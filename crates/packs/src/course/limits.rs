//! A course's lists held to the import limits, checked right after parsing and before
//! the slower validation (drills are rendered several times each), and each content
//! file listed once in the whole course (a file named twice would be read, indexed and
//! embedded twice).

use super::error::{PackError, PackErrorKind};
use super::model::{CourseManifest, ExamFile};
use super::model::{COURSE_FILE, EXAMS_FILE};
use crate::import_limits::{
    check_count, MAX_CONTENT_FILES, MAX_DRILLS, MAX_MISCONCEPTIONS, MAX_MISTAKES,
    MAX_PREREQUISITES, MAX_QUESTIONS, MAX_UNITS,
};
use std::collections::HashSet;

/// Longest concept card, in words (a unit's anchor is shown as one).
pub const MAX_CONCEPT_WORDS: usize = 170;
/// Most key ideas on a concept card.
pub const MAX_KEY_IDEAS: usize = 3;

/// Units, content files, prerequisite edges, drills, each unit's misconceptions and each
/// drill's mistakes within their limits, and no content path listed twice
/// (`import_duplicate_path` at the second listing). A course parsed from text has its
/// misconceptions and mistakes held to their limits while it is read
/// ([`super::bounded`]); a course built in code is held to them here.
pub(crate) fn check_course_limits(course: &CourseManifest) -> Result<(), PackError> {
    check_count(COURSE_FILE, "units", course.units.len(), MAX_UNITS)?;
    check_count(
        COURSE_FILE,
        "prerequisites",
        course.prerequisites.len(),
        MAX_PREREQUISITES,
    )?;
    check_paths_once(course)?;
    let contents = course.units.iter().map(|u| u.content.len()).sum();
    check_count(COURSE_FILE, "units[*].content", contents, MAX_CONTENT_FILES)?;
    let drills = course.units.iter().map(|u| u.drills.len()).sum();
    check_count(COURSE_FILE, "units[*].drills", drills, MAX_DRILLS)?;
    for (i, unit) in course.units.iter().enumerate() {
        let field = format!("units[{i}].misconceptions");
        check_count(
            COURSE_FILE,
            &field,
            unit.misconceptions.len(),
            MAX_MISCONCEPTIONS,
        )?;
        for (j, drill) in unit.drills.iter().enumerate() {
            let field = format!("units[{i}].drills[{j}].mistakes");
            check_count(COURSE_FILE, &field, drill.mistakes.len(), MAX_MISTAKES)?;
        }
    }
    Ok(())
}

/// Each content path at most once in the course.
fn check_paths_once(course: &CourseManifest) -> Result<(), PackError> {
    let mut seen = HashSet::new();
    for (i, unit) in course.units.iter().enumerate() {
        for (j, path) in unit.content.iter().enumerate() {
            if !seen.insert(path.as_str()) {
                return Err(PackError::field(
                    PackErrorKind::DuplicatePath,
                    COURSE_FILE,
                    format!("units[{i}].content[{j}]"),
                    format!("`{path}` is already listed; each content file is listed once"),
                ));
            }
        }
    }
    Ok(())
}

/// At most [`MAX_QUESTIONS`] questions.
pub(crate) fn check_exam_limits(exams: &ExamFile) -> Result<(), PackError> {
    check_count(
        EXAMS_FILE,
        "questions",
        exams.questions.len(),
        MAX_QUESTIONS,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::parse_course;
    use lantern_core::Coded;

    fn course(units: &str) -> String {
        format!(r#"{{"formatVersion":1,"id":"c","title":"T","entryUnit":"u0","units":[{units}]}}"#)
    }

    #[test]
    fn more_units_than_the_limit_are_refused_before_validation() {
        let units: Vec<String> = (0..=MAX_UNITS)
            .map(|i| format!(r#"{{"id":"u{i}","title":"U","anchor":"a"}}"#))
            .collect();
        let e = parse_course(&course(&units.join(","))).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.field.as_deref()),
            ("import_too_many_items", Some("units"))
        );
    }

    #[test]
    fn more_content_files_than_the_limit_are_refused() {
        let paths: Vec<String> = (0..=MAX_CONTENT_FILES)
            .map(|i| format!(r#""f{i}.md""#))
            .collect();
        let unit = format!(
            r#"{{"id":"u0","title":"U","anchor":"a","content":[{}]}}"#,
            paths.join(",")
        );
        let e = parse_course(&course(&unit)).unwrap_err();
        assert_eq!(e.code(), "import_too_many_items");
    }

    #[test]
    fn a_unit_with_a_million_misconceptions_is_refused_while_parsing() {
        let unit = format!(
            r#"{{"id":"u0","title":"U","anchor":"a","misconceptions":[{}]}}"#,
            vec![r#""""#; 1_000_000].join(",")
        );
        let e = parse_course(&course(&unit)).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.field.as_deref()),
            ("import_too_many_items", Some("units[0].misconceptions"))
        );
        assert_eq!(e.detail, "1000000 items; the limit is 50");
        let fifty = format!(
            r#"{{"id":"u0","title":"U","anchor":"a","misconceptions":[{}]}}"#,
            vec![r#""Thinks so.""#; MAX_MISCONCEPTIONS].join(",")
        );
        assert!(parse_course(&course(&fifty)).is_ok());
    }

    #[test]
    fn a_drill_with_a_hundred_thousand_mistakes_is_refused_before_any_is_checked() {
        let mistakes = vec![r#"{"answer":"x = [[a]]","tag":"adds"}"#; 100_000].join(",");
        let unit = format!(
            r#"{{"id":"u0","title":"U","anchor":"a","misconceptions":[{{"tag":"adds","text":"Adds."}}],
            "drills":[{{"id":"d","prompt":"Solve.","question":"x + [[a]] = 0","answer":"x = [[-a]]",
            "params":{{"a":{{"min":1,"max":9}}}},"mistakes":[{mistakes}]}}]}}"#
        );
        let e = parse_course(&course(&unit)).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.field.as_deref()),
            ("import_too_many_items", Some("units[0].drills[0].mistakes"))
        );
    }

    #[test]
    fn a_content_file_listed_twice_is_refused_at_the_second_listing() {
        let twice = r#"{"id":"u0","title":"U","anchor":"a","content":["a.md"]},
            {"id":"u1","title":"V","anchor":"b","content":["b.md","a.md"]}"#;
        let e = parse_course(&course(twice)).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.field.as_deref()),
            ("import_duplicate_path", Some("units[1].content[1]"))
        );
    }

    #[test]
    fn one_unit_naming_a_file_ten_thousand_times_is_refused() {
        let paths = vec![r#""a.md""#; 10_000].join(",");
        let unit = format!(r#"{{"id":"u0","title":"U","anchor":"a","content":[{paths}]}}"#);
        let e = parse_course(&course(&unit)).unwrap_err();
        assert_eq!(
            (e.code().as_str(), e.field.as_deref()),
            ("import_duplicate_path", Some("units[0].content[1]"))
        );
    }
}
