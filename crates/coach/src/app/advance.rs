//! Moving on with the student's own text, without a proposal.

use super::move_on::move_on;
use super::CoachRepository;
use crate::{advance_step, CoachError, CoachSession};
use lantern_core::llm::Llm;

/// Completes the current step of session `id` with the student's own draft text when
/// it passes the step's checks, opening the next step as [`accept`](super::accept) does.
pub async fn advance<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    llm: Option<&dyn Llm>,
) -> Result<CoachSession, R::Error> {
    let session = repo.coach_session(profile_id, id).await?;
    if session.is_complete {
        return Err(CoachError::SessionComplete.into());
    }
    let outcome = advance_step(session.current_step, &session.draft, session.language)?;
    let draft = session.draft.clone();
    move_on(repo, profile_id, &session, outcome, None, draft, llm).await
}
