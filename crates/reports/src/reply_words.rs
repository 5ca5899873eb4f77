//! The model's own words in a report turn, through the shared reply filter: an answer to
//! a question about the report, or a sentence after a change, is shown only when each
//! sentence rests on the report (or the specifications searched), copies no instruction,
//! is not the request echoed, was not said before, and is in the turn's language.

use super::contract::Report;
use super::ports::{ChatLine, SpecPassage};
use super::word_lists::alternation;
use lantern_core::language::Language;
use lantern_core::text::support::ReplyFilter;
use lantern_core::text::tidy::tidy_reply;
use lantern_core::word_list;
use regex::Regex;
use std::sync::LazyLock;

/// The prompt's own labels, which never belong in a reply.
const PROMPT_LABELS: &[&str] = &[
    "OUTLINE:",
    "REFERENCES:",
    "TEXT OF",
    "SPECIFICATIONS:",
    "THE STUDENT REJECTED:",
    "LANGUAGE:",
    "REQUEST:",
];

/// The filter for a turn's model words: the report's sections and the passages are the
/// material, the system prompt the instructions, the app's earlier replies what was said.
pub fn reply_filter(
    report: &Report,
    specs: &[SpecPassage],
    message: &str,
    system: &str,
    history: &[ChatLine],
    language: Language,
) -> ReplyFilter {
    let mut material: Vec<String> = report
        .all_sections()
        .iter()
        .map(|s| format!("{}. {}", s.title, s.body_md))
        .collect();
    material.extend(specs.iter().map(|p| p.text.clone()));
    let material: Vec<&str> = material.iter().map(String::as_str).collect();
    let said: Vec<&str> = history
        .iter()
        .filter(|l| !l.from_student)
        .map(|l| l.text.as_str())
        .collect();
    ReplyFilter::new(Some(language), &material, message)
        .with_instructions(&[system])
        .with_labels(PROMPT_LABELS)
        .with_said(&said)
}

/// The sentences of `text` the filter keeps, joined; each dropped one is noted in
/// `dropped` as "check: sentence".
pub fn kept_words(filter: &mut ReplyFilter, text: &str, dropped: &mut Vec<String>) -> String {
    let filtered = filter.filter(&tidy_reply(text));
    dropped.extend(
        filtered
            .dropped
            .iter()
            .map(|(sentence, why)| format!("{}: {}", why.check(), clip(sentence))),
    );
    filtered.text()
}

/// A message that opens with a question word (`question-words.txt`).
static QUESTION_START: LazyLock<Regex> = LazyLock::new(|| {
    let words = alternation(word_list!("question-words"), false);
    Regex::new(&format!(r"(?i)^\W*({words})\b")).expect("valid regex")
});

/// A message that opens as a polite request (`polite-requests.txt`).
static POLITE_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    let openings = alternation(word_list!("polite-requests"), true);
    Regex::new(&format!(r"(?i)^\W*({openings})\b")).expect("valid regex")
});

/// Whether the student asks about the report rather than for a change ("how many
/// volunteers does it mention?"); "can you …?" is a request.
pub fn is_question(message: &str) -> bool {
    let asks = message.trim_end().ends_with('?') || QUESTION_START.is_match(message);
    asks && !POLITE_REQUEST.is_match(message)
}

/// The first 120 characters of `text`, for a failure note.
pub fn clip(text: &str) -> String {
    text.chars().take(120).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    #[test]
    fn questions_are_told_from_requests() {
        assert!(is_question("how many gutters are blocked?"));
        assert!(is_question("¿Qué dice la introducción?"));
        assert!(!is_question("can you make the summary shorter?"));
        assert!(!is_question("swap sections s1 and s6"));
        assert!(is_question("so which brand won"));
        assert!(is_question("con qué profesora hicimos la práctica"));
    }

    #[test]
    fn success_talk_and_echoes_are_dropped_and_report_facts_kept() {
        let report = sample();
        let history = [ChatLine {
            from_student: false,
            text: "Which section do you mean?".into(),
        }];
        let mut filter = reply_filter(
            &report,
            &[],
            "is the gutter blocked?",
            "You edit reports with tools.",
            &history,
            Language::En,
        );
        let mut dropped = Vec::new();
        let kept = kept_words(
            &mut filter,
            "The student has already completed the requested change. Is the gutter blocked? The roof is old.",
            &mut dropped,
        );
        assert_eq!(kept, "The roof is old.");
        assert_eq!(dropped.len(), 2, "{dropped:?}");
    }
}
