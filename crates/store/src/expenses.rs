//! Expenses in SQLite: each profile's rows, role and currency, its proposals and its
//! conversation, as the expenses' application layer ([`lantern_expenses::app`]) reads
//! and writes them through [`ExpenseRepository`] and [`ExpenseWrite`]. Every query is
//! scoped by profile: another profile's expense is "not found". No rule lives here.

use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::BoxFuture;
use lantern_core::turn::ReplyOrigin;
use lantern_core::{Coded, ErrorCode};
use lantern_expenses::app::{
    rfc3339, ActionDone, Balance, ExpenseRepository, ExpenseSettings, ExpenseWrite, LastReply,
    NewReply, SavedMessage, SavedProposal, SavedReply, WriteHandle,
};
use lantern_expenses::gate::{ConfirmReason, ProposalStatus, StoredProposal};
use lantern_expenses::money::{Currency, Money};
use lantern_expenses::prompt::HistoryLine;
use lantern_expenses::{
    Category, DecisionKind, Expense, ExpenseAction, ExpenseError, ExpensePatch, ExpenseQuery,
    NewExpense, Role,
};
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::{Sqlite, SqliteConnection, Transaction};

/// How a write transaction begins: taking the write lock first.
const WRITE: &str = "BEGIN IMMEDIATE";

/// Spending of one category in one month, for the chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthlyTotal {
    /// The month, `YYYY-MM`.
    pub month: String,
    /// The category.
    pub category: Category,
    /// The total in one currency.
    pub total: Money,
}

pub(crate) fn storage(e: impl Into<StoreError>) -> ExpenseError {
    let e = e.into();
    ExpenseError::Storage(e.code(), e.to_string())
}

fn corrupt(what: String) -> ExpenseError {
    ExpenseError::Storage(ErrorCode::StoreCorrupt, what)
}

type Row = (i64, String, i64, String, String, String, String, String);

const COLUMNS: &str =
    "id, item, amount_minor, currency, spent_on, category, created_at, updated_at";

fn expense(row: Row) -> Result<Expense, ExpenseError> {
    let (id, item, minor, currency, spent_on, category, created_at, updated_at) = row;
    let unreadable = |what: &str| corrupt(format!("expense {id} has an unreadable {what}"));
    Ok(Expense {
        id,
        item,
        amount: Money {
            minor,
            currency: Currency::from_code(&currency).ok_or_else(|| unreadable("currency"))?,
        },
        date: spent_on.parse().map_err(|_| unreadable("date"))?,
        category: Category::from_name(&category).ok_or_else(|| unreadable("category"))?,
        created_at,
        updated_at,
    })
}

/// The profile's expenses matching `query`, newest first.
async fn query_rows(
    conn: &mut SqliteConnection,
    profile_id: i64,
    query: &ExpenseQuery,
) -> Result<Vec<Expense>, ExpenseError> {
    let (from, to) = match query.range {
        Some(r) => (r.from.to_string(), r.to.to_string()),
        None => ("0000-01-01".into(), "9999-12-31".into()),
    };
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM expenses WHERE profile_id = ? AND spent_on BETWEEN ? AND ? \
         AND (? IS NULL OR category = ?) ORDER BY spent_on DESC, id DESC"
    ))
    .bind(profile_id)
    .bind(from)
    .bind(to)
    .bind(query.category.map(Category::as_str))
    .bind(query.category.map(Category::as_str))
    .fetch_all(&mut *conn)
    .await
    .map_err(storage)?;
    rows.into_iter().map(expense).collect()
}

/// One of the profile's expenses, or None.
async fn one_row(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: i64,
) -> Result<Option<Expense>, ExpenseError> {
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM expenses WHERE id = ? AND profile_id = ?"
    ))
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(storage)?;
    row.map(expense).transpose()
}

async fn insert(
    conn: &mut SqliteConnection,
    profile_id: i64,
    new: &NewExpense,
    now: &str,
) -> Result<Expense, ExpenseError> {
    let row: Row = sqlx::query_as(&format!(
        "INSERT INTO expenses (profile_id, item, amount_minor, currency, spent_on, category, created_at, updated_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING {COLUMNS}"
    ))
    .bind(profile_id)
    .bind(&new.item)
    .bind(new.amount.minor)
    .bind(new.amount.currency.code())
    .bind(new.date.to_string())
    .bind(new.category.as_str())
    .bind(now)
    .bind(now)
    .fetch_one(&mut *conn)
    .await
    .map_err(storage)?;
    expense(row)
}

