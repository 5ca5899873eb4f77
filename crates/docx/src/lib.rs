//! Word reports in and out of the section tree, through the maintained `docx-rs` crate.
//!
//! Reading turns a document into Markdown — headings by their style ("Heading 1"…, or
//! "Title"), paragraphs, list items as `- `, tables as Markdown tables, pictures as
//! `[IMAGE:imageN]` placeholders — and then reads that like any Markdown report, so
//! both formats share one importer. Writing puts the title and numbered headings in
//! Word's heading styles and each body paragraph in its own paragraph.

mod images;
mod read;
mod write;

pub use images::{copy_report_images, local_images, report_media_dir};
pub use read::{docx_to_markdown, import_docx};
pub use write::export_docx;

use lantern_core::reports::{import_markdown, Report, ReportError};
use lantern_core::ErrorCode;
use std::path::Path;

/// Reads a report file by its extension: `.md`, `.markdown`, `.txt` or `.docx`.
pub fn read_report_file(path: &Path) -> Result<Report, ReportError> {
    let name = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("Report");
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let bytes = std::fs::read(path)
        .map_err(|e| ReportError::ImportFailed(format!("{}: {e}", path.display())))?;
    match extension.as_str() {
        "docx" => import_docx(&bytes, name),
        "md" | "markdown" | "txt" => {
            let text = String::from_utf8(bytes).map_err(|_| {
                ReportError::ImportFailed(format!("{}: not UTF-8 text", path.display()))
            })?;
            import_markdown(&text, name)
        }
        other => Err(ReportError::ImportFailed(format!(
            "{}: .{other} files are not reports (use .md, .txt or .docx)",
            path.display()
        ))),
    }
}

/// Writes `report` to `path` as Markdown or Word, by `format` (`md` or `docx`).
pub fn write_report_file(report: &Report, format: &str, path: &Path) -> Result<(), ReportError> {
    let bytes = match format {
        "md" | "markdown" => lantern_core::reports::export_markdown(report).into_bytes(),
        "docx" => export_docx(report)?,
        other => {
            return Err(ReportError::ArgumentsInvalid(format!(
                "unknown format {other:?} (md or docx)"
            )))
        }
    };
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(|e| {
            ReportError::Storage(ErrorCode::ExportFailed, format!("{}: {e}", path.display()))
        })
}
