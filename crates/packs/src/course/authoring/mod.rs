//! `lantern course new`: a course pack drafted from a teacher's folder of Markdown notes —
//! units from the files, headings or folders, anchors from first paragraphs,
//! prerequisites only where a unit's notes show they build on an earlier unit,
//! misconceptions from the lines that state one, tags
//! from the terms the notes define — with a `REVIEW.md` that says what to check. Pure:
//! the notes come in as (path, text) pairs and the pack goes out as (path, text) pairs.
//! The pieces that read notes are shared with `lantern module new`.

mod definitions;
mod key_terms;
mod markers;
mod names;
mod notes;
mod outline;
mod prerequisites;
mod review;
mod unit;

pub(crate) use definitions::definition_of;
pub(crate) use names::{slug, unique};
pub(crate) use notes::{line_of, read_note, Block, BlockKind, Note};
#[cfg(test)]
pub(crate) use outline::Source;
pub(crate) use outline::{outline, Outline, Part, Shape};
pub(crate) use review::{write_checklist, write_head, Head};

use crate::course::{CourseManifest, Edge, ExamFile, COURSE_FILE, EXAMS_FILE, FORMAT_VERSION};
use crate::import_limits::MAX_UNITS;
use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::message_language::message_language;
use lantern_core::text::tidy::sentences;
use std::collections::HashSet;

/// The review file a draft holds.
pub const REVIEW_FILE: &str = "REVIEW.md";
/// Characters of the notes read to tell their language.
const LANGUAGE_SAMPLE_CHARS: usize = 4_000;
/// Most sentences of a drafted description.
const DESCRIPTION_SENTENCES: usize = 3;

/// What the teacher chose on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DraftOptions {
    /// The pack's id; by default made from the title.
    pub id: Option<String>,
    /// The title; by default the notes' own title, else the folder's name.
    pub title: Option<String>,
    /// The language; by default told from the notes.
    pub language: Option<Language>,
    /// The notes folder's name, the title of last resort.
    pub folder_name: String,
}

/// A drafted pack: its files and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackDraft {
    /// The pack's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its language.
    pub language: Language,
    /// Units (or sections) drafted.
    pub parts: usize,
    /// Every file to write: path in the pack and text.
    pub files: Vec<(String, String)>,
}

/// The language the notes are written in (English unless they are clearly Spanish).
pub(crate) fn notes_language(notes: &[(String, String)]) -> Language {
    let sample: String = notes
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join("\n")
        .chars()
        .take(LANGUAGE_SAMPLE_CHARS)
        .collect();
    message_language(&sample, Language::En)
}

/// The first paragraph of `markdown` as plain text, cut to a few sentences.
pub(crate) fn first_paragraph(markdown: &str) -> String {
    let note = read_note(markdown);
    note.blocks
        .iter()
        .find(|b| b.kind == BlockKind::Paragraph)
        .map(|b| {
            sentences(&b.text)
                .into_iter()
                .take(DESCRIPTION_SENTENCES)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

/// The title and id of a draft: the teacher's, else the notes', else the folder's, else
/// `fallback_id` as a title; an id made from a title without ASCII letters is
/// `fallback_id`.
pub(crate) fn title_and_id(
    options: &DraftOptions,
    outline: &Outline,
    fallback_id: &str,
) -> (String, String) {
    let title = options
        .title
        .clone()
        .or_else(|| outline.title.clone())
        .unwrap_or_else(|| names::title_from_name(&options.folder_name));
    let title = if title.trim().is_empty() {
        names::title_from_name(fallback_id)
    } else {
        title
    };
    let id = options
        .id
        .clone()
        .unwrap_or_else(|| unique(slug(&title, '-'), fallback_id, &mut HashSet::new()));
    (title, id)
}

/// `title`, or `untitled()` ("Unit 3") when it has no words (a heading of only
/// punctuation).
pub(crate) fn title_or(title: &str, untitled: impl FnOnce() -> String) -> String {
    let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
    if title.chars().any(char::is_alphanumeric) {
        title
    } else {
        untitled()
    }
}

/// Notes as the drafters take them, from string pairs (tests).
#[cfg(test)]
pub(crate) fn notes_of(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(p, t)| (p.to_string(), t.to_string()))
        .collect()
}

/// Pretty JSON of a pack file, with a final newline.
pub(crate) fn json_file<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).map_or_else(|e| e.to_string(), |s| s + "\n")
}

