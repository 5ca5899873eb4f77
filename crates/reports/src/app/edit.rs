//! The student's own change: a section edited by hand, saved at once as a new version.

use super::{NewVersion, ReportState, ReportWrite, ReportsRepository, VersionTree};
use crate::confirm::describe_op;
use crate::{apply_op, ReportOp};
use lantern_core::language::Language;

/// Applies `op` to the last version and saves the result as a new version, described in
/// `language`.
pub async fn edit<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    op: &ReportOp,
    language: Language,
) -> Result<ReportState, R::Error> {
    let decide = Box::new(move |state: &ReportState, _: &[_]| {
        let mut report = state.base.clone();
        apply_op(&mut report, op)?;
        let summary = describe_op(&state.base, &report, op, language);
        let write = ReportWrite {
            version: Some(NewVersion {
                tree: VersionTree::Tree(report),
                cause: "edit",
                summary,
                undoes: None,
            }),
            ..ReportWrite::default()
        };
        Ok((write, ()))
    });
    repo.write_decided(profile_id, report_id, decide).await?;
    repo.report_state(profile_id, report_id).await
}
