//! Number words in English and Spanish ("twenty-five", "one hundred and five",
//! "veinticinco", "mil doscientos"), the digit words read after a decimal point, and the
//! ordinals used for powers ("to the fifth", "a la quinta") and fractions ("two thirds",
//! "dos tercios"). The way numbers are put together is here; the words are
//! `words/<locale>/spoken-numbers.txt`, each with its kind and value.

use crate::language::Language;
use crate::word_lists::{list_in, pairs};
use std::sync::LazyLock;

/// Whether a fraction word is singular ("third", "tercio") or plural ("thirds", "tercios").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plurality {
    /// Only after "one"/"un": "one third".
    One,
    /// After any number: "two thirds".
    Many,
}

/// An ordinal word: its value and how it may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ordinal {
    /// 5 for "fifth", "quinta", "5th".
    pub value: u64,
    /// Some when it can be a fraction's denominator ("third", "halves", "cuartos").
    pub denominator: Option<Plurality>,
    /// Whether it can be an exponent ("to the fifth", "a la quinta").
    pub power: bool,
}

/// A number word: the word, its kind (`unit`, `ten`, `scale`…) and its value, if the
/// kind has one.
type NumberWord = (&'static str, &'static str, Option<u64>);

/// The number words of `language` (`words/<locale>/spoken-numbers.txt`, "word: kind
/// value"; a word of several kinds is on several lines).
fn number_words(language: Language) -> &'static [NumberWord] {
    fn read(entries: impl Iterator<Item = &'static str>) -> Vec<NumberWord> {
        let words = pairs(entries).into_iter().map(|(word, meaning)| {
            let (kind, value) = meaning.split_once(' ').unwrap_or((meaning, ""));
            let value = value.trim().parse().ok();
            debug_assert!(value.is_some() || value_less(kind), "{word}: {meaning}");
            (word, kind, value)
        });
        words.collect()
    }
    static EN: LazyLock<Vec<NumberWord>> = LazyLock::new(|| read(list_in!("en", "spoken-numbers")));
    static ES: LazyLock<Vec<NumberWord>> = LazyLock::new(|| read(list_in!("es", "spoken-numbers")));
    match language {
        Language::En => &EN,
        Language::Es => &ES,
    }
}

/// The kinds that are a word's use, not a number: "and" before the rest of a number,
/// the word joining a ten and its unit, a scale that may stand alone, the ending of an
/// ordinal in digits.
fn value_less(kind: &str) -> bool {
    matches!(kind, "and" | "ten-and" | "scale-alone" | "ordinal-ending")
}

/// The value `word` has as a number word of `kind` in `language`.
fn value(word: &str, kind: &str, language: Language) -> Option<u64> {
    let words = number_words(language).iter();
    words
        .filter(|(w, k, _)| *w == word && *k == kind)
        .find_map(|(_, _, value)| *value)
}

/// Whether `word` is a number word of `kind` in `language`.
fn is(word: Option<&str>, kind: &str, language: Language) -> bool {
    let mut words = number_words(language).iter();
    word.is_some_and(|word| words.any(|(w, k, _)| *w == word && *k == kind))
}

/// The value of the number words at the start of `words` (normalised: lowercase, no
/// accents) and how many words it took; None when `words` does not start with one.
pub(crate) fn read(words: &[&str], language: Language) -> Option<(u64, usize)> {
    let mut total: u64 = 0;
    let mut at = 0;
    let mut last_scale = u64::MAX;
    let mut any = false;
    loop {
        let rest = words.get(at..).unwrap_or_default();
        let group = below_thousand(rest, language);
        let (value, used) = match group {
            Some(group) => group,
            // "mil doscientos", "thousand": a scale word alone counts one of it.
            None if !any && is(rest.first().copied(), "scale-alone", language) => (1, 0),
            None => break,
        };
        let scale = words.get(at + used).and_then(|w| scale(w, language));
        match scale {
            Some(scale) if scale < last_scale && value > 0 => {
                total = total.saturating_add(value.saturating_mul(scale));
                at += used + 1;
                last_scale = scale;
                any = true;
                // "two thousand and five"
                let and = is(words.get(at).copied(), "and", language);
                if and
                    && below_thousand(words.get(at + 1..).unwrap_or_default(), language).is_some()
                {
                    at += 1;
                }
            }
            _ if used > 0 => {
                total = total.saturating_add(value);
                at += used;
                any = true;
                break;
            }
            _ => break,
        }
    }
    any.then_some((total, at))
}

