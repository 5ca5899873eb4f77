//! The words and phrases of spoken mathematics, English and Spanish: operators,
//! relations, powers, functions, roots, parentheses, constants and letter names, read
//! from `crates/core/words/<locale>/spoken-maths.txt` ("phrase: meaning", and the
//! phrases every language shares in `words/any/`) with the small lists beside it
//! (ambiguous letters, "of" words, power words). Keys are normalised (lowercase, no
//! accents, single spaces).

use crate::language::Language;
use crate::word_lists::{list_in, pairs};
use std::collections::HashMap;
use std::sync::LazyLock;

/// What a word or phrase means in mathematics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// "plus", "más".
    Plus,
    /// "minus", "menos": subtraction, or a sign at the start.
    Minus,
    /// "plus or minus", "más menos".
    PlusMinus,
    /// "negative", "negativo": only a sign.
    Negative,
    /// "times", "por".
    Times,
    /// "divided by", "entre".
    Divide,
    /// "over", "sobre": a fraction.
    Over,
    /// A relation, as LaTeX ("=", "<", "\le"…).
    Relation(&'static str),
    /// "squared" (2), "al cubo" (3).
    Power(u32),
    /// "cuadrado", "cubo": a power only right after a letter ("equis cuadrado").
    BarePower(u32),
    /// "to the power of", "elevado a", "a la": an exponent follows.
    PowerOf,
    /// "all", "todo": the power after it applies to everything before ("x plus one all squared").
    All,
    /// A function, as LaTeX ("\sin").
    Function(&'static str),
    /// A root of that index ("square root" 2, "raíz cúbica" 3).
    Root(u32),
    /// "open parenthesis".
    Open,
    /// "close parenthesis".
    Close,
    /// "percent", "por ciento".
    Percent,
    /// "degrees", "grados".
    Degrees,
    /// A constant, as LaTeX ("\pi").
    Constant(&'static str),
    /// A letter or Greek letter, as LaTeX ("x", "\theta").
    Variable(&'static str),
    /// "the fraction", "la variable": what follows is mathematics even alone.
    Cue,
    /// "point", "coma": a decimal point between numbers.
    Point,
    /// A set phrase that is never mathematics ("al menos", "más o menos").
    Text,
}

/// The most words a phrase has.
pub(crate) const MAX_PHRASE_WORDS: usize = 6;

/// One language's spoken mathematics: the phrase table and the small word lists.
struct Lexicon {
    meanings: HashMap<&'static str, Meaning>,
    ambiguous_letters: Vec<&'static str>,
    of: Vec<&'static str>,
    power_words: Vec<&'static str>,
}

/// The lexicon of `language`: `words/<locale>/spoken-maths*.txt`, then
/// `words/any/spoken-maths.txt`.
fn lexicon(language: Language) -> &'static Lexicon {
    static EN: LazyLock<Lexicon> = LazyLock::new(|| Lexicon {
        meanings: table(list_in!("en", "spoken-maths").chain(list_in!("any", "spoken-maths"))),
        ambiguous_letters: list_in!("en", "spoken-maths-ambiguous-letters").collect(),
        of: list_in!("en", "spoken-maths-of").collect(),
        power_words: list_in!("en", "spoken-maths-power-words").collect(),
    });
    static ES: LazyLock<Lexicon> = LazyLock::new(|| Lexicon {
        meanings: table(list_in!("es", "spoken-maths").chain(list_in!("any", "spoken-maths"))),
        ambiguous_letters: list_in!("es", "spoken-maths-ambiguous-letters").collect(),
        of: list_in!("es", "spoken-maths-of").collect(),
        power_words: list_in!("es", "spoken-maths-power-words").collect(),
    });
    match language {
        Language::En => &EN,
        Language::Es => &ES,
    }
}

/// The phrase table of `entries` ("phrase: meaning"; a later entry wins).
fn table(entries: impl Iterator<Item = &'static str>) -> HashMap<&'static str, Meaning> {
    pairs(entries)
        .into_iter()
        .filter_map(|(phrase, meaning)| {
            let read = read_meaning(meaning);
            debug_assert!(read.is_some(), "{phrase}: {meaning} is no meaning");
            Some((phrase, read?))
        })
        .collect()
}

/// A meaning as a word list writes it: `plus`, `relation \le`, `power 2`,
/// `function \sin`…
fn read_meaning(text: &'static str) -> Option<Meaning> {
    let (kind, arg) = match text.split_once(' ') {
        Some((kind, arg)) => (kind, Some(arg.trim())),
        None => (text, None),
    };
    let number = || arg?.parse::<u32>().ok();
    let meaning = match (kind, arg) {
        ("plus", None) => Plus,
        ("minus", None) => Minus,
        ("plus-minus", None) => PlusMinus,
        ("negative", None) => Negative,
        ("times", None) => Times,
        ("divide", None) => Divide,
        ("over", None) => Over,
        ("relation", Some(latex)) => Relation(latex),
        ("power", Some(_)) => Power(number()?),
        ("bare-power", Some(_)) => BarePower(number()?),
        ("power-of", None) => PowerOf,
        ("all", None) => All,
        ("function", Some(latex)) => Function(latex),
        ("root", Some(_)) => Root(number()?),
        ("open", None) => Open,
        ("close", None) => Close,
        ("percent", None) => Percent,
        ("degrees", None) => Degrees,
        ("constant", Some(latex)) => Constant(latex),
        ("variable", Some(latex)) => Variable(latex),
        ("cue", None) => Cue,
        ("point", None) => Point,
        ("text", None) => Text,
        _ => return None,
    };
    Some(meaning)
}

/// What `phrase` (normalised words joined by single spaces) means, if anything.
pub(crate) fn meaning(phrase: &str, language: Language) -> Option<Meaning> {
    lexicon(language).meanings.get(phrase).copied()
}

/// Single letters that are also ordinary words: variables only next to an operator.
pub(crate) fn is_ambiguous_letter(letter: &str, language: Language) -> bool {
    lexicon(language).ambiguous_letters.contains(&letter)
}

/// The words that may join a function or root to its argument ("sine of x", "raíz de x").
pub(crate) fn is_of(word: &str, language: Language) -> bool {
    lexicon(language).of.contains(&word)
}

/// The word that may follow an ordinal exponent ("to the fifth power").
pub(crate) fn is_power_word(word: &str, language: Language) -> bool {
    lexicon(language).power_words.contains(&word)
}

use Meaning::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_and_function_words_have_meanings_in_both_languages() {
        assert_eq!(meaning("divided by", Language::En), Some(Divide));
        assert_eq!(meaning("entre", Language::Es), Some(Divide));
        assert_eq!(
            meaning("menor o igual que", Language::Es),
            Some(Relation("\\le"))
        );
        assert_eq!(
            meaning("less than or equal to", Language::En),
            Some(Relation("\\le"))
        );
        assert_eq!(meaning("seno", Language::Es), Some(Function("\\sin")));
        assert_eq!(meaning("pi", Language::Es), Some(Constant("\\pi")));
        assert_eq!(meaning("equis", Language::Es), Some(Variable("x")));
        // Spanish "sin" is "without", and "tan" is "so".
        assert_eq!(meaning("sin", Language::Es), None);
        assert_eq!(meaning("tan", Language::Es), None);
        assert_eq!(meaning("al menos", Language::Es), Some(Text));
    }

    #[test]
    fn every_phrase_key_is_normalised_and_short_enough() {
        for language in [Language::En, Language::Es] {
            for key in lexicon(language).meanings.keys() {
                assert_eq!(crate::text::normalize::normalize(key), *key);
                assert!(key.split(' ').count() <= MAX_PHRASE_WORDS, "{key}");
            }
        }
    }

    #[test]
    fn every_line_of_the_word_lists_is_a_phrase_and_a_meaning() {
        let entries = list_in!("en", "spoken-maths")
            .chain(list_in!("es", "spoken-maths"))
            .chain(list_in!("any", "spoken-maths"));
        for entry in entries {
            let meaning = entry.split_once(':').map(|(_, m)| m.trim());
            assert!(meaning.and_then(read_meaning).is_some(), "{entry}");
        }
    }

    #[test]
    fn spanish_articles_and_conjunctions_are_ambiguous_letters() {
        for word in ["y", "a", "e", "o"] {
            assert!(is_ambiguous_letter(word, Language::Es));
        }
        assert!(is_ambiguous_letter("a", Language::En));
        assert!(!is_ambiguous_letter("y", Language::En));
        assert!(!is_ambiguous_letter("x", Language::Es));
    }
}