/// Expense `id` before and after `patch`, or None when it is not the profile's.
async fn update(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: i64,
    patch: &ExpensePatch,
    now: &str,
) -> Result<Option<(Expense, Expense)>, ExpenseError> {
    let Some(before) = one_row(conn, profile_id, id).await? else {
        return Ok(None);
    };
    let amount = patch.amount.unwrap_or(before.amount);
    let row: Row = sqlx::query_as(&format!(
        "UPDATE expenses SET item = ?, amount_minor = ?, currency = ?, spent_on = ?, category = ?, updated_at = ? \
         WHERE id = ? AND profile_id = ? RETURNING {COLUMNS}"
    ))
    .bind(patch.item.as_ref().unwrap_or(&before.item))
    .bind(amount.minor)
    .bind(amount.currency.code())
    .bind(patch.date.unwrap_or(before.date).to_string())
    .bind(patch.category.unwrap_or(before.category).as_str())
    .bind(now)
    .bind(id)
    .bind(profile_id)
    .fetch_one(&mut *conn)
    .await
    .map_err(storage)?;
    Ok(Some((before, expense(row)?)))
}

/// Runs a validated action for the profile on `conn`; None when the expense it changes
/// is not the profile's.
async fn run_action(
    conn: &mut SqliteConnection,
    profile_id: i64,
    action: &ExpenseAction,
    now: &str,
) -> Result<Option<ActionDone>, ExpenseError> {
    let mut done = ActionDone::default();
    match action {
        ExpenseAction::Add(new) => done.added = Some(insert(conn, profile_id, new, now).await?),
        ExpenseAction::Balance(query) => {
            let rows = query_rows(conn, profile_id, query).await?;
            done.balance = Some(Balance::of(&rows, query));
        }
        ExpenseAction::List(query) => {
            done.listed = Some(query_rows(conn, profile_id, query).await?)
        }
        ExpenseAction::Update { id, patch } => {
            let Some((before, after)) = update(conn, profile_id, *id, patch, now).await? else {
                return Ok(None);
            };
            done.previous = Some(before);
            done.updated = Some(after);
        }
        ExpenseAction::Delete { id } => {
            let Some(row) = one_row(conn, profile_id, *id).await? else {
                return Ok(None);
            };
            sqlx::query("DELETE FROM expenses WHERE id = ? AND profile_id = ?")
                .bind(id)
                .bind(profile_id)
                .execute(&mut *conn)
                .await
                .map_err(storage)?;
            done.deleted = Some(row);
        }
    }
    Ok(Some(done))
}

/// A proposal's columns, as stored.
#[derive(sqlx::FromRow)]
struct ProposalRow {
    id: String,
    tool: String,
    args: String,
    reason: String,
    draft: String,
    status: String,
    expires_at: String,
}

fn saved_proposal(row: ProposalRow) -> Result<SavedProposal, ExpenseError> {
    let bad = |what: &str| corrupt(format!("proposal {}: {what}", row.id));
    let args: Map<String, Value> = serde_json::from_str(&row.args).map_err(|_| bad("arguments"))?;
    let reason = match row.reason.as_str() {
        "suggested" => ConfirmReason::Suggested,
        "vague" => ConfirmReason::Vague,
        _ => ConfirmReason::Delete,
    };
    let status = ProposalStatus::from_name(&row.status).ok_or_else(|| bad("status"))?;
    let expires_at = DateTime::parse_from_rfc3339(&row.expires_at)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    Ok(SavedProposal {
        stored: StoredProposal {
            id: row.id,
            call: ToolCall {
                tool: row.tool,
                args,
            },
            status,
            expires_at,
        },
        reason,
        draft: serde_json::from_str(&row.draft).unwrap_or_default(),
    })
}

/// Proposal `id` of the profile, or None.
async fn load_proposal(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: &str,
) -> Result<Option<SavedProposal>, ExpenseError> {
    let row: Option<ProposalRow> = sqlx::query_as(
        "SELECT id, tool, args, reason, draft, status, expires_at FROM expense_proposals WHERE id = ? AND profile_id = ?",
    )
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(storage)?;
    row.map(saved_proposal).transpose()
}

