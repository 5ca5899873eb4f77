//! Commands of the expenses workspace: the conversation and settings, the streamed chat
//! turn, confirming, cancelling and revising a proposal, one call made directly from the
//! table, and the reads behind the table, the balance and the chart. Each is one
//! operation of [`lantern_expenses::app`] on the store, or one read; no rules live here. `language` is the window's, for the words the app writes.

use super::views::{
    BalanceView, ExpenseArgs, ExpenseReplyView, ExpenseSettingsView, ExpenseView,
    ExpensesStateView, MonthlyTotalView,
};
use crate::error::IpcError;
use crate::model_turn::stream_with_model;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use chrono::{DateTime, Utc};
use lantern_core::clock::Clock;
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::CleanInput;
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_expenses::app::{self, ExpenseReply, ExpenseRequest, ExpenseSettings};
use lantern_expenses::dates::parse_range_arg;
use lantern_expenses::{Category, ExpenseError, ExpenseQuery, ExpenseTool};
use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State};

/// Messages of the conversation the workspace shows.
const SHOWN_MESSAGES: i64 = 60;

fn now(state: &AppState) -> DateTime<Utc> {
    state.clock.now()
}

fn view(reply: &ExpenseReply, now: DateTime<Utc>) -> ExpenseReplyView {
    ExpenseReplyView::new(reply, now.date_naive())
}

/// The days and category a read is about: `range` as the tools read it ("this_month",
/// "2026-11", "2026-11-01..2026-11-15"; absent or "all" for all time).
fn query(
    range: Option<&str>,
    category: Option<Category>,
    now: DateTime<Utc>,
) -> Result<ExpenseQuery, IpcError> {
    let range = match range {
        Some(text) => parse_range_arg(text, now.date_naive()).map_err(ExpenseError::Invalid)?,
        None => None,
    };
    Ok(ExpenseQuery { range, category })
}

/// The conversation (a card's working in `language`, English when not given), the
/// settings and today's date of the active profile; the
/// teacher's category words (`category-words.txt` in the data folder) are read again and
/// put in use, a bad file named in the view.
#[tauri::command]
#[specta::specta]
pub async fn expenses_state<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    language: Option<Language>,
) -> Result<ExpensesStateView, IpcError> {
    let category_words = match app.path().app_data_dir() {
        Ok(dir) => super::category_words::refresh(&dir),
        Err(e) => Some(IpcError::internal(e.to_string())),
    };
    let profile = state.profile().id;
    let now = now(&state);
    let language = language.unwrap_or(Language::En);
    let messages = app::conversation(&state.store, profile, SHOWN_MESSAGES, now, language).await?;
    let settings = state.store.expense_settings(profile).await?;
    Ok(ExpensesStateView {
        messages: messages.iter().map(Into::into).collect(),
        settings: settings.into(),
        owner_has_pin: state.store.expense_owner_has_pin(profile).await?,
        today: now.date_naive().to_string(),
        category_words,
    })
}

/// Changes the active profile's role and currency; a new role needs the expense
/// owner's PIN as `owner_pin`, never the profile's own (the first change chooses it; see
/// `Store::change_expense_settings`).
#[tauri::command]
#[specta::specta]
pub async fn expenses_set_settings(
    state: State<'_, AppState>,
    settings: ExpenseSettingsView,
    owner_pin: Option<String>,
) -> Result<ExpenseSettingsView, IpcError> {
    let stored = ExpenseSettings {
        role: settings.role,
        currency: settings.currency,
    };
    state
        .store
        .change_expense_settings(
            state.profile().id,
            stored,
            owner_pin.as_deref(),
            now(&state),
        )
        .await?;
    Ok(stored.into())
}

/// Tells the assistant something; `final` carries the reply (a question, a proposal
/// with its card, or what was done). Nothing streams before it: the words about money
/// are the app's, written from the stored rows.
#[tauri::command]
#[specta::specta]
pub async fn expenses_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    message: String,
    language: Language,
    on_event: Channel<TurnEvent<ExpenseReplyView>>,
) -> Result<ExpenseReplyView, IpcError> {
    let message = lantern_expenses::clean_message(&message)?;
    let turn = ExpenseTurn {
        state: &state,
        message,
        language,
    };
    stream_with_model(&app, &state, &on_event, turn).await
}

/// An expenses chat turn, for the shared pipeline.
struct ExpenseTurn<'s> {
    state: &'s AppState,
    message: CleanInput,
    language: Language,
}