/// Drafts a course pack from `notes` (path in the notes folder, Markdown text); `None`
/// when there are no notes.
pub fn draft_course(notes: &[(String, String)], options: &DraftOptions) -> Option<PackDraft> {
    let mut outline = outline(notes);
    if outline.parts.is_empty() {
        return None;
    }
    let left_out = outline.parts.len().saturating_sub(MAX_UNITS);
    outline.parts.truncate(MAX_UNITS);
    let language = options.language.unwrap_or_else(|| notes_language(notes));
    let (title, id) = title_and_id(options, &outline, "course");
    let mut taken = HashSet::new();
    for (i, part) in outline.parts.iter_mut().enumerate() {
        part.title = title_or(&part.title, || {
            say!(
                MESSAGES,
                language,
                "packs-untitled-unit",
                n = &(i + 1).to_string()
            )
        });
    }
    let drafts: Vec<unit::UnitDraft> = outline
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let unit_id = unique(
                slug(&part.title, '-'),
                &format!("unit-{}", i + 1),
                &mut taken,
            );
            unit::draft_unit(&unit_id, part)
        })
        .collect();
    let units: Vec<crate::course::Unit> = drafts.iter().map(|d| d.unit.clone()).collect();
    let notes: Vec<prerequisites::UnitNotes> = outline
        .parts
        .iter()
        .zip(&drafts)
        .map(|(part, d)| prerequisites::UnitNotes::of(part, d))
        .collect();
    let drafted = prerequisites::draft_prerequisites(&notes, &title);
    let course = CourseManifest {
        format_version: FORMAT_VERSION,
        id: id.clone(),
        title: title.clone(),
        language: language.code().to_string(),
        description: first_paragraph(&outline.intro),
        entry_unit: units[0].id.clone(),
        prerequisites: drafted
            .iter()
            .map(|d| Edge {
                from: units[d.from].id.clone(),
                to: units[d.to].id.clone(),
            })
            .collect(),
        units,
    };
    let exams = ExamFile {
        format_version: FORMAT_VERSION,
        questions: Vec::new(),
    };
    let mut files = vec![
        (COURSE_FILE.to_string(), json_file(&course)),
        (EXAMS_FILE.to_string(), json_file(&exams)),
        (
            REVIEW_FILE.to_string(),
            review::review(&course, &drafts, &drafted, &outline.shape, left_out),
        ),
    ];
    for d in &drafts {
        files.extend(
            d.copies
                .iter()
                .map(|c| (c.pack_path.clone(), c.text.clone())),
        );
    }
    Some(PackDraft {
        id,
        title,
        language,
        parts: course.units.len(),
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::check::check_course_pack;

    use super::notes_of as notes;

    fn file<'a>(draft: &'a PackDraft, path: &str) -> &'a str {
        &draft.files.iter().find(|(p, _)| p == path).expect(path).1
    }

    #[test]
    fn a_folder_of_notes_becomes_a_pack_that_checks() {
        let draft = draft_course(
            &notes(&[
                ("1-light.md", "# Light\n\nPlants need **light** to make food.\n"),
                (
                    "2-water.md",
                    "Water is carried up the stem by the xylem. Recall that leaves need light too.\n",
                ),
            ]),
            &DraftOptions {
                folder_name: "plants".into(),
                ..DraftOptions::default()
            },
        )
        .unwrap();
        assert_eq!(
            (draft.id.as_str(), draft.title.as_str()),
            ("plants", "Plants")
        );
        let course: CourseManifest = serde_json::from_str(file(&draft, COURSE_FILE)).unwrap();
        assert_eq!(course.entry_unit, "light");
        assert_eq!(
            course.prerequisites,
            vec![Edge {
                from: "light".into(),
                to: "water".into()
            }]
        );
        let review = file(&draft, REVIEW_FILE);
        assert!(review.contains("### 2. Water (`water`)"));
        assert!(
            review.contains(
                "Requires `light`, as the notes say — “Recall that leaves need light too.”"
            ),
            "{review}"
        );
        let report = check_course_pack(&draft.files, &[]);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
    }

    #[test]
    fn notes_in_order_without_evidence_draft_no_prerequisite_and_say_how_to_add_one() {
        let draft = draft_course(
            &notes(&[
                ("1-air.md", "# Air\n\nAir has weight and presses down.\n"),
                ("2-rocks.md", "# Rocks\n\nRocks are hard and old.\n"),
            ]),
            &DraftOptions {
                folder_name: "earth".into(),
                ..DraftOptions::default()
            },
        )
        .unwrap();
        let course: CourseManifest = serde_json::from_str(file(&draft, COURSE_FILE)).unwrap();
        assert_eq!(course.prerequisites, vec![]);
        assert_eq!(course.entry_unit, "air");
        let review = file(&draft, REVIEW_FILE);
        assert!(review.contains("No prerequisite was drafted"), "{review}");
        assert!(review.contains("\"to\": \"rocks\""), "{review}");
    }

    #[test]
    fn spanish_notes_are_told_apart_and_reviewed_in_spanish() {
        let draft = draft_course(
            &notes(&[(
                "historia.md",
                "# La Revolución\n\n## Causas\n\nEl pueblo tenía hambre y los impuestos eran muy altos.\n\n## Consecuencias\n\nLa monarquía cayó y se proclamó la república.\n",
            )]),
            &DraftOptions::default(),
        )
        .unwrap();
        assert_eq!(draft.language, Language::Es);
        assert_eq!(draft.id, "la-revolucion");
        assert!(file(&draft, REVIEW_FILE).starts_with("# Revisa este borrador"));
        assert_eq!(draft.parts, 2);
    }

    #[test]
    fn no_notes_no_draft() {
        assert_eq!(draft_course(&[], &DraftOptions::default()), None);
    }
}
