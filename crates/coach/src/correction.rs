//! A message that puts a part of the student's text right ("wait no sorry it was 1 in 20
//! not 1 in 10", "perdón, era un tercio, no la mitad", "not 2018 but 2019"): read as the
//! text with that part replaced, so the proposal is the corrected text, never the
//! correction itself. Code verifies the reading: the part replaced is found once in the
//! text, word for word, and the new part is the student's own words.

use super::phrase_lists::{pairs, split_phrases};
use super::reading::capitalized;
use super::spans::{found_once, names_something, words_of, Word};
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Most words a corrected part (old or new) may have.
const MOST_PART_WORDS: usize = 8;

/// Words that say the student is putting something right ("wait", "sorry", "i meant",
/// "perdón", "me equivoqué"), from `words/{en,es}/correction-cues.txt`.
static CUES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("correction-cues").collect());

/// Words that introduce the right part ("it was", "should be", "era"), from
/// `words/{en,es}/correction-leads.txt`.
static LEADS: LazyLock<Vec<Vec<&str>>> =
    LazyLock::new(|| split_phrases(word_list!("correction-leads")));

/// Words between the right part and the wrong one ("not", "instead of", "en vez de"),
/// from `words/{en,es}/correction-infixes.txt`.
static INFIXES: LazyLock<Vec<Vec<&str>>> =
    LazyLock::new(|| split_phrases(word_list!("correction-infixes")));

/// Pairs that put the wrong part first and the right one after ("not … but", "no …
/// sino"), from `words/{en,es}/correction-pairs.txt` ("not = but").
static PAIRS: LazyLock<Vec<(&str, &str)>> = LazyLock::new(|| pairs(word_list!("correction-pairs")));

/// Whether `words` start with `phrase` (normalised words).
fn starts_with(words: &[Word], phrase: &[&str]) -> bool {
    words.len() >= phrase.len() && words.iter().zip(phrase).all(|(w, p)| w.plain == *p)
}

/// The words up to the first that ends a clause (that one included).
fn to_clause_end(words: &[Word]) -> &[Word] {
    let end = words
        .iter()
        .position(|w| w.ends_clause)
        .map_or(words.len(), |i| i + 1);
    &words[..end]
}

/// The right part before an infix: the words after the last lead ("it was"), else
/// after the last clause break, else as many as the wrong part has.
fn right_part_before(before: &[Word], wrong_len: usize, cued: bool) -> Option<&[Word]> {
    let led = (0..before.len()).rev().find_map(|i| {
        LEADS
            .iter()
            .find(|lead| starts_with(&before[i..], lead))
            .map(|lead| i + lead.len())
    });
    if let Some(from) = led {
        return Some(&before[from..]);
    }
    if !cued {
        return None;
    }
    let last = before.len().checked_sub(1)?;
    match before[..last].iter().rposition(|w| w.ends_clause) {
        Some(i) => Some(&before[i + 1..]),
        None => Some(&before[before.len().saturating_sub(wrong_len)..]),
    }
}

/// The longest start of `after` (at most [`MOST_PART_WORDS`]) found once in `text`.
fn wrong_part<'w>(text: &[Word], after: &'w [Word]) -> Option<(&'w [Word], usize)> {
    let after = to_clause_end(after);
    (1..=after.len().min(MOST_PART_WORDS))
        .rev()
        .find_map(|n| found_once(text, &after[..n]).map(|at| (&after[..n], at)))
}

/// `text` with `wrong` (found at word `at`) replaced by `right`, as written in `message`.
fn replaced(
    text: &str,
    words: &[Word],
    at: usize,
    wrong: &[Word],
    right: &[Word],
    message: &str,
) -> Option<String> {
    let (first, last) = (right.first()?, right.last()?);
    let new = &message[first.start..last.end];
    let from = words[at].start;
    let to = words[at + wrong.len() - 1].end;
    // A part opening the text opens it still: "la mitad…" → "Un tercio…".
    let new = if text[..from].trim().is_empty() {
        capitalized(new)
    } else {
        new.to_string()
    };
    Some(format!("{}{new}{}", &text[..from], &text[to..]))
}

/// Whether the two parts make a correction the code can trust.
fn fits(wrong: &[Word], right: &[Word]) -> bool {
    !right.is_empty()
        && right.len() <= MOST_PART_WORDS
        && names_something(wrong)
        && names_something(right)
        && wrong
            .iter()
            .map(|w| &w.plain)
            .ne(right.iter().map(|w| &w.plain))
}

