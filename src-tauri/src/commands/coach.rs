//! Commands of the argument coach: sessions, turns (streamed through a channel),
//! proposals, direct edits of the draft, and exports.

use crate::coach::{answer, clean_message, CoachSessionView, CoachStreamEvent};
use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::coach::{
    accept_proposal, advance_step, step_change, to_argdown, to_markdown, CoachChange, Language,
    StepOutcome, ToulminStep,
};
use lantern_store::CoachSession;
use serde::{Deserialize, Serialize};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

/// Longest draft field accepted, in characters.
const MAX_FIELD_CHARS: usize = 2000;

/// A coach session as listed.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct CoachSessionSummaryView {
    /// Session id.
    pub id: i32,
    /// Title of the argument.
    pub title: String,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// Last change, RFC 3339 UTC.
    pub updated_at: String,
}

/// Text formats an argument can be exported to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ExportFormat {
    /// Markdown with one section per element.
    Markdown,
    /// Argdown (argument mapping syntax).
    Argdown,
}

async fn session(state: &AppState, id: i32) -> Result<CoachSessionView, IpcError> {
    Ok(state
        .store
        .coach_session(state.profile().id, i64::from(id))
        .await?
        .into())
}

/// The active profile's arguments, most recently changed first.
#[tauri::command]
#[specta::specta]
pub async fn coach_list(
    state: State<'_, AppState>,
) -> Result<Vec<CoachSessionSummaryView>, IpcError> {
    Ok(state
        .store
        .list_coach_sessions(state.profile().id)
        .await?
        .into_iter()
        .map(|s| CoachSessionSummaryView {
            id: i32::try_from(s.id).unwrap_or(i32::MAX),
            title: s.title,
            current_step: s.current_step,
            is_complete: s.is_complete,
            updated_at: s.updated_at,
        })
        .collect())
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
    let created = state
        .store
        .create_coach_session(profile, &title, language, &CoachChange::opening(language))
        .await?;
    Ok(created.into())
}

/// One argument with its draft and conversation.
#[tauri::command]
#[specta::specta]
pub async fn coach_open(state: State<'_, AppState>, id: i32) -> Result<CoachSessionView, IpcError> {
    session(&state, id).await
}

/// Deletes an argument and its conversation.
#[tauri::command]
#[specta::specta]
pub async fn coach_delete(state: State<'_, AppState>, id: i32) -> Result<(), IpcError> {
    Ok(state
        .store
        .delete_coach_session(state.profile().id, i64::from(id))
        .await?)
}

/// Saves the student's `message` and streams the coach's answer to `on_event`
/// (`delta`s, then `final` or `error`); resolves to the session as saved.
#[tauri::command]
#[specta::specta]
pub async fn coach_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: i32,
    message: String,
    on_event: Channel<CoachStreamEvent>,
) -> Result<CoachSessionView, IpcError> {
    let text = clean_message(&message)?;
    let profile = state.profile().id;
    let current = state.store.coach_session(profile, i64::from(id)).await?;
    let change = CoachChange::student_message(current.current_step, &text);
    state
        .store
        .apply_coach_change(profile, current.id, &change)
        .await?;
    answer(&app, &state, current.id, &on_event).await
}

/// Answers the student's last message again (after an error).
#[tauri::command]
#[specta::specta]
pub async fn coach_retry<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: i32,
    on_event: Channel<CoachStreamEvent>,
) -> Result<CoachSessionView, IpcError> {
    answer(&app, &state, i64::from(id), &on_event).await
}

/// Accepts the pending proposal: saves it to the draft, advances the step and opens
/// the next one with its question (or completes the argument).
#[tauri::command]
#[specta::specta]
pub async fn coach_accept(
    state: State<'_, AppState>,
    id: i32,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let current = state.store.coach_session(profile, i64::from(id)).await?;
    let proposal = current
        .pending_proposal
        .clone()
        .ok_or_else(|| IpcError::new("coach_no_proposal", "there is no proposal to accept"))?;
    let mut draft = current.draft.clone();
    let outcome = accept_proposal(current.current_step, &mut draft, &proposal)?;
    move_on(
        &state,
        &current,
        outcome,
        Some(draft.get(current.current_step)),
    )
    .await
}

/// Rejects the pending proposal; the conversation goes on.
#[tauri::command]
#[specta::specta]
pub async fn coach_reject(
    state: State<'_, AppState>,
    id: i32,
) -> Result<CoachSessionView, IpcError> {
    state
        .store
        .apply_coach_change(state.profile().id, i64::from(id), &CoachChange::rejection())
        .await?;
    session(&state, id).await
}

/// Saves the student's own text for draft field `step`.
#[tauri::command]
#[specta::specta]
pub async fn coach_edit_draft(
    state: State<'_, AppState>,
    id: i32,
    step: ToulminStep,
    text: String,
) -> Result<CoachSessionView, IpcError> {
    if text.chars().count() > MAX_FIELD_CHARS {
        return Err(IpcError::new(
            "coach_field_too_long",
            format!("each part of the argument is limited to {MAX_FIELD_CHARS} characters"),
        ));
    }
    let change = CoachChange::draft_edit(step, text.trim());
    state
        .store
        .apply_coach_change(state.profile().id, i64::from(id), &change)
        .await?;
    session(&state, id).await
}

/// Moves on from the current step when its draft text is good enough (the student's
/// own edit, without a proposal), opening the next step with its question.
#[tauri::command]
#[specta::specta]
pub async fn coach_advance(
    state: State<'_, AppState>,
    id: i32,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let current = state.store.coach_session(profile, i64::from(id)).await?;
    let outcome = advance_step(current.current_step, &current.draft, current.language)?;
    move_on(&state, &current, outcome, None).await
}

/// Saves a completed step (with the `accepted` proposal's text, if any) and opens the
/// next one with its question, in one transaction.
async fn move_on(
    state: &AppState,
    current: &CoachSession,
    outcome: StepOutcome,
    accepted: Option<&str>,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let change = step_change(current.current_step, current.language, outcome, accepted);
    state
        .store
        .apply_coach_change(profile, current.id, &change)
        .await?;
    Ok(state.store.coach_session(profile, current.id).await?.into())
}

/// Writes the argument as Markdown or Argdown to `path` (chosen in a save dialog).
#[tauri::command]
#[specta::specta]
pub async fn coach_export_file(
    state: State<'_, AppState>,
    id: i32,
    format: ExportFormat,
    path: String,
) -> Result<(), IpcError> {
    let s = session(&state, id).await?;
    let text = match format {
        ExportFormat::Markdown => to_markdown(&s.title, &s.draft),
        ExportFormat::Argdown => to_argdown(&s.title, &s.draft),
    };
    tokio::fs::write(&path, text)
        .await
        .map_err(|e| IpcError::new("export_failed", format!("cannot write {path}: {e}")))
}
