//! Rejecting waiting changes; the model hears of them on the next turn.

use super::{ChangeSelection, ReportState, ReportWrite, ReportsRepository};
use crate::ReportError;

/// Rejects the `selection` of waiting changes (`ChangeNotPending` when one is not
/// waiting).
pub async fn reject<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    selection: &ChangeSelection,
) -> Result<ReportState, R::Error> {
    let decide = Box::new(move |state: &ReportState, _: &[_]| {
        let chosen = selection.ids(state);
        if let Some(id) = chosen
            .iter()
            .find(|id| !state.pending.iter().any(|c| c.id == **id))
        {
            return Err(ReportError::ChangeNotPending(*id));
        }
        let write = ReportWrite {
            rejected: chosen,
            ..ReportWrite::default()
        };
        Ok((write, ()))
    });
    repo.write_decided(profile_id, report_id, decide).await?;
    repo.report_state(profile_id, report_id).await
}