impl StreamedTurn for ExpenseTurn<'_> {
    type Final = ExpenseReplyView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::ExpenseStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        _on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(ExpenseReplyView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let now = now(self.state);
            let request = ExpenseRequest {
                profile_id: self.state.profile().id,
                message: self.message.clone(),
                language: self.language,
                now,
                role: None,
            };
            // The embedder tells which row a word no row's name shares means; without
            // the model pack, the words alone decide.
            let retriever = self.state.library.retriever(&self.state.store).await.ok();
            let retriever = retriever.as_deref().map(|r| r as &dyn Retriever);
            let reply = app::send(&self.state.store, request, llm, retriever, cancel).await?;
            // The origin saved with the reply, read back.
            Ok((view(&reply, now), reply.origin))
        })
    }
}

/// Confirms proposal `proposal_id`: runs exactly what was stored. `args`, when sent,
/// must be the proposal's own (an edited card is revised first).
#[tauri::command]
#[specta::specta]
pub async fn expenses_confirm(
    state: State<'_, AppState>,
    proposal_id: String,
    args: Option<ExpenseArgs>,
    language: Language,
) -> Result<ExpenseReplyView, IpcError> {
    let now = now(&state);
    let args = args.map(|a| a.to_map());
    let profile = state.profile().id;
    let reply = app::confirm(
        &state.store,
        profile,
        &proposal_id,
        args,
        now,
        language,
        None,
    )
    .await?;
    Ok(view(&reply, now))
}

/// Cancels proposal `proposal_id`: nothing runs.
#[tauri::command]
#[specta::specta]
pub async fn expenses_cancel(
    state: State<'_, AppState>,
    proposal_id: String,
    language: Language,
) -> Result<ExpenseReplyView, IpcError> {
    let now = now(&state);
    let reply = app::cancel(
        &state.store,
        state.profile().id,
        &proposal_id,
        now,
        language,
    )
    .await?;
    Ok(view(&reply, now))
}

/// Replaces a waiting proposal's arguments (edited on its card): validated again and
/// stored as a new proposal that needs its own Confirm.
#[tauri::command]
#[specta::specta]
pub async fn expenses_revise(
    state: State<'_, AppState>,
    proposal_id: String,
    args: ExpenseArgs,
    language: Language,
) -> Result<ExpenseReplyView, IpcError> {
    let now = now(&state);
    let profile = state.profile().id;
    let args = args.to_map();
    let reply = app::revise(
        &state.store,
        profile,
        &proposal_id,
        args,
        now,
        language,
        None,
    )
    .await?;
    Ok(view(&reply, now))
}

/// One call made from the table (add, edit, delete) through the same validation, role
/// and gate as the chat: a delete comes back as a proposal to confirm.
#[tauri::command]
#[specta::specta]
pub async fn expenses_tool(
    state: State<'_, AppState>,
    tool: ExpenseTool,
    args: ExpenseArgs,
    language: Language,
) -> Result<ExpenseReplyView, IpcError> {
    let now = now(&state);
    let call = ToolCall {
        tool: tool.name().into(),
        args: args.to_map(),
    };
    let reply = app::tool(&state.store, state.profile().id, &call, now, language, None).await?;
    Ok(view(&reply, now))
}

/// The active profile's expenses in `range` and `category`, newest first.
#[tauri::command]
#[specta::specta]
pub async fn expenses_list(
    state: State<'_, AppState>,
    range: Option<String>,
    category: Option<Category>,
    language: Language,
) -> Result<Vec<ExpenseView>, IpcError> {
    let query = query(range.as_deref(), category, now(&state))?;
    let rows = state
        .store
        .list_expenses(state.profile().id, &query)
        .await?;
    Ok(rows.iter().map(|e| ExpenseView::new(e, language)).collect())
}

/// The total of the active profile's expenses in `range` and `category`.
#[tauri::command]
#[specta::specta]
pub async fn expenses_balance(
    state: State<'_, AppState>,
    range: Option<String>,
    category: Option<Category>,
    language: Language,
) -> Result<BalanceView, IpcError> {
    let now = now(&state);
    let query = query(range.as_deref(), category, now)?;
    let balance = state
        .store
        .expense_balance(state.profile().id, &query)
        .await?;
    Ok(BalanceView::new(&balance, now.date_naive(), language))
}

/// Spending per month and category in `range`, for the chart.
#[tauri::command]
#[specta::specta]
pub async fn expenses_months(
    state: State<'_, AppState>,
    range: Option<String>,
    language: Language,
) -> Result<Vec<MonthlyTotalView>, IpcError> {
    let query = query(range.as_deref(), None, now(&state))?;
    let months = state
        .store
        .expense_months(state.profile().id, &query)
        .await?;
    Ok(months
        .iter()
        .map(|m| MonthlyTotalView::new(m, language))
        .collect())
}
