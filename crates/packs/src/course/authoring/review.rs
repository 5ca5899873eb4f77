//! `REVIEW.md`: what `lantern course new` drafted and what the teacher should check —
//! each unit's source notes, anchor, drafted prerequisite with the evidence for it (or
//! how to add one), misconceptions with the true-or-false question the tutor will ask,
//! and the gap-fill questions it will make from the notes' definitions — in the course's
//! language.

use super::outline::Shape;
use super::prerequisites::{Drafted, Evidence};
use super::unit::UnitDraft;
use crate::course::cloze::{cloze_of, misconception_true_false};
use crate::course::CourseManifest;
use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use std::fmt::Write;

/// How the notes were read, in words.
pub(crate) fn shape_words(shape: &Shape, language: Language) -> String {
    match shape {
        Shape::FilePerPart => say!(MESSAGES, language, "packs-shape-file-per-part"),
        Shape::Folders => say!(MESSAGES, language, "packs-shape-folders"),
        Shape::Headings { file, level } => say!(
            MESSAGES,
            language,
            "packs-shape-headings",
            hashes = &"#".repeat(usize::from(*level)),
            file = file
        ),
        Shape::Single => say!(MESSAGES, language, "packs-shape-single"),
    }
}

/// What a unit requires, as REVIEW.md says it.
enum Requires<'a> {
    /// The first unit: students start here.
    Start,
    /// Nothing was drafted for this unit.
    Nothing,
    /// The unit with this id, for this reason.
    Unit(&'a str, &'a Evidence),
}

/// The lines that say what a unit requires and why, and what the teacher should do.
fn requires_lines(unit: &str, requires: &Requires<'_>, l: Language) -> String {
    let (id, evidence) = match requires {
        Requires::Start => return say!(MESSAGES, l, "packs-review-requires-nothing"),
        Requires::Nothing => {
            return say!(
                MESSAGES,
                l,
                "packs-review-requires-none-drafted",
                unit = unit
            )
        }
        Requires::Unit(id, evidence) => (*id, *evidence),
    };
    let why = match evidence {
        Evidence::Said(sentence) => say!(
            MESSAGES,
            l,
            "packs-review-requires-said",
            unit = id,
            sentence = sentence
        ),
        Evidence::Named(sentence) => say!(
            MESSAGES,
            l,
            "packs-review-requires-named",
            unit = id,
            sentence = sentence
        ),
        Evidence::Defined(sentence) => say!(
            MESSAGES,
            l,
            "packs-review-requires-defined",
            unit = id,
            sentence = sentence
        ),
        Evidence::Terms { terms, sentences } => {
            let terms: Vec<String> = terms.iter().map(|t| format!("`{t}`")).collect();
            say!(
                MESSAGES,
                l,
                "packs-review-requires-terms",
                unit = id,
                sentences = &sentences.to_string(),
                terms = &terms.join(", ")
            )
        }
    };
    format!(
        "{why}\n  {}",
        say!(MESSAGES, l, "packs-review-requires-confirm", unit = id)
    )
}

fn unit_section(out: &mut String, n: usize, d: &UnitDraft, requires: &Requires<'_>, l: Language) {
    let u = &d.unit;
    let _ = writeln!(out, "\n### {n}. {} (`{}`)\n", u.title, u.id);
    for c in &d.copies {
        let _ = writeln!(
            out,
            "- {}",
            say!(
                MESSAGES,
                l,
                "packs-review-notes",
                path = &c.pack_path,
                from = &c.from
            )
        );
    }
    let _ = writeln!(out, "- {}", requires_lines(&u.id, requires, l));
    let anchor = if d.anchor_cut {
        say!(MESSAGES, l, "packs-review-anchor-cut")
    } else {
        say!(MESSAGES, l, "packs-review-anchor")
    };
    let _ = writeln!(
        out,
        "- {anchor}:\n\n  > {}\n\n  {}",
        u.anchor,
        say!(MESSAGES, l, "packs-review-anchor-check")
    );
    let tags: Vec<String> = u.tags.iter().map(|t| format!("`{t}`")).collect();
    let tags = if tags.is_empty() {
        say!(MESSAGES, l, "packs-review-tags-none")
    } else {
        tags.join(", ")
    };
    let _ = writeln!(
        out,
        "- {}",
        say!(MESSAGES, l, "packs-review-tags", tags = &tags)
    );
    misconception_lines(out, d, l);
    cloze_lines(out, d, l);
}

fn misconception_lines(out: &mut String, d: &UnitDraft, l: Language) {
    let u = &d.unit;
    if u.misconceptions.is_empty() {
        let _ = writeln!(
            out,
            "- {}",
            say!(MESSAGES, l, "packs-review-misconceptions-none")
        );
        return;
    }
    let _ = writeln!(
        out,
        "- {}",
        say!(
            MESSAGES,
            l,
            "packs-review-misconceptions-moved",
            moved = d.moved
        )
    );
    for (i, m) in u.misconceptions.iter().enumerate() {
        let line = match misconception_true_false(u, i, l) {
            Some(drill) => say!(
                MESSAGES,
                l,
                "packs-review-true-false",
                question = &drill.question_latex,
                answer = &drill.key.answer
            ),
            None => format!(
                "“{}” — {}",
                m.text,
                say!(MESSAGES, l, "packs-review-misconception-too-short")
            ),
        };
        let _ = writeln!(out, "  - `{}`: {line}", m.tag);
    }
}

