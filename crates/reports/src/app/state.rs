//! A report's current state, and which of its waiting changes an action is about.

use crate::review::{proposed_report, ReportChange};
use crate::Report;

/// A report's current state: the last version and the changes waiting on it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportState {
    /// Database id.
    pub id: i64,
    /// Its project.
    pub project_id: i64,
    /// The current version.
    pub version: i64,
    /// The tree of the current version.
    pub base: Report,
    /// Changes waiting for review, in the order proposed.
    pub pending: Vec<ReportChange>,
}

impl ReportState {
    /// The report as the student sees it: the waiting changes applied.
    pub fn shown(&self) -> Report {
        proposed_report(&self.base, &self.pending).0
    }
}

/// Which waiting changes an action is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChangeSelection {
    /// Every waiting change.
    All,
    /// These.
    Ids(Vec<i64>),
}

impl ChangeSelection {
    /// The ids chosen in `state`.
    pub(crate) fn ids(&self, state: &ReportState) -> Vec<i64> {
        match self {
            Self::All => state.pending.iter().map(|c| c.id).collect(),
            Self::Ids(ids) => ids.clone(),
        }
    }
}
