//! One unit drafted from one part of the notes: its anchor (the first paragraph, cut to
//! what the tutor's concept card shows), its misconceptions (the lines that state one,
//! moved out of the copied notes so the tutor never quotes them as facts), its tags (the
//! terms the notes define or set in bold) and the definitions the tutor will turn into
//! gap-fill questions.

use super::definitions::{definition_of, Definition};
use super::markers::claims;
use super::names::{file_stem, slug, unique};
use super::notes::{read_note, BlockKind, Note};
use super::outline::{Part, Source};
use crate::course::check::fit_anchor;
use crate::course::{Misconception, Unit};
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::sentences;
use std::collections::HashSet;
use std::ops::Range;

/// Most tags drafted for a unit.
const MAX_TAGS: usize = 8;
/// Most definitions kept for a unit.
const MAX_DEFINITIONS: usize = 8;

/// A note copied into the pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NoteCopy {
    /// Its path in the pack (`units/<id>.md`).
    pub pack_path: String,
    /// Its text, without the lines moved into `misconceptions`.
    pub text: String,
    /// The note it comes from, in the notes folder.
    pub from: String,
}

/// A drafted unit and what the teacher should review about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UnitDraft {
    /// The unit as `course.json` will hold it.
    pub unit: Unit,
    /// Its notes, copied.
    pub copies: Vec<NoteCopy>,
    /// Sentences that define a term.
    pub definitions: Vec<Definition>,
    /// The terms its notes define or set in bold, as written, each once.
    pub terms: Vec<String>,
    /// Lines moved from the notes into `misconceptions`.
    pub moved: usize,
    /// Whether the anchor was cut to fit the concept card.
    pub anchor_cut: bool,
}

/// What one note gives a unit.
struct Reading {
    /// The misconceptions it states.
    claims: Vec<String>,
    /// The note without its misconception lines (and lists left empty).
    kept: String,
    /// Whether anything but headings is left.
    has_content: bool,
    /// Its first paragraph (else its first block) as plain text.
    anchor: Option<String>,
    /// Its definitions.
    definitions: Vec<Definition>,
    /// The terms it defines or sets in bold.
    terms: Vec<String>,
}

/// The spans of a note to remove: its misconception lines, and the heading of a
/// misconception list whose every block was one.
fn claim_cuts(text: &str, note: &Note) -> (Vec<String>, Vec<Range<usize>>) {
    let found = claims(text, note);
    let mut cuts: Vec<Range<usize>> = found.iter().map(|c| c.span.clone()).collect();
    for h in found.iter().filter_map(|c| c.list) {
        let all_claims =
            note.blocks_under(h).count() == found.iter().filter(|c| c.list == Some(h)).count();
        let span = note.headings[h].span.clone();
        if all_claims && !cuts.contains(&span) {
            cuts.push(span);
        }
    }
    (found.into_iter().map(|c| c.text).collect(), cuts)
}

fn read_source(source: &Source) -> Reading {
    let (claims, cuts) = claim_cuts(&source.text, &read_note(&source.text));
    let kept = cut(&source.text, &cuts);
    let note = read_note(&kept);
    let paragraph = note.blocks.iter().find(|b| b.kind == BlockKind::Paragraph);
    let anchor = paragraph.or(note.blocks.first()).map(|b| b.text.clone());
    let definitions: Vec<Definition> = note
        .blocks
        .iter()
        .flat_map(|b| {
            sentences(&b.text)
                .into_iter()
                .filter_map(|s| definition_of(s, b.kind == BlockKind::Item))
                .collect::<Vec<_>>()
        })
        .collect();
    let terms = definitions
        .iter()
        .map(|d| d.term.clone())
        .chain(note.bold.iter().map(|(t, _)| t.clone()))
        .collect();
    Reading {
        claims,
        has_content: !note.content_starts.is_empty(),
        kept,
        anchor,
        definitions,
        terms,
    }
}

