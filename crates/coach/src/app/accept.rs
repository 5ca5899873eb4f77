//! Accepting the pending proposal.

use super::move_on::move_on;
use super::CoachRepository;
use crate::{accept_proposal, CoachError, CoachSession};
use lantern_core::llm::Llm;

/// Accepts the pending proposal for the current step: saves it to the draft and opens
/// the next step with a turn about the argument so far — by `llm` when given, else by
/// the guide — and its question (or completes the argument).
pub async fn accept<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    llm: Option<&dyn Llm>,
) -> Result<CoachSession, R::Error> {
    let session = repo.coach_session(profile_id, id).await?;
    let proposal = session
        .pending_proposal
        .clone()
        .ok_or(CoachError::NoProposal)?;
    let mut draft = session.draft.clone();
    let outcome = accept_proposal(session.current_step, &mut draft, &proposal)?;
    let accepted = draft.get(session.current_step).to_string();
    move_on(
        repo,
        profile_id,
        &session,
        outcome,
        Some(&accepted),
        draft,
        llm,
    )
    .await
}
