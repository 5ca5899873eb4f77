//! Reviewing changes: every change a turn proposes waits for the student, who accepts
//! or rejects each (or all). The report shown while changes wait is the last accepted
//! version with the waiting changes applied in order; accepting applies the chosen ones
//! to the last version as one new version (one undo step). A delete is accepted only
//! with an explicit confirmation.

use super::contract::Report;
use super::error::ReportError;
use super::ops::{apply_op, ReportOp};
use serde::{Deserialize, Serialize};

/// Who proposed a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ChangeAuthor {
    /// The model, through a tool call the app validated.
    Model,
    /// The app, from a request it understood without the model.
    App,
}

impl ChangeAuthor {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Model => "model",
            Self::App => "app",
        }
    }

    /// The author stored as `name`.
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Model, Self::App]
            .into_iter()
            .find(|a| a.as_str() == name)
    }
}

/// Where a change stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ChangeStatus {
    /// Waiting for the student.
    Pending,
    /// Applied to the report.
    Accepted,
    /// Turned down.
    Rejected,
}

impl ChangeStatus {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
        }
    }

    /// The status stored as `name`.
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Pending, Self::Accepted, Self::Rejected]
            .into_iter()
            .find(|s| s.as_str() == name)
    }
}

/// One proposed change to one section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportChange {
    /// Its id (order of proposal).
    pub id: i64,
    /// The change.
    pub op: ReportOp,
    /// The one-line reason the model (or the app) gave.
    pub reason: String,
    /// Who proposed it.
    pub author: ChangeAuthor,
    /// Where it stands.
    pub status: ChangeStatus,
}

/// A waiting change as the review panel shows it: the section before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeDiff {
    /// The change's id.
    pub id: i64,
    /// Its kind (`update_section`, …).
    pub kind: &'static str,
    /// The section it changes.
    pub section_id: String,
    /// Number and title before (none for a new section).
    pub before: Option<(String, String, String)>,
    /// Number and title after (none for a deleted section).
    pub after: Option<(String, String, String)>,
    /// Whether it still applies (a change on a section deleted by hand does not).
    pub applies: bool,
}

fn snapshot(report: &Report, id: &str) -> Option<(String, String, String)> {
    let section = report.find(id)?;
    Some((
        report.number_of(id)?,
        section.title.clone(),
        section.body_md.clone(),
    ))
}

/// The report with `pending` applied in order, and the ids of those that no longer apply.
pub fn proposed_report(base: &Report, pending: &[ReportChange]) -> (Report, Vec<i64>) {
    let mut report = base.clone();
    let mut stale = Vec::new();
    for change in pending {
        if apply_op(&mut report, &change.op).is_err() {
            stale.push(change.id);
        }
    }
    (report, stale)
}

/// Each waiting change with the section before and after it, in order.
pub fn change_diffs(base: &Report, pending: &[ReportChange]) -> Vec<ChangeDiff> {
    let mut report = base.clone();
    pending
        .iter()
        .map(|change| {
            let id = change.op.section_id();
            let before = snapshot(&report, id);
            let applies = apply_op(&mut report, &change.op).is_ok();
            ChangeDiff {
                id: change.id,
                kind: change.op.kind(),
                section_id: id.to_string(),
                before,
                after: snapshot(&report, id),
                applies,
            }
        })
        .collect()
}

/// What accepting did.
#[derive(Debug, Clone, PartialEq)]
pub struct Accepted {
    /// The new report (to save as one new version).
    pub report: Report,
    /// The changes applied.
    pub applied: Vec<i64>,
    /// The changes that no longer apply (they are rejected), with why.
    pub stale: Vec<(i64, ReportError)>,
}

