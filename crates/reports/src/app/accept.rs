//! Accepting waiting changes: applied in order to the last version as one new version
//! (one undo step).

use super::{
    ChangeSelection, NewVersion, ReportState, ReportWrite, ReportsRepository, VersionTree,
};
use crate::confirm::apply_described;
use crate::review::accept_changes;
use crate::ReportOp;
use lantern_core::language::Language;

/// Accepts the `selection` of waiting changes as one new version, described in
/// `language`. Deletes need `confirm_deletes`; a change that no longer applies is
/// rejected.
pub async fn accept<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    selection: &ChangeSelection,
    confirm_deletes: bool,
    language: Language,
) -> Result<ReportState, R::Error> {
    let decide = Box::new(move |state: &ReportState, _: &[_]| {
        let chosen = selection.ids(state);
        let accepted = accept_changes(&state.base, &state.pending, &chosen, confirm_deletes)?;
        let mut write = ReportWrite {
            rejected: accepted.stale.iter().map(|(id, _)| *id).collect(),
            ..ReportWrite::default()
        };
        if !accepted.applied.is_empty() {
            let applied: Vec<ReportOp> = state
                .pending
                .iter()
                .filter(|c| accepted.applied.contains(&c.id))
                .map(|c| c.op.clone())
                .collect();
            let (_, words) = apply_described(&state.base, &applied, language)?;
            write.version = Some(NewVersion {
                tree: VersionTree::Tree(accepted.report),
                cause: "accept",
                summary: words.join("; "),
                undoes: None,
            });
            write.accepted = accepted.applied;
        }
        Ok((write, ()))
    });
    repo.write_decided(profile_id, report_id, decide).await?;
    repo.report_state(profile_id, report_id).await
}
