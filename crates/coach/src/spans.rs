//! A text's words as written, each with its place: what the coach's readers use to find a
//! part of a student's text word for word and give it back exactly as the student wrote
//! it (a correction's parts, a remark's detail).

use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::content_terms;

/// One word as written: where it stands in its text (without the punctuation around
/// it), its normalised form, and whether a clause ends with it.
#[derive(Debug, Clone)]
pub struct Word {
    /// Where the word starts in its text (a byte offset).
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// Its normalised form.
    pub plain: String,
    /// Whether a clause ends with it (a comma, a full stop… follows it).
    pub ends_clause: bool,
}

/// The words of `text`, each with its place.
pub fn words_of(text: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut at = 0;
    for piece in text.split_whitespace() {
        let offset = text[at..].find(piece).map_or(at, |i| at + i);
        at = offset + piece.len();
        let core = piece.trim_matches(|c: char| !c.is_alphanumeric() && c != '%');
        let (start, end) = {
            let lead = offset + piece.find(core).unwrap_or(0);
            (lead, lead + core.len())
        };
        // A piece normalising to several words ("it's" → "it s") gives each, in its span.
        let plain = normalize(core);
        let mut parts = plain.split(' ').filter(|w| !w.is_empty()).peekable();
        while let Some(part) = parts.next() {
            out.push(Word {
                start,
                end,
                plain: part.to_string(),
                ends_clause: parts.peek().is_none()
                    && piece.ends_with([',', '.', ';', ':', '!', '?']),
            });
        }
    }
    out
}

/// Where `part` stands in `words`, when it stands there exactly once.
pub fn found_once(words: &[Word], part: &[Word]) -> Option<usize> {
    let matches = |i: &usize| {
        words[*i..]
            .iter()
            .zip(part)
            .all(|(w, p)| w.plain == p.plain)
    };
    let mut at = (0..=words.len().saturating_sub(part.len())).filter(matches);
    let first = at.next()?;
    at.next().is_none().then_some(first)
}

/// Whether `part` names something: a figure or a word that is not a function word.
pub fn names_something(part: &[Word]) -> bool {
    part.iter()
        .any(|w| w.plain.chars().any(|c| c.is_ascii_digit()))
        || !content_terms(
            &part
                .iter()
                .map(|w| w.plain.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        )
        .is_empty()
}
