//! What the operations share: the role in force, the reply's words before they are
//! saved ([`Said`]), the steps a write transaction can take (run an action, propose
//! one, confirm, cancel or revise a proposal, carry out a turn's plan), and the
//! transaction that saves the student's words, the step and the reply together.

use super::reply::{ExpenseReply, ProposalView};
use super::saved::{ActionDone, ExpenseSettings, NewReply, SavedProposal};
use super::{ExpenseRepository, ExpenseWrite};
use crate::contract::{ExpenseAction, Role};
use crate::error::ExpenseError;
use crate::gate::{
    check_confirmation, new_proposal_id, ConfirmReason, ProposalStatus, StoredProposal,
    PROPOSAL_LIFETIME,
};
use crate::plan::{DecisionKind, Draft, TurnPlan};
use crate::replies;
use crate::rules::{canonical_call, validate_call, CallContext};
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::turn::ReplyOrigin;
use lantern_core::{Coded, ErrorCode};
use serde_json::{Map, Value};

/// Why a step stopped: a rule refused it (its words are a refusal, and what it wrote is
/// undone), or the repository failed (the whole transaction is).
pub(super) enum Stop<E> {
    /// A rule refused the step.
    Refused(ExpenseError),
    /// The repository failed.
    Failed(E),
}

impl<E> From<ExpenseError> for Stop<E> {
    fn from(e: ExpenseError) -> Self {
        Self::Refused(e)
    }
}

impl<E: From<ExpenseError>> Stop<E> {
    /// The stop as the repository's error.
    pub(super) fn into_error(self) -> E {
        match self {
            Self::Refused(e) => e.into(),
            Self::Failed(e) => e,
        }
    }
}

/// A repository result as a step's.
pub(super) fn failed<E>(e: E) -> Stop<E> {
    Stop::Failed(e)
}

/// What a reply is made of before it is saved.
pub(super) struct Said {
    pub answer: String,
    pub kind: DecisionKind,
    pub proposal: Option<ProposalView>,
    pub done: ActionDone,
    pub error: Option<ErrorCode>,
    pub draft: Option<Draft>,
}

impl Said {
    fn words(answer: String, kind: DecisionKind) -> Self {
        Self {
            answer,
            kind,
            proposal: None,
            done: ActionDone::default(),
            error: None,
            draft: None,
        }
    }

    fn refused(error: &ExpenseError, language: Language) -> Self {
        let mut said = Self::words(replies::refusal(error, language), DecisionKind::Answer);
        said.error = Some(error.code());
        said
    }

    /// The reply to a direct call, which is not saved.
    pub(super) fn unsaved(self, language: Language) -> ExpenseReply {
        ExpenseReply {
            message_id: 0,
            answer: self.answer,
            kind: self.kind,
            confirmation_required: self.proposal.is_some(),
            proposal: self.proposal,
            done: self.done,
            error: None,
            model_words: false,
            failure: None,
            origin: ReplyOrigin::App,
            language,
        }
    }
}

/// Who wrote a reply and why the guide answered: the turn's, or the app's for a card.
pub(super) struct Authorship {
    pub origin: ReplyOrigin,
    pub model_words: bool,
    pub failure: Option<String>,
}

impl Authorship {
    /// A reply the app writes to a card's button or an edit.
    pub(super) fn app() -> Self {
        Self {
            origin: ReplyOrigin::App,
            model_words: false,
            failure: None,
        }
    }
}

/// The role in force: the profile's, restricted by the one asked for.
fn effective_role(settings: ExpenseSettings, asked: Option<Role>) -> Role {
    match (settings.role, asked) {
        (Role::Viewer, _) | (_, Some(Role::Viewer)) => Role::Viewer,
        _ => Role::Owner,
    }
}

/// Everything a turn or a direct call needs to act.
pub(super) struct Acting {
    pub profile_id: i64,
    pub context: CallContext,
    pub now: DateTime<Utc>,
    pub language: Language,
}

/// What a write transaction does for a turn, a confirmation, a cancel or a revision.
pub(super) enum Step {
    /// Carry out a turn's plan.
    Plan(TurnPlan),
    /// Run a waiting proposal; `args`, when sent, must be its own.
    Confirm {
        id: String,
        args: Option<Map<String, Value>>,
    },
    /// Drop a waiting proposal.
    Cancel { id: String },
    /// Replace a waiting proposal's arguments with a new proposal.
    Revise {
        id: String,
        args: Map<String, Value>,
    },
}

type Write<'w, E> = dyn ExpenseWrite<E> + 'w;