/// The digit (0–9) a single word names, for the digits after a decimal point.
pub(crate) fn digit(word: &str, language: Language) -> Option<u64> {
    if let Some(digit) = value(word, "digit", language) {
        return Some(digit);
    }
    small(word, language).filter(|&v| v < 10)
}

/// Whether `word` is the ending of an ordinal written in digits ("th" of "5th"), in any
/// language: a student may write one whatever the conversation's.
pub(crate) fn is_ordinal_ending(word: &str) -> bool {
    [Language::En, Language::Es]
        .into_iter()
        .any(|language| is(Some(word), "ordinal-ending", language))
}

/// The ordinal a word names, if any: an exponent only ("second", "quinta"), a
/// fraction's denominator only ("half", "halves"), or one read with its plural in -s
/// ("fifth", "fifths"; "tercio", "tercios").
pub(crate) fn ordinal(word: &str, language: Language) -> Option<Ordinal> {
    let fixed = [
        ("power", None, true),
        ("part-one", Some(Plurality::One), false),
        ("part-many", Some(Plurality::Many), false),
    ];
    for (kind, denominator, power) in fixed {
        if let Some(value) = value(word, kind, language) {
            return Some(Ordinal {
                value,
                denominator,
                power,
            });
        }
    }
    let (singular, plurality) = match word.strip_suffix('s') {
        Some(stem) => (stem, Plurality::Many),
        None => (word, Plurality::One),
    };
    // "fifth" is an exponent too, "tercio" only a denominator.
    let (value, power) = match value(singular, "ordinal", language) {
        Some(value) => (value, plurality == Plurality::One),
        None => (value(singular, "part", language)?, false),
    };
    Some(Ordinal {
        value,
        denominator: Some(plurality),
        power,
    })
}

/// A number below a thousand and the words it took.
fn below_thousand(words: &[&str], language: Language) -> Option<(u64, usize)> {
    let first = *words.first()?;
    // "cien": a hundred with nothing after it.
    if let Some(hundred) = value(first, "hundred-alone", language) {
        return Some((hundred, 1));
    }
    // "doscientos": hundreds in one word.
    if let Some(hundreds) = value(first, "hundreds", language) {
        return Some(with_tail(hundreds, 1, words, language));
    }
    // "two hundred": a unit and the word that makes it hundreds.
    let unit = small(first, language).filter(|v| (1..10).contains(v));
    let hundred = words.get(1).and_then(|w| value(w, "hundred", language));
    if let (Some(unit), Some(hundred)) = (unit, hundred) {
        return Some(with_tail(unit * hundred, 2, words, language));
    }
    below_hundred(words, language)
}

/// `value` plus the tens and units after its hundreds ("one hundred and five").
fn with_tail(value: u64, used: usize, words: &[&str], language: Language) -> (u64, usize) {
    let rest = words.get(used..).unwrap_or_default();
    if let Some((tail, n)) = below_hundred(rest, language) {
        return (value + tail, used + n);
    }
    let and = is(rest.first().copied(), "and", language);
    match below_hundred(rest.get(1..).unwrap_or_default(), language) {
        Some((tail, n)) if and => (value + tail, used + 1 + n),
        _ => (value, used),
    }
}

