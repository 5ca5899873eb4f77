//! A unit's common mistake: a sentence for people and prompts, and a stable tag that
//! drill grading counts in the snapshot's confusion tags.

use serde::{Deserialize, Deserializer, Serialize};

/// One common student error of a unit. In `course.json` either a plain sentence (its
/// tag is then `misconception-N`, N its 1-based position) or `{ "tag", "text" }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Misconception {
    /// Stable tag, unique in the unit (`[a-z0-9_-]+`).
    pub tag: String,
    /// The error, one sentence; LaTeX between `$…$`.
    pub text: String,
}

impl From<&str> for Misconception {
    /// An untagged misconception (tests and older packs); the tag is filled in by
    /// [`tag_untagged`].
    fn from(text: &str) -> Self {
        Self {
            tag: String::new(),
            text: text.to_string(),
        }
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Written {
    Plain(String),
    Tagged(Tagged),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Tagged {
    tag: String,
    text: String,
}

impl<'de> Deserialize<'de> for Misconception {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Written::deserialize(deserializer)? {
            Written::Plain(text) => Self {
                tag: String::new(),
                text,
            },
            Written::Tagged(Tagged { tag, text }) => Self { tag, text },
        })
    }
}

/// Gives every untagged misconception the tag `misconception-N` (N its 1-based
/// position in the unit).
pub fn tag_untagged(misconceptions: &mut [Misconception]) {
    for (i, m) in misconceptions.iter_mut().enumerate() {
        if m.tag.is_empty() {
            m.tag = format!("misconception-{}", i + 1);
        }
    }
}

/// Whether `tag` is a well-formed tag: lowercase letters, digits, `_` and `-`.
pub fn is_valid_tag(tag: &str) -> bool {
    !tag.is_empty()
        && tag
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_sentence_or_a_tagged_object_is_read() {
        let list: Vec<Misconception> = serde_json::from_str(
            r#"["Adds unlike terms.", {"tag":"sign_error","text":"Drops a sign."}]"#,
        )
        .unwrap();
        let mut list = list;
        tag_untagged(&mut list);
        assert_eq!(list[0].tag, "misconception-1");
        assert_eq!(list[1].tag, "sign_error");
        assert_eq!(list[1].text, "Drops a sign.");
    }

    #[test]
    fn unknown_fields_in_a_tagged_object_are_refused() {
        assert!(serde_json::from_str::<Misconception>(r#"{"tag":"a","txt":"b"}"#).is_err());
    }

    #[test]
    fn tags_are_lowercase_words() {
        assert!(is_valid_tag("sign_error-2"));
        assert!(!is_valid_tag("Sign error"));
        assert!(!is_valid_tag(""));
    }
}
