//! What a rewrite of one section must keep before it is proposed: the language asked
//! for ("translate the summary to Spanish": every sentence in Spanish, none left in
//! English), and the section's facts — every number of the old text is still there,
//! a shorter text included (which must be shorter).

use super::error::ReportError;
use super::focus::wants_shorter;
use super::messages::MESSAGES;
use super::word_lists::alternation;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::tidy::{detect_language, sentences};
use lantern_core::word_list;
use regex::Regex;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Fewest words a sentence needs for its language to be judged.
const MIN_JUDGED_WORDS: usize = 4;

/// A whole phrase of a list, anywhere in a message, its spaces any white space.
fn any_phrase_of(phrases: impl IntoIterator<Item = &'static str>) -> Regex {
    Regex::new(&format!(r"(?i)\b(?:{})\b", alternation(phrases, true))).expect("valid regex")
}

/// A request for Spanish (`to-spanish.txt`).
static TO_SPANISH: LazyLock<Regex> = LazyLock::new(|| any_phrase_of(word_list!("to-spanish")));

/// A request for English (`to-english.txt`).
static TO_ENGLISH: LazyLock<Regex> = LazyLock::new(|| any_phrase_of(word_list!("to-english")));

/// What the student's request asks a rewrite to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RewriteAsk {
    /// The language asked for, when the request names one.
    pub language: Option<Language>,
    /// Whether a shorter text was asked for (it must be shorter; its numbers stay all
    /// the same).
    pub shorter: bool,
}

/// What `message` asks of a rewrite.
pub fn rewrite_ask(message: &str) -> RewriteAsk {
    let language = if TO_SPANISH.is_match(message) {
        Some(Language::Es)
    } else if TO_ENGLISH.is_match(message) {
        Some(Language::En)
    } else {
        None
    };
    RewriteAsk {
        language,
        shorter: wants_shorter(message),
    }
}

/// Most of a translation's words that may be copied from the text it translates (names
/// are not counted; cognates spelt alike are).
const MAX_COPIED_SHARE: f64 = 0.25;

/// The words a translation left as they were: `new`'s lowercase words of four letters
/// or more that `old` also has, and how many such words `new` has.
fn copied_words(old: &str, new: &str) -> (Vec<String>, usize) {
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_alphabetic())
            .filter(|w| w.chars().count() >= 4 && w.chars().next().is_some_and(char::is_lowercase))
            .map(str::to_string)
            .collect()
    };
    let source: BTreeSet<String> = words(old).into_iter().collect();
    let new_words = words(new);
    let copied = new_words
        .iter()
        .filter(|w| source.contains(*w))
        .cloned()
        .collect();
    (copied, new_words.len())
}

/// The numbers of a text, digits only ("7,2" and "7.2" are both "7" and "2").
fn numbers(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

/// What a rewrite failed to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RewriteProblem {
    /// A sentence is not in the language asked for (that language, the sentence).
    Language(Language, String),
    /// Numbers of the old text are missing.
    NumbersLost(Vec<String>),
    /// A shorter text was asked for and this one is not.
    NotShorter,
}

impl RewriteProblem {
    /// The refusal the model reads.
    pub fn for_model(&self) -> ReportError {
        ReportError::ArgumentsInvalid(match self {
            Self::Language(target, sentence) => format!(
                "every sentence must be in {}; “{sentence}” is not",
                model_language_name(*target)
            ),
            Self::NumbersLost(lost) => {
                format!(
                    "keep every number of the text; {} is missing",
                    lost.join(", ")
                )
            }
            Self::NotShorter => "the new text must be shorter than the old one".into(),
        })
    }

    /// Why no change was made, for the student in `language`.
    pub fn words(&self, language: Language) -> String {
        match self {
            Self::Language(target, _) => say!(
                MESSAGES,
                language,
                "reports-rewrite-not-in-language",
                language = target.code()
            ),
            Self::NumbersLost(lost) => say!(
                MESSAGES,
                language,
                "reports-rewrite-lost-numbers",
                numbers = &lost.join(", ")
            ),
            Self::NotShorter => say!(MESSAGES, language, "reports-rewrite-not-shorter"),
        }
    }
}

/// A language's name in the refusal the model reads.
fn model_language_name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Es => "Spanish",
    }
}

