//! Pulls one string field (the coach's `assistantText`, the tutor's `tutor_text`) out of
//! the model's JSON while it streams, so the student reads the reply as it is written
//! instead of raw JSON.

/// Where the scanner is in the JSON text.
#[derive(Debug, Clone, PartialEq)]
enum State {
    /// Looking for `"assistantText"`, a colon and the opening quote.
    Seeking,
    /// Inside the string value.
    InString,
    /// After a backslash.
    Escape,
    /// Reading the hex digits of `\uXXXX`.
    Unicode(String),
    /// The closing quote was read.
    Done,
}

/// Decodes one string field's value from JSON fed in arbitrary pieces.
#[derive(Debug, Clone)]
pub struct AssistantTextStream {
    key: String,
    state: State,
    seen: String,
    high_surrogate: Option<u32>,
}

/// The coach's field, decoded by default.
const DEFAULT_FIELD: &str = "assistantText";

impl Default for AssistantTextStream {
    fn default() -> Self {
        Self::for_field(DEFAULT_FIELD)
    }
}

impl AssistantTextStream {
    /// A decoder of the string field named `field`.
    pub fn for_field(field: &str) -> Self {
        Self {
            key: format!("\"{field}\""),
            state: State::Seeking,
            seen: String::new(),
            high_surrogate: None,
        }
    }

    /// Feeds the next piece of JSON; returns the newly decoded text (often empty).
    pub fn push(&mut self, delta: &str) -> String {
        let mut out = String::new();
        let mut rest = delta;
        if self.state == State::Seeking {
            self.seen.push_str(delta);
            match value_start(&self.seen, &self.key) {
                Some(start) => {
                    let consumed_before = self.seen.len() - delta.len();
                    // Continue with the part of this delta after the opening quote.
                    rest = &delta[start.saturating_sub(consumed_before)..];
                    self.seen.clear();
                    self.state = State::InString;
                }
                None => return out,
            }
        }
        for c in rest.chars() {
            self.step(c, &mut out);
            if self.state == State::Done {
                break;
            }
        }
        out
    }

    /// Whether the whole value has been read.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }

    fn step(&mut self, c: char, out: &mut String) {
        match &mut self.state {
            State::Seeking | State::Done => {}
            State::InString => match c {
                '"' => self.state = State::Done,
                '\\' => self.state = State::Escape,
                c => out.push(c),
            },
            State::Escape => {
                self.state = State::InString;
                match c {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'u' => self.state = State::Unicode(String::new()),
                    other => out.push(other),
                }
            }
            State::Unicode(hex) => {
                hex.push(c);
                if hex.len() == 4 {
                    let code = u32::from_str_radix(hex, 16).unwrap_or(0xFFFD);
                    self.state = State::InString;
                    self.emit_code_unit(code, out);
                }
            }
        }
    }

    fn emit_code_unit(&mut self, code: u32, out: &mut String) {
        match (self.high_surrogate.take(), code) {
            (None, 0xD800..=0xDBFF) => self.high_surrogate = Some(code),
            (Some(high), 0xDC00..=0xDFFF) => {
                let joined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00);
                out.push(char::from_u32(joined).unwrap_or('\u{FFFD}'));
            }
            (Some(_), other) => {
                out.push('\u{FFFD}');
                self.emit_code_unit(other, out);
            }
            (None, other) => out.push(char::from_u32(other).unwrap_or('\u{FFFD}')),
        }
    }
}

/// The byte offset just after the opening quote of the value of `quoted_key` in
/// `json`, once it has arrived.
fn value_start(json: &str, quoted_key: &str) -> Option<usize> {
    json.match_indices(quoted_key).find_map(|(at, _)| {
        let key = at + quoted_key.len();
        let after = &json[key..];
        let colon = after.find(|c: char| !c.is_whitespace())?;
        if !after[colon..].starts_with(':') {
            return None;
        }
        let value = &after[colon + 1..];
        let quote = value.find(|c: char| !c.is_whitespace())?;
        value[quote..]
            .starts_with('"')
            .then(|| key + colon + 1 + quote + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_whose_value_is_an_object_is_passed_over_for_the_string_one() {
        let mut stream = AssistantTextStream::for_field("content");
        let text =
            stream.push(r#"{"content":{"text_blocks":[{"type":"paragraph","content":"Hi."}]}}"#);
        assert_eq!(text, "Hi.");
    }

    const JSON: &str = r#"{"assistantText": "Say \"why\" \\ then\n\u00e9t\u00e9 \ud83d\ude00 done.", "step":"claim"}"#;
    const TEXT: &str = "Say \"why\" \\ then\nété 😀 done.";

    fn decode(pieces: &[&str]) -> (String, bool) {
        let mut stream = AssistantTextStream::default();
        let text: String = pieces.iter().map(|p| stream.push(p)).collect();
        (text, stream.is_done())
    }

    #[test]
    fn decodes_the_value_fed_whole() {
        assert_eq!(decode(&[JSON]), (TEXT.to_string(), true));
    }

    #[test]
    fn decodes_the_value_split_at_every_position() {
        for cut in 1..JSON.len() {
            if !JSON.is_char_boundary(cut) {
                continue;
            }
            let (a, b) = JSON.split_at(cut);
            assert_eq!(decode(&[a, b]), (TEXT.to_string(), true), "cut at {cut}");
        }
    }

    #[test]
    fn decodes_the_value_one_character_at_a_time() {
        let pieces: Vec<String> = JSON.chars().map(String::from).collect();
        let refs: Vec<&str> = pieces.iter().map(String::as_str).collect();
        assert_eq!(decode(&refs), (TEXT.to_string(), true));
    }

    #[test]
    fn waits_for_the_key_when_it_is_not_first() {
        assert_eq!(
            decode(&[r#"{"step":"claim","assistantText":"Hi"}"#]),
            ("Hi".to_string(), true)
        );
        assert_eq!(decode(&[r#"{"step":"claim"}"#]), (String::new(), false));
    }
}
