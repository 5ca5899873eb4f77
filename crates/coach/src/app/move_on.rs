//! Completing a step and opening the next, shared by accept and advance.

use super::apply::apply_and_read;
use super::CoachRepository;
use crate::{combined_text, step_change, CoachOpening, CoachSession, StepOutcome, ToulminDraft};
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::turn::answer_turn;

/// Saves the completed step (with the `accepted` proposal's text, when one was) and the
/// next step's opening — answered through the shared [`answer_turn`] before anything is
/// written, so the step never moves without it — in one transaction.
pub(super) async fn move_on<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    session: &CoachSession,
    outcome: StepOutcome,
    accepted: Option<&str>,
    draft: ToulminDraft,
    llm: Option<&dyn Llm>,
) -> Result<CoachSession, R::Error> {
    let mut change = step_change(session.current_step, session.language, outcome, accepted);
    if let Some(next) = outcome.next_step {
        let opening = CoachOpening::for_session(session.view(), draft, next);
        let answered = answer_turn(&opening, llm, &mut |_| {}, &CancelFlag::default()).await?;
        change = change.with_opening(combined_text(&answered.reply), answered.origin);
    }
    apply_and_read(repo, profile_id, session.id, &change).await
}
