//! Texting shorthand in a text the student offers for the draft, spelled out before the
//! coach proposes it ("en mi clase 9 de cada 10 dicen q se agobian" → "… dicen que se
//! agobian"): the draft is what a teacher reads. The proposal shows the result before
//! anything is saved.

use super::phrase_lists::pairs;
use lantern_core::text::texting::full_form;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Shorthand that is also a letter or a unit, spelled out only between two words
/// ("algo x los demás", not "3 x 4"). From `words/{en,es}/texting-between-words.txt`.
static BETWEEN_WORDS: LazyLock<Vec<(&str, &str)>> =
    LazyLock::new(|| pairs(word_list!("texting-between-words")));

/// Whether `token` is a word: it starts with a letter.
fn is_word(token: Option<&&str>) -> bool {
    token.is_some_and(|t| t.chars().next().is_some_and(char::is_alphabetic))
}

/// `text` with each word that is texting shorthand, in lower case, spelled out;
/// punctuation around a word and every other word stay as written.
pub fn spelled_out(text: &str) -> String {
    let tokens: Vec<&str> = text.split(' ').collect();
    tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            // The word without the punctuation around it; its first occurrence in the
            // token is itself, since what comes before it is no letter or digit.
            let word = token.trim_matches(|c: char| !c.is_alphanumeric());
            let between = i > 0 && is_word(tokens.get(i - 1)) && is_word(tokens.get(i + 1));
            let full = full_form(word).or_else(|| {
                BETWEEN_WORDS
                    .iter()
                    .find(|(short, _)| between && word == *short)
                    .map(|(_, full)| *full)
            });
            match full {
                Some(full) => token.replacen(word, full, 1),
                None => token.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthand_is_spelled_out_and_other_words_stay() {
        assert_eq!(
            spelled_out("en mi clase 9 de cada 10 dicen q se agobian, xq hay muchos"),
            "en mi clase 9 de cada 10 dicen que se agobian, porque hay muchos"
        );
        assert_eq!(
            spelled_out("ppl eat less takeaway cuz they cook (tmrw)"),
            "people eat less takeaway because they cook (tomorrow)"
        );
        // Whole words in lower case only: "quick", "Q4", "2 TB", "siete u ocho", "300 bc" stay.
        assert_eq!(
            spelled_out("a quick Q4 tube, 2 TB, siete u ocho, 300 bc"),
            "a quick Q4 tube, 2 TB, siete u ocho, 300 bc"
        );
    }

    #[test]
    fn a_letter_shorthand_is_spelled_out_only_between_two_words() {
        assert_eq!(
            spelled_out("hacen algo x los demás, 3 x 4, la variable x"),
            "hacen algo por los demás, 3 x 4, la variable x"
        );
        assert_eq!(
            spelled_out("me n my mates, n = 5"),
            "me and my mates, n = 5"
        );
    }

    #[test]
    fn every_between_words_line_has_a_full_form() {
        for line in word_list!("texting-between-words") {
            let (short, full) = line.split_once(" = ").expect(line);
            assert!(
                !short.trim().is_empty() && !full.trim().is_empty(),
                "{line}"
            );
            assert!(!short.contains(' '), "{line}");
        }
    }
}
