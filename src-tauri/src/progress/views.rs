//! What the hand-in dialog shows.

use lantern_progress::{HandIn, ProgressReport, HANDIN_SUFFIX};
use serde::Serialize;

/// The hand-in as the student reads it before saving: the summary, and the file's
/// whole text, which is what will be saved.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct HandInPreviewView {
    /// What it reports.
    pub report: ProgressReport,
    /// The file's whole text.
    pub file_text: String,
    /// The CSV summary saved beside it.
    pub csv_text: String,
    /// The file's name.
    pub file_name: String,
    /// How many xAPI statements it holds.
    pub statements: u32,
}

impl From<&HandIn> for HandInPreviewView {
    fn from(h: &HandIn) -> Self {
        Self {
            report: h.report.clone(),
            file_text: h.file_text.clone(),
            csv_text: h.csv_text.clone(),
            file_name: format!("{}{HANDIN_SUFFIX}", h.file_stem),
            statements: u32::try_from(h.statements.len()).unwrap_or(u32::MAX),
        }
    }
}
