//! The expenses assistant's actions, shared by the app, the CLI and the evals: a chat
//! turn (the student's message saved first; then, in one transaction, whatever the turn
//! decided — a question, a proposal, an action run — with the reply), confirming or
//! cancelling a proposal, revising a proposal's arguments, and one tool call made
//! directly (a table edit, the CLI's `tool`), through the same rules and gate.

use crate::expenses::{one_row, query_rows, run_action, storage, ActionDone, ExpenseSettings};
use crate::Store;
use chrono::{DateTime, SecondsFormat, Utc};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::turn::ReplyOrigin;
use lantern_core::{Coded, ErrorCode};
use lantern_expenses::gate::{
    check_confirmation, confirmation_needed, new_proposal_id, ConfirmReason, ProposalStatus,
    StoredProposal, PROPOSAL_LIFETIME,
};
use lantern_expenses::prompt::HistoryLine;
use lantern_expenses::replies;
use lantern_expenses::rules::{canonical_call, validate_call, CallContext};
use lantern_expenses::{
    run_expense_turn, DecisionKind, Draft, Expense, ExpenseAction, ExpenseError, ExpenseQuery,
    ExpenseTool, ExpenseTurnInput, Pending, Role, TurnPlan,
};
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::SqliteConnection;

/// How a read-then-write action begins: taking the write lock first.
const WRITE: &str = "BEGIN IMMEDIATE";
/// Earlier messages loaded for a turn.
const HISTORY: i64 = 8;

/// A proposal as shown: what would run, and why it waits.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    /// Its id.
    pub id: String,
    /// The tool.
    pub tool: ExpenseTool,
    /// The exact arguments that will run.
    pub args: Map<String, Value>,
    /// Why it waits.
    pub reason: ConfirmReason,
    /// When it stops being confirmable (RFC 3339).
    pub expires_at: String,
}

/// The reply to a message, a confirmation or a direct call (the spec's handler
/// contract: `answer`, `confirmationRequired`, `proposal`, and what was done).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseReply {
    /// The reply's message id (0 for a direct call, which is not part of the chat).
    pub message_id: i64,
    /// The words shown.
    pub answer: String,
    /// The kind of decision.
    pub kind: DecisionKind,
    /// Whether a proposal waits for a yes.
    pub confirmation_required: bool,
    /// The proposal waiting.
    pub proposal: Option<ProposalView>,
    /// What was done.
    #[serde(flatten)]
    pub done: ActionDone,
    /// Why nothing ran, when an error stopped it.
    pub error: Option<ErrorCode>,
    /// Whether the model wrote the words.
    pub model_words: bool,
    /// Why the app answered instead of the model.
    pub failure: Option<String>,
    /// Who decided the turn (the shared turn's origin; App for replies to a card).
    #[serde(skip)]
    pub origin: ReplyOrigin,
    /// Whether the model was asked and answered in words (a question or an answer),
    /// kept or not, rather than a tool call.
    #[serde(skip)]
    pub model_wrote: bool,
    /// The reply's language.
    pub language: Language,
}

/// One message of the expenses conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseMessage {
    /// Database id.
    pub id: i64,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: its kind.
    pub kind: Option<DecisionKind>,
    /// For a reply: the proposal it asked about, while it still waits.
    pub proposal: Option<ProposalView>,
    /// When (RFC 3339).
    pub created_at: String,
}

/// A student's message to the assistant.
#[derive(Debug, Clone, Copy)]
pub struct ExpenseRequest<'a> {
    /// The profile.
    pub profile_id: i64,
    /// What the student wrote.
    pub message: &'a str,
    /// The language to answer in when the message does not tell.
    pub language: Language,
    /// Now.
    pub now: DateTime<Utc>,
    /// A role to act with; it can only restrict the profile's own.
    pub role: Option<Role>,
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The role in force: the profile's, restricted by the one asked for.
fn effective_role(settings: ExpenseSettings, asked: Option<Role>) -> Role {
    match (settings.role, asked) {
        (Role::Viewer, _) | (_, Some(Role::Viewer)) => Role::Viewer,
        _ => Role::Owner,
    }
}

