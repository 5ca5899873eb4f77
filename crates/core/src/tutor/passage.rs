//! The passage a turn rests on (issue #33 item 1): the sentences of one unit's own
//! material — its anchor and the chunks retrieved from its notes, transcripts and PDFs —
//! that best answer the student's message, with where they come from. The passage is
//! authored, so it is shown as it is; the model's sentences must be supported by it.

use crate::course::Unit;
use crate::retrieval::ChunkType;
use crate::text::terms::{content_terms, term_keys};
use crate::text::tidy::sentences;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The source name of a unit's anchor (its summary in course.json).
pub const ANCHOR_SOURCE: &str = "course.json";
/// A quote shorter than this many words takes the next sentence too.
const SHORT_QUOTE_WORDS: usize = 12;
/// Most characters of a passage's full text.
pub const FULL_TEXT_CHARS: usize = 2_000;

/// Authored material a reply rests on, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SourcePassage {
    /// The unit whose material it is.
    pub unit_id: String,
    /// That unit's title.
    pub unit_title: String,
    /// The file in the pack (`units/GEO-01.md`), or `course.json` for the anchor.
    pub source: String,
    /// The section heading, time window or page, when the material has one.
    pub section: String,
    /// The sentences quoted.
    pub quote: String,
    /// The whole chunk the quote comes from, for "show all".
    pub full_text: String,
}

/// A piece of a unit's material as retrieval found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Material {
    /// The unit.
    pub unit_id: String,
    /// What kind of material.
    pub chunk_type: ChunkType,
    /// The file.
    pub source: String,
    /// Heading, time window or page.
    pub section: String,
    /// The text.
    pub text: String,
}

fn cut_chars(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", head.trim_end())
}

/// A text the passage may quote, best first: the anchor, then the unit's chunks in
/// retrieval order (memos never: they belong to exam questions).
fn candidates<'a>(unit: &'a Unit, material: &'a [Material]) -> Vec<(&'a str, &'a str, &'a str)> {
    let mut out = vec![(unit.anchor.as_str(), ANCHOR_SOURCE, "")];
    out.extend(
        material
            .iter()
            .filter(|m| m.unit_id == unit.id && m.chunk_type != ChunkType::Memo)
            .map(|m| (m.text.as_str(), m.source.as_str(), m.section.as_str())),
    );
    out
}

/// Whether a sentence of material can be quoted: not a heading, a list marker alone or
/// a table row.
pub(crate) fn quotable(sentence: &str) -> bool {
    let s = sentence.trim();
    s.split_whitespace().count() >= 4 && !s.starts_with('#') && !s.contains('|')
}

