//! A coach turn on the student's message just saved: answered through the shared
//! [`answer_turn`] and saved with who wrote it.

use super::apply::apply_and_read;
use super::CoachRepository;
use crate::short_reply::read_short_reply;
use crate::{reply_change, CoachAIResult, CoachError, CoachSession, CoachTurnInput};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, CleanInput, ReplyOrigin};

/// A coach turn answered and saved.
#[derive(Debug, Clone)]
pub struct CoachAnswer {
    /// What the turn read: a short reply the model read as a yes or a no is the word
    /// the lists know for it ([`read_short_reply`]).
    pub input: CoachTurnInput,
    /// The reply, after the rules.
    pub reply: CoachAIResult,
    /// Who wrote the reply, as read back from the saved message.
    pub origin: ReplyOrigin,
    /// The session as saved after the reply.
    pub session: CoachSession,
}

/// Answers `message`, the student's last message of session `id` as [`say`](super::say)
/// saved it (cleaned once, by the caller) — with `llm` when given, else
/// (or when the model crashes, hangs or writes a broken reply) with the offline guide,
/// or with the app's own words when the message needs no model; a short reply no list
/// knows is first read by the model as a yes, a no or neither — streaming the reply's
/// words to `on_text`, and saves the reply (marked with who wrote it), its proposal or
/// the step reached, in one transaction.
pub async fn answer<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    id: i64,
    message: CleanInput,
    llm: Option<&dyn Llm>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<CoachAnswer, R::Error> {
    let asked = repo.coach_session(profile_id, id).await?;
    let input = CoachTurnInput::for_session(asked.view(), message)?;
    let input = match llm {
        Some(llm) => read_short_reply(llm, input, cancel).await,
        None => input,
    };
    let answered = answer_turn(&input, llm, on_text, cancel).await?;
    let change = reply_change(
        asked.current_step,
        asked.language,
        &answered.reply,
        answered.origin,
    );
    let session = apply_and_read(repo, profile_id, id, &change).await?;
    let origin = session
        .last_reply_origin()
        .ok_or(CoachError::NoMessage("the reply was not saved"))?;
    Ok(CoachAnswer {
        input,
        reply: answered.reply,
        origin,
        session,
    })
}