/// What the last reply left: its draft, its proposal, the expense it touched.
#[derive(Debug, Default)]
struct LastReply {
    draft: Option<Draft>,
    proposal: Option<String>,
    touched: Option<i64>,
    language: Option<Language>,
}

type ProposalRow = (String, String, String, String, String, String);

fn stored_proposal(
    row: ProposalRow,
) -> Result<(StoredProposal, ConfirmReason, Draft), ExpenseError> {
    let (id, tool, args, reason, draft, status) = row;
    let bad = |what: &str| {
        ExpenseError::Storage(ErrorCode::StoreCorrupt, format!("proposal {id}: {what}"))
    };
    let args: Map<String, Value> = serde_json::from_str(&args).map_err(|_| bad("arguments"))?;
    let reason = match reason.as_str() {
        "suggested" => ConfirmReason::Suggested,
        "vague" => ConfirmReason::Vague,
        _ => ConfirmReason::Delete,
    };
    let draft: Draft = serde_json::from_str(&draft).unwrap_or_default();
    let status = ProposalStatus::from_name(&status).ok_or_else(|| bad("status"))?;
    Ok((
        StoredProposal {
            id: id.clone(),
            call: ToolCall { tool, args },
            status,
            expires_at: DateTime::<Utc>::MIN_UTC,
        },
        reason,
        draft,
    ))
}

async fn load_proposal(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: &str,
) -> Result<(StoredProposal, ConfirmReason, Draft), ExpenseError> {
    let row: Option<(String, String, String, String, String, String, String)> = sqlx::query_as(
        "SELECT id, tool, args, reason, draft, status, expires_at FROM expense_proposals WHERE id = ? AND profile_id = ?",
    )
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(storage)?;
    let Some((id, tool, args, reason, draft, status, expires)) = row else {
        return Err(ExpenseError::ProposalNotFound(id.into()));
    };
    let (mut stored, reason, draft) = stored_proposal((id, tool, args, reason, draft, status))?;
    stored.expires_at = DateTime::parse_from_rfc3339(&expires)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    Ok((stored, reason, draft))
}

fn proposal_view(stored: &StoredProposal, reason: ConfirmReason) -> Option<ProposalView> {
    Some(ProposalView {
        id: stored.id.clone(),
        tool: ExpenseTool::from_name(&stored.call.tool)?,
        args: stored.call.args.clone(),
        reason,
        expires_at: rfc3339(stored.expires_at),
    })
}

/// What a reply is made of before it is saved.
struct Said {
    answer: String,
    kind: DecisionKind,
    proposal: Option<ProposalView>,
    done: ActionDone,
    error: Option<ErrorCode>,
    draft: Option<Draft>,
}

/// The last reply's state a new turn continues from, as stored.
#[derive(sqlx::FromRow)]
struct LastReplyRow {
    draft: Option<String>,
    proposal_id: Option<String>,
    touched: Option<i64>,
    language: Option<String>,
}

/// One stored message of the conversation.
#[derive(sqlx::FromRow)]
struct MessageRow {
    id: i64,
    role: String,
    text: String,
    kind: Option<String>,
    proposal_id: Option<String>,
    created_at: String,
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
}

/// Everything a turn or a direct call needs to act.
struct Acting {
    profile_id: i64,
    context: CallContext,
    now: DateTime<Utc>,
    language: Language,
}

