//! One module section drafted from one part of the notes: its intro (the first
//! paragraph), a topic per sub-heading (or one topic when there is none) with a teaching
//! note cut to the module's limit, and keywords from the topic's title, bold terms and
//! defined terms.

use crate::course::authoring::{
    definition_of, read_note, slug, title_or, unique, Block, BlockKind, Note, Part,
};
use crate::messages::MESSAGES;
use crate::module::keywords::Keyword;
use crate::module::{Keywords, Section, Topic, MAX_NOTE_CHARS, MAX_TOPICS_PER_SECTION};
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::is_stop_word;
use lantern_core::text::tidy::sentences;
use std::collections::HashSet;

/// Most keywords drafted for a topic.
const MAX_KEYWORDS: usize = 6;
/// Fewest letters of a title word that becomes a keyword on its own (shorter words are
/// too common to show a topic was covered).
const MIN_KEYWORD_LETTERS: usize = 6;
/// Most sentences of an intro.
const INTRO_SENTENCES: usize = 3;

/// A drafted section and what the teacher should review about it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SectionDraft {
    /// The section as `module.json` will hold it.
    pub section: Section,
    /// Topics over the per-section limit, left out.
    pub left_out: usize,
    /// Topics whose notes were cut to fit.
    pub cut_notes: Vec<String>,
}

