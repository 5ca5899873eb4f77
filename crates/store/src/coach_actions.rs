//! The coach's actions on a saved session, shared by the app, the command line and the
//! evals: each reads the session, lets the core decide, and writes the resulting
//! [`CoachChange`] in one transaction.

use crate::{CoachSession, Store, StoreError};
use lantern_coach::{
    accept_proposal, advance_step, clean_field, clean_message, combined_text, reply_change,
    step_change, CoachAIResult, CoachChange, CoachError, CoachOpening, CoachTurnInput, Language,
    StepOutcome, ToulminDraft, ToulminStep,
};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{answer_turn, Answered};

/// A coach turn answered and saved.
#[derive(Debug, Clone)]
pub struct CoachAnswer {
    /// What the turn read.
    pub input: CoachTurnInput,
    /// The reply and who wrote it.
    pub answered: Answered<CoachAIResult>,
    /// The session as saved after the reply.
    pub session: CoachSession,
}

impl Store {
    /// Starts an argument titled `title` in `language`, opened with the claim question.
    pub async fn coach_start(
        &self,
        profile_id: i64,
        title: &str,
        language: Language,
    ) -> Result<CoachSession, StoreError> {
        let opening = CoachChange::opening(language);
        self.create_coach_session(profile_id, title, language, &opening)
            .await
    }

    /// Saves the student's message (checked) in the current step; a turn answers it
    /// (and returns the session as saved then).
    pub async fn coach_say(&self, profile_id: i64, id: i64, raw: &str) -> Result<(), StoreError> {
        let text = clean_message(raw)?;
        let session = self.coach_session(profile_id, id).await?;
        if session.is_complete {
            return Err(CoachError::SessionComplete.into());
        }
        let change = CoachChange::student_message(session.current_step, &text);
        self.apply_coach_change(profile_id, id, &change).await
    }

    /// Answers the student's last message of session `id` — with `llm` when given, else
    /// (or when the model crashes or hangs) with the offline guide — streaming the
    /// reply's words to `on_text`, and saves the reply (marked with who wrote it), its
    /// proposal or the step reached, in one transaction.
    pub async fn coach_answer(
        &self,
        profile_id: i64,
        id: i64,
        llm: Option<&dyn Llm>,
        on_text: DeltaSink<'_>,
        cancel: &CancelFlag,
    ) -> Result<CoachAnswer, StoreError> {
        let asked = self.coach_session(profile_id, id).await?;
        let input = CoachTurnInput::for_session(asked.view())?;
        let answered = answer_turn(&input, llm, on_text, cancel).await?;
        let change = reply_change(
            asked.current_step,
            asked.language,
            &answered.reply,
            answered.origin,
        );
        let session = self.changed(profile_id, id, &change).await?;
        Ok(CoachAnswer {
            input,
            answered,
            session,
        })
    }

    /// Accepts the pending proposal for the current step: saves it to the draft and
    /// opens the next step with a turn about the argument so far — by `llm` when given,
    /// else by the guide — and its question (or completes the argument).
    pub async fn coach_accept(
        &self,
        profile_id: i64,
        id: i64,
        llm: Option<&dyn Llm>,
    ) -> Result<CoachSession, StoreError> {
        let session = self.coach_session(profile_id, id).await?;
        let proposal = session
            .pending_proposal
            .clone()
            .ok_or(CoachError::NoProposal)?;
        let mut draft = session.draft.clone();
        let outcome = accept_proposal(session.current_step, &mut draft, &proposal)?;
        let accepted = draft.get(session.current_step).to_string();
        self.move_on(profile_id, &session, outcome, Some(&accepted), draft, llm)
            .await
    }

    /// Rejects the pending proposal; the conversation goes on.
    pub async fn coach_reject(&self, profile_id: i64, id: i64) -> Result<CoachSession, StoreError> {
        self.changed(profile_id, id, &CoachChange::rejection())
            .await
    }

    /// Saves the student's own text (checked) for draft field `step`.
    pub async fn coach_edit(
        &self,
        profile_id: i64,
        id: i64,
        step: ToulminStep,
        raw: &str,
    ) -> Result<CoachSession, StoreError> {
        let text = clean_field(raw)?;
        self.changed(profile_id, id, &CoachChange::draft_edit(step, &text))
            .await
    }

    /// Completes the current step with the student's own draft text when it passes the
    /// step's checks, opening the next step as [`Store::coach_accept`] does.
    pub async fn coach_advance(
        &self,
        profile_id: i64,
        id: i64,
        llm: Option<&dyn Llm>,
    ) -> Result<CoachSession, StoreError> {
        let session = self.coach_session(profile_id, id).await?;
        if session.is_complete {
            return Err(CoachError::SessionComplete.into());
        }
        let outcome = advance_step(session.current_step, &session.draft, session.language)?;
        let draft = session.draft.clone();
        self.move_on(profile_id, &session, outcome, None, draft, llm)
            .await
    }

    /// Saves the completed step and the next step's opening (asked before anything is
    /// written, so the step never moves without it) in one transaction.
    async fn move_on(
        &self,
        profile_id: i64,
        session: &CoachSession,
        outcome: StepOutcome,
        accepted: Option<&str>,
        draft: ToulminDraft,
        llm: Option<&dyn Llm>,
    ) -> Result<CoachSession, StoreError> {
        let mut change = step_change(session.current_step, session.language, outcome, accepted);
        if let Some(next) = outcome.next_step {
            let opening = CoachOpening::for_session(session.view(), draft, next);
            let answered = answer_turn(&opening, llm, &mut |_| {}, &CancelFlag::default()).await?;
            change = change.with_opening(combined_text(&answered.reply), answered.origin);
        }
        self.changed(profile_id, session.id, &change).await
    }

    async fn changed(
        &self,
        profile_id: i64,
        id: i64,
        change: &CoachChange,
    ) -> Result<CoachSession, StoreError> {
        self.apply_coach_change(profile_id, id, change).await?;
        self.coach_session(profile_id, id).await
    }
}
