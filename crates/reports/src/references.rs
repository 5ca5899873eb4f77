//! Section references in a student's words, resolved to ids before the model runs:
//! "section 3.1", "3.1", "2. Roofing", "the recommendations", "la sección 2". A phrase
//! that fits several sections equally is ambiguous and becomes a clarifying question.

use super::contract::{OutlineEntry, Report};
use super::messages::MESSAGES;
use super::word_lists::alternation;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::word_list;
use regex::Regex;
use std::sync::LazyLock;

/// A section number in a phrase, with or without a leading "section"/"sección".
static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:^|[^\d.])(\d{1,3}(?:\.\d{1,3})*)\.?(?:[^\d]|$)").expect("valid regex")
});
/// "section 2", "sección 3.1", "§4": an explicit reference inside a longer message
/// (the words: `section-words.txt`).
static KEYWORD_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    let words = alternation(word_list!("section-words"), true);
    Regex::new(&format!(r"(?i)(?:{words}|§)\s*(\d{{1,3}}(?:\.\d{{1,3}})*)")).expect("valid regex")
});
/// A multi-level number such as "3.1" anywhere in a message.
static DOTTED_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|\s)(\d{1,3}(?:\.\d{1,3})+)\b").expect("valid regex"));

/// Words that say "section" or "the" and never name one (`section-filler.txt`).
static FILLER: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("section-filler").collect());

/// A word reduced for comparison: plural endings dropped ("gutters", "recomendaciones").
fn stem(word: &str) -> String {
    let w = word;
    if w.len() > 4 && w.ends_with("es") {
        let base = &w[..w.len() - 2];
        if base.ends_with(['s', 'x', 'z', 'n', 'r', 'l', 'd']) && !base.ends_with("ss") {
            return base.to_string();
        }
    }
    if w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") {
        return w[..w.len() - 1].to_string();
    }
    w.to_string()
}

/// The content words of a text, stemmed.
fn content_words(text: &str) -> Vec<String> {
    let normalized = normalize(text);
    words(&normalized)
        .into_iter()
        .filter(|w| !FILLER.contains(w) && !w.chars().all(|c| c.is_ascii_digit()))
        .map(stem)
        .collect()
}

/// How well a section's title fits the words of a phrase (0 = not at all).
fn title_fit(title: &str, phrase_words: &[String]) -> u32 {
    let title_words = content_words(title);
    if title_words.is_empty() || phrase_words.is_empty() {
        return 0;
    }
    let all_title_in_phrase = title_words.iter().all(|w| phrase_words.contains(w));
    let all_phrase_in_title = phrase_words.iter().all(|w| title_words.contains(w));
    match (all_title_in_phrase, all_phrase_in_title) {
        (true, true) => 3,
        // The whole title is named: more title words, a better fit.
        (true, false) => 2,
        (false, true) => 1,
        (false, false) => 0,
    }
}

/// The ids of the sections a phrase names (one when clear, several when ambiguous,
/// none when it names no section), in document order.
pub fn resolve_reference(report: &Report, phrase: &str) -> Vec<String> {
    let outline = report.outline();
    let phrase_words = content_words(phrase);
    let by_number: Vec<&OutlineEntry> = NUMBER
        .captures(phrase)
        .map(|c| c[1].to_string())
        .map(|n| outline.iter().filter(|e| e.number == n).collect())
        .unwrap_or_default();
    if let [entry] = by_number.as_slice() {
        // "2. Roofing": the number decides unless the words name another section only.
        if phrase_words.is_empty() || title_fit(&entry.title, &phrase_words) > 0 {
            return vec![entry.id.clone()];
        }
        let others = best_by_title(&outline, &phrase_words);
        return if others.is_empty() {
            vec![entry.id.clone()]
        } else {
            union(&outline, &entry.id, others)
        };
    }
    best_by_title(&outline, &phrase_words)
}

fn union(outline: &[OutlineEntry], id: &str, mut others: Vec<String>) -> Vec<String> {
    others.push(id.to_string());
    outline
        .iter()
        .filter(|e| others.contains(&e.id))
        .map(|e| e.id.clone())
        .collect()
}

fn best_by_title(outline: &[OutlineEntry], phrase_words: &[String]) -> Vec<String> {
    let fits: Vec<(u32, usize, &OutlineEntry)> = outline
        .iter()
        .map(|e| {
            (
                title_fit(&e.title, phrase_words),
                content_words(&e.title).len(),
                e,
            )
        })
        .filter(|(fit, _, _)| *fit > 0)
        .collect();
    let Some(best) = fits.iter().map(|(fit, len, _)| (*fit, *len)).max() else {
        return Vec::new();
    };
    fits.into_iter()
        .filter(|(fit, len, _)| (*fit, *len) == best)
        .map(|(_, _, e)| e.id.clone())
        .collect()
}

/// A reference found in a message, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FoundReference {
    /// The words that refer ("section 3.1", "Gutters").
    pub phrase: String,
    /// The sections they may mean.
    pub ids: Vec<String>,
}

