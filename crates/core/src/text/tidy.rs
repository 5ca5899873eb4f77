//! Tidying and judging the coach's text: tiny models repeat themselves ("A: … B: … C: …"
//! with the same sentence), stop mid-sentence at the length cap, loop on "3.3.3.3" and
//! drift into another language. The reply keeps each sentence once and drops an
//! unfinished tail when a complete sentence comes before it.

use super::normalize::{normalize, words};
use crate::language::Language;
use std::sync::LazyLock;

/// Shortest text whose language is judged.
const SHORTEST_JUDGED_TEXT: usize = 24;

/// Abbreviations whose full stop ends no sentence (lowercase, without the stop), in every
/// language (`words/<locale>/abbreviations.txt`).
static ABBREVIATIONS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("abbreviations").collect());

/// Whether the full stop at char index `i` of `chars` closes an abbreviation: one of
/// [`ABBREVIATIONS`], or "No."/"no." before a number ("Locomotion No. 1").
fn abbreviation_stop(chars: &[(usize, char)], i: usize) -> bool {
    let word: String = chars[..i]
        .iter()
        .rev()
        .map(|&(_, c)| c)
        .take_while(|c| !c.is_whitespace() && !matches!(c, '(' | '"' | '*'))
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    let next_is_digit = chars[i + 1..]
        .iter()
        .map(|&(_, c)| c)
        .find(|c| !c.is_whitespace())
        .is_some_and(|c| c.is_ascii_digit());
    ABBREVIATIONS.contains(&word.as_str()) || (word == "no" && next_is_digit)
}

/// Words a finished sentence does not end on ("… while proper nouns name a."), in every
/// language (`words/<locale>/unfinished-endings.txt`).
static UNFINISHED_ENDINGS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("unfinished-endings").collect());

/// Whether `sentence` stops on an article, a preposition or a conjunction: a sentence a
/// small model did not finish.
pub fn ends_unfinished(sentence: &str) -> bool {
    crate::text::normalize::normalize(sentence)
        .split_whitespace()
        .last()
        .is_some_and(|w| UNFINISHED_ENDINGS.contains(&w))
}

/// Whether `sentence` trails off in an ellipsis ("both sides misread each..."): a model
/// sentence cut short, never one to show.
pub fn trails_off(sentence: &str) -> bool {
    let s = sentence.trim_end();
    s.ends_with("...") || s.ends_with('…')
}

/// Sentences of `text`, each with its closing punctuation; an abbreviation's full stop
/// ("Mr.", "e.g.", "No. 1") ends none.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        let next_is_space = chars.get(i + 1).is_none_or(|&(_, n)| n.is_whitespace());
        if c == '.' && next_is_space && abbreviation_stop(&chars, i) {
            continue;
        }
        if matches!(c, '.' | '?' | '!') && next_is_space {
            let end = at + c.len_utf8();
            out.push(text[start..end].trim());
            start = end;
        }
    }
    if start < text.len() && !text[start..].trim().is_empty() {
        out.push(text[start..].trim());
    }
    out
}

/// A sentence's content for comparison: normalised, without a list label ("A:", "2.").
fn content(sentence: &str) -> String {
    let plain = normalize(sentence);
    match plain.split_once(' ') {
        Some((label, rest)) if label.chars().count() <= 2 && !rest.is_empty() => {
            let is_label = sentence
                .trim_start()
                .chars()
                .nth(label.chars().count())
                .is_some_and(|c| c == ':' || c == '.' || c == ')');
            if is_label {
                rest.to_string()
            } else {
                plain
            }
        }
        _ => plain,
    }
}

/// Whether `c` may not be shown: a control character other than a line break or a tab,
/// or a bidirectional formatting character (U+202A–U+202E, U+2066–U+2069, marks), which
/// can reorder what the student reads.
fn is_unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// `text` without control and bidirectional formatting characters.
pub fn strip_unsafe_chars(text: &str) -> String {
    text.chars().filter(|c| !is_unsafe_char(*c)).collect()
}

/// `text` with repeated sentences removed and an unfinished last sentence dropped (when
/// a complete one precedes it).
pub fn tidy_reply(text: &str) -> String {
    let all = sentences(text.trim());
    let mut seen: Vec<String> = Vec::new();
    let mut kept: Vec<&str> = Vec::new();
    for sentence in &all {
        let key = content(sentence);
        if !key.is_empty() && !seen.contains(&key) {
            seen.push(key);
            kept.push(sentence);
        }
    }
    let unfinished = kept
        .last()
        .is_some_and(|s| !s.ends_with(['.', '?', '!', '"', ')']));
    if unfinished && kept.len() > 1 {
        kept.pop();
    }
    kept.join(" ")
}

