//! Reading a pack's JSON file for a check: the importer's parse (same errors, same
//! order), and when it fails on a field, each element of the file's lists read on its
//! own, so a file with three broken units reports three problems, not one. A list is
//! read one element at a time only up to its import limit; a longer one is reported as
//! too long (`import_too_many_items`) before its elements, as the importer would refuse
//! it once it parsed.

use super::json_lines::JsonText;
use super::json_lists::read_lists;
use super::report::PackCheckReport;
use crate::course::parse::{data_error, parse};
use crate::course::{PackError, PackErrorKind};
use crate::import_limits::check_count;
use serde::de::DeserializeOwned;
use std::collections::HashSet;

/// One of a file's lists whose elements are read one by one when the file does not
/// parse.
pub(crate) struct ListReader {
    /// The list's key in the file's top-level object.
    pub key: &'static str,
    /// Most elements the importer takes; only these are read one by one.
    pub max: usize,
    /// A reader of one element (the file, the element's path, its text): the element's
    /// problem, if any.
    pub read: fn(&str, &str, &str) -> Option<PackError>,
}

/// A reader of one element of a list, as type `T`: its problem names the element's path.
pub(crate) fn element<T: DeserializeOwned>(
    file: &str,
    prefix: &str,
    text: &str,
) -> Option<PackError> {
    let deserializer = &mut serde_json::Deserializer::from_str(text);
    let e = serde_path_to_error::deserialize::<_, T>(deserializer).err()?;
    let inner = e.path().to_string();
    let field = if inner == "." {
        prefix.to_string()
    } else {
        format!("{prefix}.{inner}")
    };
    Some(data_error(file, field, &e.into_inner()))
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
/// element of `lists`, within their limits) and the answer is `None`.
pub(crate) fn parse_all<T: DeserializeOwned>(
    file: &str,
    text: &JsonText<'_>,
    lists: &[ListReader],
    report: &mut PackCheckReport,
) -> Option<T> {
    let keys: Vec<(&str, usize)> = lists.iter().map(|l| (l.key, l.max)).collect();
    let heads = match read_lists(text.text(), &keys) {
        Ok(heads) => heads,
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
    let whole = match parse::<T>(file, text.text()) {
        Ok(parsed) => return Some(parsed),
        Err(e) => name_missing_field(e),
    };
    let mut fields = HashSet::from([whole.field.clone()]);
    let mut found = vec![whole];
    let mut add = |e: PackError| {
        if fields.insert(e.field.clone()) {
            found.push(e);
        }
    };
    for (list, head) in lists.iter().zip(heads) {
        let Some(head) = head else {
            continue;
        };
        if let Err(e) = check_count(file, list.key, head.len, list.max) {
            add(e);
        }
        for (i, item) in head.items.iter().enumerate() {
            if let Some(e) = (list.read)(file, &format!("{}[{i}]", list.key), item) {
                add(name_missing_field(e));
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

    const LISTS: [ListReader; 1] = [ListReader {
        key: "units",
        max: 3,
        read: element::<Unit>,
    }];

    fn problems(text: &str) -> Vec<(Option<String>, Option<u32>)> {
        let mut report = PackCheckReport::default();
        let text = JsonText::new(text);
        assert!(parse_all::<CourseManifest>("course.json", &text, &LISTS, &mut report).is_none());
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
    fn a_list_over_its_limit_is_too_long_and_only_its_head_is_read() {
        let text = r#"{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "a",
"units": [7, 7, 7, 7, 7]}"#;
        let found = problems(text);
        let fields: Vec<_> = found.iter().map(|(f, _)| f.as_deref()).collect();
        assert_eq!(
            fields,
            vec![
                Some("units[0]"),
                Some("units"),
                Some("units[1]"),
                Some("units[2]")
            ]
        );
    }

    #[test]
    fn a_valid_file_parses() {
        let text = r#"{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "a",
            "units": [{"id": "a", "title": "A", "anchor": "x"}]}"#;
        let mut report = PackCheckReport::default();
        let text = JsonText::new(text);
        let parsed = parse_all::<CourseManifest>("course.json", &text, &LISTS, &mut report);
        assert_eq!(parsed.unwrap().units.len(), 1);
        assert!(report.problems.is_empty());
    }
}
