//! Parsing `course.json` and `exams.json` into their types, with errors that name the
//! field (`units[3].id`) or the line and column of a syntax error.

use super::bounded::over_limit;
use super::error::{PackError, PackErrorKind};
use super::limits::{check_course_limits, check_exam_limits};
use super::misconception::tag_untagged;
use super::model::{CourseManifest, ExamFile};
use super::validate::{validate_course, validate_exams};
use serde::de::DeserializeOwned;
use serde_json::error::Category;

pub use super::model::{COURSE_FILE, EXAMS_FILE};

/// serde's message for a value, without the " at line L column C" it ends with when read
/// from text (the field path says more).
pub(crate) fn without_position(error: &serde_json::Error) -> String {
    let detail = error.to_string();
    detail
        .split(" at line ")
        .next()
        .unwrap_or(&detail)
        .to_string()
}

/// The error of a value of `file` at `path` that does not fit its type: a list over its
/// import limit (`import_too_many_items`), or any other invalid field.
pub(crate) fn data_error(file: &str, path: String, error: &serde_json::Error) -> PackError {
    let detail = without_position(error);
    match over_limit(&detail) {
        Some(count) => PackError::field(PackErrorKind::TooManyItems, file, path, count),
        None => PackError::field(PackErrorKind::InvalidField, file, path, detail),
    }
}

/// Parses `text` as `file`'s type, errors naming the field path or the syntax error.
pub(crate) fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, PackError> {
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(deserializer).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        match inner.classify() {
            Category::Data => data_error(file, path, &inner),
            Category::Syntax | Category::Eof | Category::Io => PackError::file(
                PackErrorKind::InvalidJson,
                file,
                format!("not valid JSON: {inner}"),
            ),
        }
    })
}

/// Parses `course.json`, holds its lists to the import limits, and validates it.
pub fn parse_course(text: &str) -> Result<CourseManifest, PackError> {
    let mut course: CourseManifest = parse(COURSE_FILE, text)?;
    check_course_limits(&course)?;
    for unit in &mut course.units {
        tag_untagged(&mut unit.misconceptions);
    }
    validate_course(&course)?;
    Ok(course)
}

/// Parses `exams.json`, holds it to the import limits, and validates it against `course`.
pub fn parse_exams(text: &str, course: &CourseManifest) -> Result<ExamFile, PackError> {
    let exams: ExamFile = parse(EXAMS_FILE, text)?;
    check_exam_limits(&exams)?;
    validate_exams(&exams, course)?;
    Ok(exams)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_errors_give_line_and_column() {
        let e = parse_course("{\n  \"id\": \"x\",,\n}").unwrap_err();
        assert_eq!(e.kind, PackErrorKind::InvalidJson);
        assert!(e.detail.contains("line 2"), "{}", e.detail);
    }

    #[test]
    fn wrong_types_name_the_field_path() {
        let text = r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a",
            "units":[{"id":"a","title":"A","anchor":"x"},{"id":7,"title":"B","anchor":"y"}]}"#;
        let e = parse_course(text).unwrap_err();
        assert_eq!(e.kind, PackErrorKind::InvalidField);
        assert_eq!(e.field.as_deref(), Some("units[1].id"));
    }

    #[test]
    fn missing_and_unknown_fields_are_invalid_fields() {
        let e =
            parse_course(r#"{"formatVersion":1,"id":"c","entryUnit":"a","units":[]}"#).unwrap_err();
        assert_eq!(e.kind, PackErrorKind::InvalidField);
        assert!(e.detail.contains("title"), "{}", e.detail);
        let text = r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a","units":[],"prerequisite":[]}"#;
        let e = parse_course(text).unwrap_err();
        assert!(e.detail.contains("prerequisite"), "{}", e.detail);
    }

    #[test]
    fn unknown_tier_is_an_invalid_field() {
        let course = parse_course(
            r#"{"formatVersion":1,"id":"c","title":"T","entryUnit":"a","units":[{"id":"a","title":"A","anchor":"x"}]}"#,
        )
        .unwrap();
        let exams = r#"{"formatVersion":1,"questions":[{"id":"q","unitIds":["a"],"tier":"platinum",
            "stem":"s","options":[{"id":"A","text":"1"},{"id":"B","text":"2"}],"correct":"A","memo":"m"}]}"#;
        let e = parse_exams(exams, &course).unwrap_err();
        assert_eq!(e.kind, PackErrorKind::InvalidField);
        assert_eq!(e.field.as_deref(), Some("questions[0].tier"));
    }
}