/// `text` without the byte ranges `cuts`, the blank lines they leave made one.
fn cut(text: &str, cuts: &[Range<usize>]) -> String {
    if cuts.is_empty() {
        return text.to_string();
    }
    let mut cuts = cuts.to_vec();
    cuts.sort_by_key(|r| r.start);
    let mut out = String::new();
    let mut at = 0;
    for r in cuts {
        if r.start >= at && r.end <= text.len() {
            out.push_str(&text[at..r.start]);
            at = r.end;
        }
    }
    out.push_str(&text[at..]);
    let mut tidy = String::new();
    let mut blank = 0;
    for line in out.lines() {
        blank = if line.trim().is_empty() { blank + 1 } else { 0 };
        if blank < 2 {
            tidy.push_str(line);
            tidy.push('\n');
        }
    }
    tidy.trim_start_matches('\n').to_string()
}

/// The pack paths of a part's notes: `units/<id>.md`, or one folder per unit when it
/// has several notes.
fn pack_paths(id: &str, sources: &[Source]) -> Vec<String> {
    let extension = |path: &str| {
        if path.to_lowercase().ends_with(".txt") {
            "txt"
        } else {
            "md"
        }
    };
    if let [one] = sources {
        return vec![format!("units/{id}.{}", extension(&one.path))];
    }
    let mut taken = HashSet::new();
    sources
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let name = unique(
                slug(file_stem(&s.path), '-'),
                &format!("notes-{}", i + 1),
                &mut taken,
            );
            format!("units/{id}/{name}.{}", extension(&s.path))
        })
        .collect()
}

/// Misconceptions with readable tags (their first five words: `plants_get_food_from_the`),
/// unique in the unit.
fn misconceptions(claims: Vec<String>) -> Vec<Misconception> {
    let mut taken = HashSet::new();
    let mut seen = HashSet::new();
    claims
        .into_iter()
        .filter(|c| seen.insert(normalize(c)))
        .enumerate()
        .map(|(i, text)| {
            let first_words: Vec<String> = normalize(&text)
                .split(' ')
                .take(5)
                .map(String::from)
                .collect();
            let base = slug(&first_words.join(" "), '_');
            Misconception {
                tag: unique(base, &format!("misconception-{}", i + 1), &mut taken),
                text,
            }
        })
        .collect()
}

/// Tags from the terms the notes define or set in bold, at most [`MAX_TAGS`].
fn tags(terms: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for term in terms {
        let tag = slug(term, '_');
        if !tag.is_empty() && !out.contains(&tag) && out.len() < MAX_TAGS {
            out.push(tag);
        }
    }
    out
}

