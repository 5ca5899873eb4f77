//! What the report editor's commands return to the UI.

use crate::row_id::RowId;
use lantern_core::language::Language;
use lantern_core::turn::ReplyOrigin;
use lantern_reports::app::ReportState;
use lantern_reports::confirm::describe_op;
use lantern_reports::review::{change_diffs, ChangeDiff};
use lantern_reports::{ChangeAuthor, NumberedSection};
use lantern_store::{
    ProjectSummary, ReportMessage, ReportSummary, SpecFileSummary, VersionSummary,
};
use serde::Serialize;

/// A report as listed.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ReportSummaryView {
    /// Report id.
    pub id: RowId,
    /// Its project.
    pub project_id: RowId,
    /// Title of the current version.
    pub title: String,
    /// The file it was imported from.
    pub source_name: String,
    /// The current version.
    pub version: u32,
    /// Changes waiting for review.
    pub pending: u32,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

impl From<ReportSummary> for ReportSummaryView {
    fn from(r: ReportSummary) -> Self {
        Self {
            id: r.id.into(),
            project_id: r.project_id.into(),
            title: r.title,
            source_name: r.source_name,
            version: u32::try_from(r.version).unwrap_or(u32::MAX),
            pending: u32::try_from(r.pending).unwrap_or(u32::MAX),
            updated_at: r.updated_at,
        }
    }
}

/// A project as listed.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ProjectView {
    /// Project id.
    pub id: RowId,
    /// Its name.
    pub name: String,
}

impl From<ProjectSummary> for ProjectView {
    fn from(p: ProjectSummary) -> Self {
        Self {
            id: p.id.into(),
            name: p.name,
        }
    }
}

/// A specification file of a project.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct SpecFileView {
    /// The file's name.
    pub name: String,
    /// Passages in the index.
    pub passages: u32,
    /// When it was imported.
    pub imported_at: String,
}

impl From<SpecFileSummary> for SpecFileView {
    fn from(f: SpecFileSummary) -> Self {
        Self {
            name: f.name,
            passages: u32::try_from(f.passages).unwrap_or(u32::MAX),
            imported_at: f.imported_at,
        }
    }
}

/// One side of a change: the section's number, title and body.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct SectionSideView {
    /// Its number then.
    pub number: String,
    /// Its title then.
    pub title: String,
    /// Its body then.
    pub body_md: String,
}

fn side(s: Option<(String, String, String)>) -> Option<SectionSideView> {
    s.map(|(number, title, body_md)| SectionSideView {
        number,
        title,
        body_md,
    })
}

/// A change waiting for review, as the review panel shows it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ChangeView {
    /// Change id.
    pub id: RowId,
    /// `update_section`, `add_section`, `move_section` or `delete_section`.
    pub kind: String,
    /// The section it is about.
    pub section_id: String,
    /// What it does, in words.
    pub description: String,
    /// The model's (or the app's) one-line reason.
    pub reason: String,
    /// Who proposed it.
    pub author: ChangeAuthor,
    /// The section before (none for a new one).
    pub before: Option<SectionSideView>,
    /// The section after (none for a deleted one).
    pub after: Option<SectionSideView>,
    /// Whether it still applies.
    pub applies: bool,
}

/// One message of the report's conversation.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ReportMessageView {
    /// Message id.
    pub id: RowId,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: who wrote it, as stored.
    pub origin: Option<ReplyOrigin>,
    /// When, RFC 3339 UTC.
    pub created_at: String,
}

impl From<ReportMessage> for ReportMessageView {
    fn from(m: ReportMessage) -> Self {
        Self {
            id: m.id.into(),
            from_student: m.from_student,
            text: m.text,
            origin: m.origin,
            created_at: m.created_at,
        }
    }
}

/// A report as the editor shows it: the tree with the waiting changes applied (the
/// spec's `updatedSections`), the changes for review, the conversation.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    /// Report id.
    pub id: RowId,
    /// Its project.
    pub project_id: RowId,
    /// The current version.
    pub version: u32,
    /// Its title.
    pub title: String,
    /// The text before the first section.
    pub preamble_md: String,
    /// The sections, numbered, waiting changes applied.
    pub sections: Vec<NumberedSection>,
    /// The ids of sections a waiting change touches.
    pub changed_section_ids: Vec<String>,
    /// Changes waiting for review, in order.
    pub changes: Vec<ChangeView>,
    /// The conversation, oldest first.
    pub messages: Vec<ReportMessageView>,
    /// The folder of the report's own pictures (relative image paths resolve in it),
    /// when it has any.
    pub media_dir: Option<String>,
}

impl ReportView {
    /// The view of `state` with its `messages` and pictures' folder, changes described
    /// in `language`.
    pub fn new(
        state: &ReportState,
        messages: Vec<ReportMessage>,
        media_dir: Option<String>,
        language: Language,
    ) -> Self {
        let shown = state.shown();
        let diffs: Vec<ChangeDiff> = change_diffs(&state.base, &state.pending);
        let mut running = state.base.clone();
        let changes = diffs
            .into_iter()
            .zip(&state.pending)
            .map(|(d, c)| {
                let before = running.clone();
                let _ = lantern_reports::apply_op(&mut running, &c.op);
                ChangeView {
                    id: c.id.into(),
                    kind: d.kind.to_string(),
                    section_id: d.section_id,
                    description: describe_op(&before, &running, &c.op, language),
                    reason: c.reason.clone(),
                    author: c.author,
                    before: side(d.before),
                    after: side(d.after),
                    applies: d.applies,
                }
            })
            .collect::<Vec<_>>();
        Self {
            id: state.id.into(),
            project_id: state.project_id.into(),
            version: u32::try_from(state.version).unwrap_or(u32::MAX),
            title: shown.title.clone(),
            preamble_md: shown.preamble_md.clone(),
            sections: shown.numbered(),
            changed_section_ids: changes.iter().map(|c| c.section_id.clone()).collect(),
            changes,
            messages: messages.into_iter().map(Into::into).collect(),
            media_dir,
        }
    }
}

/// A version in the history.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct VersionView {
    /// The version number.
    pub version: u32,
    /// `import`, `accept`, `edit`, `undo` or `restore`.
    pub cause: String,
    /// What changed, in words.
    pub summary: String,
    /// When.
    pub created_at: String,
}

impl From<VersionSummary> for VersionView {
    fn from(v: VersionSummary) -> Self {
        Self {
            version: u32::try_from(v.version).unwrap_or(u32::MAX),
            cause: v.cause,
            summary: v.summary,
            created_at: v.created_at,
        }
    }
}

/// A finished chat turn: the report as shown now and how the turn ended.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ReportTurnView {
    /// The report, with the conversation and the changes for review.
    pub report: ReportView,
    /// The changes this turn proposed.
    pub change_ids: Vec<RowId>,
    /// How the turn ended: `command`, `asked`, `reply`, `stepLimit`, `repeatedCall`,
    /// `modelFailed`, `stopped`, `offline`.
    pub end: String,
}