/// Proposal `id` when it can be read; an unreadable or missing one is none.
async fn readable_proposal(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: Option<&str>,
) -> Option<SavedProposal> {
    load_proposal(conn, profile_id, id?).await.ok().flatten()
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

/// A stored origin read back (an unknown name is a corrupt row).
fn origin_of(name: &str) -> Result<ReplyOrigin, ExpenseError> {
    ReplyOrigin::parse(name).ok_or_else(|| corrupt(format!("unknown reply origin {name:?}")))
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
    origin: Option<String>,
    proposal_id: Option<String>,
    created_at: String,
}

async fn add_student_message(
    conn: &mut SqliteConnection,
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
    .fetch_one(&mut *conn)
    .await
    .map_err(storage)?;
    Ok(id)
}

impl Store {
    /// The profile's role and currency (owner and pounds until changed).
    pub async fn expense_settings(&self, profile_id: i64) -> Result<ExpenseSettings, ExpenseError> {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT role, currency FROM expense_settings WHERE profile_id = ?")
                .bind(profile_id)
                .fetch_optional(&self.pool)
                .await
                .map_err(storage)?;
        let (role, currency) = row.unwrap_or_else(|| ("owner".into(), "GBP".into()));
        Ok(ExpenseSettings {
            role: Role::from_name(&role).unwrap_or(Role::Viewer),
            currency: Currency::from_code(&currency).unwrap_or(Currency::Gbp),
        })
    }

    /// Sets the profile's role and currency as given, with no PIN check: for setting up
    /// evals and tests. A student's change goes through [`Store::change_expense_settings`]
    /// (`expenses_owner.rs`).
    pub async fn set_expense_settings(
        &self,
        profile_id: i64,
        settings: ExpenseSettings,
    ) -> Result<(), ExpenseError> {
        sqlx::query(
            "INSERT INTO expense_settings (profile_id, role, currency) VALUES (?, ?, ?) \
             ON CONFLICT (profile_id) DO UPDATE SET role = excluded.role, currency = excluded.currency",
        )
        .bind(profile_id)
        .bind(settings.role.as_str())
        .bind(settings.currency.code())
        .execute(&self.pool)
        .await
        .map_err(|e| match &e {
            sqlx::Error::Database(d) if d.is_foreign_key_violation() => {
                storage(StoreError::ProfileNotFound(profile_id.to_string()))
            }
            _ => storage(e),
        })?;
        Ok(())
    }

    /// The profile's expenses matching `query`, newest first.
    pub async fn list_expenses(
        &self,
        profile_id: i64,
        query: &ExpenseQuery,
    ) -> Result<Vec<Expense>, ExpenseError> {
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        query_rows(&mut conn, profile_id, query).await
    }

    /// One of the profile's expenses.
    pub async fn expense(&self, profile_id: i64, id: i64) -> Result<Expense, ExpenseError> {
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        one_row(&mut conn, profile_id, id)
            .await?
            .ok_or(ExpenseError::NotFound(id))
    }

    /// The total of the profile's expenses matching `query`.
    pub async fn expense_balance(
        &self,
        profile_id: i64,
        query: &ExpenseQuery,
    ) -> Result<Balance, ExpenseError> {
        let rows = self.list_expenses(profile_id, query).await?;
        Ok(Balance::of(&rows, query))
    }

    /// Spending per month and category (one row per currency), oldest month first.
    pub async fn expense_months(
        &self,
        profile_id: i64,
        query: &ExpenseQuery,
    ) -> Result<Vec<MonthlyTotal>, ExpenseError> {
        let rows = self.list_expenses(profile_id, query).await?;
        let mut months: Vec<MonthlyTotal> = Vec::new();
        for row in rows.iter().rev() {
            let month = row.date.format("%Y-%m").to_string();
            let same = |m: &&mut MonthlyTotal| {
                m.month == month
                    && m.category == row.category
                    && m.total.currency == row.amount.currency
            };
            match months.iter_mut().find(|m| same(m)) {
                Some(m) => m.total.minor = m.total.minor.saturating_add(row.amount.minor),
                None => months.push(MonthlyTotal {
                    month,
                    category: row.category,
                    total: row.amount,
                }),
            }
        }
        Ok(months)
    }

    async fn last_expense_reply(&self, profile_id: i64) -> Result<LastReply, ExpenseError> {
        let row: Option<LastReplyRow> = sqlx::query_as(
            "SELECT draft, proposal_id, touched, language FROM expense_messages \
             WHERE profile_id = ? AND role = 'assistant' ORDER BY id DESC LIMIT 1",
        )
        .bind(profile_id)
        .fetch_optional(&self.pool)
        .await
        .map_err(storage)?;
        let Some(row) = row else {
            return Ok(LastReply::default());
        };
        let mut conn = self.pool.acquire().await.map_err(storage)?;
        Ok(LastReply {
            draft: row.draft.and_then(|d| serde_json::from_str(&d).ok()),
            proposal: readable_proposal(&mut conn, profile_id, row.proposal_id.as_deref()).await,
            touched: row.touched,
            language: row.language.as_deref().and_then(Language::from_code),
        })
    }

    async fn expense_history(
        &self,
        profile_id: i64,
        before: i64,
        limit: i64,
    ) -> Result<Vec<HistoryLine>, ExpenseError> {
        let mut rows: Vec<(String, String)> = sqlx::query_as(
            "SELECT role, text FROM expense_messages WHERE profile_id = ? AND id < ? ORDER BY id DESC LIMIT ?",
        )
        .bind(profile_id)
        .bind(before)
        .bind(limit)
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

    async fn expense_message_rows(
        &self,
        profile_id: i64,
        limit: i64,
    ) -> Result<Vec<SavedMessage>, ExpenseError> {
        let mut rows: Vec<MessageRow> = sqlx::query_as(
            "SELECT id, role, text, kind, origin, proposal_id, created_at FROM expense_messages \
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
            let proposal =
                readable_proposal(&mut conn, profile_id, row.proposal_id.as_deref()).await;
            messages.push(SavedMessage {
                id: row.id,
                from_student: row.role == "student",
                text: row.text,
                kind: row.kind.as_deref().and_then(kind_of),
                origin: row.origin.as_deref().map(origin_of).transpose()?,
                proposal,
                created_at: row.created_at,
            });
        }
        Ok(messages)
    }
}

impl ExpenseRepository for Store {
    type Error = ExpenseError;

    fn settings(&self, profile_id: i64) -> BoxFuture<'_, Result<ExpenseSettings, ExpenseError>> {
        Box::pin(self.expense_settings(profile_id))
    }

    fn last_reply(&self, profile_id: i64) -> BoxFuture<'_, Result<LastReply, ExpenseError>> {
        Box::pin(self.last_expense_reply(profile_id))
    }

    fn add_student_message<'a>(
        &'a self,
        profile_id: i64,
        text: &'a str,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<i64, ExpenseError>> {
        Box::pin(async move {
            let mut conn = self.pool.acquire().await.map_err(storage)?;
            add_student_message(&mut conn, profile_id, text, now).await
        })
    }

    fn history(
        &self,
        profile_id: i64,
        before: i64,
        limit: i64,
    ) -> BoxFuture<'_, Result<Vec<HistoryLine>, ExpenseError>> {
        Box::pin(self.expense_history(profile_id, before, limit))
    }

    fn rows<'a>(
        &'a self,
        profile_id: i64,
        query: &'a ExpenseQuery,
    ) -> BoxFuture<'a, Result<Vec<Expense>, ExpenseError>> {
        Box::pin(self.list_expenses(profile_id, query))
    }

    fn messages(
        &self,
        profile_id: i64,
        limit: i64,
    ) -> BoxFuture<'_, Result<Vec<SavedMessage>, ExpenseError>> {
        Box::pin(self.expense_message_rows(profile_id, limit))
    }

    fn begin_write(&self) -> BoxFuture<'_, Result<WriteHandle<'_, ExpenseError>, ExpenseError>> {
        Box::pin(async move {
            let tx = self.pool.begin_with(WRITE).await.map_err(storage)?;
            Ok(Box::new(SqliteWrite { tx }) as WriteHandle<'_, ExpenseError>)
        })
    }
}

