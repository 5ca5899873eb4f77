//! The line of a field in a JSON file's text, for findings that name a field path
//! (`units[3].id`, `phases[0].sections[1].topics[2].keywords.en[0]`). serde gives the
//! line of a syntax error but not of a value; [`JsonText`] walks the text along the
//! path. It reads any text without panicking, and at worst answers `None`.
//!
//! What a walk learns is kept: where the lines start, where the elements of each array
//! it entered start, where the members of each object it entered are. A report's lines
//! then cost about one walk of the text, not one walk per finding: element 999 of a
//! list of four million is found once, and its neighbours from there.

use super::json_cursor::Cursor;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;

/// One step of a field path.
#[derive(Debug, PartialEq, Eq)]
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

/// The steps of `path`, up to the first that names no single place (`[*]`, a bad index).
fn steps(path: &str) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
        if !key.is_empty() {
            out.push(Step::Key(key));
        }
        while !rest.is_empty() {
            let Some((index, after)) = rest.split_once(']') else {
                return out;
            };
            let Ok(index) = index.parse() else {
                return out;
            };
            out.push(Step::Index(index));
            rest = after.strip_prefix('[').unwrap_or(after);
        }
    }
    out
}

/// What is known of one array: where the elements found so far start, and where to
/// look for the next (`None` once the array, or the text, ends).
struct Elements {
    starts: Vec<usize>,
    next: Option<usize>,
}

/// What is known of one object: where each member found so far is written (its key and
/// its value; the first of a repeated key), and where to look for the next.
struct Members<'a> {
    found: HashMap<&'a [u8], (usize, usize)>,
    next: Option<usize>,
}

/// A JSON file's text, for looking up the lines of its fields.
pub struct JsonText<'a> {
    text: &'a str,
    newlines: OnceCell<Vec<u32>>,
    arrays: RefCell<HashMap<usize, Elements>>,
    objects: RefCell<HashMap<usize, Members<'a>>>,
}

