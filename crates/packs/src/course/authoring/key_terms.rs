//! Key terms and the sentences that use them, as the prerequisite drafter reads them: a
//! term is its content words (stop words, numbers and words under three letters left
//! out), and a sentence uses it when it has every one of them, whole, a plural meeting
//! its singular ("satellite states" in "his satellite state", "eucariota" in "células
//! eucariotas"). Whole words rather than the tutor's six-letter stems, which would read
//! "containment" in "they contain".

use lantern_core::text::normalize::{has_phrase, normalize, words};
use lantern_core::text::terms::{is_stop_word, term_of};
use std::collections::{BTreeSet, HashSet};

/// Shortest word that counts in a key term.
const MIN_WORD_CHARS: usize = 3;

/// The forms a normalised word meets others by: itself, and without a plural `-s` or
/// `-es` when a word of three letters or more is left.
fn forms(word: &str) -> impl Iterator<Item = &str> {
    let plural = |ending: &str| {
        word.strip_suffix(ending)
            .filter(|w| w.chars().count() >= MIN_WORD_CHARS)
    };
    std::iter::once(word).chain(plural("s")).chain(plural("es"))
}

/// Whether a normalised word can be part of a key term.
fn is_key_word(word: &str) -> bool {
    word.chars().count() >= MIN_WORD_CHARS
        && !word.chars().all(|c| c.is_ascii_digit())
        && !is_stop_word(word)
}

/// A sentence of a unit's notes, with the word forms it can be matched by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sentence {
    /// The sentence as written.
    pub text: String,
    /// The sentence normalised.
    normalized: String,
    /// The forms of its words.
    forms: HashSet<String>,
    /// The forms of the words it writes as names: capitalised, not its first word.
    names: HashSet<String>,
}

impl Sentence {
    /// `text` read for matching.
    pub fn new(text: &str) -> Self {
        let normalized = normalize(text);
        let all = words(&normalized)
            .into_iter()
            .flat_map(forms)
            .map(str::to_string)
            .collect();
        let names = text
            .split_whitespace()
            .skip(1)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
            .flat_map(|w| {
                let word = normalize(w);
                words(&word)
                    .into_iter()
                    .flat_map(forms)
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        Self {
            text: text.trim().to_string(),
            normalized,
            forms: all,
            names,
        }
    }

    /// Whether the sentence has `word` (normalised) in one of its forms.
    fn has(&self, word: &str) -> bool {
        forms(word).any(|f| self.forms.contains(f))
    }

    /// Whether the sentence holds the normalised `phrase` as whole words.
    pub fn says(&self, phrase: &str) -> bool {
        has_phrase(&self.normalized, phrase)
    }
}

/// A term a unit's notes use (a defined or bold term, a title word), as its content
/// words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct KeyTerm {
    /// The term as written.
    pub written: String,
    /// Its content words, normalised.
    words: Vec<String>,
}

impl KeyTerm {
    /// The term `written`, or `None` when it has no content word.
    pub fn new(written: &str) -> Option<Self> {
        let normalized = normalize(written);
        let key_words: Vec<String> = words(&normalized)
            .into_iter()
            .filter(|w| is_key_word(w))
            .map(str::to_string)
            .collect();
        (!key_words.is_empty()).then(|| Self {
            written: written.trim().to_string(),
            words: key_words,
        })
    }

    /// The content words of `title`, each a term.
    pub fn words_of(title: &str) -> Vec<Self> {
        let mut out: Vec<Self> = Vec::new();
        for word in title.split_whitespace() {
            let word = word.trim_matches(|c: char| !c.is_alphanumeric());
            if let Some(term) = Self::new(word).filter(|t| !out.iter().any(|o| o.same(t))) {
                out.push(term);
            }
        }
        out
    }

    /// Whether `sentence` writes every word of the term as a name (capitalised inside
    /// the sentence: "Cuba", "Vietnam"), so a title word is a name, not a common word.
    pub fn named_in(&self, sentence: &Sentence) -> bool {
        self.words
            .iter()
            .all(|w| forms(w).any(|f| sentence.names.contains(f)))
    }

    /// Whether every word of the term is a word of `keys` by its stems (a course
    /// title's term keys: "celular" is a word of "La célula").
    pub fn within(&self, keys: &BTreeSet<String>) -> bool {
        self.words
            .iter()
            .all(|w| term_of(w).is_some_and(|t| t.in_keys(keys)))
    }

    /// Whether `sentence` uses every word of the term.
    pub fn used_in(&self, sentence: &Sentence) -> bool {
        self.words.iter().all(|w| sentence.has(w))
    }

    /// Whether `other` is the same term (the same words, plurals meeting singulars).
    pub fn same(&self, other: &Self) -> bool {
        self.words.len() == other.words.len() && self.covered_by(other)
    }

    /// Whether every word of the term is one of `other`'s.
    fn covered_by(&self, other: &Self) -> bool {
        self.words.iter().all(|w| {
            other
                .words
                .iter()
                .any(|o| forms(w).any(|f| forms(o).any(|g| f == g)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(written: &str) -> KeyTerm {
        KeyTerm::new(written).expect(written)
    }

    #[test]
    fn a_term_is_used_when_every_word_is_there_plurals_meeting_singulars() {
        let s = Sentence::new("Stalin feared for his satellite state in the east.");
        assert!(term("satellite states").used_in(&s));
        assert!(!term("satellite empires").used_in(&s));
        let s = Sentence::new("Son las estructuras del citoplasma de una célula eucariota.");
        assert!(term("eucariotas").used_in(&s));
        assert!(term("Citoplasma").used_in(&s));
    }

    #[test]
    fn a_name_is_capitalised_inside_a_sentence() {
        let s = Sentence::new("Castro turned to Moscow, and Cuba became an ally.");
        assert!(term("cuba").named_in(&s));
        assert!(!term("castro").named_in(&s), "the first word tells nothing");
        assert!(!term("ally").named_in(&s));
    }

    #[test]
    fn whole_words_only_not_stems() {
        let s = Sentence::new("Lysosomes contain enzymes that digest old parts.");
        assert!(!term("containment").used_in(&s));
    }

    #[test]
    fn stop_words_numbers_and_short_words_are_not_key_words() {
        assert_eq!(KeyTerm::new("of the 1945"), None);
        let words: Vec<String> = KeyTerm::words_of("The Cold War, 1945–1991")
            .into_iter()
            .map(|t| t.written)
            .collect();
        assert_eq!(words, ["Cold", "War"]);
        assert!(term("Bay of Pigs").same(&term("pigs bay")));
        let course = lantern_core::text::terms::term_keys("La célula");
        assert!(term("celular").within(&course));
        assert!(!term("teoría celular").within(&course));
        assert!(term("war").covered_by(&term("Cold War")));
    }
}
