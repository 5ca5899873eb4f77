//! Number words in English and Spanish ("twenty-five", "one hundred and five",
//! "veinticinco", "mil doscientos"), the digit words read after a decimal point, and the
//! ordinals used for powers ("to the fifth", "a la quinta") and fractions ("two thirds",
//! "dos tercios").

use crate::language::Language;

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
            None if !any && bare_scale(rest.first().copied(), language) => (1, 0),
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
                let and = words.get(at).is_some_and(|w| *w == "and") && language == Language::En;
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
    if language == Language::En && word == "oh" {
        return Some(0);
    }
    small(word, language).filter(|&v| v < 10)
}

/// The ordinal a word names, if any.
pub(crate) fn ordinal(word: &str, language: Language) -> Option<Ordinal> {
    match language {
        Language::En => english_ordinal(word),
        Language::Es => spanish_ordinal(word),
    }
}

fn english_ordinal(word: &str) -> Option<Ordinal> {
    const FIXED: &[(&str, u64, Option<Plurality>, bool)] = &[
        ("second", 2, None, true),
        ("half", 2, Some(Plurality::One), false),
        ("halves", 2, Some(Plurality::Many), false),
        ("quarter", 4, Some(Plurality::One), false),
        ("quarters", 4, Some(Plurality::Many), false),
        ("third", 3, Some(Plurality::One), true),
        ("thirds", 3, Some(Plurality::Many), false),
    ];
    if let Some(&(_, value, denominator, power)) = FIXED.iter().find(|(w, ..)| *w == word) {
        return Some(Ordinal {
            value,
            denominator,
            power,
        });
    }
    const TH: &[(&str, u64)] = &[
        ("fourth", 4),
        ("fifth", 5),
        ("sixth", 6),
        ("seventh", 7),
        ("eighth", 8),
        ("ninth", 9),
        ("tenth", 10),
        ("eleventh", 11),
        ("twelfth", 12),
        ("thirteenth", 13),
        ("fourteenth", 14),
        ("fifteenth", 15),
        ("sixteenth", 16),
        ("seventeenth", 17),
        ("eighteenth", 18),
        ("nineteenth", 19),
        ("twentieth", 20),
        ("hundredth", 100),
        ("thousandth", 1000),
    ];
    let (singular, plurality) = match word.strip_suffix('s') {
        Some(stem) => (stem, Plurality::Many),
        None => (word, Plurality::One),
    };
    let &(_, value) = TH.iter().find(|(w, _)| *w == singular)?;
    Some(Ordinal {
        value,
        denominator: Some(plurality),
        power: plurality == Plurality::One,
    })
}

fn spanish_ordinal(word: &str) -> Option<Ordinal> {
    // Feminine ordinals are exponents: "a la quinta".
    const POWERS: &[(&str, u64)] = &[
        ("segunda", 2),
        ("tercera", 3),
        ("cuarta", 4),
        ("quinta", 5),
        ("sexta", 6),
        ("septima", 7),
        ("setima", 7),
        ("octava", 8),
        ("novena", 9),
        ("decima", 10),
    ];
    if let Some(&(_, value)) = POWERS.iter().find(|(w, _)| *w == word) {
        return Some(Ordinal {
            value,
            denominator: None,
            power: true,
        });
    }
    // Masculine ones are denominators: "dos tercios", "un quinto".
    const PARTS: &[(&str, u64)] = &[
        ("medio", 2),
        ("tercio", 3),
        ("cuarto", 4),
        ("quinto", 5),
        ("sexto", 6),
        ("septimo", 7),
        ("setimo", 7),
        ("octavo", 8),
        ("noveno", 9),
        ("decimo", 10),
        ("centesimo", 100),
        ("milesimo", 1000),
    ];
    let (singular, plurality) = match word.strip_suffix('s') {
        Some(stem) => (stem, Plurality::Many),
        None => (word, Plurality::One),
    };
    let &(_, value) = PARTS.iter().find(|(w, _)| *w == singular)?;
    Some(Ordinal {
        value,
        denominator: Some(plurality),
        power: false,
    })
}

