//! `REVIEW.md` of a drafted module: each section's intro and topics with their drafted
//! keywords and notes, what was cut or left out, and what a module needs that notes
//! cannot give (keywords in the other language, pictures, forms).

use super::section::SectionDraft;
use crate::course::authoring::{write_checklist, write_head, Head, Shape};
use crate::messages::MESSAGES;
use crate::module::MAX_NOTE_CHARS;
use lantern_core::language::Language;
use lantern_core::say;
use std::fmt::Write;

fn section_lines(out: &mut String, n: usize, d: &SectionDraft, l: Language) {
    let s = &d.section;
    let _ = writeln!(
        out,
        "\n### {n}. {} (`{}`)\n\n- {}",
        s.title,
        s.id,
        say!(MESSAGES, l, "packs-review-intro", intro = &s.intro)
    );
    for t in &s.topics {
        let words = if l == Language::Es {
            &t.keywords.es
        } else {
            &t.keywords.en
        };
        let words: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
        let keywords = words.join(", ");
        let line = if d.cut_notes.contains(&t.id) {
            say!(
                MESSAGES,
                l,
                "packs-review-topic-cut",
                id = &t.id,
                title = &t.title,
                max = &MAX_NOTE_CHARS.to_string(),
                keywords = &keywords
            )
        } else {
            say!(
                MESSAGES,
                l,
                "packs-review-topic",
                id = &t.id,
                title = &t.title,
                keywords = &keywords
            )
        };
        let _ = writeln!(out, "- {line}");
    }
    if d.left_out > 0 {
        let _ = writeln!(
            out,
            "- {}",
            say!(
                MESSAGES,
                l,
                "packs-review-topics-left-out",
                count = &d.left_out.to_string()
            )
        );
    }
}

/// The review file of a drafted module.
pub(crate) fn review(
    title: &str,
    id: &str,
    l: Language,
    shape: &Shape,
    sections: &[SectionDraft],
    left_out: usize,
) -> String {
    let mut out = String::new();
    write_head(
        &mut out,
        &Head {
            intro: say!(MESSAGES, l, "packs-review-module-intro"),
            pack: say!(
                MESSAGES,
                l,
                "packs-review-module-id",
                id = id,
                title = title,
                code = l.code()
            ),
            language: l,
            shape,
            left_out: (left_out > 0).then(|| {
                say!(
                    MESSAGES,
                    l,
                    "packs-review-module-left-out",
                    count = &left_out.to_string()
                )
            }),
        },
    );
    let _ = writeln!(
        out,
        "\n## {}\n\n{}",
        say!(MESSAGES, l, "packs-review-sections-heading"),
        say!(MESSAGES, l, "packs-review-sections-text")
    );
    for (i, d) in sections.iter().enumerate() {
        section_lines(&mut out, i + 1, d, l);
    }
    write_checklist(
        &mut out,
        l,
        &say!(MESSAGES, l, "packs-review-module-checklist"),
    );
    out
}
