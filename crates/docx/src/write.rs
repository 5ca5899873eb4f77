//! A report as a Word document.

use docx_rs::{Docx, Paragraph, Run, Style, StyleType};
use lantern_reports::{NumberedSection, Report, ReportError};

/// Paragraph style ids written: the title and five heading levels.
const TITLE_STYLE: &str = "Title";

fn heading_style(level: usize) -> String {
    format!("Heading{level}")
}

fn styles(docx: Docx) -> Docx {
    let mut docx = docx.add_style(
        Style::new(TITLE_STYLE, StyleType::Paragraph)
            .name("Title")
            .size(48)
            .bold(),
    );
    for level in 1..=5 {
        let size = 36 - 4 * level;
        docx = docx.add_style(
            Style::new(heading_style(level), StyleType::Paragraph)
                .name(format!("heading {level}"))
                .size(size)
                .bold(),
        );
    }
    docx
}

fn text_paragraph(text: &str) -> Paragraph {
    Paragraph::new().add_run(Run::new().add_text(text))
}

/// Body Markdown as paragraphs: one per block, list items one each (as "• ").
fn body_paragraphs(markdown: &str) -> Vec<Paragraph> {
    let mut out = Vec::new();
    for block in markdown
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        let is_list = block
            .lines()
            .all(|l| l.trim_start().starts_with(['-', '*', '+']));
        if is_list {
            for line in block.lines() {
                let item = line.trim_start().trim_start_matches(['-', '*', '+']).trim();
                out.push(text_paragraph(&format!("• {item}")));
            }
        } else {
            let mut paragraph = Paragraph::new();
            for (i, line) in block.lines().enumerate() {
                let mut run = Run::new();
                if i > 0 {
                    run = run.add_break(docx_rs::BreakType::TextWrapping);
                }
                paragraph = paragraph.add_run(run.add_text(line));
            }
            out.push(paragraph);
        }
    }
    out
}

fn add_sections(mut docx: Docx, sections: &[NumberedSection], level: usize) -> Docx {
    for s in sections {
        let dot = if s.number.contains('.') { "" } else { "." };
        let heading = format!("{}{dot} {}", s.number, s.title);
        docx = docx.add_paragraph(text_paragraph(&heading).style(&heading_style(level.min(5))));
        for p in body_paragraphs(&s.body_md) {
            docx = docx.add_paragraph(p);
        }
        docx = add_sections(docx, &s.children, level + 1);
    }
    docx
}

/// The report as a .docx file's bytes.
pub fn export_docx(report: &Report) -> Result<Vec<u8>, ReportError> {
    let mut docx =
        styles(Docx::new()).add_paragraph(text_paragraph(&report.title).style(TITLE_STYLE));
    for p in body_paragraphs(&report.preamble_md) {
        docx = docx.add_paragraph(p);
    }
    docx = add_sections(docx, &report.numbered(), 1);
    let mut bytes = std::io::Cursor::new(Vec::new());
    docx.build().pack(&mut bytes).map_err(|e| {
        ReportError::ImportFailed(format!("the Word file could not be written: {e}"))
    })?;
    Ok(bytes.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import_docx;
    use lantern_reports::import_markdown;

    const SURVEY: &str = "# House survey\n\nFor the owner.\n\n## 1. Introduction\n\nScope.\n\n## 2. Roofing\n\nOld roof.\n\n### 2.1 Gutters\n\nBlocked. [IMAGE:gutter]\n\n- clear them\n- check the fall\n\n## 3. Recommendations\n\nFix it.";

    #[test]
    fn a_report_survives_word_and_back() {
        let report = import_markdown(SURVEY, "t").unwrap();
        let again = import_docx(&export_docx(&report).unwrap(), "t").unwrap();
        assert_eq!(again.title, "House survey");
        assert_eq!(again.preamble_md, "For the owner.");
        let outline = |r: &Report| {
            r.outline()
                .iter()
                .map(|e| format!("{} {}", e.number, e.title))
                .collect::<Vec<_>>()
        };
        assert_eq!(outline(&again), outline(&report));
        let gutters = &again.find("s3").unwrap().body_md;
        assert!(gutters.contains("[IMAGE:gutter]"), "{gutters}");
        assert!(gutters.contains("• clear them"), "{gutters}");
    }

    #[test]
    fn a_file_that_is_not_word_is_refused() {
        let e = import_docx(b"not a zip", "t").unwrap_err();
        assert!(e.to_string().contains("not a Word document"));
    }
}
