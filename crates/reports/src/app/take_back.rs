//! "Undo" said in the chat: the newest waiting change withdrawn, else the last
//! accepted step undone, said in words.

use super::describe::describe_against;
use super::undo::undo_step;
use super::{reject, ChangeSelection, ReportsRepository};
use crate::confirm::{undone_words, withdrawn_words};
use crate::Report;
use lantern_core::language::Language;

/// Takes back the newest change waiting for review (rejected), else the last accepted
/// step; what was taken back in `language`, with the report as shown after. `None`
/// when there is nothing to take back.
pub async fn take_back<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    language: Language,
) -> Result<Option<(String, Report)>, R::Error> {
    let state = repo.report_state(profile_id, report_id).await?;
    if let Some(last) = state.pending.last() {
        let words = describe_against(&state.base, &last.op, language);
        let selection = ChangeSelection::Ids(vec![last.id]);
        let after = reject(repo, profile_id, report_id, &selection).await?;
        return Ok(Some((withdrawn_words(&words, language), after.shown())));
    }
    let Some(summary) = undo_step(repo, profile_id, report_id).await? else {
        return Ok(None);
    };
    let after = repo.report_state(profile_id, report_id).await?;
    let summary = Some(summary).filter(|s| !s.is_empty());
    Ok(Some((
        undone_words(summary.as_deref(), language),
        after.shown(),
    )))
}
