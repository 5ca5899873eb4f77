//! A unit's vocabulary, read from its material at import (issue #33 item 2): the key
//! terms its author marked — headings and **bold** words of its notes — and the distinct
//! content words of all its material (notes, transcripts, PDF text). Mapping uses them
//! as lexical evidence beside the title, tags and anchor, so a question using a word only
//! the notes contain ("flying shuttle", "numerador") still finds its unit.

use super::chunk::Section;
use super::documents::ContentFile;
use super::model::CourseManifest;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::term_of;
use lantern_core::text::tidy::sentences;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Most key terms kept per unit.
pub const MAX_KEY_TERMS: usize = 200;
/// Most distinct content words kept per unit.
pub const MAX_WORDS: usize = 2_000;
/// Longest key term, in characters.
const MAX_KEY_TERM_CHARS: usize = 60;
/// Most sentences kept per unit.
pub const MAX_SENTENCES: usize = 600;
/// Longest sentence kept, in characters.
const MAX_SENTENCE_CHARS: usize = 400;

/// What a unit's material says, as mapping reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitVocabulary {
    /// Headings and bold words of its notes.
    pub key_terms: Vec<String>,
    /// Distinct content words of all its material, in first-seen order.
    pub words: Vec<String>,
    /// The sentences of its material, so that mapping can tell words said together
    /// from the same words scattered (empty for a course imported before they were kept).
    #[serde(default)]
    pub sentences: Vec<String>,
}

/// The **bold** and __bold__ spans of a Markdown text.
fn bold_spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for marker in ["**", "__"] {
        let parts: Vec<&str> = text.split(marker).collect();
        for (i, part) in parts.iter().enumerate() {
            if i % 2 == 1 && i + 1 < parts.len() {
                let span = part.trim();
                if !span.is_empty() && span.chars().count() <= MAX_KEY_TERM_CHARS {
                    out.push(span.to_string());
                }
            }
        }
    }
    out
}

/// The names a text uses: runs of capitalised words that do not open a sentence
/// ("Richard Nixon", "Leonid Brezhnev", "Berlin"), as a reader spots them.
fn proper_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for sentence in sentences(text) {
        let mut run: Vec<&str> = Vec::new();
        let words: Vec<&str> = sentence.split_whitespace().collect();
        for (i, raw) in words.iter().enumerate() {
            let word = raw.trim_matches(|c: char| !c.is_alphanumeric());
            let word = word
                .strip_suffix("'s")
                .or_else(|| word.strip_suffix("’s"))
                .unwrap_or(word);
            let capital = i > 0 && word.chars().next().is_some_and(char::is_uppercase);
            if capital && word.chars().count() > 1 {
                run.push(word);
            }
            let ends = !capital || raw.ends_with(|c: char| !c.is_alphanumeric());
            if ends && !run.is_empty() {
                let name = run.join(" ");
                if name.chars().count() <= MAX_KEY_TERM_CHARS {
                    out.push(name);
                }
                run.clear();
            }
        }
    }
    out
}

/// Whether a section title is a heading someone wrote (not a time window or a page).
fn is_heading(title: &str) -> bool {
    let t = title.trim();
    !t.is_empty()
        && t.chars().any(char::is_alphabetic)
        && !t.to_lowercase().starts_with("page ")
        && t.chars().count() <= MAX_KEY_TERM_CHARS
}

fn push_unique(list: &mut Vec<String>, seen: &mut BTreeSet<String>, item: String, max: usize) {
    if list.len() < max && seen.insert(normalize(&item)) {
        list.push(item);
    }
}

/// The vocabulary of one unit's `sections`.
pub fn vocabulary_of<'a>(sections: impl IntoIterator<Item = &'a Section>) -> UnitVocabulary {
    let mut v = UnitVocabulary::default();
    let (mut seen_terms, mut seen_words) = (BTreeSet::new(), BTreeSet::new());
    for section in sections {
        if is_heading(&section.title) {
            push_unique(
                &mut v.key_terms,
                &mut seen_terms,
                section.title.trim().to_string(),
                MAX_KEY_TERMS,
            );
        }
        for span in bold_spans(&section.text)
            .into_iter()
            .chain(proper_names(&section.text))
        {
            push_unique(&mut v.key_terms, &mut seen_terms, span, MAX_KEY_TERMS);
        }
        for s in sentences(&section.text) {
            if v.sentences.len() < MAX_SENTENCES && s.chars().count() <= MAX_SENTENCE_CHARS {
                v.sentences.push(s.to_string());
            }
        }
        for word in normalize(&section.text).split(' ') {
            if term_of(word).is_some_and(|t| !t.is_number) {
                push_unique(&mut v.words, &mut seen_words, word.to_string(), MAX_WORDS);
            }
        }
    }
    v
}

/// Every unit's vocabulary, in the course's unit order.
pub fn vocabularies(
    course: &CourseManifest,
    contents: &[ContentFile],
) -> Vec<(String, UnitVocabulary)> {
    course
        .units
        .iter()
        .map(|u| {
            let sections = contents
                .iter()
                .filter(|c| c.unit_id == u.id)
                .flat_map(|c| c.sections.iter());
            (u.id.clone(), vocabulary_of(sections))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(title: &str, text: &str) -> Section {
        Section {
            title: title.into(),
            text: text.into(),
        }
    }

    #[test]
    fn headings_and_bold_words_are_key_terms() {
        let v = vocabulary_of(&[
            section(
                "The flying shuttle",
                "John Kay's **flying shuttle** (1733) doubled a weaver's speed.",
            ),
            section(
                "00:01–00:30",
                "So the __past tense__ tells us it already happened.",
            ),
            section("page 2", "More text."),
        ]);
        assert_eq!(
            v.key_terms,
            ["The flying shuttle", "flying shuttle", "Kay", "past tense"]
        );
        assert!(v.words.contains(&"weaver".to_string()));
        assert!(!v.words.iter().any(|w| w == "the" || w == "1733"));
    }

    #[test]
    fn names_inside_a_sentence_are_key_terms() {
        let v = vocabulary_of(&[section(
            "",
            "In 1972 Richard Nixon visited China. Both sides met in Moscow, and Leonid \
             Brezhnev came too.",
        )]);
        assert_eq!(
            v.key_terms,
            ["Richard Nixon", "China", "Moscow", "Leonid Brezhnev"]
        );
        assert_eq!(v.sentences.len(), 2);
    }

    #[test]
    fn the_lists_are_bounded_and_distinct() {
        let text = (0..5_000)
            .map(|i| format!("word{i}x"))
            .collect::<Vec<_>>()
            .join(" ");
        let v = vocabulary_of(&[section("", &format!("{text} {text}"))]);
        assert_eq!(v.words.len(), MAX_WORDS);
        let many = "A short sentence here. ".repeat(2 * MAX_SENTENCES);
        let long = format!("{}.", "word ".repeat(MAX_SENTENCE_CHARS));
        let v = vocabulary_of(&[section("", &format!("{long} {many}"))]);
        assert_eq!(v.sentences.len(), MAX_SENTENCES);
        assert!(v
            .sentences
            .iter()
            .all(|s| s.chars().count() <= MAX_SENTENCE_CHARS));
    }
}
