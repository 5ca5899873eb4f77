//! The student's own text for a part of the argument.

use super::apply::apply_and_read;
use super::CoachRepository;
use crate::{clean_field, CoachChange, CoachSession, ToulminStep};

/// Saves the student's own text `raw` (checked by [`clean_field`]) for draft field
/// `step` of session `id`.
pub async fn edit<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    step: ToulminStep,
    raw: &str,
) -> Result<CoachSession, R::Error> {
    let text = clean_field(raw)?;
    apply_and_read(repo, profile_id, id, &CoachChange::draft_edit(step, &text)).await
}