fn below_hundred(words: &[&str], language: Language) -> Option<(u64, usize)> {
    let first = *words.first()?;
    if let Some(tens) = value(first, "ten", language) {
        // "twenty five"; "treinta y cinco", where the unit needs the word joining them.
        let joined = number_words(language)
            .iter()
            .any(|(_, k, _)| *k == "ten-and");
        let unit_at = match joined {
            false => 1,
            true if is(words.get(1).copied(), "ten-and", language) => 2,
            true => return Some((tens, 1)),
        };
        let unit = words.get(unit_at).and_then(|w| small(w, language));
        return match unit {
            Some(unit) if (1..10).contains(&unit) => Some((tens + unit, unit_at + 1)),
            _ => Some((tens, 1)),
        };
    }
    small(first, language).map(|v| (v, 1))
}

/// Numbers written as one word below a hundred that are not plain tens.
fn small(word: &str, language: Language) -> Option<u64> {
    value(word, "unit", language)
}

fn scale(word: &str, language: Language) -> Option<u64> {
    value(word, "scale", language)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(text: &str) -> Option<(u64, usize)> {
        read(&text.split(' ').collect::<Vec<_>>(), Language::En)
    }

    fn es(text: &str) -> Option<(u64, usize)> {
        read(&text.split(' ').collect::<Vec<_>>(), Language::Es)
    }

    #[test]
    fn english_number_words_become_values() {
        assert_eq!(en("ten"), Some((10, 1)));
        assert_eq!(en("twenty five"), Some((25, 2)));
        assert_eq!(en("one hundred and five"), Some((105, 4)));
        assert_eq!(en("three hundred twelve"), Some((312, 3)));
        assert_eq!(en("two thousand and twenty"), Some((2020, 4)));
        assert_eq!(
            en("nine hundred ninety nine thousand nine hundred ninety nine"),
            Some((999_999, 9))
        );
        assert_eq!(en("two million"), Some((2_000_000, 2)));
        // Two numbers said one after the other stay two numbers.
        assert_eq!(en("two three"), Some((2, 1)));
        assert_eq!(en("one hundred and apples"), Some((100, 2)));
        assert_eq!(en("questions"), None);
    }

    #[test]
    fn spanish_number_words_become_values() {
        assert_eq!(es("dieciseis"), Some((16, 1)));
        assert_eq!(es("veinticinco"), Some((25, 1)));
        assert_eq!(es("treinta y cinco"), Some((35, 3)));
        assert_eq!(es("ciento cinco"), Some((105, 2)));
        assert_eq!(es("cien"), Some((100, 1)));
        assert_eq!(es("mil doscientos"), Some((1200, 2)));
        assert_eq!(es("dos mil veinticuatro"), Some((2024, 3)));
        assert_eq!(es("quinientas mil"), Some((500_000, 2)));
        assert_eq!(
            es("novecientos noventa y nueve mil novecientos noventa y nueve"),
            Some((999_999, 9))
        );
        assert_eq!(es("un millon"), Some((1_000_000, 2)));
        // "y" joins tens and units only.
        assert_eq!(es("cinco y seis"), Some((5, 1)));
        assert_eq!(es("treinta y x"), Some((30, 1)));
    }

    #[test]
    fn ordinals_serve_powers_and_fractions() {
        let third = ordinal("third", Language::En);
        assert_eq!(
            third.map(|o| (o.value, o.denominator, o.power)),
            Some((3, Some(Plurality::One), true))
        );
        let fifths = ordinal("fifths", Language::En);
        assert_eq!(
            fifths.map(|o| (o.value, o.denominator)),
            Some((5, Some(Plurality::Many)))
        );
        assert_eq!(ordinal("halves", Language::En).map(|o| o.value), Some(2));
        assert_eq!(
            ordinal("quinta", Language::Es).map(|o| (o.value, o.power)),
            Some((5, true))
        );
        let tercios = ordinal("tercios", Language::Es);
        assert_eq!(tercios.map(|o| o.denominator), Some(Some(Plurality::Many)));
        assert_eq!(ordinal("tres", Language::Es), None);
        assert_eq!(digit("oh", Language::En), Some(0));
        assert_eq!(digit("doce", Language::Es), None);
    }
}
