//! Restoring an earlier version, as a new version.

use super::{NewVersion, ReportState, ReportWrite, ReportsRepository, VersionTree};

/// Makes `version` the current one, as a new version (`VersionNotFound` when the report
/// has none such).
pub async fn restore<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    version: i64,
) -> Result<ReportState, R::Error> {
    let decide = Box::new(move |_: &ReportState, _: &[_]| {
        let write = ReportWrite {
            version: Some(NewVersion {
                tree: VersionTree::CopyOf(version),
                cause: "restore",
                summary: format!("restored version {version}"),
                undoes: None,
            }),
            ..ReportWrite::default()
        };
        Ok((write, ()))
    });
    repo.write_decided(profile_id, report_id, decide).await?;
    repo.report_state(profile_id, report_id).await
}
