//! Narrowing the model's choice before it runs: when the request names exactly one
//! section and asks for its text or title to be rewritten ("make the introduction
//! shorter", "mejora el título de 2.1"), the only tool offered is `update_section` on
//! that section's id — the model writes words, the app has already decided what changes.

use super::references::FoundReference;
use super::word_lists::alternation;
use lantern_core::word_list;
use regex::Regex;
use std::sync::LazyLock;

/// A whole word (or phrase) of a list, anywhere in a message.
fn any_of(phrases: impl IntoIterator<Item = &'static str>) -> Regex {
    Regex::new(&format!(r"(?i)\b({})\b", alternation(phrases, false))).expect("valid regex")
}

/// A request to rewrite (`rewrite-words.txt`).
static REWRITE: LazyLock<Regex> = LazyLock::new(|| any_of(word_list!("rewrite-words")));

/// A request about the title (`title-words.txt`).
static TITLE: LazyLock<Regex> = LazyLock::new(|| any_of(word_list!("title-words")));

/// A request for a shorter text (`shorter-words.txt`).
static SHORTER: LazyLock<Regex> = LazyLock::new(|| any_of(word_list!("shorter-words")));

/// Whether the request asks for a shorter text ("make it shorter", "resume la sección").
pub fn wants_shorter(message: &str) -> bool {
    SHORTER.is_match(message)
}

/// The app's own shorter body when the model's is unusable: the first sentence of the
/// text and every later one with a number (its facts stay), then every image of the old
/// body; `None` when that would not be shorter.
pub fn shortened(body: &str) -> Option<String> {
    let images = super::rules::images(body);
    let sentences = super::rules::prose_sentences(body);
    let has_number = |s: &String| s.chars().any(|c| c.is_ascii_digit());
    let kept: Vec<String> = sentences
        .iter()
        .enumerate()
        .filter(|(i, s)| *i == 0 || has_number(s))
        .map(|(_, s)| s.clone())
        .collect();
    let mut short = kept.join(" ");
    if short.is_empty() {
        return None;
    }
    if !images.is_empty() {
        short.push_str("\n\n");
        short.push_str(&images.join(" "));
    }
    (short.len() < body.trim().len()).then_some(short)
}

/// A request that opens with a verb of adding (`addition-words.txt`), after "please".
static ADDITION: LazyLock<Regex> = LazyLock::new(|| {
    let verbs = alternation(word_list!("addition-words"), false);
    Regex::new(&format!(
        r"(?i)^\W*(?:please\s+|por favor,?\s+)?({verbs})\b"
    ))
    .expect("valid regex")
});

/// What the model is asked to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Focus {
    /// A new body for this section.
    Body(String),
    /// Text to add at the end of this section's body.
    Append(String),
    /// A new title for this section.
    Title(String),
    /// Anything: every tool is offered.
    Open,
}

/// The focus of a request from its words and the sections it names.
pub fn focus(message: &str, references: &[FoundReference]) -> Focus {
    let [reference] = references else {
        return Focus::Open;
    };
    let [id] = reference.ids.as_slice() else {
        return Focus::Open;
    };
    if ADDITION.is_match(message) {
        return Focus::Append(id.clone());
    }
    if !REWRITE.is_match(message) {
        return Focus::Open;
    }
    if TITLE.is_match(message) {
        Focus::Title(id.clone())
    } else {
        Focus::Body(id.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(id: &str) -> Vec<FoundReference> {
        vec![FoundReference {
            phrase: "x".into(),
            ids: vec![id.into()],
        }]
    }

    #[test]
    fn a_rewrite_of_one_named_section_is_narrowed_to_it() {
        assert_eq!(
            focus("Make the introduction shorter", &one("s1")),
            Focus::Body("s1".into())
        );
        assert_eq!(
            focus("Mejora el título de 2.1", &one("s3")),
            Focus::Title("s3".into())
        );
        assert_eq!(
            focus(
                "can you make the summary sound more professional",
                &one("s1")
            ),
            Focus::Body("s1".into())
        );
    }

    #[test]
    fn the_apps_shorter_text_is_the_first_sentence_the_numbered_ones_and_the_images() {
        let body = "The roof is old. Several tiles are cracked. [IMAGE:roof]";
        assert_eq!(
            shortened(body).as_deref(),
            Some("The roof is old.\n\n[IMAGE:roof]")
        );
        assert_eq!(shortened("One sentence only."), None);
        assert_eq!(
            shortened("Salt water drew water out. It was clear. Mass held between 2 % and 5 %.")
                .as_deref(),
            Some("Salt water drew water out. Mass held between 2 % and 5 %.")
        );
        assert!(
            wants_shorter("Make the introduction shorter")
                && wants_shorter("Acorta la introducción")
        );
        assert!(!wants_shorter("Rewrite it more formally"));
    }

    #[test]
    fn an_addition_to_one_named_section_appends_to_it() {
        let message = "Add the minimum gutter width required by the spec to section 2.1";
        assert_eq!(focus(message, &one("s3")), Focus::Append("s3".into()));
        assert_eq!(
            focus("Añade una frase sobre el coste a la sección 2", &one("s2")),
            Focus::Append("s2".into())
        );
    }

    #[test]
    fn anything_else_stays_open() {
        assert_eq!(
            focus("What does the introduction say?", &one("s1")),
            Focus::Open
        );
        assert_eq!(focus("shorten it", &[]), Focus::Open);
        let two = vec![FoundReference {
            phrase: "notes".into(),
            ids: vec!["s1".into(), "s4".into()],
        }];
        assert_eq!(focus("shorten the notes", &two), Focus::Open);
    }
}
