//! Texting shorthand and its full form ("q" → "que", "im" → "I'm"), from
//! `words/<locale>/texting.txt`: only forms that are never a word of their own in
//! English or Spanish. The coach spells them out in a text it proposes for the draft;
//! the modules read a message's distress through them ("no sirvo pa nada"). Units
//! shortened the same way ("yr", "min", `words/<locale>/unit-shorthand.txt`) are spelled
//! out only for the reply filter ([`with_full_forms`]), as the student's own words.

use crate::word_lists::pairs;
use std::sync::LazyLock;

/// Every shorthand and its full form, both languages'.
static SHORTHAND: LazyLock<Vec<(&str, &str)>> =
    LazyLock::new(|| pairs(crate::word_list!("texting")));

/// Every shortened unit and the unit in full, both languages'.
static UNITS: LazyLock<Vec<(&str, &str)>> =
    LazyLock::new(|| pairs(crate::word_list!("unit-shorthand")));

/// `text` followed by the full form of each texting shorthand and shortened unit it
/// writes ("the 4 yr old… every 2 min" also says "year" and "minute"), for reading what
/// a student said, never for showing it.
pub fn with_full_forms(text: &str) -> String {
    let mut out = text.to_string();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let unit = UNITS.iter().filter(|(short, _)| *short == word);
        for full in full_form(word)
            .into_iter()
            .chain(unit.map(|(_, full)| *full))
        {
            out.push(' ');
            out.push_str(full);
        }
    }
    out
}

/// The full form of `word` when it is texting shorthand, compared whole and as written
/// (lower case only: "TB" is a unit, "tb" is "también").
pub fn full_form(word: &str) -> Option<&'static str> {
    SHORTHAND
        .iter()
        .find(|(short, _)| *short == word)
        .map(|(_, full)| *full)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthand_has_its_full_form_in_both_languages() {
        assert_eq!(full_form("q"), Some("que"));
        assert_eq!(full_form("pa"), Some("para"));
        assert_eq!(full_form("ppl"), Some("people"));
        assert_eq!(full_form("im"), Some("I'm"));
    }

    #[test]
    fn every_line_is_one_word_and_its_full_form() {
        for line in crate::word_list!("texting") {
            let (short, full) = line.split_once(':').expect(line);
            assert!(
                !short.trim().is_empty() && !full.trim().is_empty(),
                "{line}"
            );
            assert!(!short.trim().contains(' '), "{line}");
        }
    }

    #[test]
    fn a_text_with_full_forms_also_says_each_shortened_word_in_full() {
        let said = with_full_forms("the 4 yr old comes out every 2 min, cuz she's thirsty");
        assert!(said.starts_with("the 4 yr old comes out every 2 min, cuz"));
        for full in ["year", "minute", "because"] {
            assert!(said.contains(full), "{said}");
        }
        assert_eq!(with_full_forms("cada 2 seg"), "cada 2 seg segundos");
        assert_eq!(with_full_forms("two minutes"), "two minutes");
    }

    #[test]
    fn a_word_and_a_unit_are_not_shorthand() {
        assert_eq!(full_form("que"), None);
        assert_eq!(full_form("TB"), None);
        assert_eq!(full_form("u"), None);
    }
}
