//! What the Class workspace receives besides the core's `ClassView`.

use crate::error::IpcError;
use lantern_store::{HandInImported, HandInOutcome};
use serde::{Deserialize, Serialize};

/// Where hand-ins are imported from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum HandInSource {
    /// A folder (a USB stick), searched for `*.progress.json`.
    Folder,
    /// Files picked one by one.
    Files,
}

/// How the grid is exported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ClassExportFormat {
    /// A CSV table.
    Csv,
    /// A printable HTML page.
    Page,
}

/// What importing one file did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum HandInOutcomeView {
    /// Added and in use.
    Added,
    /// Already imported: nothing changed.
    Unchanged,
    /// Kept in the student's history, not in use (older, or edited while a sealed one
    /// exists, or the teacher chose another).
    Outdated,
}

/// One file of an import.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct HandInImportView {
    /// The file's name.
    pub file_name: String,
    /// The student, when the file was read.
    pub student: Option<String>,
    /// What happened, when it was read.
    pub outcome: Option<HandInOutcomeView>,
    /// The file was changed after it was made.
    pub edited: bool,
    /// Why it was refused.
    pub error: Option<IpcError>,
}

impl HandInImportView {
    /// The view of an imported file.
    pub fn imported(done: HandInImported) -> Self {
        Self {
            file_name: done.file_name,
            student: Some(done.student),
            outcome: Some(match done.outcome {
                HandInOutcome::Added => HandInOutcomeView::Added,
                HandInOutcome::Unchanged => HandInOutcomeView::Unchanged,
                HandInOutcome::Outdated => HandInOutcomeView::Outdated,
            }),
            edited: done.edited,
            error: None,
        }
    }

    /// The view of a refused file.
    pub fn refused(file_name: String, error: IpcError) -> Self {
        Self {
            file_name,
            student: None,
            outcome: None,
            edited: false,
            error: Some(error),
        }
    }
}
