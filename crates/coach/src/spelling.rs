//! Texting shorthand in a text the student offers for the draft, spelled out before the
//! coach proposes it ("en mi clase 9 de cada 10 dicen q se agobian" → "… dicen que se
//! agobian"): the draft is what a teacher reads. The proposal shows the result before
//! anything is saved.

use lantern_core::word_list;
use std::sync::LazyLock;

/// Shorthand and its full form. From `words/{en,es}/texting.txt` ("q = que").
static SHORTHAND: LazyLock<Vec<(&str, &str)>> = LazyLock::new(|| {
    word_list!("texting")
        .filter_map(|line| line.split_once(" = "))
        .map(|(short, full)| (short.trim(), full.trim()))
        .collect()
});

/// `text` with each word that is texting shorthand, in lower case, spelled out;
/// punctuation around a word and every other word stay as written.
pub fn spelled_out(text: &str) -> String {
    text.split(' ')
        .map(|token| {
            // The word without the punctuation around it; its first occurrence in the
            // token is itself, since what comes before it is no letter or digit.
            let word = token.trim_matches(|c: char| !c.is_alphanumeric());
            match SHORTHAND.iter().find(|(short, _)| word == *short) {
                Some((short, full)) => token.replacen(short, full, 1),
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
    fn every_shorthand_line_has_a_full_form() {
        for line in word_list!("texting") {
            let (short, full) = line.split_once(" = ").expect(line);
            assert!(
                !short.trim().is_empty() && !full.trim().is_empty(),
                "{line}"
            );
            assert!(!short.contains(' '), "{line}");
        }
    }
}
