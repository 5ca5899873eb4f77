//! Markdown in and out. Import reads headings with a CommonMark parser (pulldown-cmark),
//! so `#` lines inside code blocks stay text, and keeps every body as the exact source
//! between two headings: images, tables and `[IMAGE:x]` placeholders survive untouched.
//! Numbers in headings ("2.1 Gutters") are dropped on import and computed on export.

use super::contract::{Report, Section, MAX_DEPTH};
use super::error::ReportError;
use super::names::{untitled_report, untitled_section};
use lantern_core::language::Language;
use lantern_core::text::heading::strip_number;
use lantern_core::text::tidy::detect_language;
use lantern_packs::import_limits::{check_count, MAX_REPORT_SECTIONS};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::ops::Range;

/// A heading found in the source: level, text, and the bytes it spans.
struct Heading {
    level: usize,
    title: String,
    span: Range<usize>,
}

fn level_number(level: HeadingLevel) -> usize {
    level as usize
}

fn headings(markdown: &str) -> Vec<Heading> {
    let mut found = Vec::new();
    let mut current: Option<Heading> = None;
    for (event, span) in Parser::new_ext(markdown, Options::all()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                current = Some(Heading {
                    level: level_number(level),
                    title: String::new(),
                    span,
                });
            }
            Event::Text(text) | Event::Code(text) => {
                if let Some(h) = current.as_mut() {
                    h.title.push_str(&text);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(h) = current.as_mut() {
                    h.title.push(' ');
                }
            }
            Event::End(TagEnd::Heading(_)) => found.extend(current.take()),
            _ => {}
        }
    }
    found
}

/// Source text between two byte offsets, without blank lines around it.
fn body(markdown: &str, from: usize, to: usize) -> String {
    markdown[from..to]
        .trim_end()
        .trim_start_matches(['\n', '\r'])
        .to_string()
}

/// Reads a Markdown report. A single `#` heading first becomes the report's title (else
/// `fallback_title`); the other headings become sections nested by level; text before
/// the first section is the preamble. More than [`MAX_REPORT_SECTIONS`] headings are
/// refused (`import_too_many_items`) before any section is built. A report or heading
/// left without a title is named in the report's own language — no one has chosen a
/// language at import, so the text's, or English when the text is too short to tell.
pub fn import_markdown(markdown: &str, fallback_title: &str) -> Result<Report, ReportError> {
    let markdown = markdown.strip_prefix('\u{feff}').unwrap_or(markdown);
    if markdown.contains('\0') {
        return Err(ReportError::ImportFailed("the file is not text".into()));
    }
    let headings_seen = Parser::new_ext(markdown, Options::all())
        .filter(|e| matches!(e, Event::Start(Tag::Heading { .. })))
        .take(MAX_REPORT_SECTIONS + 1)
        .count();
    check_count(
        fallback_title,
        "sections",
        headings_seen,
        MAX_REPORT_SECTIONS,
    )
    .map_err(ReportError::ImportRefused)?;
    let mut found = headings(markdown);
    let one_title = found.first().is_some_and(|h| h.level == 1)
        && found.iter().filter(|h| h.level == 1).count() == 1;
    let (title, preamble_start) = if one_title {
        let h = found.remove(0);
        (strip_number(&h.title), h.span.end)
    } else {
        (fallback_title.trim().to_string(), 0)
    };
    let preamble_end = found.first().map_or(markdown.len(), |h| h.span.start);
    let top = found.iter().map(|h| h.level).min().unwrap_or(1);
    let language = detect_language(markdown).unwrap_or(Language::En);
    let mut report = Report {
        title: if title.is_empty() {
            untitled_report(language)
        } else {
            title
        },
        preamble_md: body(markdown, preamble_start.min(preamble_end), preamble_end),
        ..Report::default()
    };
    // Each open section's level; a heading closes the ones at its level or deeper.
    let mut open: Vec<(usize, Section)> = Vec::new();
    for (i, h) in found.iter().enumerate() {
        let end = found.get(i + 1).map_or(markdown.len(), |n| n.span.start);
        let id = report.allocate_id();
        let title = strip_number(&h.title);
        let title = if title.is_empty() {
            untitled_section(language)
        } else {
            title
        };
        let section = Section::new(id, title, body(markdown, h.span.end, end));
        while open.last().is_some_and(|(level, _)| *level >= h.level) {
            close(&mut open, &mut report);
        }
        if open.len() >= MAX_DEPTH {
            // Too deep to nest: kept as a sibling of the deepest allowed level.
            close(&mut open, &mut report);
        }
        open.push((h.level.max(top), section));
    }
    while !open.is_empty() {
        close(&mut open, &mut report);
    }
    Ok(report)
}

