//! Reading a pack's JSON file for a check: the importer's parse (same errors, same
//! order), and when it fails on a field, each element of the file's lists read on its
//! own, so a file with three broken units reports three problems, not one.

use super::report::PackCheckReport;
use crate::course::parse::parse;
use crate::course::{PackError, PackErrorKind};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// One of a file's lists whose elements are read one by one when the file does not
/// parse: its key and a reader of one element (the element's problem, if any).
pub(crate) type ListReader = (&'static str, fn(&str, &str, &Value) -> Option<PackError>);

/// A reader of one element of a list, as type `T`: its problem names the element's path.
pub(crate) fn element<T: DeserializeOwned>(
    file: &str,
    prefix: &str,
    value: &Value,
) -> Option<PackError> {
    let e = serde_path_to_error::deserialize::<_, T>(value).err()?;
    let inner = e.path().to_string();
    let field = if inner == "." {
        prefix.to_string()
    } else {
        format!("{prefix}.{inner}")
    };
    Some(PackError::field(
        PackErrorKind::InvalidField,
        file,
        field,
        e.into_inner().to_string(),
    ))
}

/// A missing field's path made to name the field (`questions[0]` → `questions[0].memo`).
fn name_missing_field(mut e: PackError) -> PackError {
    let missing = e
        .detail
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string());
    if let (Some(name), Some(field)) = (missing, e.field.as_mut()) {
        *field = if field.is_empty() || field == "." {
            name
        } else {
            format!("{field}.{name}")
        };
    }
    e
}

/// `text` read as the `file`'s type `T`; what is wrong goes into `report` (every broken
/// element of `lists`) and the answer is `None`.
pub(crate) fn parse_all<T: DeserializeOwned>(
    file: &str,
    text: &str,
    lists: &[ListReader],
    report: &mut PackCheckReport,
) -> Option<T> {
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => {
            let line = u32::try_from(e.line()).ok();
            let error = PackError::file(
                PackErrorKind::InvalidJson,
                file,
                format!("not valid JSON: {e}"),
            );
            report.problem(&error, None, line);
            return None;
        }
    };
    let whole = match parse::<T>(file, text) {
        Ok(parsed) => return Some(parsed),
        Err(e) => name_missing_field(e),
    };
    let mut found = vec![whole];
    for (key, read) in lists {
        let Some(items) = value.get(key).and_then(Value::as_array) else {
            continue;
        };
        for (i, item) in items.iter().enumerate() {
            if let Some(e) = read(file, &format!("{key}[{i}]"), item) {
                let e = name_missing_field(e);
                if !found.iter().any(|f| f.field == e.field) {
                    found.push(e);
                }
            }
        }
    }
    for e in &found {
        report.problem(e, Some(text), None);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{CourseManifest, Unit};

    const LISTS: [ListReader; 1] = [("units", element::<Unit>)];

    fn problems(text: &str) -> Vec<(Option<String>, Option<u32>)> {
        let mut report = PackCheckReport::default();
        assert!(parse_all::<CourseManifest>("course.json", text, &LISTS, &mut report).is_none());
        report
            .problems
            .into_iter()
            .map(|p| (p.field, p.line))
            .collect()
    }

    #[test]
    fn a_syntax_error_gives_its_line() {
        assert_eq!(problems("{\n  \"id\": 1,,\n}"), vec![(None, Some(2))]);
    }

    #[test]
    fn every_broken_unit_is_named_with_its_line() {
        let text = r#"{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "a",
"units": [
  {"id": 7, "title": "A", "anchor": "x"},
  {"id": "b", "title": "B", "anchor": "y"},
  {"id": "c", "title": "C"}
]}"#;
        assert_eq!(
            problems(text),
            vec![
                (Some("units[0].id".into()), Some(3)),
                (Some("units[2].anchor".into()), Some(5)),
            ]
        );
    }

    #[test]
    fn a_valid_file_parses() {
        let text = r#"{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "a",
            "units": [{"id": "a", "title": "A", "anchor": "x"}]}"#;
        let mut report = PackCheckReport::default();
        let parsed = parse_all::<CourseManifest>("course.json", text, &LISTS, &mut report);
        assert_eq!(parsed.unwrap().units.len(), 1);
        assert!(report.problems.is_empty());
    }
}
