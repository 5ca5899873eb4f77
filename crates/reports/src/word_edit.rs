//! Edits of a few words in a section's text, made by the app from the student's words:
//! "change 3 months to 6 weeks in 6" replaces the words said, and "update 6 to say
//! within 6 weeks" finds where the new words belong (they start like words already
//! there) and puts them in place of as many old words. Neither guesses: when the words
//! are not in the text the edit is `None` and the request goes on to the model.

use super::replacement::word_spans;
use lantern_core::text::normalize::normalize;

/// `body` with the first `old` (compared without case or accents) replaced by `new`;
/// `None` when `old` is not there or already reads `new`.
pub fn replace_words(body: &str, old: &str, new: &str) -> Option<String> {
    let old = old.trim();
    if old.is_empty() || normalize(old) == normalize(new) {
        return None;
    }
    if let Some(at) = body.find(old) {
        return Some(format!(
            "{}{}{}",
            &body[..at],
            new.trim(),
            &body[at + old.len()..]
        ));
    }
    let lower = body.to_lowercase();
    let at = lower.find(&old.to_lowercase())?;
    // Lowercasing can change byte lengths; only use the match when it did not.
    (lower.len() == body.len())
        .then(|| format!("{}{}{}", &body[..at], new.trim(), &body[at + old.len()..]))
}

/// A word's text without the punctuation around it, for comparing.
fn bare(word: &str) -> String {
    normalize(word.trim_matches(|c: char| !c.is_alphanumeric()))
}

/// Whether a word ends a sentence.
fn ends_sentence(word: &str) -> bool {
    word.ends_with(['.', '!', '?'])
}

/// `body` saying `text` where it said something else: the place is where the body's
/// words start like `text` does (its first word, or its first two when the first is
/// shorter than four letters), the words that already agree are kept, and the rest of
/// `text` replaces as many of the body's words, within the sentence, keeping the last
/// replaced word's punctuation; when they agree up to a sentence's end, the rest goes
/// before its full stop ("the best value." → "the best value for money."). `None` when
/// no place fits or the body already says it.
pub fn say_instead(body: &str, text: &str) -> Option<String> {
    let new: Vec<&str> = text
        .trim()
        .trim_end_matches(['.', '!'])
        .split_whitespace()
        .collect();
    let first = bare(new.first()?);
    let anchor_len = if first.chars().count() < 4 { 2 } else { 1 };
    if new.len() <= anchor_len {
        return None;
    }
    let words: Vec<&str> = body.split_whitespace().collect();
    let start = (0..words.len()).find(|&i| {
        (0..anchor_len).all(|k| {
            words.get(i + k).is_some_and(|w| {
                bare(w) == bare(new[k]) && (k + 1 == anchor_len || !ends_sentence(w))
            })
        })
    })?;
    let mut same = anchor_len;
    while same < new.len()
        && words
            .get(start + same)
            .is_some_and(|w| bare(w) == bare(new[same]) && !ends_sentence(words[start + same - 1]))
    {
        same += 1;
    }
    if same == new.len() {
        return None;
    }
    let rest = &new[same..];
    // The words agree up to the end of a sentence: the rest goes before its full stop.
    if ends_sentence(words[start + same - 1]) {
        let last = words[start + same - 1];
        let cut = last.trim_end_matches(|c: char| !c.is_alphanumeric());
        let longer = format!("{cut} {}{}", rest.join(" "), &last[cut.len()..]);
        return Some(replace_span(body, start + same - 1, start + same, &longer));
    }
    let mut end = start + same;
    while end < words.len() && end - (start + same) < rest.len() {
        end += 1;
        if ends_sentence(words[end - 1]) {
            break;
        }
    }
    let last = words[end - 1];
    let tail: String = last
        .chars()
        .rev()
        .take_while(|c| !c.is_alphanumeric())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let replaced = format!("{}{tail}", rest.join(" "));
    let kept = replace_span(body, start + same, end, &replaced);
    Some(kept)
}

/// `body` with its words `from..to` (by whitespace) replaced by `with`, the rest of the
/// text (line breaks, spacing) untouched.
fn replace_span(body: &str, from: usize, to: usize, with: &str) -> String {
    let spans = word_spans(body);
    let begin = spans[from].start;
    let finish = spans[to - 1].end;
    format!("{}{with}{}", &body[..begin], &body[finish..])
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECOMMENDATIONS: &str = "The school should approve the garden within 3 months so that beds can be built before winter.";

    #[test]
    fn replacing_changes_only_the_words_said() {
        let done = replace_words(RECOMMENDATIONS, "3 months", "6 weeks").unwrap();
        assert!(done.contains("within 6 weeks so that"), "{done}");
        assert_eq!(replace_words(RECOMMENDATIONS, "5 years", "6 weeks"), None);
        assert_eq!(
            replace_words("Seen on Monday.", "monday", "Tuesday").as_deref(),
            Some("Seen on Tuesday.")
        );
    }

    #[test]
    fn new_words_take_the_place_of_the_words_they_start_like() {
        let done = say_instead(RECOMMENDATIONS, "within 6 weeks").unwrap();
        assert_eq!(
            done,
            "The school should approve the garden within 6 weeks so that beds can be built before winter."
        );
        let done = say_instead(
            "Beds are built in September and planted in March. Watering is shared.",
            "planted in April",
        )
        .unwrap();
        assert!(done.contains("planted in April. Watering"), "{done}");
    }

    #[test]
    fn a_longer_ending_replaces_the_rest_of_the_sentence_only() {
        let body = "Junto a la granja el agua estaba turbia y olía mal. Luego paramos.";
        let done = say_instead(body, "el agua estaba turbia y olía a estiércol").unwrap();
        assert_eq!(
            done,
            "Junto a la granja el agua estaba turbia y olía a estiércol. Luego paramos."
        );
    }

    #[test]
    fn words_that_agree_to_the_sentences_end_are_continued_there() {
        let done = say_instead(
            "Brand C is cheaper, so it is the best value. We liked it.",
            "best value for money",
        );
        assert_eq!(
            done.as_deref(),
            Some("Brand C is cheaper, so it is the best value for money. We liked it.")
        );
    }

    #[test]
    fn no_place_or_nothing_new_is_none() {
        assert_eq!(say_instead(RECOMMENDATIONS, "sooner than planned"), None);
        assert_eq!(say_instead(RECOMMENDATIONS, "within 3 months"), None);
        assert_eq!(say_instead(RECOMMENDATIONS, "the"), None);
    }
}
