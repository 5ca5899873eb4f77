//! Answering the student's last message again, after an error or a stop.

use super::{answer, CoachAnswer, CoachRepository};
use crate::{clean_message, CoachError};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};

/// Answers the student's last, unanswered message of session `id` again, as
/// [`answer`] does. The message comes from the saved conversation, not from the
/// student's keyboard, so it is cleaned here — the one cleaning on this path.
pub async fn retry<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    llm: Option<&dyn Llm>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<CoachAnswer, R::Error> {
    let session = repo.coach_session(profile_id, id).await?;
    let last = session
        .messages
        .last()
        .ok_or(CoachError::NoMessage("the conversation is empty"))?;
    let message = clean_message(&last.content)?;
    answer(repo, profile_id, id, message, llm, on_text, cancel).await
}
