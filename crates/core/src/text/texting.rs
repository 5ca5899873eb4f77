//! Texting shorthand and its full form ("q" → "que", "im" → "I'm"), from
//! `words/<locale>/texting.txt`: only forms that are never a word of their own in
//! English or Spanish. The coach spells them out in a text it proposes for the draft;
//! the modules read a message's distress through them ("no sirvo pa nada").

use crate::word_lists::pairs;
use std::sync::LazyLock;

/// Every shorthand and its full form, both languages'.
static SHORTHAND: LazyLock<Vec<(&str, &str)>> =
    LazyLock::new(|| pairs(crate::word_list!("texting")));

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
    fn a_word_and_a_unit_are_not_shorthand() {
        assert_eq!(full_form("que"), None);
        assert_eq!(full_form("TB"), None);
        assert_eq!(full_form("u"), None);
    }
}
