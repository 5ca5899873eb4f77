//! The sentences of Markdown notes as a reply may quote them.

use super::tidy::sentences;

/// Whether a sentence of material can be quoted: not a heading, a list marker alone or
/// a table row.
pub fn quotable(sentence: &str) -> bool {
    let s = sentence.trim();
    s.split_whitespace().count() >= 4 && !s.starts_with('#') && !s.contains('|')
}

/// Strips Markdown emphasis (`**`, `__`, `*`) and leading list markers from a quoted
/// sentence.
pub fn plain(sentence: &str) -> String {
    let s = sentence
        .trim()
        .trim_start_matches(['-', '*', '>', ' '])
        .replace("**", "")
        .replace("__", "")
        .replace('*', "");
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The sentences of a text, line by line (a heading or a list item ends a sentence).
pub fn text_sentences(text: &str) -> Vec<String> {
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