fn cloze_lines(out: &mut String, d: &UnitDraft, l: Language) {
    if d.definitions.is_empty() {
        let _ = writeln!(out, "- {}", say!(MESSAGES, l, "packs-review-clozes-none"));
        return;
    }
    let _ = writeln!(out, "- {}", say!(MESSAGES, l, "packs-review-clozes"));
    for def in &d.definitions {
        let line = match cloze_of(&def.sentence, &d.unit) {
            Some(c) => say!(
                MESSAGES,
                l,
                "packs-review-cloze",
                question = &c.blanked,
                answer = &c.answer
            ),
            None => format!(
                "“{}” — {}",
                def.sentence,
                say!(MESSAGES, l, "packs-review-no-cloze")
            ),
        };
        let _ = writeln!(out, "  - {line}");
    }
    let _ = writeln!(out, "  {}", say!(MESSAGES, l, "packs-review-change-gap"));
}

fn exam_section(out: &mut String, course: &CourseManifest, l: Language) {
    let first = course.units.first().map_or("unit-id", |u| u.id.as_str());
    let _ = writeln!(
        out,
        "\n## {}\n\n{}\n",
        say!(MESSAGES, l, "packs-review-exams-heading"),
        say!(MESSAGES, l, "packs-review-exams-none")
    );
    let _ = writeln!(
        out,
        "```json\n{{ \"id\": \"Q1\", \"unitIds\": [\"{first}\"], \"tier\": \"bronze\",\n  \"stem\": \"…\",\n  \"options\": [ {{ \"id\": \"A\", \"text\": \"…\" }}, {{ \"id\": \"B\", \"text\": \"…\" }} ],\n  \"correct\": \"A\",\n  \"memo\": \"…\" }}\n```"
    );
}

/// What a review file says first: what drafted the pack and how to go on, then how the
/// notes were read and what the pack is.
pub(crate) struct Head<'a> {
    /// What was drafted and what to correct.
    pub intro: String,
    /// The pack's id, title and language, as a line.
    pub pack: String,
    /// The language the review is written in.
    pub language: Language,
    /// How the notes were read.
    pub shape: &'a Shape,
    /// The line saying how many parts were left out over a limit, when some were.
    pub left_out: Option<String>,
}

/// Writes a review file's title and opening list.
pub(crate) fn write_head(out: &mut String, head: &Head<'_>) {
    let l = head.language;
    let _ = writeln!(
        out,
        "# {}\n\n{}\n",
        say!(MESSAGES, l, "packs-review-title"),
        head.intro
    );
    let _ = writeln!(
        out,
        "- {}\n- {}",
        say!(
            MESSAGES,
            l,
            "packs-review-read-as",
            shape = &shape_words(head.shape, l)
        ),
        head.pack
    );
    if let Some(left_out) = &head.left_out {
        let _ = writeln!(out, "- {left_out}");
    }
}

/// Writes a review file's closing checklist (`items`: its Markdown task list).
pub(crate) fn write_checklist(out: &mut String, l: Language, items: &str) {
    let _ = writeln!(
        out,
        "\n## {}\n\n{items}",
        say!(MESSAGES, l, "packs-review-before-import")
    );
}

/// The review file of a drafted course, whose `drafted` prerequisites are between
/// `units` by index.
pub(crate) fn review(
    course: &CourseManifest,
    units: &[UnitDraft],
    drafted: &[Drafted],
    shape: &Shape,
    left_out: usize,
) -> String {
    let l = Language::from_code(&course.language).unwrap_or_default();
    let mut out = String::new();
    write_head(
        &mut out,
        &Head {
            intro: say!(MESSAGES, l, "packs-review-course-intro"),
            pack: say!(
                MESSAGES,
                l,
                "packs-review-course-id",
                id = &course.id,
                title = &course.title,
                code = l.code()
            ),
            language: l,
            shape,
            left_out: (left_out > 0).then(|| {
                say!(
                    MESSAGES,
                    l,
                    "packs-review-course-left-out",
                    count = &left_out.to_string()
                )
            }),
        },
    );
    let _ = writeln!(
        out,
        "\n## {}\n\n{}",
        say!(MESSAGES, l, "packs-review-units-heading"),
        say!(MESSAGES, l, "packs-review-units-text")
    );
    if drafted.is_empty() {
        let _ = writeln!(
            out,
            "\n{}",
            say!(MESSAGES, l, "packs-review-prerequisites-none")
        );
    }
    for (i, d) in units.iter().enumerate() {
        let requires = match drafted.iter().find(|p| p.to == i) {
            Some(p) => units.get(p.from).map_or(Requires::Nothing, |from| {
                Requires::Unit(&from.unit.id, &p.evidence)
            }),
            None if i == 0 => Requires::Start,
            None => Requires::Nothing,
        };
        unit_section(&mut out, i + 1, d, &requires, l);
    }
    exam_section(&mut out, course, l);
    write_checklist(
        &mut out,
        l,
        &say!(MESSAGES, l, "packs-review-course-checklist"),
    );
    out
}