impl<'a> JsonText<'a> {
    /// `text`, nothing looked up yet.
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            newlines: OnceCell::new(),
            arrays: RefCell::default(),
            objects: RefCell::default(),
        }
    }

    /// The text.
    pub fn text(&self) -> &'a str {
        self.text
    }

    fn cursor(&self, at: usize) -> Cursor<'a> {
        Cursor {
            bytes: self.text.as_bytes(),
            at,
        }
    }

    /// Where element `index` of the array written at `at` starts.
    fn element(&self, at: usize, index: usize) -> Option<usize> {
        let mut arrays = self.arrays.borrow_mut();
        let elements = arrays.entry(at).or_insert_with(|| {
            let mut cursor = self.cursor(at);
            let next = cursor.eat(b'[').map(|()| cursor.at);
            Elements {
                starts: Vec::new(),
                next,
            }
        });
        while elements.starts.len() <= index {
            let mut cursor = self.cursor(elements.next?);
            cursor.skip_space();
            if matches!(cursor.peek(), Some(b']') | None) {
                elements.next = None;
                return None;
            }
            elements.starts.push(cursor.at);
            elements.next = cursor
                .skip_value()
                .and_then(|()| cursor.eat(b','))
                .map(|()| cursor.at);
        }
        elements.starts.get(index).copied()
    }

    /// Where member `key` of the object written at `at` is: its key and its value.
    fn member(&self, at: usize, key: &str) -> Option<(usize, usize)> {
        let mut objects = self.objects.borrow_mut();
        let members = objects.entry(at).or_insert_with(|| {
            let mut cursor = self.cursor(at);
            let next = cursor.eat(b'{').map(|()| cursor.at);
            Members {
                found: HashMap::new(),
                next,
            }
        });
        loop {
            if let Some(found) = members.found.get(key.as_bytes()) {
                return Some(*found);
            }
            let mut cursor = self.cursor(members.next?);
            members.next = None;
            cursor.skip_space();
            let key_at = cursor.at;
            let name = cursor.string()?;
            cursor.eat(b':')?;
            cursor.skip_space();
            members.found.entry(name).or_insert((key_at, cursor.at));
            members.next = cursor
                .skip_value()
                .and_then(|()| cursor.eat(b','))
                .map(|()| cursor.at);
        }
    }

    /// The byte offset where `path` is written: a member's key, an element's value;
    /// `None` when the path is not there.
    fn offset(&self, path: &[Step<'_>]) -> Option<usize> {
        let mut cursor = self.cursor(0);
        cursor.skip_space();
        let (mut found, mut value) = (cursor.at, cursor.at);
        for step in path {
            (found, value) = match step {
                Step::Key(key) => self.member(value, key)?,
                Step::Index(index) => {
                    let at = self.element(value, *index)?;
                    (at, at)
                }
            };
        }
        Some(found)
    }

    /// The 1-based line of byte `at` (texts over 4 GiB have no lines past it).
    fn line_at(&self, at: usize) -> Option<u32> {
        let newlines = self.newlines.get_or_init(|| {
            let bytes = self.text.as_bytes().iter().enumerate();
            bytes
                .filter(|(_, b)| **b == b'\n')
                .map_while(|(i, _)| u32::try_from(i).ok())
                .collect()
        });
        let at = u32::try_from(at).ok()?;
        u32::try_from(newlines.partition_point(|n| *n < at) + 1).ok()
    }

    /// The 1-based line of `field`, or of the nearest enclosing value that is there (a
    /// missing field is reported at its object).
    pub fn line(&self, field: &str) -> Option<u32> {
        let path = steps(field);
        (0..=path.len())
            .rev()
            .find_map(|n| self.line_at(self.offset(&path[..n])?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TEXT: &str = r#"{
  "id": "c",
  "units": [
    { "id": "a", "note": "has \"quotes\" and ] brackets {" },
    {
      "id": "b",
      "content": ["x.md", "y.md"]
    }
  ],
  "prerequisites": []
}"#;

    fn field_line(text: &str, field: &str) -> Option<u32> {
        JsonText::new(text).line(field)
    }

    /// The line as found by walking from the start of the text for every field, without
    /// keeping anything: what [`JsonText`] must agree with.
    fn walked_line(text: &str, field: &str) -> Option<u32> {
        fn offset(text: &str, path: &[Step<'_>]) -> Option<usize> {
            let mut cursor = Cursor {
                bytes: text.as_bytes(),
                at: 0,
            };
            cursor.skip_space();
            let mut found = cursor.at;
            for step in path {
                found = match step {
                    Step::Key(key) => {
                        cursor.eat(b'{')?;
                        loop {
                            cursor.skip_space();
                            let key_at = cursor.at;
                            let name = cursor.string()?;
                            cursor.eat(b':')?;
                            if name == key.as_bytes() {
                                cursor.skip_space();
                                break key_at;
                            }
                            cursor.skip_value()?;
                            cursor.eat(b',')?;
                        }
                    }
                    Step::Index(index) => {
                        cursor.eat(b'[')?;
                        for _ in 0..*index {
                            cursor.skip_value()?;
                            cursor.eat(b',')?;
                        }
                        cursor.skip_space();
                        if matches!(cursor.peek(), Some(b']') | None) {
                            return None;
                        }
                        cursor.at
                    }
                };
            }
            Some(found)
        }
        let path = steps(field);
        (0..=path.len()).rev().find_map(|n| {
            let at = offset(text, &path[..n])?;
            let newlines = text.as_bytes()[..at].iter().filter(|b| **b == b'\n');
            u32::try_from(newlines.count() + 1).ok()
        })
    }

    #[test]
    fn paths_become_steps() {
        assert_eq!(
            steps("units[1].content[0]"),
            vec![
                Step::Key("units"),
                Step::Index(1),
                Step::Key("content"),
                Step::Index(0)
            ]
        );
        assert_eq!(steps("units[*].drills"), vec![Step::Key("units")]);
        assert_eq!(steps("."), vec![]);
    }

    #[test]
    fn fields_are_found_on_their_line() {
        assert_eq!(field_line(TEXT, "id"), Some(2));
        assert_eq!(field_line(TEXT, "units"), Some(3));
        assert_eq!(field_line(TEXT, "units[0].id"), Some(4));
        assert_eq!(field_line(TEXT, "units[1]"), Some(5));
        assert_eq!(field_line(TEXT, "units[1].id"), Some(6));
        assert_eq!(field_line(TEXT, "units[1].content[1]"), Some(7));
        assert_eq!(field_line(TEXT, "prerequisites"), Some(10));
    }

    #[test]
    fn a_missing_field_falls_back_to_its_object() {
        assert_eq!(field_line(TEXT, "units[1].anchor"), Some(5));
        assert_eq!(field_line(TEXT, "units[7].id"), Some(3));
        assert_eq!(field_line(TEXT, "units[*].content"), Some(3));
    }

    #[test]
    fn one_text_answers_many_lookups_in_any_order() {
        let json = JsonText::new(TEXT);
        for field in [
            "units[1].content[1]",
            "units[0].id",
            "id",
            "units[7].id",
            "units",
        ] {
            assert_eq!(json.line(field), walked_line(TEXT, field), "{field}");
        }
    }

    #[test]
    fn elements_deep_in_a_list_of_four_million_are_found() {
        let text = format!("{{\"units\": [\n{}7\n]}}", "7,\n".repeat(4_000_000));
        let json = JsonText::new(&text);
        for i in (0..500).chain([3_999_999, 4_000_000]) {
            assert_eq!(json.line(&format!("units[{i}]")), Some(i + 2));
        }
        assert_eq!(json.line("units[4000001]"), Some(1));
    }

    proptest! {
        #[test]
        fn any_text_and_path_are_read_without_panicking(text in ".{0,200}", path in "[a-z\\[\\]0-9.*]{0,20}") {
            let _ = field_line(&text, &path);
        }

        #[test]
        fn cut_json_is_read_without_panicking(cut in 0usize..300) {
            let text = &TEXT[..cut.min(TEXT.len())];
            let _ = field_line(text, "units[1].content[1]");
        }

        #[test]
        fn kept_walks_agree_with_walking_from_the_start(
            text in r#"[{}\[\]",:ab0-9 \n]{0,60}"#,
            fields in proptest::collection::vec("[ab]{0,1}(\\[[0-3]\\])?(\\.[ab])?(\\[[0-3]\\])?", 1..6),
        ) {
            let json = JsonText::new(&text);
            for field in &fields {
                prop_assert_eq!(json.line(field), walked_line(&text, field));
            }
        }

        #[test]
        fn kept_walks_agree_on_cut_json(cut in 0usize..300, fields in proptest::collection::vec(0usize..8, 1..8)) {
            const FIELDS: [&str; 8] = ["id", "units", "units[0].id", "units[1]", "units[1].id",
                "units[1].content[1]", "units[2]", "prerequisites"];
            let text = &TEXT[..cut.min(TEXT.len())];
            let json = JsonText::new(text);
            for f in fields {
                prop_assert_eq!(json.line(FIELDS[f]), walked_line(text, FIELDS[f]));
            }
        }
    }
}
