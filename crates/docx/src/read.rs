//! A Word document as Markdown, then as a report.

use crate::docx_check::check_docx;
use docx_rs::{
    DocumentChild, Paragraph, ParagraphChild, RunChild, Styles, Table, TableCellContent,
    TableChild, TableRowChild,
};
use lantern_reports::{import_markdown, Report, ReportError};

/// The heading level of a paragraph's style: "Title" is 1 (the report's title), "Heading
/// N" (by name, whatever the style's id in a translated Word) is N + 1.
fn heading_level(paragraph: &Paragraph, styles: &Styles) -> Option<usize> {
    let id = paragraph.property.style.as_ref()?.val.as_str();
    if id.eq_ignore_ascii_case("title") {
        return Some(1);
    }
    let style = styles.styles.iter().find(|s| s.style_id == id);
    if let Some(n) = style.and_then(|s| s.name.get_heading_number()) {
        return Some((n + 1).min(6));
    }
    let digits = id.trim_start_matches(|c: char| !c.is_ascii_digit());
    let named_heading = id.to_ascii_lowercase().starts_with("heading");
    match (named_heading, digits.parse::<usize>()) {
        (true, Ok(n)) => Some((n + 1).min(6)),
        _ => None,
    }
}

/// A paragraph's text, with `[IMAGE:imageN]` for each picture.
fn paragraph_text(paragraph: &Paragraph, images: &mut usize) -> String {
    let mut text = String::new();
    let mut runs = Vec::new();
    for child in &paragraph.children {
        match child {
            ParagraphChild::Run(run) => runs.push(run.as_ref()),
            ParagraphChild::Hyperlink(link) => {
                for c in &link.children {
                    if let ParagraphChild::Run(run) = c {
                        runs.push(run.as_ref());
                    }
                }
            }
            _ => {}
        }
    }
    for run in runs {
        for child in &run.children {
            match child {
                RunChild::Text(t) => text.push_str(&t.text),
                RunChild::Tab(_) => text.push('\t'),
                RunChild::Break(_) | RunChild::CarriageReturn(_) => text.push('\n'),
                RunChild::Drawing(_) | RunChild::Shape(_) => {
                    *images += 1;
                    text.push_str(&format!("[IMAGE:image{images}]"));
                }
                _ => {}
            }
        }
    }
    text.trim_end().to_string()
}

fn cell_text(contents: &[TableCellContent], images: &mut usize) -> String {
    contents
        .iter()
        .filter_map(|c| match c {
            TableCellContent::Paragraph(p) => Some(paragraph_text(p, images)),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(" ")
        .replace('|', "\\|")
        .replace('\n', " ")
}

fn table_markdown(table: &Table, images: &mut usize) -> String {
    let rows: Vec<Vec<String>> = table
        .rows
        .iter()
        .map(|TableChild::TableRow(row)| {
            row.cells
                .iter()
                .map(|TableRowChild::TableCell(cell)| cell_text(&cell.children, images))
                .collect()
        })
        .collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if width == 0 {
        return String::new();
    }
    let line = |cells: &[String]| {
        let mut cells = cells.to_vec();
        cells.resize(width, String::new());
        format!("| {} |", cells.join(" | "))
    };
    let mut out = vec![
        line(&rows[0]),
        format!("|{}|", vec![" --- "; width].join("|")),
    ];
    out.extend(rows[1..].iter().map(|r| line(r)));
    out.join("\n")
}

/// The document's text as Markdown (headings, paragraphs, lists, tables, pictures).
/// `file` names it in errors; it is checked against the import limits before docx-rs
/// reads it, and a panic of docx-rs is a coded error.
pub fn docx_to_markdown(file: &str, bytes: &[u8]) -> Result<String, ReportError> {
    check_docx(file, bytes)?;
    let docx = std::panic::catch_unwind(|| docx_rs::read_docx(bytes))
        .map_err(|_| ReportError::ImportFailed(format!("{file}: not a Word document")))?
        .map_err(|e| ReportError::ImportFailed(format!("{file}: not a Word document: {e}")))?;
    let mut images = 0;
    let mut blocks = Vec::new();
    for child in &docx.document.children {
        match child {
            DocumentChild::Paragraph(p) => {
                let text = paragraph_text(p, &mut images);
                if text.trim().is_empty() {
                    continue;
                }
                blocks.push(match heading_level(p, &docx.styles) {
                    Some(level) => format!("{} {}", "#".repeat(level), text.replace('\n', " ")),
                    None if p.has_numbering || p.property.numbering_property.is_some() => {
                        format!("- {text}")
                    }
                    None => text,
                });
            }
            DocumentChild::Table(t) => blocks.push(table_markdown(t, &mut images)),
            _ => {}
        }
    }
    // List items stay together; other blocks are separated by a blank line.
    let mut markdown = String::new();
    for (i, block) in blocks.iter().enumerate() {
        if i > 0 {
            let both_items = block.starts_with("- ") && blocks[i - 1].starts_with("- ");
            markdown.push_str(if both_items { "\n" } else { "\n\n" });
        }
        markdown.push_str(block);
    }
    Ok(markdown)
}

/// Reads a Word report (named `fallback_title.docx` in errors); `fallback_title` when it
/// has no title of its own.
pub fn import_docx(bytes: &[u8], fallback_title: &str) -> Result<Report, ReportError> {
    let file = format!("{fallback_title}.docx");
    import_markdown(&docx_to_markdown(&file, bytes)?, fallback_title)
}