/// Drafts the unit `id` from `part`.
pub(crate) fn draft_unit(id: &str, part: &Part) -> UnitDraft {
    let readings: Vec<Reading> = part.sources.iter().map(read_source).collect();
    let paths = pack_paths(id, &part.sources);
    let all: Vec<(NoteCopy, bool)> = part
        .sources
        .iter()
        .zip(&readings)
        .zip(paths)
        .map(|((source, reading), pack_path)| {
            let copy = NoteCopy {
                pack_path,
                text: reading.kept.clone(),
                from: source.path.clone(),
            };
            (copy, reading.has_content)
        })
        .collect();
    // A note with nothing but a title (a folder's README) gave the unit its title only;
    // a unit whose notes are all empty keeps its first, for the teacher to write.
    let first = all.first().map(|(c, _)| c.clone());
    let mut copies: Vec<NoteCopy> = all
        .into_iter()
        .filter(|(_, c)| *c)
        .map(|(c, _)| c)
        .collect();
    if copies.is_empty() {
        copies.extend(first);
    }
    let first_paragraph = readings.iter().find_map(|r| r.anchor.clone());
    let anchor = first_paragraph
        .as_deref()
        .map(fit_anchor)
        .filter(|a| !a.trim().is_empty())
        .unwrap_or_else(|| format!("{}.", part.title.trim_end_matches('.')));
    let anchor_cut = first_paragraph.is_some_and(|p| p != anchor);
    let mut definitions: Vec<Definition> = Vec::new();
    for d in readings.iter().flat_map(|r| r.definitions.iter()) {
        let known = definitions
            .iter()
            .any(|k| normalize(&k.term) == normalize(&d.term));
        if !known && definitions.len() < MAX_DEFINITIONS {
            definitions.push(d.clone());
        }
    }
    let mut terms: Vec<String> = Vec::new();
    for term in readings.iter().flat_map(|r| r.terms.iter()) {
        if !terms.iter().any(|t| normalize(t) == normalize(term)) {
            terms.push(term.clone());
        }
    }
    let moved = readings.iter().map(|r| r.claims.len()).sum();
    let claims = readings.into_iter().flat_map(|r| r.claims).collect();
    UnitDraft {
        unit: Unit {
            id: id.to_string(),
            title: part.title.clone(),
            anchor,
            tags: tags(&terms),
            misconceptions: misconceptions(claims),
            content: copies.iter().map(|c| c.pack_path.clone()).collect(),
            drills: Vec::new(),
        },
        copies,
        definitions,
        terms,
        moved,
        anchor_cut,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(files: &[(&str, &str)]) -> Part {
        Part {
            title: "Leaves".into(),
            sources: files
                .iter()
                .map(|(p, t)| Source {
                    path: p.to_string(),
                    text: t.to_string(),
                })
                .collect(),
        }
    }

    const NOTE: &str = "# Leaves\n\n**Chlorophyll** is the green pigment that absorbs light. Leaves are thin.\n\nMisconception: plants eat soil.\n\n## Parts\n\nStomata: small pores.\n\n## Common mistakes\n\n- Leaves breathe only at night.\n- Roots make food.\n";

    #[test]
    fn a_unit_gets_anchor_tags_and_misconceptions() {
        let d = draft_unit("leaves", &part(&[("leaves.md", NOTE)]));
        assert_eq!(
            d.unit.anchor,
            "Chlorophyll is the green pigment that absorbs light. Leaves are thin."
        );
        assert_eq!(d.unit.tags, vec!["chlorophyll"]);
        let texts: Vec<_> = d
            .unit
            .misconceptions
            .iter()
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(
            texts,
            vec![
                "Plants eat soil.",
                "Leaves breathe only at night.",
                "Roots make food."
            ]
        );
        assert_eq!(d.unit.misconceptions[0].tag, "plants_eat_soil");
        assert_eq!(d.moved, 3);
        assert_eq!(d.unit.content, vec!["units/leaves.md"]);
        assert_eq!(d.definitions[0].term, "Chlorophyll");
    }

    #[test]
    fn moved_lines_and_empty_mistake_lists_leave_the_copied_notes() {
        let d = draft_unit("leaves", &part(&[("leaves.md", NOTE)]));
        let copy = &d.copies[0].text;
        assert!(!copy.contains("Misconception"), "{copy}");
        assert!(!copy.contains("Common mistakes"), "{copy}");
        assert!(!copy.contains("Roots make food"), "{copy}");
        assert!(copy.contains("## Parts"), "{copy}");
        assert!(!copy.contains("\n\n\n"), "{copy}");
    }

    #[test]
    fn several_notes_go_into_a_folder_and_lists_make_an_anchor() {
        let d = draft_unit(
            "u",
            &part(&[
                ("a/README.md", "- First point here.\n"),
                ("a/more.txt", "More."),
            ]),
        );
        assert_eq!(
            d.unit.content,
            vec!["units/u/readme.md", "units/u/more.txt"]
        );
        assert_eq!(d.unit.anchor, "First point here.");
        let empty = draft_unit("e", &part(&[("e.md", "")]));
        assert_eq!(empty.unit.anchor, "Leaves.");
    }
}