/// What a write transaction does for a turn, a confirmation, a cancel or a revision.
enum Step {
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

impl Acting {
    /// Runs `action` and words what it did from the stored values.
    async fn run(
        &self,
        conn: &mut SqliteConnection,
        action: &ExpenseAction,
    ) -> Result<Said, ExpenseError> {
        let done = run_action(conn, self.profile_id, action, &rfc3339(self.now)).await?;
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
                let rows = query_rows(conn, self.profile_id, q).await?;
                replies::balance(&rows, q, self.context.currency, today, language)
            }
            _ => String::new(),
        };
        let mut said = Said::words(answer, DecisionKind::ToolCall);
        said.done = done;
        Ok(said)
    }

    /// Stores `action` as a proposal (replacing any waiting one) and asks for a yes.
    async fn propose(
        &self,
        conn: &mut SqliteConnection,
        action: &ExpenseAction,
        reason: ConfirmReason,
        draft: &Draft,
    ) -> Result<Said, ExpenseError> {
        let target = match action {
            ExpenseAction::Update { id, .. } | ExpenseAction::Delete { id } => {
                Some(one_row(conn, self.profile_id, *id).await?)
            }
            _ => None,
        };
        supersede_pending(conn, self.profile_id, self.now).await?;
        let call = canonical_call(action, self.context.today);
        let stored = StoredProposal {
            id: new_proposal_id(),
            call,
            status: ProposalStatus::Pending,
            expires_at: self.now + PROPOSAL_LIFETIME,
        };
        sqlx::query(
            "INSERT INTO expense_proposals (id, profile_id, tool, args, reason, draft, created_at, expires_at) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&stored.id)
        .bind(self.profile_id)
        .bind(&stored.call.tool)
        .bind(Value::Object(stored.call.args.clone()).to_string())
        .bind(reason.as_str())
        .bind(serde_json::to_string(draft).unwrap_or_else(|_| "{}".into()))
        .bind(rfc3339(self.now))
        .bind(rfc3339(stored.expires_at))
        .execute(&mut *conn)
        .await
        .map_err(storage)?;
        let answer =
            replies::proposal_question(action, target.as_ref(), self.context.today, self.language);
        let mut said = Said::words(answer, DecisionKind::ToolCall);
        said.proposal = proposal_view(&stored, reason);
        Ok(said)
    }

    /// Runs a waiting proposal exactly as stored, marking it used in the same transaction.
    async fn confirm(
        &self,
        conn: &mut SqliteConnection,
        proposal_id: &str,
        presented: Option<&ToolCall>,
    ) -> Result<Said, ExpenseError> {
        let (stored, _, _) = load_proposal(conn, self.profile_id, proposal_id).await?;
        let action = check_confirmation(&stored, presented, self.now, &self.context)?;
        let said = self.run(conn, &action).await?;
        set_status(conn, proposal_id, ProposalStatus::Confirmed, self.now).await?;
        Ok(said)
    }

    /// Drops a waiting proposal: nothing runs, and the assistant asks again.
    async fn cancel(
        &self,
        conn: &mut SqliteConnection,
        proposal_id: &str,
    ) -> Result<Said, ExpenseError> {
        let (stored, _, draft) = load_proposal(conn, self.profile_id, proposal_id).await?;
        if stored.status != ProposalStatus::Pending {
            return Err(ExpenseError::ProposalUsed(
                stored.id,
                stored.status.as_str().into(),
            ));
        }
        set_status(conn, proposal_id, ProposalStatus::Cancelled, self.now).await?;
        let mut said = Said::words(replies::cancelled(self.language), DecisionKind::Clarify);
        said.draft = Some(draft);
        Ok(said)
    }

    /// Does `step` on `conn` (the caller's transaction).
    async fn perform(
        &self,
        conn: &mut SqliteConnection,
        step: &Step,
    ) -> Result<Said, ExpenseError> {
        match step {
            Step::Plan(plan) => self.carry_out(conn, plan).await,
            Step::Confirm { id, args } => {
                let (stored, _, _) = load_proposal(conn, self.profile_id, id).await?;
                let presented = args.clone().map(|args| ToolCall {
                    tool: stored.call.tool.clone(),
                    args,
                });
                self.confirm(conn, id, presented.as_ref()).await
            }
            Step::Cancel { id } => self.cancel(conn, id).await,
            Step::Revise { id, args } => {
                let (stored, reason, draft) = load_proposal(conn, self.profile_id, id).await?;
                if stored.status != ProposalStatus::Pending {
                    return Err(ExpenseError::ProposalUsed(
                        stored.id,
                        stored.status.as_str().into(),
                    ));
                }
                if self.now >= stored.expires_at {
                    return Err(ExpenseError::ProposalExpired(stored.id));
                }
                let call = ToolCall {
                    tool: stored.call.tool.clone(),
                    args: args.clone(),
                };
                let action = validate_call(&call, &self.context)?;
                self.propose(conn, &action, reason, &draft).await
            }
        }
    }

    /// Carries out a turn's plan.
    async fn carry_out(
        &self,
        conn: &mut SqliteConnection,
        plan: &TurnPlan,
    ) -> Result<Said, ExpenseError> {
        if !matches!(plan, TurnPlan::Confirm { .. } | TurnPlan::Cancel { .. }) {
            supersede_pending(conn, self.profile_id, self.now).await?;
        }
        match plan {
            TurnPlan::Clarify { question, draft } => {
                let mut said = Said::words(question.clone(), DecisionKind::Clarify);
                said.draft = draft.clone();
                Ok(said)
            }
            TurnPlan::Answer { content } => Ok(Said::words(content.clone(), DecisionKind::Answer)),
            TurnPlan::Refuse { error } => Ok(Said::refused(error, self.language)),
            TurnPlan::Run { action } => self.run(conn, action).await,
            TurnPlan::Propose {
                action,
                reason,
                draft,
            } => self.propose(conn, action, *reason, draft).await,
            TurnPlan::Confirm { proposal_id } => self.confirm(conn, proposal_id, None).await,
            TurnPlan::Cancel { proposal_id, .. } => self.cancel(conn, proposal_id).await,
        }
    }
}