/// Every section reference in a whole message: explicit numbers ("section 2", "3.1")
/// and whole section titles, each resolved.
pub fn find_references(report: &Report, message: &str) -> Vec<FoundReference> {
    let outline = report.outline();
    let mut found: Vec<FoundReference> = Vec::new();
    let mut push = |phrase: String, ids: Vec<String>| {
        if !ids.is_empty() && !found.iter().any(|f| f.ids == ids) {
            found.push(FoundReference { phrase, ids });
        }
    };
    for regex in [&*KEYWORD_NUMBER, &*DOTTED_NUMBER] {
        for c in regex.captures_iter(message) {
            let ids = outline
                .iter()
                .filter(|e| e.number == c[1])
                .map(|e| e.id.clone())
                .collect();
            push(c[0].trim().to_string(), ids);
        }
    }
    let message_words = content_words(message);
    for entry in &outline {
        let title_words = content_words(&entry.title);
        let named =
            !title_words.is_empty() && title_words.iter().all(|w| message_words.contains(w));
        if named {
            let ids = best_by_title(&outline, &title_words);
            push(entry.title.clone(), ids);
        }
    }
    found
}

/// "2.1 Gutters", for messages.
pub fn label(report: &Report, id: &str) -> String {
    match (report.number_of(id), report.find(id)) {
        (Some(number), Some(section)) => format!("{number} {}", section.title),
        _ => id.to_string(),
    }
}

/// The clarifying question for a phrase that fits several sections.
pub fn which_section_question(report: &Report, ids: &[String], language: Language) -> String {
    let labels: Vec<String> = ids
        .iter()
        .map(|id| {
            say!(
                MESSAGES,
                language,
                "reports-section-quoted",
                section = &label(report, id)
            )
        })
        .collect();
    let (head, last) = labels.split_at(labels.len().saturating_sub(1));
    let list = if head.is_empty() {
        last.join("")
    } else {
        say!(
            MESSAGES,
            language,
            "reports-choices",
            others = &head.join(", "),
            last = &last.join("")
        )
    };
    say!(
        MESSAGES,
        language,
        "reports-which-section",
        sections = &list
    )
}

/// The answer when a phrase names no section: what the report has instead.
pub fn not_found_message(report: &Report, phrase: &str, language: Language) -> String {
    let outline: Vec<String> = report
        .outline()
        .iter()
        .filter(|e| e.depth <= 2)
        .take(12)
        .map(|e| format!("{} {}", e.number, e.title))
        .collect();
    if outline.is_empty() {
        say!(
            MESSAGES,
            language,
            "reports-not-found-empty",
            phrase = phrase
        )
    } else {
        say!(
            MESSAGES,
            language,
            "reports-not-found",
            phrase = phrase,
            sections = &outline.join("; ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    fn ids(phrase: &str) -> Vec<String> {
        resolve_reference(&sample(), phrase)
    }

    #[test]
    fn numbers_with_or_without_the_word_section() {
        assert_eq!(ids("section 2.1"), ["s3"]);
        assert_eq!(ids("2.1"), ["s3"]);
        assert_eq!(ids("la sección 2"), ["s2"]);
        assert_eq!(ids("§3"), ["s5"]);
    }

    #[test]
    fn number_and_title_together() {
        assert_eq!(ids("2. Roofing"), ["s2"]);
        assert_eq!(ids("2.2 Flashing"), ["s4"]);
    }

    #[test]
    fn titles_in_other_words_and_plurals() {
        assert_eq!(ids("the recommendations"), ["s5"]);
        assert_eq!(ids("the Recommendation section"), ["s5"]);
        assert_eq!(ids("gutters"), ["s3"]);
        assert_eq!(ids("la introduction"), ["s1"]);
    }

    #[test]
    fn a_phrase_for_two_sections_is_ambiguous_and_none_is_empty() {
        let mut report = sample();
        report.find_mut("s4").unwrap().title = "Notes".into();
        report.find_mut("s1").unwrap().title = "Notes".into();
        assert_eq!(resolve_reference(&report, "the notes"), ["s1", "s4"]);
        assert!(ids("the chimney").is_empty());
        assert!(ids("section 9").is_empty());
    }

    #[test]
    fn references_inside_a_message() {
        let found = find_references(
            &sample(),
            "Please shorten section 2 and fix 2.1, then look at the recommendations",
        );
        let all: Vec<&str> = found
            .iter()
            .flat_map(|f| f.ids.iter().map(String::as_str))
            .collect();
        assert_eq!(all, ["s2", "s3", "s5"]);
    }

    #[test]
    fn the_clarifying_question_lists_the_candidates() {
        let q = which_section_question(&sample(), &["s1".into(), "s5".into()], Language::En);
        assert_eq!(
            q,
            "Which section do you mean: “1 Introduction” or “3 Recommendations”?"
        );
        let q = which_section_question(&sample(), &["s1".into(), "s5".into()], Language::Es);
        assert!(q.starts_with("¿Qué sección"));
    }
}
