//! Lines of a teacher's notes that state a misconception ("Misconception: …",
//! "Common mistake: …", "A common mistake is thinking that …", "Error común: …",
//! "Idea errónea: …", or the items of a "Common mistakes" / "Errores comunes" list),
//! and the wrong belief each states — what a unit's `misconceptions` hold.

use super::notes::{BlockKind, Note};
use lantern_core::text::normalize::normalize;
use lantern_core::words::lines;
use lantern_core::words::roles::{fill_from, roles, Roles};
use lantern_core::{word_files, word_list};
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// The words that mark a misconception by role, English's and Spanish's
/// (`words/<locale>/misconception-markers.txt`).
static MARKERS: LazyLock<[Roles; 2]> = LazyLock::new(|| {
    let [en, es] = word_files!("misconception-markers");
    [roles(lines(en)), roles(lines(es))]
});

/// `^\s*(?:english|spanish)` then `rest`: a line opening with `english` filled with
/// English's markers or `spanish` with Spanish's, case-insensitive.
fn opening(english: &str, spanish: &str, rest: &str) -> Regex {
    let [en, es] = &*MARKERS;
    let (en, es) = (fill_from(english, en), fill_from(spanish, es));
    Regex::new(&format!(r"(?i)^\s*(?:{en}|{es}){rest}")).expect("a valid pattern")
}

/// "Label: claim", the label naming a misconception in English or Spanish.
static LABELLED: LazyLock<Regex> = LazyLock::new(|| {
    opening(
        r"{label-adjective}\s+{label-noun}|{label-alone}",
        r"{label-error}\s+{label-error-adjective}|{label-idea}\s+{label-idea-adjective}|{label-concept}\s+{label-concept-adjective}",
        r"\s*[:\-–—]\s*(.+)$",
    )
});

/// "A common mistake is (thinking) that claim" / "Un error común es (pensar) que claim".
static SENTENCE: LazyLock<Regex> = LazyLock::new(|| {
    opening(
        r"{article}\s+{adjective}\s+{mistake}\s+{is}(?:\s+(?:{to}\s+)?{thinking})?(?:\s+{that})?",
        r"{article}\s+{mistake}\s+{adjective}\s+{is}(?:\s+{thinking})?(?:\s+{that})?",
        r"\s+(.+)$",
    )
});

/// Normalised titles of sections that list misconceptions, one per item
/// (`words/<locale>/misconception-lists.txt`).
static LIST_TITLES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("misconception-lists").collect());

/// `claim` as a sentence: capital first, quotes and trailing spaces removed.
fn as_sentence(claim: &str) -> Option<String> {
    let claim = claim.trim().trim_matches(['"', '“', '”', '«', '»']).trim();
    let mut chars = claim.chars();
    let first = chars.next()?;
    Some(first.to_uppercase().collect::<String>() + chars.as_str())
}

/// The wrong belief a line states, when it is labelled as a misconception.
pub(crate) fn labelled_claim(line: &str) -> Option<String> {
    let caps = LABELLED
        .captures(line)
        .or_else(|| SENTENCE.captures(line))?;
    as_sentence(caps.get(1)?.as_str())
}

/// Whether a heading titles a list of misconceptions ("Common mistakes").
pub(crate) fn is_misconception_list(title: &str) -> bool {
    let title = normalize(title);
    LIST_TITLES.iter().any(|t| title == *t)
}

/// The claim of an item of a misconception list.
fn listed_claim(item: &str) -> Option<String> {
    labelled_claim(item).or_else(|| as_sentence(item))
}

/// The misconception-list heading a byte offset is under, if it is under one.
fn misconception_list_of(note: &Note, at: usize) -> Option<usize> {
    (0..note.headings.len()).find(|&h| {
        is_misconception_list(&note.headings[h].title)
            && at >= note.headings[h].span.end
            && at < note.section_end(h)
    })
}

/// A place in a note that states a misconception.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Claim {
    /// The bytes of the note that state it: a list item, or a line of a paragraph.
    pub span: Range<usize>,
    /// The wrong belief, as a sentence.
    pub text: String,
    /// The misconception list it is an item of, if any.
    pub list: Option<usize>,
}