/// Whether `new`, the rewrite of `old`, keeps what `ask` asks: its sentences in the
/// language asked (else in `old`'s language) and, when asked, every number of `old`.
pub fn check_rewrite(old: &str, new: &str, ask: &RewriteAsk) -> Result<(), RewriteProblem> {
    let source = detect_language(old);
    if let Some(target) = ask.language.filter(|t| source.is_some_and(|s| s != *t)) {
        let (copied, total) = copied_words(old, new);
        if total > 0 && copied.len() as f64 > MAX_COPIED_SHARE * total as f64 {
            return Err(RewriteProblem::Language(target, copied.join(" ")));
        }
    }
    if let Some(target) = ask.language.or(source) {
        let other = sentences(new).into_iter().find(|s| {
            s.split_whitespace().count() >= MIN_JUDGED_WORDS
                && detect_language(s).is_some_and(|l| l != target)
        });
        if let Some(sentence) = other {
            return Err(RewriteProblem::Language(target, sentence.to_string()));
        }
    }
    let lost = lost_numbers(old, new);
    if !lost.is_empty() {
        return Err(RewriteProblem::NumbersLost(lost));
    }
    if ask.shorter && new.trim().chars().count() >= old.trim().chars().count() {
        return Err(RewriteProblem::NotShorter);
    }
    Ok(())
}

/// The numbers of `old` that `new` no longer has.
pub fn lost_numbers(old: &str, new: &str) -> Vec<String> {
    numbers(old).difference(&numbers(new)).cloned().collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_shorter_text_asked_for_must_be_shorter() {
        let ask = super::rewrite_ask("make the evaluation a bit shorter");
        let old = "Our results were reliable. Some water dripped off.";
        let longer = format!("{old} We could weigh each sheet.");
        assert_eq!(
            super::check_rewrite(old, &longer, &ask),
            Err(super::RewriteProblem::NotShorter)
        );
        assert_eq!(
            super::check_rewrite(old, "Our results were reliable.", &ask),
            Ok(())
        );
    }

    use super::*;

    const SUMMARY: &str = "The property was inspected on 3 March. Overall condition is fair.";

    #[test]
    fn the_language_asked_for_is_read_from_the_request() {
        assert_eq!(
            rewrite_ask("translate the summary to Spanish").language,
            Some(Language::Es)
        );
        assert_eq!(
            rewrite_ask("traduce la introducción al inglés").language,
            Some(Language::En)
        );
        assert_eq!(rewrite_ask("make it sound professional").language, None);
        assert!(rewrite_ask("make it shorter").shorter);
    }

    #[test]
    fn a_translation_that_leaves_english_is_refused() {
        let ask = rewrite_ask("translate the summary to Spanish");
        let half = "La propiedad fue inspeccionada el 3 de marzo. Overall condition is fair and the roof is sound.";
        assert!(check_rewrite(SUMMARY, half, &ask).is_err());
        let whole = "La propiedad fue inspeccionada el 3 de marzo. El estado general de la casa es aceptable.";
        assert!(check_rewrite(SUMMARY, whole, &ask).is_ok());
    }

    #[test]
    fn a_translation_that_copies_the_source_words_is_refused() {
        let old = "El martes visitamos el río con la clase de ciencias. Tomamos muestras en tres puntos del cauce.";
        let ask = rewrite_ask("traduce la introducción al inglés");
        let mixed = "The martes visitamos the río with the class of ciencias. Tomamos muestras in three points of the cauce.";
        assert!(check_rewrite(old, mixed, &ask).is_err());
        let english = "On Tuesday we visited the river with the science class. We took samples at three points along the riverbed.";
        assert!(check_rewrite(old, english, &ask).is_ok());
    }

    #[test]
    fn a_rewrite_that_drops_a_number_is_refused_even_when_shorter_was_asked() {
        let new = "The property was inspected in March; it is fair.";
        assert!(check_rewrite(SUMMARY, new, &rewrite_ask("make it professional")).is_err());
        assert!(check_rewrite(SUMMARY, new, &rewrite_ask("make it shorter")).is_err());
        let kept = "Inspected on 3 March; fair.";
        assert!(check_rewrite(SUMMARY, kept, &rewrite_ask("make it shorter")).is_ok());
    }
}
