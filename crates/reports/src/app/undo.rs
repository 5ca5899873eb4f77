//! Undo: the last accepted step taken back as a new version.

use super::{NewVersion, ReportState, ReportWrite, ReportsRepository, VersionRow, VersionTree};
use crate::ReportError;

/// Takes back the last accepted step (an accept, edit, restore or tool call not already
/// undone): a new version with the tree from before it. `NothingToUndo` when there is
/// none.
pub async fn undo<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
) -> Result<ReportState, R::Error> {
    match undo_step(repo, profile_id, report_id).await? {
        Some(_) => repo.report_state(profile_id, report_id).await,
        None => Err(ReportError::NothingToUndo.into()),
    }
}

/// Takes back the last accepted step; the summary of the version taken back (`None`
/// when there was nothing to take back).
pub(super) async fn undo_step<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
) -> Result<Option<String>, R::Error> {
    let decide = Box::new(|_: &ReportState, versions: &[VersionRow]| {
        let undone: Vec<i64> = versions.iter().filter_map(|v| v.undoes).collect();
        let Some(target) = versions
            .iter()
            .find(|v| v.cause != "undo" && v.cause != "import" && !undone.contains(&v.version))
        else {
            return Ok((ReportWrite::default(), None));
        };
        let write = ReportWrite {
            version: Some(NewVersion {
                tree: VersionTree::CopyOf(target.version - 1),
                cause: "undo",
                summary: format!("undo of version {}", target.version),
                undoes: Some(target.version),
            }),
            ..ReportWrite::default()
        };
        Ok::<_, ReportError>((write, Some(target.summary.clone())))
    });
    repo.write_decided(profile_id, report_id, decide).await
}
