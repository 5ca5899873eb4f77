//! The student's message, saved before a turn answers it.

use super::CoachRepository;
use crate::{CoachChange, CoachError};
use lantern_core::turn::CleanInput;

/// Saves the student's `text` (cleaned by the caller, once) in the current step of
/// session `id`; [`answer`](super::answer) then answers it. A complete argument takes
/// no more messages.
pub async fn say<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    text: &CleanInput,
) -> Result<(), R::Error> {
    let session = repo.coach_session(profile_id, id).await?;
    if session.is_complete {
        return Err(CoachError::SessionComplete.into());
    }
    let change = CoachChange::student_message(session.current_step, text);
    repo.apply_coach_change(profile_id, id, &change).await
}