/// Accepts the `chosen` waiting changes on top of `base`, in the order they were
/// proposed. Deletes need `confirm_deletes`.
pub fn accept_changes(
    base: &Report,
    pending: &[ReportChange],
    chosen: &[i64],
    confirm_deletes: bool,
) -> Result<Accepted, ReportError> {
    for id in chosen {
        if !pending
            .iter()
            .any(|c| c.id == *id && c.status == ChangeStatus::Pending)
        {
            return Err(ReportError::ChangeNotPending(*id));
        }
    }
    let selected: Vec<&ReportChange> = pending.iter().filter(|c| chosen.contains(&c.id)).collect();
    if !confirm_deletes {
        if let Some(delete) = selected
            .iter()
            .find(|c| matches!(c.op, ReportOp::DeleteSection { .. }))
        {
            return Err(ReportError::DeleteUnconfirmed(
                delete.op.section_id().to_string(),
            ));
        }
    }
    let mut report = base.clone();
    let (mut applied, mut stale) = (Vec::new(), Vec::new());
    for change in selected {
        match apply_op(&mut report, &change.op) {
            Ok(()) => applied.push(change.id),
            Err(e) => stale.push((change.id, e)),
        }
    }
    Ok(Accepted {
        report,
        applied,
        stale,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;
    use crate::section_tree::Place;
    use lantern_core::Coded;

    fn change(id: i64, op: ReportOp) -> ReportChange {
        ReportChange {
            id,
            op,
            reason: String::new(),
            author: ChangeAuthor::Model,
            status: ChangeStatus::Pending,
        }
    }

    fn pending() -> Vec<ReportChange> {
        vec![
            change(
                1,
                ReportOp::AddSection {
                    id: "s6".into(),
                    place: Place::End,
                    title: "Costs".into(),
                    body_md: String::new(),
                },
            ),
            change(
                2,
                ReportOp::UpdateSection {
                    id: "s6".into(),
                    title: None,
                    body_md: Some("2,000".into()),
                },
            ),
            change(3, ReportOp::DeleteSection { id: "s1".into() }),
        ]
    }

    #[test]
    fn the_shown_report_has_every_waiting_change() {
        let (report, stale) = proposed_report(&sample(), &pending());
        assert!(stale.is_empty());
        assert_eq!(report.find("s6").unwrap().body_md, "2,000");
        assert!(report.find("s1").is_none());
    }

    #[test]
    fn diffs_show_each_section_before_and_after() {
        let diffs = change_diffs(&sample(), &pending());
        assert_eq!(diffs[0].before, None);
        assert_eq!(diffs[0].after.as_ref().unwrap().1, "Costs");
        assert_eq!(diffs[2].before.as_ref().unwrap().1, "Introduction");
        assert_eq!(diffs[2].after, None);
    }

    #[test]
    fn accepting_some_keeps_the_order_and_drops_what_depended_on_a_rejected_one() {
        let accepted = accept_changes(&sample(), &pending(), &[2], false).unwrap();
        assert!(accepted.applied.is_empty());
        assert_eq!(accepted.stale[0].0, 2);
        let accepted = accept_changes(&sample(), &pending(), &[1, 2], false).unwrap();
        assert_eq!(accepted.applied, [1, 2]);
        assert_eq!(accepted.report.number_of("s6").as_deref(), Some("4"));
    }

    #[test]
    fn a_delete_waits_for_an_explicit_confirmation() {
        let e = accept_changes(&sample(), &pending(), &[1, 3], false).unwrap_err();
        assert_eq!(e.code(), "report_delete_unconfirmed");
        let accepted = accept_changes(&sample(), &pending(), &[1, 3], true).unwrap();
        assert_eq!(accepted.applied, [1, 3]);
    }

    #[test]
    fn only_waiting_changes_can_be_accepted() {
        let mut changes = pending();
        changes[0].status = ChangeStatus::Rejected;
        let e = accept_changes(&sample(), &changes, &[1], true).unwrap_err();
        assert_eq!(e.code(), "report_change_not_pending");
        assert_eq!(
            accept_changes(&sample(), &changes, &[9], true)
                .unwrap_err()
                .code(),
            "report_change_not_pending"
        );
    }
}