async fn set_status(
    conn: &mut SqliteConnection,
    id: &str,
    status: ProposalStatus,
    now: DateTime<Utc>,
) -> Result<(), ExpenseError> {
    sqlx::query("UPDATE expense_proposals SET status = ?, decided_at = ? WHERE id = ?")
        .bind(status.as_str())
        .bind(rfc3339(now))
        .bind(id)
        .execute(&mut *conn)
        .await
        .map_err(storage)?;
    Ok(())
}

async fn supersede_pending(
    conn: &mut SqliteConnection,
    profile_id: i64,
    now: DateTime<Utc>,
) -> Result<(), ExpenseError> {
    sqlx::query(
        "UPDATE expense_proposals SET status = 'superseded', decided_at = ? WHERE profile_id = ? AND status = 'pending'",
    )
    .bind(rfc3339(now))
    .bind(profile_id)
    .execute(&mut *conn)
    .await
    .map_err(storage)?;
    Ok(())
}

fn kind_name(kind: DecisionKind) -> &'static str {
    match kind {
        DecisionKind::Clarify => "clarify",
        DecisionKind::ToolCall => "tool_call",
        DecisionKind::Answer => "answer",
    }
}

fn kind_of(name: &str) -> Option<DecisionKind> {
    match name {
        "clarify" => Some(DecisionKind::Clarify),
        "tool_call" => Some(DecisionKind::ToolCall),
        "answer" => Some(DecisionKind::Answer),
        _ => None,
    }
}