impl Acting {
    /// How `profile_id` acts now: its settings, restricted by `role`.
    pub(super) async fn load<R: ExpenseRepository + ?Sized>(
        repo: &R,
        profile_id: i64,
        role: Option<Role>,
        now: DateTime<Utc>,
        language: Language,
    ) -> Result<Self, R::Error> {
        let settings = repo.settings(profile_id).await?;
        Ok(Self {
            profile_id,
            context: CallContext {
                role: effective_role(settings, role),
                today: now.date_naive(),
                currency: settings.currency,
            },
            now,
            language,
        })
    }

    /// Proposal `id`, or "not found".
    async fn proposal<E>(&self, w: &mut Write<'_, E>, id: &str) -> Result<SavedProposal, Stop<E>> {
        w.proposal(self.profile_id, id)
            .await
            .map_err(failed)?
            .ok_or_else(|| ExpenseError::ProposalNotFound(id.into()).into())
    }

    /// Runs `action` and words what it did from the stored values.
    pub(super) async fn run<E>(
        &self,
        w: &mut Write<'_, E>,
        action: &ExpenseAction,
    ) -> Result<Said, Stop<E>> {
        let done = w
            .run(self.profile_id, action, self.now)
            .await
            .map_err(failed)?
            .ok_or_else(|| ExpenseError::NotFound(action_target(action)))?;
        let (today, language) = (self.context.today, self.language);
        let answer = match (action, &done) {
            (ExpenseAction::Add(_), ActionDone { added: Some(e), .. }) => {
                replies::added(e, today, language)
            }
            (
                _,
                ActionDone {
                    updated: Some(after),
                    previous: Some(before),
                    ..
                },
            ) => replies::updated(before, after, language),
            (
                _,
                ActionDone {
                    deleted: Some(e), ..
                },
            ) => replies::deleted(e, language),
            (
                ExpenseAction::List(q),
                ActionDone {
                    listed: Some(rows), ..
                },
            ) => replies::listed(rows, q, today, language),
            (ExpenseAction::Balance(q), _) => {
                let rows = w.rows(self.profile_id, q).await.map_err(failed)?;
                replies::balance(&rows, q, self.context.currency, today, language)
            }
            _ => String::new(),
        };
        let mut said = Said::words(answer, DecisionKind::ToolCall);
        said.done = done;
        Ok(said)
    }