/// Closes the innermost open section into its parent (or the report).
fn close(open: &mut Vec<(usize, Section)>, report: &mut Report) {
    if let Some((_, section)) = open.pop() {
        match open.last_mut() {
            Some((_, parent)) => parent.children.push(section),
            None => report.sections.push(section),
        }
    }
}

/// Writes a report as Markdown: the title as `#`, sections as `##` and deeper with
/// their computed numbers ("1.", "2.1"), bodies verbatim.
pub fn export_markdown(report: &Report) -> String {
    fn write(sections: &[super::contract::NumberedSection], level: usize, out: &mut String) {
        for s in sections {
            // "1." at the top level, "2.1" below: the numbers re-import as numbers.
            let dot = if s.number.contains('.') { "" } else { "." };
            out.push_str(&format!(
                "{} {}{dot} {}\n\n",
                "#".repeat(level),
                s.number,
                s.title
            ));
            if !s.body_md.trim().is_empty() {
                out.push_str(s.body_md.trim_end());
                out.push_str("\n\n");
            }
            write(&s.children, level + 1, out);
        }
    }
    let mut out = format!("# {}\n\n", report.title);
    if !report.preamble_md.trim().is_empty() {
        out.push_str(report.preamble_md.trim_end());
        out.push_str("\n\n");
    }
    write(&report.numbered(), 2, &mut out);
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SURVEY: &str = "# House survey\n\nPrepared for the owner.\n\n## 1. Introduction\n\nScope of the visit.\n\n## 2. Roofing\n\nThe roof is old.\n\n### 2.1 Gutters\n\nBlocked. [IMAGE:gutter]\n\n![Gutter](img/gutter.jpg)\n\n```\n# not a heading\n```\n\n### 2.2 Flashing\n\nLoose.\n\n## 3. Recommendations\n\n- Fix the gutters.\n";

    #[test]
    fn more_headings_than_the_limit_are_refused_before_building_sections() {
        use lantern_core::Coded;
        let many = "## s\n".repeat(MAX_REPORT_SECTIONS + 1);
        let e = import_markdown(&many, "r").unwrap_err();
        assert_eq!(e.code(), "import_too_many_items");
        assert!(e.to_string().contains("sections"), "{e}");
        assert!(import_markdown(&"## s\n".repeat(MAX_REPORT_SECTIONS), "r").is_ok());
    }

    #[test]
    fn headings_become_a_numbered_tree_and_the_title() {
        let report = import_markdown(SURVEY, "file").unwrap();
        assert_eq!(report.title, "House survey");
        assert_eq!(report.preamble_md, "Prepared for the owner.");
        let outline: Vec<String> = report
            .outline()
            .iter()
            .map(|e| format!("{} {}", e.number, e.title))
            .collect();
        assert_eq!(
            outline,
            [
                "1 Introduction",
                "2 Roofing",
                "2.1 Gutters",
                "2.2 Flashing",
                "3 Recommendations"
            ]
        );
        assert_eq!(report.ids(), ["s1", "s2", "s3", "s4", "s5"]);
    }

    #[test]
    fn bodies_keep_images_placeholders_and_code_verbatim() {
        let report = import_markdown(SURVEY, "file").unwrap();
        let gutters = &report.find("s3").unwrap().body_md;
        assert!(gutters.contains("[IMAGE:gutter]"));
        assert!(gutters.contains("![Gutter](img/gutter.jpg)"));
        assert!(gutters.contains("# not a heading"));
    }

    #[test]
    fn export_then_import_gives_the_same_report() {
        let report = import_markdown(SURVEY, "file").unwrap();
        let again = import_markdown(&export_markdown(&report), "file").unwrap();
        assert_eq!(again, report);
        assert!(export_markdown(&report).contains("### 2.1 Gutters"));
    }

    #[test]
    fn text_before_the_first_heading_is_kept_without_a_title_heading() {
        let report = import_markdown("Intro line.\n\n## A\n\nx\n\n## B\n", "notes.md").unwrap();
        assert_eq!(report.title, "notes.md");
        assert_eq!(report.preamble_md, "Intro line.");
        assert_eq!(report.sections.len(), 2);
    }

    #[test]
    fn a_report_without_headings_is_all_preamble() {
        let report = import_markdown("Just text.", "t").unwrap();
        assert!(report.sections.is_empty());
        assert_eq!(report.preamble_md, "Just text.");
        assert!(import_markdown("", "t").unwrap().sections.is_empty());
    }

    #[test]
    fn skipped_levels_and_many_top_headings_nest_sensibly() {
        let report = import_markdown("# A\n\n#### A.x\n\n# B\n", "t").unwrap();
        let outline: Vec<String> = report
            .outline()
            .iter()
            .map(|e| format!("{} {}", e.number, e.title))
            .collect();
        assert_eq!(outline, ["1 A", "1.1 A.x", "2 B"]);
    }

    #[test]
    fn binary_input_is_refused() {
        assert!(import_markdown("a\0b", "t").is_err());
    }
}