impl Store {
    async fn insert_student_message(
        &self,
        profile_id: i64,
        text: &str,
        now: DateTime<Utc>,
    ) -> Result<i64, ExpenseError> {
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO expense_messages (profile_id, role, text, created_at) VALUES (?, 'student', ?, ?) RETURNING id",
        )
        .bind(profile_id)
        .bind(text)
        .bind(rfc3339(now))
        .fetch_one(&self.pool)
        .await
        .map_err(storage)?;
        Ok(id)
    }

    async fn last_reply(&self, profile_id: i64) -> Result<LastReply, ExpenseError> {
        let row: Option<LastReplyRow> = sqlx::query_as(
            "SELECT draft, proposal_id, touched, language FROM expense_messages \
             WHERE profile_id = ? AND role = 'assistant' ORDER BY id DESC LIMIT 1",
        )
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        Ok(row.map_or_else(LastReply::default, |r| LastReply {
            draft: r.draft.and_then(|d| serde_json::from_str(&d).ok()),
            proposal: r.proposal_id,
            touched: r.touched,
            language: r.language.as_deref().and_then(Language::from_code),
        }))
    }

    async fn history(
        &self,
        profile_id: i64,
        before: i64,
    ) -> Result<Vec<HistoryLine>, ExpenseError> {
        let mut rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT role, text FROM expense_messages WHERE profile_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
        )
        .bind(profile_id)
        .bind(before)
        .bind(HISTORY)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.reverse();
        Ok(rows
            .into_iter()
            .map(|(role, text)| HistoryLine {
                from_student: role == "student",
                text,
            })
            .collect())
    }

    /// Saves a reply in `conn`'s transaction and returns it.
    async fn save_expense_reply(
        conn: &mut SqliteConnection,
        profile_id: i64,
        said: Said,
        meta: (Language, bool, Option<String>, DateTime<Utc>),
    ) -> Result<ExpenseReply, ExpenseError> {
        let (language, model_words, failure, now) = meta;
        let result = serde_json::to_string(&said.done).ok();
        let touched = said.done.touched();
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO expense_messages (profile_id, role, text, kind, language, author, failure, draft, proposal_id, touched, result, created_at) \
             VALUES (?, 'assistant', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(profile_id)
        .bind(&said.answer)
        .bind(kind_name(said.kind))
        .bind(language.code())
        .bind(if model_words { "model" } else { "app" })
        .bind(&failure)
        .bind(said.draft.as_ref().and_then(|d| serde_json::to_string(d).ok()))
        .bind(said.proposal.as_ref().map(|p| p.id.clone()))
        .bind(touched)
        .bind(result)
        .bind(rfc3339(now))
        .fetch_one(&mut *conn)
        .await
        .map_err(storage)?;
        Ok(ExpenseReply {
            message_id: id,
            answer: said.answer,
            kind: said.kind,
            confirmation_required: said.proposal.is_some(),
            proposal: said.proposal,
            done: said.done,
            error: said.error,
            model_words,
            failure,
            origin: ReplyOrigin::App,
            model_wrote: false,
            language,
        })
    }

    async fn acting(
        &self,
        profile_id: i64,
        role: Option<Role>,
        now: DateTime<Utc>,
        language: Language,
    ) -> Result<Acting, ExpenseError> {
        let settings = self.expense_settings(profile_id).await?;
        Ok(Acting {
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

    /// Runs `step` in one write transaction, saving the student's words and the reply;
    /// an error of the step becomes a refusal in words (nothing it did is kept).
    async fn act_and_reply(
        &self,
        acting: &Acting,
        student_text: Option<&str>,
        meta: (bool, Option<String>),
        step: Step,
    ) -> Result<ExpenseReply, ExpenseError> {
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        sqlx::query(WRITE)
            .execute(&mut *conn)
            .await
            .map_err(storage)?;
        let result = async {
            if let Some(text) = student_text {
                sqlx::query("INSERT INTO expense_messages (profile_id, role, text, created_at) VALUES (?, 'student', ?, ?)")
                    .bind(acting.profile_id)
                    .bind(text)
                    .bind(rfc3339(acting.now))
                    .execute(&mut *conn)
                    .await
                    .map_err(storage)?;
            }
            sqlx::query("SAVEPOINT step").execute(&mut *conn).await.map_err(storage)?;
            let said = match acting.perform(&mut conn, &step).await {
                Ok(said) => {
                    sqlx::query("RELEASE step").execute(&mut *conn).await.map_err(storage)?;
                    said
                }
                Err(ExpenseError::Storage(code, message)) => return Err(ExpenseError::Storage(code, message)),
                Err(e) => {
                    sqlx::query("ROLLBACK TO step").execute(&mut *conn).await.map_err(storage)?;
                    sqlx::query("RELEASE step").execute(&mut *conn).await.map_err(storage)?;
                    Said::refused(&e, acting.language)
                }
            };
            Self::save_expense_reply(&mut conn, acting.profile_id, said, (acting.language, meta.0, meta.1, acting.now)).await
        }
        .await;
        match result {
            Ok(reply) => {
                sqlx::query("COMMIT")
                    .execute(&mut *conn)
                    .await
                    .map_err(storage)?;
                Ok(reply)
            }
            Err(e) => {
                let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                Err(e)
            }
        }
    }

    /// One chat turn: the message is saved before the model runs; the plan and the
    /// reply are saved together. A model that crashes or hangs costs the model's words
    /// only: the app answers without it.
    pub async fn expense_turn(
        &self,
        request: ExpenseRequest<'_>,
        llm: Option<&dyn Llm>,
        cancel: &CancelFlag,
    ) -> Result<ExpenseReply, ExpenseError> {
        let message = lantern_expenses::clean_message(request.message)?.into_string();
        let profile_id = request.profile_id;
        let last = self.last_reply(profile_id).await?;
        let language = last.language.unwrap_or(request.language);
        let message_id = self
            .insert_student_message(profile_id, &message, request.now)
            .await?;
        let acting = self
            .acting(profile_id, request.role, request.now, language)
            .await?;
        let pending = match &last.proposal {
            Some(id) => {
                let mut conn = self.pool.acquire().await.map_err(storage)?;
                match load_proposal(&mut conn, profile_id, id).await {
                    Ok((p, _, draft))
                        if p.status == ProposalStatus::Pending && p.expires_at > request.now =>
                    {
                        Some(Pending { id: p.id, draft })
                    }
                    _ => None,
                }
            }
            None => None,
        };
        let rows = {
            let mut conn = self.pool.acquire().await.map_err(storage)?;
            query_rows(&mut conn, profile_id, &ExpenseQuery::default()).await?
        };
        let input = ExpenseTurnInput {
            message,
            context: acting.context,
            language,
            history: self.history(profile_id, message_id).await?,
            rows,
            draft: last.draft,
            pending,
            last_touched: last.touched,
        };
        let outcome = run_expense_turn(input, llm, cancel).await?;
        let acting = Acting {
            language: outcome.language,
            ..acting
        };
        let step = Step::Plan(outcome.plan.clone());
        let mut reply = self
            .act_and_reply(
                &acting,
                None,
                (outcome.model_words, outcome.failure.clone()),
                step,
            )
            .await?;
        reply.origin = outcome.origin;
        reply.model_wrote = outcome.model_wrote;
        if reply.error.is_none() {
            reply.error = match &outcome.plan {
                TurnPlan::Refuse { error } => Some(error.code()),
                _ => None,
            };
        }
        Ok(reply)
    }

    /// Confirms a proposal from its card (or the CLI): runs exactly what was stored.
    /// `args`, when sent, must be the proposal's own, else nothing runs.
    pub async fn expense_confirm(
        &self,
        profile_id: i64,
        proposal_id: &str,
        args: Option<Map<String, Value>>,
        now: DateTime<Utc>,
        language: Language,
        role: Option<Role>,
    ) -> Result<ExpenseReply, ExpenseError> {
        let acting = self.acting(profile_id, role, now, language).await?;
        let id = proposal_id.to_string();
        let text = replies::confirm_button(language);
        let step = Step::Confirm { id, args };
        self.act_and_reply(&acting, Some(text.as_str()), (false, None), step)
            .await
    }

    /// Cancels a proposal from its card (or the CLI): nothing runs.
    pub async fn expense_cancel(
        &self,
        profile_id: i64,
        proposal_id: &str,
        now: DateTime<Utc>,
        language: Language,
    ) -> Result<ExpenseReply, ExpenseError> {
        let acting = self.acting(profile_id, None, now, language).await?;
        let id = proposal_id.to_string();
        let text = replies::cancel_button(language);
        self.act_and_reply(
            &acting,
            Some(text.as_str()),
            (false, None),
            Step::Cancel { id },
        )
        .await
    }

    /// Replaces a waiting proposal's arguments (edited on its card): validated again
    /// and stored as a new proposal, which still needs its own yes.
    pub async fn expense_revise(
        &self,
        profile_id: i64,
        proposal_id: &str,
        args: Map<String, Value>,
        now: DateTime<Utc>,
        language: Language,
        role: Option<Role>,
    ) -> Result<ExpenseReply, ExpenseError> {
        let acting = self.acting(profile_id, role, now, language).await?;
        let id = proposal_id.to_string();
        self.act_and_reply(&acting, None, (false, None), Step::Revise { id, args })
            .await
    }

    /// One tool call made directly (a table edit, the CLI's `tool`), through the same
    /// validation, role and gate: a call that needs confirmation returns its proposal.
    pub async fn expense_tool(
        &self,
        profile_id: i64,
        call: &ToolCall,
        now: DateTime<Utc>,
        language: Language,
        role: Option<Role>,
    ) -> Result<ExpenseReply, ExpenseError> {
        let acting = self.acting(profile_id, role, now, language).await?;
        let action = validate_call(call, &acting.context)?;
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        sqlx::query(WRITE)
            .execute(&mut *conn)
            .await
            .map_err(storage)?;
        let said = match confirmation_needed(action.tool(), false, true) {
            Some(reason) => {
                acting
                    .propose(&mut conn, &action, reason, &Draft::default())
                    .await
            }
            None => acting.run(&mut conn, &action).await,
        };
        match said {
            Ok(said) => {
                sqlx::query("COMMIT")
                    .execute(&mut *conn)
                    .await
                    .map_err(storage)?;
                Ok(ExpenseReply {
                    message_id: 0,
                    answer: said.answer,
                    kind: said.kind,
                    confirmation_required: said.proposal.is_some(),
                    proposal: said.proposal,
                    done: said.done,
                    error: None,
                    model_words: false,
                    failure: None,
                    origin: ReplyOrigin::App,
                    model_wrote: false,
                    language,
                })
            }
            Err(e) => {
                let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
                Err(e)
            }
        }
    }

    /// The latest messages of the profile's conversation, oldest first; a reply's
    /// proposal is included while it still waits.
    pub async fn expense_messages(
        &self,
        profile_id: i64,
        limit: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<ExpenseMessage>, ExpenseError> {
        let mut rows: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, role, text, kind, proposal_id, created_at FROM expense_messages \
             WHERE profile_id = ? ORDER BY id DESC LIMIT ?",
        )
        .bind(profile_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(storage)?;
        rows.reverse();
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        let mut messages = Vec::with_capacity(rows.len());
        for row in rows {
            let proposal = match row.proposal_id {
                Some(pid) => match load_proposal(&mut conn, profile_id, &pid).await {
                    Ok((p, reason, _))
                        if p.status == ProposalStatus::Pending && p.expires_at > now =>
                    {
                        proposal_view(&p, reason)
                    }
                    _ => None,
                },
                None => None,
            };
            messages.push(ExpenseMessage {
                id: row.id,
                from_student: row.role == "student",
                text: row.text,
                kind: row.kind.as_deref().and_then(kind_of),
                proposal,
                created_at: row.created_at,
            });
        }
        Ok(messages)
    }

    /// One of the profile's expenses.
    pub async fn expense(&self, profile_id: i64, id: i64) -> Result<Expense, ExpenseError> {
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        one_row(&mut conn, profile_id, id).await
    }
}
