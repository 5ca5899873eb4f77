//! The measures a text gives: each number written in digits with the unit it is said
//! in ("12 km", "800m", "20 %", "35 degrees"). A student who gives a measure in a unit
//! a note's sentence also counts in is giving their own figures to that sentence's
//! rule ("its pretty hilly tho, like 800m up" after "…add an extra hour for every 600 m
//! of climbing"). A question asking how many of a unit ("¿a cuántos grados la pongo?")
//! is answered by the notes that count in it.

use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{is_stop_word, number_token, term_keys};
use lantern_core::word_list;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

/// Words that ask how much, how many or how long ("cuánto", "how long"),
/// `words/<locale>/amount-questions.txt`, normalised.
pub(crate) static AMOUNT_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("amount-questions").collect());

/// Suffixes of ordinal numbers ("2nd", "3º"), which say a place, not a unit.
const ORDINAL_SUFFIXES: [&str; 6] = ["st", "nd", "rd", "th", "º", "ª"];

/// The unit of a measure as it is compared: normalised, without a plural "s" ("km" and
/// "kms", "litre" and "litres" meet).
fn unit_key(unit: &str) -> Option<String> {
    if unit == "%" {
        return Some(unit.to_string());
    }
    let normal = normalize(unit);
    let word = normal.split(' ').next().unwrap_or_default();
    let key = match word.strip_suffix('s') {
        Some(stem) if stem.chars().count() >= 2 => stem,
        _ => word,
    };
    (!key.is_empty() && !ORDINAL_SUFFIXES.contains(&key)).then(|| key.to_string())
}

/// The units `text` gives a number in: after digits, the letters or "%" written onto
/// them ("800m") or the next word ("600 m", "20 %").
pub fn units(text: &str) -> BTreeSet<String> {
    units_of_numbers(text).into_values().flatten().collect()
}

/// Each number `text` gives in digits (as terms key it: "2,5" → "2.5"), with the units
/// it is given in: the letters or "%" written onto it ("800m") or the next word ("600
/// m", "20 %"); none when a number is said bare ("5 o 6").
pub fn units_of_numbers(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let lower = text.to_lowercase();
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    let mut found: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (at, token) in tokens.iter().enumerate() {
        let token = token.trim_start_matches(|c: char| !c.is_alphanumeric());
        let digits = token
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(token.len());
        let Some(number) = number_token(&token[..digits]) else {
            continue;
        };
        let attached = token[digits..].trim_end_matches(|c: char| !c.is_alphanumeric() && c != '%');
        let unit = if attached.is_empty() {
            tokens.get(at + 1).map_or("", |next| {
                next.trim_matches(|c: char| !c.is_alphanumeric() && c != '%')
            })
        } else {
            attached
        };
        let starts_with_a_letter = unit
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '%');
        let units = found.entry(number).or_default();
        if starts_with_a_letter {
            units.extend(unit_key(unit));
        }
    }
    found
}

/// The numbers `message` gives in a unit that `sentence` gives the same number in only
/// in other units ("5 min" and "5 kg"): the same digits, another measure, so the
/// sentence does not name them. A stop word after a number is no unit ("5 o 6").
pub fn numbers_in_other_units(message: &str, sentence: &str) -> BTreeSet<String> {
    let measured = |text: &str| {
        units_of_numbers(text)
            .into_iter()
            .map(|(number, units)| {
                let units: BTreeSet<String> =
                    units.into_iter().filter(|u| !is_stop_word(u)).collect();
                (number, units)
            })
            .filter(|(_, units)| !units.is_empty())
            .collect::<BTreeMap<_, _>>()
    };
    let in_message = measured(message);
    if in_message.is_empty() {
        return BTreeSet::new();
    }
    let in_sentence = measured(sentence);
    in_message
        .into_iter()
        .filter(|(number, units)| {
            in_sentence.get(number).is_some_and(|theirs| {
                !units
                    .iter()
                    .any(|u| theirs.iter().any(|t| may_be_one_unit(u, t)))
            })
        })
        .map(|(number, _)| number)
        .collect()
}

