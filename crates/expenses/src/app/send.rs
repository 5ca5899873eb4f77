//! A chat turn: the student's message is saved before the model runs; the turn's plan
//! and its reply are saved together, with the origin the shared turn gave.

use super::acting::{Acting, Authorship, Step};
use super::closeness::read_closeness;
use super::reply::{ExpenseReply, ExpenseRequest};
use super::ExpenseRepository;
use crate::contract::ExpenseQuery;
use crate::gate::ProposalStatus;
use crate::plan::{ExpenseTurnInput, Pending, TurnPlan};
use crate::turn::run_expense_turn;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::Coded;

/// Earlier messages loaded for a turn.
const HISTORY: i64 = 8;

/// One chat turn. A model that crashes or hangs costs the model's words only: the
/// guide answers without it. `retriever`'s embedder, when there is one, tells which row
/// a word no row's name shares means ("the barber" for "haircut").
pub async fn send<R: ExpenseRepository + ?Sized>(
    repo: &R,
    request: ExpenseRequest,
    llm: Option<&dyn Llm>,
    retriever: Option<&dyn Retriever>,
    cancel: &CancelFlag,
) -> Result<ExpenseReply, R::Error> {
    let profile_id = request.profile_id;
    let last = repo.last_reply(profile_id).await?;
    let language = last.language.unwrap_or(request.language);
    let message_id = repo
        .add_student_message(profile_id, request.message.as_str(), request.now)
        .await?;
    let acting = Acting::load(repo, profile_id, request.role, request.now, language).await?;
    let pending = last
        .proposal
        .filter(|p| p.stored.status == ProposalStatus::Pending && p.stored.expires_at > request.now)
        .map(|p| Pending {
            id: p.stored.id,
            draft: p.draft,
        });
    let rows = repo.rows(profile_id, &ExpenseQuery::default()).await?;
    let closeness = match retriever {
        Some(retriever) => read_closeness(retriever, request.message.as_str(), &rows).await,
        None => Default::default(),
    };
    let input = ExpenseTurnInput {
        message: request.message,
        context: acting.context,
        language,
        history: repo.history(profile_id, message_id, HISTORY).await?,
        rows,
        draft: last.draft,
        pending,
        last_touched: last.touched,
        closeness,
    };
    let answered = run_expense_turn(input, llm, cancel).await?;
    let outcome = answered.reply;
    let acting = Acting {
        language: outcome.language,
        ..acting
    };
    let authorship = Authorship {
        origin: answered.origin,
        model_words: outcome.model_words,
        failure: answered.failure.or(outcome.retried).or(outcome.refused),
    };
    let refused = match &outcome.plan {
        TurnPlan::Refuse { error } => Some(error.code()),
        _ => None,
    };
    let mut reply = acting
        .act_and_reply(repo, None, authorship, Step::Plan(outcome.plan))
        .await?;
    reply.error = reply.error.or(refused);
    Ok(reply)
}
