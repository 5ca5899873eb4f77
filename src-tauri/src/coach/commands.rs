//! Commands of the argument coach: sessions, streamed turns, proposals, the student's
//! own edits, autosave, and exports. Each is one operation of [`lantern_coach::app`] on
//! the store (or one store query); no rules live here.

use super::views::{CoachSessionSummaryView, CoachSessionView, ExportFormat};
use crate::error::IpcError;
use crate::model_turn::stream_with_model;
use crate::picker::{self, Save, SaveFormat, Saved};
use crate::row_id::RowId;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use lantern_coach::app::{self, CoachRepository};
use lantern_coach::{clean_message, to_argdown, to_markdown, CoachSession, Language, ToulminStep};
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{CleanInput, ReplyOrigin};
use lantern_core::ErrorCode;
use lantern_store::{write_new_file, Store};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State, WebviewWindow};

/// The active profile's arguments, most recently changed first.
#[tauri::command]
#[specta::specta]
pub async fn coach_list(
    state: State<'_, AppState>,
) -> Result<Vec<CoachSessionSummaryView>, IpcError> {
    let sessions = state.store.list_coach_sessions(state.profile().id).await?;
    Ok(sessions.into_iter().map(Into::into).collect())
}

/// The argument the active profile opened or changed last, to reopen on start.
#[tauri::command]
#[specta::specta]
pub async fn coach_last(state: State<'_, AppState>) -> Result<Option<RowId>, IpcError> {
    let last = state.store.last_coach_session(state.profile().id).await?;
    Ok(last.map(RowId::from))
}

/// Starts a new argument titled `title`, in `language`, opened with the claim question.
#[tauri::command]
#[specta::specta]
pub async fn coach_create(
    state: State<'_, AppState>,
    title: String,
    language: Language,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let created = app::start(&state.store, profile, &title, language).await?;
    Ok(state
        .store
        .open_coach_session(profile, created.id)
        .await?
        .into())
}

/// Opens an argument with its draft and conversation (and remembers it as the last one).
#[tauri::command]
#[specta::specta]
pub async fn coach_open(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    Ok(state.store.open_coach_session(profile, id.0).await?.into())
}

/// Deletes an argument and its conversation.
#[tauri::command]
#[specta::specta]
pub async fn coach_delete(state: State<'_, AppState>, id: RowId) -> Result<(), IpcError> {
    Ok(state
        .store
        .delete_coach_session(state.profile().id, id.0)
        .await?)
}

/// Cleans the student's `message` (the one cleaning on its way), saves it and streams
/// the coach's answer to `on_event` (`started`, `delta`s, then `final` or `error`);
/// resolves to the session as saved.
#[tauri::command]
#[specta::specta]
pub async fn coach_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    message: String,
    on_event: Channel<TurnEvent<CoachSessionView>>,
) -> Result<CoachSessionView, IpcError> {
    let text = clean_message(&message)?;
    app::say(&state.store, state.profile().id, id.0, &text).await?;
    answer(&app, &state, id, Some(text), &on_event).await
}

/// Answers the student's last, unanswered message again (after an error or a stop).
#[tauri::command]
#[specta::specta]
pub async fn coach_retry<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    on_event: Channel<TurnEvent<CoachSessionView>>,
) -> Result<CoachSessionView, IpcError> {
    answer(&app, &state, id, None, &on_event).await
}

/// A coach turn on a saved session, for the shared pipeline: on the student's `message`
/// just sent, or (`None`) on the saved last message again.
struct CoachTurn {
    store: Store,
    profile: i64,
    id: i64,
    message: Option<CleanInput>,
}

impl StreamedTurn for CoachTurn {
    type Final = CoachSessionView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::CoachStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(CoachSessionView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let (store, profile, id) = (&self.store, self.profile, self.id);
            let answer = match self.message.clone() {
                Some(message) => {
                    app::answer(store, profile, id, message, llm, on_text, cancel).await?
                }
                None => app::retry(store, profile, id, llm, on_text, cancel).await?,
            };
            Ok((answer.session.into(), answer.origin))
        })
    }
}

/// Answers the student's `message` just saved in session `id` (or, when `None`, its
/// saved last message again) through the shared streamed turn; a model that crashed or
/// hung is restarted while the offline guide answers.
async fn answer<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    id: RowId,
    message: Option<CleanInput>,
    channel: &Channel<TurnEvent<CoachSessionView>>,
) -> Result<CoachSessionView, IpcError> {
    let turn = CoachTurn {
        store: state.store.clone(),
        profile: state.profile().id,
        id: id.0,
        message,
    };
    stream_with_model(app, state, channel, turn).await
}

/// Accepts the pending proposal: saves it to the draft, advances the step and opens
/// the next one with a coach turn about the argument so far (the model's, checked, or
/// the guide's) and its question — or completes the argument.
#[tauri::command]
#[specta::specta]
pub async fn coach_accept(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let llm = state.model.llm();
    let llm = llm.as_deref().map(|s| s as &dyn Llm);
    Ok(app::accept(&state.store, profile, id.0, llm).await?.into())
}

/// Rejects the pending proposal; the conversation goes on.
#[tauri::command]
#[specta::specta]
pub async fn coach_reject(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    Ok(app::reject(&state.store, profile, id.0).await?.into())
}

/// Saves the student's own text for draft field `step` (autosaved while typing).
#[tauri::command]
#[specta::specta]
pub async fn coach_edit_draft(
    state: State<'_, AppState>,
    id: RowId,
    step: ToulminStep,
    text: String,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    Ok(app::edit(&state.store, profile, id.0, step, &text)
        .await?
        .into())
}

/// Autosaves the composer's unsent `text` for session `id`.
#[tauri::command]
#[specta::specta]
pub async fn coach_save_unsent(
    state: State<'_, AppState>,
    id: RowId,
    text: String,
) -> Result<(), IpcError> {
    let profile = state.profile().id;
    Ok(state.store.save_coach_unsent(profile, id.0, &text).await?)
}

/// Moves on from the current step when its draft text is good enough (the student's
/// own edit, without a proposal), opening the next step as `coach_accept` does.
#[tauri::command]
#[specta::specta]
pub async fn coach_advance(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let llm = state.model.llm();
    let llm = llm.as_deref().map(|s| s as &dyn Llm);
    Ok(app::advance(&state.store, profile, id.0, llm).await?.into())
}

/// Saves the argument as Markdown or Argdown where the student chooses in a save dialog
/// the app opens (titled in `language`); the saved path, or `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn coach_export_file<R: Runtime>(
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    id: RowId,
    format: ExportFormat,
    language: Language,
) -> Result<Option<String>, IpcError> {
    let s: CoachSession = state.store.coach_session(state.profile().id, id.0).await?;
    let (text, format) = match format {
        ExportFormat::Markdown => (to_markdown(&s.title, &s.draft), SaveFormat::Markdown),
        ExportFormat::Argdown => (to_argdown(&s.title, &s.draft), SaveFormat::Argdown),
    };
    let save = Save {
        what: Saved::Argument,
        format,
    };
    let Some(path) = picker::save_to(&window, save, &s.title, language).await? else {
        return Ok(None);
    };
    let shown = path.display().to_string();
    tauri::async_runtime::spawn_blocking(move || write_new_file(&path, text.as_bytes()))
        .await
        .map_err(|e| IpcError::internal(e.to_string()))?
        .map_err(|e| {
            IpcError::new(
                ErrorCode::ExportFailed,
                format!("cannot write {shown}: {e}"),
            )
        })?;
    Ok(Some(shown))
}