/// `text` cut to whole sentences within `max` characters (a first sentence longer than
/// that is cut at a word, or a word at a character, and ends with `…`); empty only when
/// `text` has no words.
pub(crate) fn fit_text(text: &str, max: usize, most_sentences: usize) -> String {
    let mut out = String::new();
    for s in sentences(text).into_iter().take(most_sentences) {
        let next = if out.is_empty() {
            s.to_string()
        } else {
            format!("{out} {s}")
        };
        if next.chars().count() > max {
            break;
        }
        out = next;
    }
    if out.is_empty() && !text.trim().is_empty() {
        for word in text.split_whitespace() {
            if out.chars().count() + word.chars().count() + 2 > max {
                break;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(word);
        }
        if out.is_empty() {
            out = text.trim().chars().take(max.saturating_sub(1)).collect();
        }
        out.push('…');
    }
    out
}

/// The keywords of a topic: its title (short ones whole, and its longer words), then
/// the terms its text sets in bold or defines.
fn keywords(title: &str, terms: &[String]) -> Vec<String> {
    let mut candidates: Vec<String> = Vec::new();
    if title.split_whitespace().count() <= 4 {
        candidates.push(title.to_lowercase());
    }
    for word in title.split_whitespace() {
        let word = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if word.chars().count() >= MIN_KEYWORD_LETTERS && !is_stop_word(&normalize(&word)) {
            candidates.push(word);
        }
    }
    candidates.extend(terms.iter().map(|t| t.to_lowercase()));
    let mut seen = HashSet::new();
    candidates
        .into_iter()
        .map(|k| k.trim().trim_end_matches(['.', ':', ',', ';']).to_string())
        .filter(|k| Keyword::parse(k).is_some() && seen.insert(normalize(k)))
        .take(MAX_KEYWORDS)
        .collect()
}

/// The Markdown of blocks, one per paragraph, items as `- ` lines.
fn blocks_text<'a>(blocks: impl Iterator<Item = &'a Block>) -> String {
    blocks
        .map(|b| match b.kind {
            BlockKind::Paragraph => format!("{}\n\n", b.text),
            BlockKind::Item => format!("- {}\n", b.text),
        })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The terms a set of blocks defines or sets in bold.
fn terms_of(note: &Note, range: std::ops::Range<usize>) -> Vec<String> {
    let mut terms: Vec<String> = note
        .blocks
        .iter()
        .filter(|b| range.contains(&b.span.start))
        .flat_map(|b| {
            sentences(&b.text)
                .into_iter()
                .filter_map(|s| definition_of(s, b.kind == BlockKind::Item))
                .map(|d| d.term)
                .collect::<Vec<_>>()
        })
        .collect();
    terms.extend(
        note.bold
            .iter()
            .filter(|(_, at)| range.contains(at))
            .map(|(t, _)| t.clone()),
    );
    terms
}

/// One topic: its title, notes and keywords; the id is made unique among `ids`.
fn topic(
    title: &str,
    notes: &str,
    terms: &[String],
    ids: &mut HashSet<String>,
    n: usize,
) -> (Topic, bool) {
    let fitted = fit_text(notes, MAX_NOTE_CHARS, usize::MAX);
    let cut = fitted != notes.trim();
    let notes = if fitted.trim().is_empty() {
        fit_text(&format!("{title}."), MAX_NOTE_CHARS, 1)
    } else {
        fitted
    };
    let mut words = keywords(title, terms);
    if words.is_empty() {
        words.push(format!("topic {n}"));
    }
    let id = unique(slug(title, '-'), &format!("topic-{n}"), ids);
    let keywords = Keywords {
        en: words,
        es: Vec::new(),
    };
    (
        Topic {
            id,
            title: title.to_string(),
            keywords,
            notes,
        },
        cut,
    )
}

/// Drafts the section `id` from `part`; topic ids are made unique among `topic_ids`.
pub(crate) fn draft_section(
    id: String,
    part: &Part,
    language: Language,
    topic_ids: &mut HashSet<String>,
) -> SectionDraft {
    let text = part
        .sources
        .iter()
        .map(|s| s.text.as_str())
        .collect::<Vec<_>>()
        .join("\n\n");
    let note = read_note(&text);
    let first_content = note.content_starts.first().copied().unwrap_or(usize::MAX);
    let own_title = note
        .headings
        .first()
        .filter(|h| h.span.start < first_content);
    let below: Vec<usize> = (0..note.headings.len())
        .filter(|&h| own_title.is_none_or(|t| note.headings[h].span != t.span))
        .collect();
    let level = below.iter().map(|&h| note.headings[h].level).min();
    let topic_headings: Vec<usize> = below
        .into_iter()
        .filter(|&h| Some(note.headings[h].level) == level)
        .collect();
    let intro_end = topic_headings
        .first()
        .map_or(usize::MAX, |&h| note.headings[h].span.start);
    let intro_block = note
        .blocks
        .iter()
        .find(|b| b.kind == BlockKind::Paragraph && b.span.start < intro_end);
    let intro = intro_block
        .map(|b| fit_text(&b.text, MAX_NOTE_CHARS, INTRO_SENTENCES))
        .filter(|i| !i.is_empty())
        .unwrap_or_else(|| fit_text(&format!("{}.", part.title), MAX_NOTE_CHARS, 1));
    let mut topics = Vec::new();
    let mut cut_notes = Vec::new();
    let mut add = |title: &str, notes: String, terms: Vec<String>, topics: &mut Vec<Topic>| {
        let n = topic_ids.len() + 1;
        let (t, cut) = topic(title, &notes, &terms, topic_ids, n);
        if cut {
            cut_notes.push(t.id.clone());
        }
        topics.push(t);
    };
    if topic_headings.is_empty() {
        let rest = note
            .blocks
            .iter()
            .filter(|b| intro_block.is_none_or(|i| i.span != b.span) || note.blocks.len() == 1);
        add(
            &part.title,
            blocks_text(rest),
            terms_of(&note, 0..usize::MAX),
            &mut topics,
        );
    }
    for &h in topic_headings.iter().take(MAX_TOPICS_PER_SECTION) {
        let range = note.headings[h].span.end..note.section_end(h);
        let blocks = note.blocks.iter().filter(|b| range.contains(&b.span.start));
        let n = topics.len() + 1;
        let title = title_or(&note.headings[h].title, || {
            say!(
                MESSAGES,
                language,
                "packs-untitled-topic",
                n = &n.to_string()
            )
        });
        add(
            &title,
            blocks_text(blocks),
            terms_of(&note, range),
            &mut topics,
        );
    }
    if language == Language::Es {
        for t in &mut topics {
            t.keywords.es = std::mem::take(&mut t.keywords.en);
        }
    }
    SectionDraft {
        section: Section {
            id,
            title: part.title.clone(),
            intro,
            topics,
            media: Vec::new(),
            form: None,
        },
        left_out: topic_headings.len().saturating_sub(MAX_TOPICS_PER_SECTION),
        cut_notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::authoring::Source;

    /// The section drafted from one note `text`.
    fn drafted(text: &str, language: Language) -> SectionDraft {
        let part = Part {
            title: "Breathing".into(),
            sources: vec![Source {
                path: "b.md".into(),
                text: text.into(),
            }],
        };
        draft_section("s".into(), &part, language, &mut HashSet::new())
    }

    #[test]
    fn sub_headings_become_topics_with_keywords() {
        let d = drafted(
            "## Breathing\n\nBreathing slowly calms you.\n\n### Box breathing\n\n**Box breathing** is breathing in four equal counts.\n\n### Sighing\n\nA long sigh resets the breath.\n",
            Language::En,
        );
        let s = &d.section;
        assert_eq!(s.intro, "Breathing slowly calms you.");
        let titles: Vec<_> = s.topics.iter().map(|t| t.title.as_str()).collect();
        assert_eq!(titles, vec!["Box breathing", "Sighing"]);
        assert_eq!(s.topics[0].keywords.en, vec!["box breathing", "breathing"]);
        assert_eq!(s.topics[1].notes, "A long sigh resets the breath.");
    }

    #[test]
    fn a_section_without_sub_headings_is_one_topic_and_spanish_keywords_go_to_es() {
        let d = drafted(
            "La respiración lenta calma.\n\nInspira en cuatro tiempos.",
            Language::Es,
        );
        let t = &d.section.topics[0];
        assert_eq!(t.notes, "Inspira en cuatro tiempos.");
        assert!(t.keywords.en.is_empty() && !t.keywords.es.is_empty());
    }

    #[test]
    fn long_notes_are_cut_at_a_sentence() {
        let long = "This sentence has some words. ".repeat(40);
        let fitted = fit_text(&long, MAX_NOTE_CHARS, usize::MAX);
        assert!(fitted.chars().count() <= MAX_NOTE_CHARS && fitted.ends_with('.'));
        let word = "a".repeat(700);
        assert_eq!(fit_text(&word, 10, 3).chars().count(), 10);
        assert!(fit_text(" ", 10, 3).is_empty());
        assert_eq!(fit_text("one two three four", 10, 3), "one two…");
    }
}
