//! Definition-like sentences of a teacher's notes ("Chlorophyll is the green pigment
//! that absorbs light.", "La Bastilla era una fortaleza…" is not one; "La Bastilla es
//! una fortaleza…" is): the term they define becomes a unit tag, and the sentence is
//! what the tutor turns into a gap-fill question.

use lantern_core::word_list;
use lantern_core::words::roles::{fill_from, roles};
use regex::Regex;
use std::sync::LazyLock;

/// "(The) Term is/are/means … rest", in English or Spanish; the term is 1–4 words
/// (the words: `words/<locale>/definitions.txt`, every language's).
static DEFINITION: LazyLock<Regex> = LazyLock::new(|| {
    let words = roles(word_list!("definitions"));
    let pattern = fill_from(
        r"^(?:{article}\s+)?(?P<term>[\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'’-]*){0,3})\s+{is}\s+(?P<rest>.+)$",
        &words,
    );
    Regex::new(&format!("(?i){pattern}")).expect("definition")
});

/// "Term: rest", a glossary list item.
static GLOSSARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<term>[\p{L}\p{N}][\p{L}\p{N}'’ -]{0,40}):\s+(?P<rest>.+)$").expect("glossary")
});

/// First words that make a sentence about something else, not a definition
/// (`words/<locale>/not-terms.txt`).
static NOT_TERMS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("not-terms").collect());

/// Fewest words after the verb for a sentence to define something.
const MIN_REST_WORDS: usize = 3;

/// First words after the verb that make a sentence say where, how or what happens to
/// the term (place, degree, an irregular passive) rather than what it is
/// (`words/<locale>/not-defining.txt`).
static NOT_DEFINING: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("not-defining").collect());

/// Endings of a past participle ("released", "convocada"): a passive, not a definition
/// (`words/<locale>/participle-endings.txt`).
static PARTICIPLE_ENDINGS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("participle-endings").collect());

/// Whether the words after the verb say what the term is.
fn defines(rest: &str) -> bool {
    let Some(first) = rest.split_whitespace().next() else {
        return false;
    };
    let first = first.to_lowercase();
    let participle =
        first.chars().count() > 4 && PARTICIPLE_ENDINGS.iter().any(|e| first.ends_with(e));
    rest.split_whitespace().count() >= MIN_REST_WORDS
        && !participle
        && !NOT_DEFINING.contains(&first.as_str())
}

/// A sentence that defines a term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Definition {
    /// The term defined, as written.
    pub term: String,
    /// The whole sentence.
    pub sentence: String,
}

fn definition(term: &str, rest: &str, sentence: &str) -> Option<Definition> {
    let term = term.trim();
    let first = term.split_whitespace().next()?.to_lowercase();
    let is_term = !NOT_TERMS.contains(&first.as_str()) && term.chars().any(char::is_alphabetic);
    (is_term && defines(rest)).then(|| Definition {
        term: term.to_string(),
        sentence: sentence.trim().to_string(),
    })
}

/// The definition `sentence` makes, if it reads like one; `glossary` also accepts
/// "Term: definition" (a list item).
pub(crate) fn definition_of(sentence: &str, glossary: bool) -> Option<Definition> {
    let caps = DEFINITION.captures(sentence.trim()).or_else(|| {
        glossary
            .then(|| GLOSSARY.captures(sentence.trim()))
            .flatten()
    })?;
    definition(
        caps.name("term")?.as_str(),
        caps.name("rest")?.as_str(),
        sentence,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(sentence: &str, glossary: bool) -> Option<String> {
        definition_of(sentence, glossary).map(|d| d.term)
    }

    #[test]
    fn definitions_give_their_term() {
        assert_eq!(
            term(
                "Chlorophyll is the green pigment that absorbs light.",
                false
            )
            .as_deref(),
            Some("Chlorophyll")
        );
        assert_eq!(
            term(
                "The Calvin cycle is the second stage of photosynthesis.",
                false
            )
            .as_deref(),
            Some("Calvin cycle")
        );
        assert_eq!(
            term(
                "La Asamblea Nacional es el parlamento del Tercer Estado.",
                false
            )
            .as_deref(),
            Some("Asamblea Nacional")
        );
        assert_eq!(
            term("Stomata: tiny pores on the underside of leaves.", true).as_deref(),
            Some("Stomata")
        );
    }

    #[test]
    fn other_sentences_are_not_definitions() {
        for s in [
            "It is important to water plants.",
            "This is why leaves are green.",
            "Water is split.",
            "Plants grow towards the light every day.",
            "There are three stages.",
            "Water is taken up by the roots.",
            "The oxygen is released as a waste gas.",
            "The leaf is adapted for photosynthesis.",
            "La Bastilla es recordada cada año.",
            "Rain is very common in spring.",
            "The Earth's crust is broken into plates.",
        ] {
            assert_eq!(term(s, false), None, "{s}");
        }
        assert_eq!(term("Stomata: tiny pores on leaves.", false), None);
    }
}