/// A source line without list or quote markers and emphasis.
fn plain_line(line: &str) -> String {
    line.trim()
        .trim_start_matches(['>', '-', '*', '+', ' '])
        .replace("**", "")
        .replace("__", "")
}

/// The lines of a paragraph that state a misconception ("Rain falls…\nMisconception: …").
fn labelled_lines(text: &str, span: &Range<usize>) -> Vec<Claim> {
    let Some(source) = text.get(span.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = span.start;
    for line in source.split_inclusive('\n') {
        if let Some(claim) = labelled_claim(&plain_line(line)) {
            out.push(Claim {
                span: at..at + line.len(),
                text: claim,
                list: None,
            });
        }
        at += line.len();
    }
    out
}

/// The places of the note `text` (read as `note`) that state a misconception: labelled
/// lines, and the items of lists titled as misconceptions.
pub(crate) fn claims(text: &str, note: &Note) -> Vec<Claim> {
    let mut out = Vec::new();
    for block in &note.blocks {
        let list = misconception_list_of(note, block.span.start);
        match (list, block.kind) {
            (Some(h), BlockKind::Item) => out.extend(listed_claim(&block.text).map(|text| Claim {
                span: block.span.clone(),
                text,
                list: Some(h),
            })),
            (None, BlockKind::Item) => out.extend(labelled_claim(&block.text).map(|text| Claim {
                span: block.span.clone(),
                text,
                list: None,
            })),
            (_, BlockKind::Paragraph) => out.extend(labelled_lines(text, &block.span)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labelled_lines_give_their_claim() {
        for (line, claim) in [
            (
                "Misconception: plants get their food from the soil.",
                "Plants get their food from the soil.",
            ),
            (
                "Common mistake - Heavier objects fall faster.",
                "Heavier objects fall faster.",
            ),
            (
                "A common mistake is thinking that the sun orbits the earth.",
                "The sun orbits the earth.",
            ),
            (
                "Error común: Napoleón era muy bajo.",
                "Napoleón era muy bajo.",
            ),
            (
                "Idea errónea: la Bastilla estaba llena de presos.",
                "La Bastilla estaba llena de presos.",
            ),
            (
                "A common misconception is believing that mass and weight are the same.",
                "Mass and weight are the same.",
            ),
            (
                "Un error común es pensar que el rey huyó solo.",
                "El rey huyó solo.",
            ),
        ] {
            assert_eq!(labelled_claim(line).as_deref(), Some(claim), "{line}");
        }
    }

    #[test]
    fn ordinary_lines_are_not_misconceptions() {
        for line in [
            "Plants need light.",
            "The error bars show the spread.",
            "Mistakes help us learn.",
            "",
        ] {
            assert_eq!(labelled_claim(line), None, "{line}");
        }
    }

    #[test]
    fn misconception_lists_are_recognised_by_title() {
        assert!(is_misconception_list("Common mistakes"));
        assert!(is_misconception_list("Errores comunes"));
        assert!(is_misconception_list("Ideas erróneas"));
        assert!(!is_misconception_list("Mistakes in history"));
    }

    #[test]
    fn a_note_gives_its_labelled_lines_and_listed_items() {
        let text = "Roots hold soil.\n**Misconception:** roots eat soil.\n\n## Common mistakes\n\n- plants breathe only at night\n\nSee above.\n";
        let note = super::super::notes::read_note(text);
        let found = claims(text, &note);
        let found: Vec<(&str, &str, Option<usize>)> = found
            .iter()
            .map(|c| (&text[c.span.clone()], c.text.as_str(), c.list))
            .collect();
        assert_eq!(
            found,
            vec![
                (
                    "**Misconception:** roots eat soil.\n",
                    "Roots eat soil.",
                    None
                ),
                (
                    "- plants breathe only at night\n\n",
                    "Plants breathe only at night",
                    Some(0)
                )
            ]
        );
    }
}