    /// Keeps `action` as a proposal (replacing any waiting one) and asks for a yes.
    pub(super) async fn propose<E>(
        &self,
        w: &mut Write<'_, E>,
        action: &ExpenseAction,
        reason: ConfirmReason,
        draft: &Draft,
    ) -> Result<Said, Stop<E>> {
        let target = match action {
            ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id } => Some(
                w.row(self.profile_id, *id)
                    .await
                    .map_err(failed)?
                    .ok_or(ExpenseError::NotFound(*id))?,
            ),
            _ => None,
        };
        w.supersede_pending(self.profile_id, self.now)
            .await
            .map_err(failed)?;
        let saved = SavedProposal {
            stored: StoredProposal {
                id: new_proposal_id(),
                call: canonical_call(action, self.context.today),
                status: ProposalStatus::Pending,
                expires_at: self.now + PROPOSAL_LIFETIME,
            },
            reason,
            draft: draft.clone(),
        };
        w.add_proposal(self.profile_id, &saved, self.now)
            .await
            .map_err(failed)?;
        let mut answer =
            replies::proposal_question(action, target.as_ref(), self.context.today, self.language);
        if let Some(working) = &draft.working {
            answer = format!("{answer} {}", replies::working(working, self.language));
        }
        let mut said = Said::words(answer, DecisionKind::ToolCall);
        said.proposal = ProposalView::of(&saved, self.language);
        Ok(said)
    }

    /// Runs a waiting proposal exactly as kept, marking it used in the same transaction;
    /// `args`, when sent, must be its own.
    async fn confirm<E>(
        &self,
        w: &mut Write<'_, E>,
        id: &str,
        args: Option<&Map<String, Value>>,
    ) -> Result<Said, Stop<E>> {
        let saved = self.proposal(w, id).await?;
        let presented = args.map(|args| ToolCall {
            tool: saved.stored.call.tool.clone(),
            args: args.clone(),
        });
        let action =
            check_confirmation(&saved.stored, presented.as_ref(), self.now, &self.context)?;
        let said = self.run(w, &action).await?;
        w.set_status(id, ProposalStatus::Confirmed, self.now)
            .await
            .map_err(failed)?;
        Ok(said)
    }

    /// Drops a waiting proposal: nothing runs, and the assistant asks again.
    async fn cancel<E>(&self, w: &mut Write<'_, E>, id: &str) -> Result<Said, Stop<E>> {
        let saved = self.proposal(w, id).await?;
        still_pending(&saved)?;
        w.set_status(id, ProposalStatus::Cancelled, self.now)
            .await
            .map_err(failed)?;
        let mut said = Said::words(replies::cancelled(self.language), DecisionKind::Clarify);
        said.draft = Some(saved.draft);
        Ok(said)
    }

    /// Replaces a waiting proposal's arguments with a new proposal, validated again.
    async fn revise<E>(
        &self,
        w: &mut Write<'_, E>,
        id: &str,
        args: &Map<String, Value>,
    ) -> Result<Said, Stop<E>> {
        let saved = self.proposal(w, id).await?;
        still_pending(&saved)?;
        if self.now >= saved.stored.expires_at {
            return Err(ExpenseError::ProposalExpired(saved.stored.id).into());
        }
        let call = ToolCall {
            tool: saved.stored.call.tool.clone(),
            args: args.clone(),
        };
        let action = validate_call(&call, &self.context)?;
        self.propose(w, &action, saved.reason, &saved.draft).await
    }

    /// Carries out a turn's plan.
    async fn carry_out<E>(&self, w: &mut Write<'_, E>, plan: &TurnPlan) -> Result<Said, Stop<E>> {
        if !matches!(plan, TurnPlan::Confirm { .. } | TurnPlan::Cancel { .. }) {
            w.supersede_pending(self.profile_id, self.now)
                .await
                .map_err(failed)?;
        }
        match plan {
            TurnPlan::Clarify { question, draft } => {
                let mut said = Said::words(question.clone(), DecisionKind::Clarify);
                said.draft = draft.clone();
                Ok(said)
            }
            TurnPlan::Answer { content } => Ok(Said::words(content.clone(), DecisionKind::Answer)),
            TurnPlan::Refuse { error } => Ok(Said::refused(error, self.language)),
            TurnPlan::Run { action } => self.run(w, action).await,
            TurnPlan::Propose {
                action,
                reason,
                draft,
            } => self.propose(w, action, *reason, draft).await,
            TurnPlan::Confirm { proposal_id } => self.confirm(w, proposal_id, None).await,
            TurnPlan::Cancel { proposal_id, .. } => self.cancel(w, proposal_id).await,
        }
    }

    /// Does `step` in the caller's transaction.
    async fn perform<E>(&self, w: &mut Write<'_, E>, step: &Step) -> Result<Said, Stop<E>> {
        match step {
            Step::Plan(plan) => self.carry_out(w, plan).await,
            Step::Confirm { id, args } => self.confirm(w, id, args.as_ref()).await,
            Step::Cancel { id } => self.cancel(w, id).await,
            Step::Revise { id, args } => self.revise(w, id, args).await,
        }
    }

    /// Does `step` in one write transaction with the student's words (when given) and
    /// the reply; a rule's refusal becomes the reply's words, and what the step wrote
    /// is undone.
    pub(super) async fn act_and_reply<R: ExpenseRepository + ?Sized>(
        &self,
        repo: &R,
        student_text: Option<&str>,
        authorship: Authorship,
        step: Step,
    ) -> Result<ExpenseReply, R::Error> {
        let mut w = repo.begin_write().await?;
        if let Some(text) = student_text {
            w.add_student_message(self.profile_id, text, self.now)
                .await?;
        }
        w.begin_step().await?;
        let said = match self.perform(&mut *w, &step).await {
            Ok(said) => {
                w.keep_step().await?;
                said
            }
            Err(Stop::Failed(e)) => return Err(e),
            Err(Stop::Refused(e)) => {
                w.undo_step().await?;
                Said::refused(&e, self.language)
            }
        };
        let reply = NewReply {
            answer: &said.answer,
            kind: said.kind,
            language: self.language,
            origin: authorship.origin,
            failure: authorship.failure.as_deref(),
            draft: said.draft.as_ref(),
            proposal_id: said.proposal.as_ref().map(|p| p.id.as_str()),
            done: &said.done,
            now: self.now,
        };
        let saved = w.save_reply(self.profile_id, reply).await?;
        w.commit().await?;
        Ok(ExpenseReply {
            message_id: saved.id,
            answer: said.answer,
            kind: said.kind,
            confirmation_required: said.proposal.is_some(),
            proposal: said.proposal,
            done: said.done,
            error: said.error,
            model_words: authorship.model_words,
            failure: authorship.failure,
            origin: saved.origin,
            language: self.language,
        })
    }
}

/// The expense an action changes (0 for one that changes none).
fn action_target(action: &ExpenseAction) -> i64 {
    match action {
        ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id } => *id,
        _ => 0,
    }
}

/// "Already used" unless the proposal still waits.
fn still_pending(saved: &SavedProposal) -> Result<(), ExpenseError> {
    match saved.stored.status {
        ProposalStatus::Pending => Ok(()),
        status => Err(ExpenseError::ProposalUsed(
            saved.stored.id.clone(),
            status.as_str().into(),
        )),
    }
}