/// `text` as `message` corrects it: the wrong part, found once in `text`, replaced by the
/// right one the message gives; `None` when the message corrects nothing in `text`.
pub fn corrected(text: &str, message: &str) -> Option<String> {
    let plain = normalize(message);
    let cued = CUES.iter().any(|c| has_phrase(&plain, c));
    let said = words_of(message);
    let words = words_of(text);
    // "not 2018 but 2019", "no la mitad sino un tercio"
    for (k, w) in said.iter().enumerate() {
        for (not, but) in PAIRS.iter() {
            if w.plain != *not || w.ends_clause {
                continue;
            }
            let Some(b) = said[k + 1..].iter().position(|x| x.plain == *but) else {
                continue;
            };
            let wrong = &said[k + 1..k + 1 + b];
            let right = to_clause_end(&said[k + 2 + b..]);
            if let Some(at) = found_once(&words, wrong).filter(|_| fits(wrong, right)) {
                return replaced(text, &words, at, wrong, right, message);
            }
        }
    }
    // "it was 1 in 20 not 1 in 10", "era un tercio, no la mitad"
    for k in 1..said.len() {
        let Some(infix) = INFIXES.iter().find(|i| starts_with(&said[k..], i)) else {
            continue;
        };
        if said[k + infix.len() - 1].ends_clause {
            continue;
        }
        let Some((wrong, at)) = wrong_part(&words, &said[k + infix.len()..]) else {
            continue;
        };
        let Some(right) = right_part_before(&said[..k], wrong.len(), cued) else {
            continue;
        };
        if fits(wrong, right) {
            return replaced(text, &words, at, wrong, right, message);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SURVEY: &str = "A survey said only like 1 in 10 adults would know what to do if someone collapsed in front of them.";

    #[test]
    fn a_figure_put_right_replaces_the_figure() {
        assert_eq!(
            corrected(SURVEY, "wait no sorry it was 1 in 20 not 1 in 10").as_deref(),
            Some("A survey said only like 1 in 20 adults would know what to do if someone collapsed in front of them.")
        );
        assert_eq!(
            corrected(SURVEY, "oops, 1 in 20, not 1 in 10").as_deref(),
            Some("A survey said only like 1 in 20 adults would know what to do if someone collapsed in front of them.")
        );
    }

    #[test]
    fn a_lead_written_with_an_apostrophe_is_read() {
        assert_eq!(
            corrected(SURVEY, "it's 1 in 20 not 1 in 10").as_deref(),
            Some("A survey said only like 1 in 20 adults would know what to do if someone collapsed in front of them.")
        );
    }

    #[test]
    fn a_spanish_correction_with_era_and_no_replaces_the_part() {
        let text =
            "Según una encuesta, la mitad de los jóvenes no sabe lo que es una tasa de interés.";
        assert_eq!(
            corrected(text, "perdón, era un tercio, no la mitad").as_deref(),
            Some("Según una encuesta, un tercio de los jóvenes no sabe lo que es una tasa de interés.")
        );
    }

    #[test]
    fn a_part_opening_the_text_keeps_its_capital() {
        let text = "La mitad de los jóvenes no sabe qué es una tasa de interés.";
        assert_eq!(
            corrected(text, "perdón, era un tercio, no la mitad").as_deref(),
            Some("Un tercio de los jóvenes no sabe qué es una tasa de interés.")
        );
    }

    #[test]
    fn not_the_wrong_but_the_right_replaces_it() {
        let text = "The NHS survey from 2018 found that half of adults panic.";
        assert_eq!(
            corrected(text, "sorry, not 2018 but 2019").as_deref(),
            Some("The NHS survey from 2019 found that half of adults panic.")
        );
        assert_eq!(
            corrected(text, "i meant 2019 instead of 2018").as_deref(),
            Some("The NHS survey from 2019 found that half of adults panic.")
        );
    }

    #[test]
    fn a_text_that_only_says_no_corrects_nothing() {
        let text =
            "Según una encuesta, la mitad de los jóvenes no sabe lo que es una tasa de interés.";
        // The student's own sentence again, with its own "no": no cue, no lead.
        assert_eq!(
            corrected(
                text,
                "la mitad de los jovenes no sabe lo que es una tasa de interes"
            ),
            None
        );
        assert_eq!(corrected(text, "no, that's not what I meant"), None);
        assert_eq!(corrected(SURVEY, "not really"), None);
    }

    #[test]
    fn a_part_found_twice_or_naming_nothing_is_not_replaced() {
        let twice = "Only 1 in 10 adults and 1 in 10 teachers know CPR.";
        assert_eq!(corrected(twice, "sorry it was 1 in 20 not 1 in 10"), None);
        assert_eq!(corrected(SURVEY, "sorry it was a not the"), None);
    }

    #[test]
    fn the_reader_takes_any_message_without_panicking() {
        for message in [
            "",
            "not",
            "no",
            "not but",
            "it was not",
            "¿no?",
            "  no  sino ",
            "é not é",
        ] {
            let _ = corrected(SURVEY, message);
            let _ = corrected("", message);
        }
    }

    proptest::proptest! {
        /// Whatever the message, a corrected text is made only of the text's words and
        /// the message's, and differs from the text.
        #[test]
        fn a_correction_brings_in_only_the_messages_words(
            message in proptest::prop_oneof![
                "(wait|sorry|perdón|it was|era|no|not|but|sino|1 in|20|10|adults|la mitad| |,){0,12}",
                ".{0,60}",
            ],
        ) {
            if let Some(fixed) = corrected(SURVEY, &message) {
                proptest::prop_assert_ne!(&fixed, SURVEY);
                let known = format!("{SURVEY} {message}");
                let known: Vec<String> = words_of(&known).into_iter().map(|w| w.plain).collect();
                for word in words_of(&fixed) {
                    proptest::prop_assert!(known.contains(&word.plain), "{}", word.plain);
                }
            }
        }
    }
}
