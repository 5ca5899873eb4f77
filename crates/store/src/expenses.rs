//! Expenses: each profile's rows, role and currency, and running one validated action
//! on a connection (inside the caller's transaction). Every query is scoped by profile:
//! another profile's expense is "not found".

use crate::{Store, StoreError};
use lantern_core::Coded;
use lantern_expenses::dates::DateRange;
use lantern_expenses::money::{Currency, Money};
use lantern_expenses::{
    Category, Expense, ExpenseAction, ExpenseError, ExpensePatch, ExpenseQuery, NewExpense, Role,
};
use serde::Serialize;
use sqlx::SqliteConnection;

/// A profile's expense settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseSettings {
    /// What the profile may do.
    pub role: Role,
    /// The currency of amounts that name none.
    pub currency: Currency,
}

/// A total over some expenses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    /// One total per currency (most often one).
    pub totals: Vec<Money>,
    /// How many expenses were counted.
    pub count: usize,
    /// The days counted, or all time.
    pub range: Option<DateRange>,
    /// The category counted, or all.
    pub category: Option<Category>,
}

/// What an action did (the spec's `added` / `updated` / `deleted` / `listed` /
/// `balance`), with the stored values.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionDone {
    /// The expense added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub added: Option<Expense>,
    /// The expense as changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated: Option<Expense>,
    /// The expense before the change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<Expense>,
    /// The expense deleted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted: Option<Expense>,
    /// The expenses listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listed: Option<Vec<Expense>>,
    /// The total asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<Balance>,
}

impl ActionDone {
    /// The expense the action touched, when it was one.
    pub fn touched(&self) -> Option<i64> {
        self.added
            .as_ref()
            .or(self.updated.as_ref())
            .or(self
                .listed
                .as_ref()
                .filter(|l| l.len() == 1)
                .and_then(|l| l.first()))
            .map(|e| e.id)
    }
}

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

type Row = (i64, String, i64, String, String, String, String, String);

const COLUMNS: &str =
    "id, item, amount_minor, currency, spent_on, category, created_at, updated_at";

fn expense(row: Row) -> Result<Expense, ExpenseError> {
    let (id, item, minor, currency, spent_on, category, created_at, updated_at) = row;
    let corrupt = |what: &str| {
        ExpenseError::Storage(
            lantern_core::ErrorCode::StoreCorrupt,
            format!("expense {id} has an unreadable {what}"),
        )
    };
    Ok(Expense {
        id,
        item,
        amount: Money {
            minor,
            currency: Currency::from_code(&currency).ok_or_else(|| corrupt("currency"))?,
        },
        date: spent_on.parse().map_err(|_| corrupt("date"))?,
        category: Category::from_name(&category).ok_or_else(|| corrupt("category"))?,
        created_at,
        updated_at,
    })
}

/// The profile's expenses matching `query`, newest first.
pub(crate) async fn query_rows(
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

/// One of the profile's expenses, or "not found".
pub(crate) async fn one_row(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: i64,
) -> Result<Expense, ExpenseError> {
    let row: Option<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM expenses WHERE id = ? AND profile_id = ?"
    ))
    .bind(id)
    .bind(profile_id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(storage)?;
    row.map(expense)
        .transpose()?
        .ok_or(ExpenseError::NotFound(id))
}

/// Totals per currency, largest count first.
fn totals(rows: &[Expense]) -> Vec<Money> {
    let mut totals: Vec<Money> = Vec::new();
    for row in rows {
        match totals
            .iter_mut()
            .find(|m| m.currency == row.amount.currency)
        {
            Some(total) => total.minor = total.minor.saturating_add(row.amount.minor),
            None => totals.push(row.amount),
        }
    }
    totals
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

async fn update(
    conn: &mut SqliteConnection,
    profile_id: i64,
    id: i64,
    patch: &ExpensePatch,
    now: &str,
) -> Result<(Expense, Expense), ExpenseError> {
    let before = one_row(conn, profile_id, id).await?;
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
    Ok((before, expense(row)?))
}

/// Runs a validated action for the profile on `conn` (the caller's transaction).
pub(crate) async fn run_action(
    conn: &mut SqliteConnection,
    profile_id: i64,
    action: &ExpenseAction,
    now: &str,
) -> Result<ActionDone, ExpenseError> {
    let mut done = ActionDone::default();
    match action {
        ExpenseAction::Add(new) => done.added = Some(insert(conn, profile_id, new, now).await?),
        ExpenseAction::Balance(query) => {
            let rows = query_rows(conn, profile_id, query).await?;
            done.balance = Some(Balance {
                totals: totals(&rows),
                count: rows.len(),
                range: query.range,
                category: query.category,
            });
        }
        ExpenseAction::List(query) => {
            done.listed = Some(query_rows(conn, profile_id, query).await?)
        }
        ExpenseAction::Update { id, patch } => {
            let (before, after) = update(conn, profile_id, *id, patch, now).await?;
            done.previous = Some(before);
            done.updated = Some(after);
        }
        ExpenseAction::Delete { id } => {
            let row = one_row(conn, profile_id, *id).await?;
            sqlx::query("DELETE FROM expenses WHERE id = ? AND profile_id = ?")
                .bind(id)
                .bind(profile_id)
                .execute(&mut *conn)
                .await
                .map_err(storage)?;
            done.deleted = Some(row);
        }
    }
    Ok(done)
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

    /// The total of the profile's expenses matching `query`.
    pub async fn expense_balance(
        &self,
        profile_id: i64,
        query: &ExpenseQuery,
    ) -> Result<Balance, ExpenseError> {
        let rows = self.list_expenses(profile_id, query).await?;
        Ok(Balance {
            totals: totals(&rows),
            count: rows.len(),
            range: query.range,
            category: query.category,
        })
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
}