/// One expenses write transaction on the store's database; dropped uncommitted, sqlx
/// rolls it back.
struct SqliteWrite {
    tx: Transaction<'static, Sqlite>,
}

impl SqliteWrite {
    async fn exec(&mut self, sql: &'static str) -> Result<(), ExpenseError> {
        sqlx::query(sql)
            .execute(&mut *self.tx)
            .await
            .map_err(storage)?;
        Ok(())
    }
}

impl ExpenseWrite<ExpenseError> for SqliteWrite {
    fn add_student_message<'a>(
        &'a mut self,
        profile_id: i64,
        text: &'a str,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), ExpenseError>> {
        Box::pin(async move {
            add_student_message(&mut self.tx, profile_id, text, now).await?;
            Ok(())
        })
    }

    fn proposal<'a>(
        &'a mut self,
        profile_id: i64,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<SavedProposal>, ExpenseError>> {
        Box::pin(load_proposal(&mut self.tx, profile_id, id))
    }

    fn row(
        &mut self,
        profile_id: i64,
        id: i64,
    ) -> BoxFuture<'_, Result<Option<Expense>, ExpenseError>> {
        Box::pin(one_row(&mut self.tx, profile_id, id))
    }

    fn rows<'a>(
        &'a mut self,
        profile_id: i64,
        query: &'a ExpenseQuery,
    ) -> BoxFuture<'a, Result<Vec<Expense>, ExpenseError>> {
        Box::pin(query_rows(&mut self.tx, profile_id, query))
    }

    fn run<'a>(
        &'a mut self,
        profile_id: i64,
        action: &'a ExpenseAction,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<Option<ActionDone>, ExpenseError>> {
        Box::pin(async move { run_action(&mut self.tx, profile_id, action, &rfc3339(now)).await })
    }

    fn supersede_pending(
        &mut self,
        profile_id: i64,
        now: DateTime<Utc>,
    ) -> BoxFuture<'_, Result<(), ExpenseError>> {
        Box::pin(async move {
            sqlx::query(
                "UPDATE expense_proposals SET status = 'superseded', decided_at = ? WHERE profile_id = ? AND status = 'pending'",
            )
            .bind(rfc3339(now))
            .bind(profile_id)
            .execute(&mut *self.tx)
            .await
            .map_err(storage)?;
            Ok(())
        })
    }

    fn add_proposal<'a>(
        &'a mut self,
        profile_id: i64,
        proposal: &'a SavedProposal,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), ExpenseError>> {
        Box::pin(async move {
            let stored = &proposal.stored;
            sqlx::query(
                "INSERT INTO expense_proposals (id, profile_id, tool, args, reason, draft, created_at, expires_at) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .bind(&stored.id)
            .bind(profile_id)
            .bind(&stored.call.tool)
            .bind(Value::Object(stored.call.args.clone()).to_string())
            .bind(proposal.reason.as_str())
            .bind(serde_json::to_string(&proposal.draft).unwrap_or_else(|_| "{}".into()))
            .bind(rfc3339(now))
            .bind(rfc3339(stored.expires_at))
            .execute(&mut *self.tx)
            .await
            .map_err(storage)?;
            Ok(())
        })
    }

    fn set_status<'a>(
        &'a mut self,
        id: &'a str,
        status: ProposalStatus,
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, Result<(), ExpenseError>> {
        Box::pin(async move {
            sqlx::query("UPDATE expense_proposals SET status = ?, decided_at = ? WHERE id = ?")
                .bind(status.as_str())
                .bind(rfc3339(now))
                .bind(id)
                .execute(&mut *self.tx)
                .await
                .map_err(storage)?;
            Ok(())
        })
    }

    fn begin_step(&mut self) -> BoxFuture<'_, Result<(), ExpenseError>> {
        Box::pin(self.exec("SAVEPOINT step"))
    }

    fn keep_step(&mut self) -> BoxFuture<'_, Result<(), ExpenseError>> {
        Box::pin(self.exec("RELEASE step"))
    }

    fn undo_step(&mut self) -> BoxFuture<'_, Result<(), ExpenseError>> {
        Box::pin(async move {
            self.exec("ROLLBACK TO step").await?;
            self.exec("RELEASE step").await
        })
    }

    fn save_reply<'a>(
        &'a mut self,
        profile_id: i64,
        reply: NewReply<'a>,
    ) -> BoxFuture<'a, Result<SavedReply, ExpenseError>> {
        Box::pin(async move {
            let (id, origin): (i64, String) = sqlx::query_as(
                "INSERT INTO expense_messages (profile_id, role, text, kind, language, origin, failure, draft, proposal_id, touched, result, created_at) \
                 VALUES (?, 'assistant', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, origin",
            )
            .bind(profile_id)
            .bind(reply.answer)
            .bind(kind_name(reply.kind))
            .bind(reply.language.code())
            .bind(reply.origin.as_str())
            .bind(reply.failure)
            .bind(reply.draft.and_then(|d| serde_json::to_string(d).ok()))
            .bind(reply.proposal_id)
            .bind(reply.done.touched())
            .bind(serde_json::to_string(reply.done).ok())
            .bind(rfc3339(reply.now))
            .fetch_one(&mut *self.tx)
            .await
            .map_err(storage)?;
            Ok(SavedReply {
                id,
                origin: origin_of(&origin)?,
            })
        })
    }

    fn commit(self: Box<Self>) -> BoxFuture<'static, Result<(), ExpenseError>> {
        Box::pin(async move { self.tx.commit().await.map_err(storage) })
    }
}
