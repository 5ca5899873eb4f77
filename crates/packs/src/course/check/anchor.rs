//! How much of a unit's anchor the tutor shows: its concept card lists the anchor's
//! first [`MAX_KEY_IDEAS`] sentences within [`MAX_CONCEPT_WORDS`] words (the rest is
//! still searched, but never shown as a key idea). The checker warns about an anchor
//! longer than that; the drafter trims to it.

use crate::course::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
use lantern_core::text::tidy::sentences;

/// The sentences of `anchor` the concept card shows, and how many it has in all.
pub fn shown_sentences(anchor: &str) -> (usize, usize) {
    let all = sentences(anchor);
    let mut words = 0;
    let mut shown = 0;
    for s in all.iter().take(MAX_KEY_IDEAS) {
        words += s.split_whitespace().count();
        if words > MAX_CONCEPT_WORDS {
            break;
        }
        shown += 1;
    }
    (shown, all.len())
}

/// `text` cut to what the concept card shows: whole sentences, at most
/// [`MAX_KEY_IDEAS`] and [`MAX_CONCEPT_WORDS`] words; a first sentence longer than that
/// is cut at a word and ends with `…`.
pub fn fit_anchor(text: &str) -> String {
    let all = sentences(text);
    let (shown, _) = shown_sentences(text);
    if shown > 0 {
        return all[..shown].join(" ");
    }
    let words: Vec<&str> = text.split_whitespace().take(MAX_CONCEPT_WORDS).collect();
    if words.is_empty() {
        String::new()
    } else {
        format!("{}…", words.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_anchor_is_all_shown() {
        assert_eq!(shown_sentences("One idea. Two ideas."), (2, 2));
        assert_eq!(fit_anchor("One idea. Two ideas."), "One idea. Two ideas.");
    }

    #[test]
    fn sentences_past_the_card_are_cut() {
        let anchor = "First. Second. Third. Fourth.";
        assert_eq!(shown_sentences(anchor), (3, 4));
        assert_eq!(fit_anchor(anchor), "First. Second. Third.");
        let long = format!(
            "{}. Short one.",
            "word ".repeat(MAX_CONCEPT_WORDS - 1).trim()
        );
        assert_eq!(shown_sentences(&long), (1, 2));
    }

    #[test]
    fn one_endless_sentence_is_cut_at_a_word() {
        let endless = "word ".repeat(MAX_CONCEPT_WORDS * 2);
        assert_eq!(shown_sentences(&endless), (0, 1));
        let fitted = fit_anchor(&endless);
        assert!(fitted.ends_with('…'));
        assert_eq!(fitted.split_whitespace().count(), MAX_CONCEPT_WORDS);
        assert_eq!(shown_sentences(&fitted).0, 1);
    }
}