/// Whether `text` reads as words: at least 70 % of its words have letters, and no word
/// comes four times in a row (tiny models loop on "3.3.3.3" or "the the the the").
pub fn is_readable(text: &str) -> bool {
    let plain = normalize(text);
    let all = words(&plain);
    let lettered = all
        .iter()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count();
    let looping = all.windows(4).any(|run| run.iter().all(|w| *w == run[0]));
    !all.is_empty() && lettered * 10 >= all.len() * 7 && !looping
}

/// Whether `text` loops: some run of four words comes three times or more (tiny
/// models repeat "your heart is a racing heart" until the length cap).
pub fn repeats_itself(text: &str) -> bool {
    let plain = normalize(text);
    let all = words(&plain);
    let mut seen: std::collections::HashMap<&[&str], usize> = std::collections::HashMap::new();
    all.windows(4).any(|run| {
        let n = seen.entry(run).or_insert(0);
        *n += 1;
        *n >= 3
    })
}

/// The language `text` is written in, of the two Lantern speaks, when it can tell.
pub fn detect_language(text: &str) -> Option<Language> {
    whatlang_guess(text).map(|(language, _)| language)
}

/// The language `text` is written in when `whatlang` is sure of it: a student's casual
/// Spanish ("y si aun asi no jala") can look English to its trigrams.
pub fn detect_language_reliably(text: &str) -> Option<Language> {
    whatlang_guess(text).and_then(|(language, sure)| sure.then_some(language))
}

/// `whatlang`'s guess between English and Spanish, with whether it is reliable.
fn whatlang_guess(text: &str) -> Option<(Language, bool)> {
    if text.chars().count() < SHORTEST_JUDGED_TEXT {
        return None;
    }
    let detector =
        whatlang::Detector::with_allowlist(vec![whatlang::Lang::Eng, whatlang::Lang::Spa]);
    let info = detector.detect(text)?;
    let language = match info.lang() {
        whatlang::Lang::Spa => Language::Es,
        _ => Language::En,
    };
    Some((language, info.is_reliable()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_abbreviations_stop_ends_no_sentence() {
        assert_eq!(
            sentences("Stephenson built Locomotion No. 1 in 1825. Mr. Pease paid. It ran."),
            [
                "Stephenson built Locomotion No. 1 in 1825.",
                "Mr. Pease paid.",
                "It ran."
            ]
        );
        assert_eq!(
            sentences("Is it so? No. It is not."),
            ["Is it so?", "No.", "It is not."]
        );
    }

    #[test]
    fn repeated_sentences_are_kept_once_even_behind_list_labels() {
        let looped = "A: Schools should rest. B: Schools should rest. C: Schools should rest. D: Students should";
        assert_eq!(tidy_reply(looped), "A: Schools should rest.");
        assert_eq!(tidy_reply("Good. Good. Why?"), "Good. Why?");
    }

    #[test]
    fn an_unfinished_tail_is_dropped_only_after_a_complete_sentence() {
        assert_eq!(
            tidy_reply("Nice claim. What evidence do you"),
            "Nice claim."
        );
        assert_eq!(tidy_reply("Tell me more about"), "Tell me more about");
    }

    #[test]
    fn ordinary_text_is_unchanged() {
        let text =
            "Your claim is clear. What evidence supports it? Think of 2.5 hours of sleep lost.";
        assert_eq!(tidy_reply(text), text);
        assert_eq!(
            tidy_reply("¡Muy bien! ¿Qué datos tienes?"),
            "¡Muy bien! ¿Qué datos tienes?"
        );
    }

    #[test]
    fn control_and_bidi_characters_are_stripped_line_breaks_kept() {
        assert_eq!(
            strip_unsafe_chars("a\u{0}b\u{202E}c\u{2066}d\n\te\u{7}"),
            "abcd\n\te"
        );
    }

    #[test]
    fn loops_of_numbers_or_words_are_not_readable() {
        assert!(!is_readable("3.3.3.3.3.3.3.3.3.3.3.3"));
        assert!(!is_readable("a 1.1.1.1.1.1.1.1.1"));
        assert!(!is_readable("This is is is is wrong."));
        assert!(is_readable("In 2024, 70% of students said so."));
        assert!(is_readable("¿Qué datos apoyan tu tesis?"));
    }

    #[test]
    fn languages_are_told_apart_on_long_enough_texts() {
        assert_eq!(
            detect_language("¿Qué datos apoyan tu tesis sobre los deberes?"),
            Some(Language::Es)
        );
        assert_eq!(
            detect_language("What evidence supports your claim about homework?"),
            Some(Language::En)
        );
        assert_eq!(detect_language("Why?"), None);
    }

    #[test]
    fn a_looping_text_repeats_itself() {
        assert!(repeats_itself(
            "Your heart is a racing heart. Your heart is a racing heart. Your heart is a racing."
        ));
        assert!(!repeats_itself(
            "Slow breathing calms the body. Try it before the exam starts."
        ));
    }
}