/// A number below a thousand and the words it took.
fn below_thousand(words: &[&str], language: Language) -> Option<(u64, usize)> {
    let first = *words.first()?;
    match language {
        Language::En => {
            let unit = small(first, language).filter(|v| (1..10).contains(v));
            if let (Some(unit), Some(&"hundred")) = (unit, words.get(1)) {
                return Some(with_tail(unit * 100, 2, words, language));
            }
            below_hundred(words, language)
        }
        Language::Es => {
            if first == "cien" {
                return Some((100, 1));
            }
            if let Some(hundreds) = spanish_hundreds(first) {
                return Some(with_tail(hundreds, 1, words, language));
            }
            below_hundred(words, language)
        }
    }
}

/// `value` plus the tens and units after its hundreds ("one hundred and five").
fn with_tail(value: u64, used: usize, words: &[&str], language: Language) -> (u64, usize) {
    let rest = words.get(used..).unwrap_or_default();
    if let Some((tail, n)) = below_hundred(rest, language) {
        return (value + tail, used + n);
    }
    let and = language == Language::En && rest.first() == Some(&"and");
    match below_hundred(rest.get(1..).unwrap_or_default(), language) {
        Some((tail, n)) if and => (value + tail, used + 1 + n),
        _ => (value, used),
    }
}

fn below_hundred(words: &[&str], language: Language) -> Option<(u64, usize)> {
    let first = *words.first()?;
    if let Some(tens) = tens(first, language) {
        let unit_at = match language {
            Language::En => 1,
            // "treinta y cinco"
            Language::Es if words.get(1) == Some(&"y") => 2,
            Language::Es => return Some((tens, 1)),
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
    const EN: &[&str] = &[
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const ES: &[&str] = &[
        "cero",
        "uno",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "ocho",
        "nueve",
        "diez",
        "once",
        "doce",
        "trece",
        "catorce",
        "quince",
        "dieciseis",
        "diecisiete",
        "dieciocho",
        "diecinueve",
    ];
    const ES_TWENTIES: &[&str] = &[
        "veintiuno",
        "veintidos",
        "veintitres",
        "veinticuatro",
        "veinticinco",
        "veintiseis",
        "veintisiete",
        "veintiocho",
        "veintinueve",
    ];
    let position = |list: &[&str]| list.iter().position(|w| *w == word).map(|p| p as u64);
    match language {
        Language::En => position(EN),
        Language::Es => match word {
            "un" | "una" => Some(1),
            "veintiun" | "veintiuna" => Some(21),
            _ => position(ES).or_else(|| position(ES_TWENTIES).map(|p| 21 + p)),
        },
    }
}

fn tens(word: &str, language: Language) -> Option<u64> {
    const EN: &[&str] = &[
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    const ES: &[&str] = &[
        "veinte",
        "treinta",
        "cuarenta",
        "cincuenta",
        "sesenta",
        "setenta",
        "ochenta",
        "noventa",
    ];
    let list = match language {
        Language::En => EN,
        Language::Es => ES,
    };
    list.iter()
        .position(|w| *w == word)
        .map(|p| 20 + 10 * p as u64)
}

fn spanish_hundreds(word: &str) -> Option<u64> {
    const HUNDREDS: &[(&str, u64)] = &[
        ("ciento", 100),
        ("doscientos", 200),
        ("trescientos", 300),
        ("cuatrocientos", 400),
        ("quinientos", 500),
        ("seiscientos", 600),
        ("setecientos", 700),
        ("ochocientos", 800),
        ("novecientos", 900),
    ];
    let masculine = word.strip_suffix("as").map(|stem| format!("{stem}os"));
    let word = masculine.as_deref().unwrap_or(word);
    HUNDREDS.iter().find(|(w, _)| *w == word).map(|&(_, v)| v)
}

fn scale(word: &str, language: Language) -> Option<u64> {
    match (language, word) {
        (Language::En, "thousand") | (Language::Es, "mil") => Some(1_000),
        (Language::En, "million" | "millions") | (Language::Es, "millon" | "millones") => {
            Some(1_000_000)
        }
        _ => None,
    }
}

fn bare_scale(word: Option<&str>, language: Language) -> bool {
    matches!(
        (language, word),
        (Language::En, Some("thousand")) | (Language::Es, Some("mil"))
    )
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
