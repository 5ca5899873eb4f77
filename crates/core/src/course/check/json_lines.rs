//! The line of a field in a JSON file's text, for findings that name a field path
//! (`units[3].id`, `phases[0].sections[1].topics[2].keywords.en[0]`). serde gives the
//! line of a syntax error but not of a value; this walks the text along the path. It
//! reads any text without panicking, and at worst answers `None`.

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

/// A cursor over the bytes of a JSON text.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        self.skip_space();
        (self.peek() == Some(byte)).then(|| self.at += 1)
    }

    /// The raw text of the string starting here (escapes kept), the cursor after it.
    fn string(&mut self) -> Option<&'a [u8]> {
        if self.peek() != Some(b'"') {
            return None;
        }
        let start = self.at + 1;
        let mut i = start;
        loop {
            match self.bytes.get(i)? {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        self.at = i + 1;
        self.bytes.get(start..i)
    }

    /// Moves past the value starting here (nested values without recursion).
    fn skip_value(&mut self) -> Option<()> {
        self.skip_space();
        let mut depth = 0usize;
        loop {
            match self.peek()? {
                b'"' => {
                    self.string()?;
                }
                b'{' | b'[' => {
                    depth += 1;
                    self.at += 1;
                }
                b'}' | b']' => {
                    depth = depth.checked_sub(1)?;
                    self.at += 1;
                }
                _ if depth == 0 => {
                    while self.peek().is_some_and(|b| !b",}] \t\r\n".contains(&b)) {
                        self.at += 1;
                    }
                }
                _ => self.at += 1,
            }
            if depth == 0 {
                return Some(());
            }
        }
    }

    /// Moves to the value of `key` in the object starting here; returns where the key
    /// starts.
    fn member(&mut self, key: &str) -> Option<usize> {
        self.eat(b'{')?;
        loop {
            self.skip_space();
            let key_at = self.at;
            let name = self.string()?;
            self.eat(b':')?;
            if name == key.as_bytes() {
                self.skip_space();
                return Some(key_at);
            }
            self.skip_value()?;
            self.eat(b',')?;
        }
    }

    /// Moves to element `index` of the array starting here; returns where it starts.
    fn element(&mut self, index: usize) -> Option<usize> {
        self.eat(b'[')?;
        for _ in 0..index {
            self.skip_value()?;
            self.eat(b',')?;
        }
        self.skip_space();
        (!matches!(self.peek(), Some(b']') | None)).then_some(self.at)
    }
}

/// The byte offset where `path` is written in `text`: a member's key, an element's
/// value; `None` when the path is not there.
fn offset(text: &str, path: &[Step<'_>]) -> Option<usize> {
    let mut cursor = Cursor {
        bytes: text.as_bytes(),
        at: 0,
    };
    cursor.skip_space();
    let mut found = cursor.at;
    for step in path {
        found = match step {
            Step::Key(key) => cursor.member(key)?,
            Step::Index(index) => cursor.element(*index)?,
        };
    }
    Some(found)
}

/// The 1-based line of `field` in the JSON `text`, or of the nearest enclosing value
/// that is there (a missing field is reported at its object).
pub fn field_line(text: &str, field: &str) -> Option<u32> {
    let path = steps(field);
    (0..=path.len()).rev().find_map(|n| {
        let at = offset(text, &path[..n])?;
        let newlines = text.as_bytes().get(..at)?.iter().filter(|b| **b == b'\n');
        u32::try_from(newlines.count() + 1).ok()
    })
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
    }
}