/// Strips Markdown emphasis and leading list markers from a quoted sentence.
pub(crate) fn plain(sentence: &str) -> String {
    let s = sentence
        .trim()
        .trim_start_matches(['-', '*', '>', ' '])
        .replace("**", "")
        .replace("__", "");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The sentences of a text, line by line (a heading or a list item ends a sentence).
pub(crate) fn text_sentences(text: &str) -> Vec<String> {
    // Blocks: a blank line, a heading, a list item or a quote starts a new one; the
    // lines of a wrapped paragraph are joined.
    let mut blocks: Vec<String> = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let t = line.trim();
        let starts_block = t.is_empty()
            || t.starts_with(['#', '-', '*', '>', '|'])
            || t.split_once(". ")
                .is_some_and(|(n, _)| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty());
        if starts_block && !current.is_empty() {
            blocks.push(std::mem::take(&mut current));
        }
        if t.starts_with('#') {
            blocks.push(t.to_string());
            continue;
        }
        if !t.is_empty() {
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(t);
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
        .iter()
        .flat_map(|b| {
            sentences(b)
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Words that ask what something is.
const DEFINITION_ASKS: &[&str] = &[
    "what is",
    "what are",
    "what's",
    "whats",
    "define",
    "meaning",
    "que es",
    "que son",
    "qué es",
    "qué son",
    "significa",
];
/// Words that state what something is.
const DEFINITION_VERBS: &[&str] = &["is", "are", "means", "es", "son", "significa"];

/// Whether `sentence` defines one of the message's terms ("A transversal is …").
fn defines(sentence: &str, wanted: &std::collections::BTreeSet<String>) -> bool {
    let words: Vec<String> = sentence
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    words.windows(2).any(|pair| {
        DEFINITION_VERBS.contains(&pair[1].as_str())
            && content_terms(&pair[0])
                .first()
                .is_some_and(|t| t.in_keys(wanted))
    })
}

/// The passage of `unit`'s material that best answers `message`: the sentence sharing
/// most content terms with it (ties go to the anchor, then to retrieval order), and the
/// next sentence when the first is short. A message sharing nothing with the material
/// gets the anchor's first sentence, the unit's main idea.
pub fn best_passage(unit: &Unit, material: &[Material], message: &str) -> SourcePassage {
    let wanted = term_keys(message);
    let lower = message.to_lowercase();
    let asks_definition = DEFINITION_ASKS.iter().any(|a| lower.contains(a));
    let mut best: Option<(usize, usize, usize)> = None; // (score, text index, sentence index)
    let texts = candidates(unit, material);
    let split: Vec<Vec<String>> = texts.iter().map(|(t, _, _)| text_sentences(t)).collect();
    for (ti, ss) in split.iter().enumerate() {
        for (si, s) in ss.iter().enumerate() {
            if !quotable(s) {
                continue;
            }
            let mut seen = std::collections::BTreeSet::new();
            let shared = content_terms(s)
                .into_iter()
                .filter(|t| t.in_keys(&wanted) && seen.insert(t.keys.clone()))
                .count();
            // Shared terms count double; a definition asked for and given adds one.
            let score =
                2 * shared + usize::from(asks_definition && shared > 0 && defines(s, &wanted));
            if best.is_none_or(|(b, _, _)| score > b) {
                best = Some((score, ti, si));
            }
        }
    }
    let (ti, si) = best.map_or((0, 0), |(_, ti, si)| (ti, si));
    let (text, source, section) = texts[ti];
    let ss = &split[ti];
    let mut quote = ss.get(si).map_or_else(|| plain(text), |s| plain(s));
    if quote.split_whitespace().count() < SHORT_QUOTE_WORDS {
        if let Some(next) = ss.get(si + 1).filter(|n| quotable(n)) {
            quote = format!("{quote} {}", plain(next));
        }
    }
    SourcePassage {
        unit_id: unit.id.clone(),
        unit_title: unit.title.clone(),
        source: source.to_string(),
        section: section.to_string(),
        quote,
        full_text: cut_chars(text.trim(), FULL_TEXT_CHARS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit() -> Unit {
        Unit {
            id: "GEO-01".into(),
            title: "Parallel lines".into(),
            anchor: "Parallel lines never meet. A transversal makes equal corresponding angles."
                .into(),
            tags: vec![],
            misconceptions: vec![],
            content: vec!["units/GEO-01.md".into()],
            drills: vec![],
        }
    }

    fn notes() -> Vec<Material> {
        vec![Material {
            unit_id: "GEO-01".into(),
            chunk_type: ChunkType::Notes,
            source: "units/GEO-01.md".into(),
            section: "Transversals".into(),
            text: "## Transversals\nA **transversal** is a line that crosses two or more \
                   other lines. It makes eight angles."
                .into(),
        }]
    }

    #[test]
    fn the_sentence_that_answers_is_quoted_with_its_source() {
        let p = best_passage(&unit(), &notes(), "what is a transversal");
        assert!(
            p.quote
                .starts_with("A transversal is a line that crosses two or more other lines."),
            "{p:?}"
        );
        assert_eq!(p.source, "units/GEO-01.md");
        assert_eq!(p.section, "Transversals");
        assert!(p.full_text.contains("eight angles"));
    }

    #[test]
    fn a_message_about_nothing_gets_the_main_idea() {
        let p = best_passage(&unit(), &notes(), "hello");
        assert!(p.quote.starts_with("Parallel lines never meet."));
        assert_eq!(p.source, ANCHOR_SOURCE);
    }

    #[test]
    fn memos_and_other_units_are_never_quoted() {
        let mut m = notes();
        m[0].chunk_type = ChunkType::Memo;
        m.push(Material {
            unit_id: "GEO-02".into(),
            chunk_type: ChunkType::Notes,
            source: "units/GEO-02.md".into(),
            section: String::new(),
            text: "A transversal in a triangle is rare.".into(),
        });
        let p = best_passage(&unit(), &m, "what is a transversal");
        assert_eq!(p.source, ANCHOR_SOURCE);
    }
}