/// Whether two unit keys may name one unit: one starts the other ("min", "minuto"), they
/// start alike ("h", "hora"; "kg" and "km" are kept together, to be safe), or they are
/// one word in the two languages ("week", "semana").
fn may_be_one_unit(a: &str, b: &str) -> bool {
    a.starts_with(b)
        || b.starts_with(a)
        || a.chars().next() == b.chars().next()
        || !term_keys(a).is_disjoint(&term_keys(b))
}

/// The units `message` asks an amount of: the word right after a word asking how much
/// or how many ("¿a cuántos grados la pongo?" → "grado", "how many km is it" → "km");
/// only a note's sentence that gives a number in it counts in it ([`counts_in`]).
pub fn asked_units(message: &str) -> BTreeSet<String> {
    let normal = normalize(message);
    let words: Vec<&str> = normal.split(' ').collect();
    let mut found = BTreeSet::new();
    for phrase in AMOUNT_QUESTIONS.iter() {
        let length = phrase.split(' ').count();
        for (at, window) in words.windows(length + 1).enumerate() {
            if window[..length].iter().copied().eq(phrase.split(' ')) {
                found.extend(unit_key(words[at + length]));
            }
        }
    }
    found
}

/// Whether `sentence` counts in one of `given`, the units a message gives a number in
/// ([`units`], read once for all the sentences it is compared with).
pub fn counts_in(sentence: &str, given: &BTreeSet<String>) -> bool {
    !given.is_empty() && !units(sentence).is_disjoint(given)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_read_with_the_unit_written_onto_it_or_after_it() {
        let got = units("12 km, like 800m up, at 20 %, 35 degrees");
        let want: BTreeSet<String> = ["km", "m", "%", "degree"].map(String::from).into();
        assert_eq!(got, want);
    }

    #[test]
    fn the_unit_a_how_many_question_asks_is_the_word_after_it() {
        let want: BTreeSet<String> = ["grado".to_string()].into();
        assert_eq!(
            asked_units("a cuantos grados la pongo pa gastar menos"),
            want
        );
        let want: BTreeSet<String> = ["km".to_string()].into();
        assert_eq!(asked_units("how many km is the loop?"), want);
        assert!(asked_units("¿cuánto?").is_empty());
        assert!(!counts_in(
            "Lava el algodón a 40 grados.",
            &asked_units("¿cuánto jabón?")
        ));
    }

    #[test]
    fn a_number_in_another_unit_is_another_measure() {
        let rule = "La mochila no debería pesar más del 10 % de tu peso: si pesas 50 kg, son 5 kg.";
        let want: BTreeSet<String> = ["5".to_string()].into();
        assert_eq!(numbers_in_other_units("aunq sea pa 5 min", rule), want);
        assert!(numbers_in_other_units("y si llevo 5 kg", rule).is_empty());
        assert!(numbers_in_other_units("5 o 6 libros", rule).is_empty());
        assert!(numbers_in_other_units("5 min", "Son 5 minutos.").is_empty());
        assert!(numbers_in_other_units("for 2 weeks", "Dura 2 semanas.").is_empty());
    }

    #[test]
    fn an_ordinal_or_a_number_word_is_no_measure() {
        assert!(units("gone by the 2nd week, two litres").is_empty());
    }

    #[test]
    fn a_sentence_counting_in_the_messages_unit_shares_it() {
        let rule = "Allow one hour for every 4 km and an extra hour for every 600 m of climbing.";
        assert!(counts_in(
            rule,
            &units("its pretty hilly tho, like 800m up")
        ));
        assert!(!counts_in(rule, &units("its pretty hilly tho")));
        assert!(!counts_in("Check the forecast.", &units("like 800m up")));
    }
}
