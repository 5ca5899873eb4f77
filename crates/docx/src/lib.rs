//! Word reports in and out of the section tree, through the maintained `docx-rs` crate.
//!
//! Reading turns a document into Markdown — headings by their style ("Heading 1"…, or
//! "Title"), paragraphs, list items as `- `, tables as Markdown tables, pictures as
//! `[IMAGE:imageN]` placeholders — and then reads that like any Markdown report, so
//! both formats share one importer. Writing puts the title and numbered headings in
//! Word's heading styles and each body paragraph in its own paragraph.

mod docx_check;
mod images;
mod read;
mod write;

pub use docx_check::check_docx;
pub use images::{copy_report_images, local_images, report_media_dir, report_pictures};
pub use read::{docx_to_markdown, import_docx};
pub use write::export_docx;

use lantern_core::ErrorCode;
use lantern_packs::import_limits::{check_size, MAX_DOCX_BYTES, MAX_REPORT_BYTES};
use lantern_reports::{import_markdown, Report, ReportError};
use std::io::Read;
use std::path::Path;

/// Reads a report file by its extension: `.md`, `.markdown`, `.txt` or `.docx`, within
/// the import limits: its size checked from metadata before reading, a Word document's
/// parts before docx-rs reads them, its headings counted before sections are built,
/// and its pictures counted and checked (no link, none too large).
pub fn read_report_file(path: &Path) -> Result<Report, ReportError> {
    // A file without a name leaves the title to the importer's own word for it.
    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let report = match extension.as_str() {
        "docx" => import_docx(&read_at_most(path, MAX_DOCX_BYTES)?, name)?,
        "md" | "markdown" | "txt" => {
            let text = String::from_utf8(read_at_most(path, MAX_REPORT_BYTES)?).map_err(|_| {
                ReportError::ImportFailed(format!("{}: not UTF-8 text", path.display()))
            })?;
            import_markdown(&text, name)?
        }
        other => {
            return Err(ReportError::ImportFailed(format!(
                "{}: .{other} files are not reports (use .md, .txt or .docx)",
                path.display()
            )))
        }
    };
    report_pictures(&report, path)?;
    Ok(report)
}

/// The bytes of the file at `path` if its metadata says at most `max` (and no more is
/// read, should it grow meanwhile).
fn read_at_most(path: &Path, max: u64) -> Result<Vec<u8>, ReportError> {
    let label = path.display().to_string();
    let failed = |e: std::io::Error| ReportError::ImportFailed(format!("{label}: {e}"));
    let len = std::fs::metadata(path).map_err(failed)?.len();
    check_size(&label, len, max).map_err(ReportError::ImportRefused)?;
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    std::fs::File::open(path)
        .and_then(|f| f.take(len + 1).read_to_end(&mut bytes))
        .map_err(failed)?;
    check_size(&label, bytes.len() as u64, len).map_err(ReportError::ImportRefused)?;
    Ok(bytes)
}

/// Writes `report` to `path` as Markdown or Word, by `format` (`md` or `docx`), whole
/// and never through a link at `path` ([`lantern_store::write_new_file`]).
pub fn write_report_file(report: &Report, format: &str, path: &Path) -> Result<(), ReportError> {
    let bytes = match format {
        "md" | "markdown" => lantern_reports::export_markdown(report).into_bytes(),
        "docx" => export_docx(report)?,
        other => {
            return Err(ReportError::ArgumentsInvalid(format!(
                "unknown format {other:?} (md or docx)"
            )))
        }
    };
    lantern_store::write_new_file(path, &bytes).map_err(|e| {
        ReportError::Storage(ErrorCode::ExportFailed, format!("{}: {e}", path.display()))
    })
}
