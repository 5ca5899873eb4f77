//! The coach loop inside the app: a turn reads the session from SQLite, asks the model
//! (or, when no model is ready, the offline guide), streams the reply through a channel
//! and saves the outcome. The rules themselves live in `lantern_core::coach`.

use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::coach::{
    offline_turn, reply_change, run_turn, CoachMessage, CoachRole, CoachTurnInput, Language,
    ProposedUpdate, ToulminDraft, ToulminStep,
};
use lantern_core::llm::{CancelFlag, ChatMessage, ChatRole};
use lantern_core::Coded;
use lantern_store::CoachSession;
use serde::Serialize;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime};

/// Longest student message accepted, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// What a coach turn streams to the UI.
#[derive(Debug, Clone, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CoachStreamEvent {
    /// More of the coach's reply text.
    Delta {
        /// The new text.
        text: String,
    },
    /// The turn is over: the session as saved.
    Final {
        /// The session after the turn.
        session: Box<CoachSessionView>,
    },
    /// The turn failed; nothing but the student's message was saved.
    Error {
        /// Stable code, e.g. `coach_validation_failed`, `model_crashed`.
        code: String,
        /// What went wrong.
        message: String,
    },
}

/// A coach session as the UI shows it.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct CoachSessionView {
    /// Session id.
    pub id: i32,
    /// Title of the argument.
    pub title: String,
    /// Language of the conversation.
    pub language: Language,
    /// The step being worked on.
    pub current_step: ToulminStep,
    /// Whether all seven steps are done.
    pub is_complete: bool,
    /// The argument so far.
    pub draft: ToulminDraft,
    /// The proposal waiting for accept or reject.
    pub pending_proposal: Option<ProposedUpdate>,
    /// The conversation, oldest first.
    pub messages: Vec<CoachMessage>,
}

impl From<CoachSession> for CoachSessionView {
    fn from(s: CoachSession) -> Self {
        Self {
            id: i32::try_from(s.id).unwrap_or(i32::MAX),
            title: s.title,
            language: s.language,
            current_step: s.current_step,
            is_complete: s.is_complete,
            draft: s.draft,
            pending_proposal: s.pending_proposal,
            messages: s.messages,
        }
    }
}

/// The conversation before the new message, as chat messages (the prompt keeps the
/// most recent ones).
fn history(messages: &[CoachMessage]) -> Vec<ChatMessage> {
    messages
        .iter()
        .map(|m| ChatMessage {
            role: match m.role {
                CoachRole::User => ChatRole::User,
                CoachRole::Assistant => ChatRole::Assistant,
            },
            content: m.content.clone(),
        })
        .collect()
}

/// Runs one coach turn on session `id` for the student's last message (already saved),
/// streaming to `channel`, and saves the reply. Errors are sent on the channel too.
pub async fn answer<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    id: i64,
    channel: &Channel<CoachStreamEvent>,
) -> Result<CoachSessionView, IpcError> {
    let result = answer_unreported(app, state, id, channel).await;
    match &result {
        Ok(session) => send(
            channel,
            CoachStreamEvent::Final {
                session: Box::new(session.clone()),
            },
        ),
        Err(e) => send(
            channel,
            CoachStreamEvent::Error {
                code: e.code.clone(),
                message: e.message.clone(),
            },
        ),
    }
    result
}

fn send(channel: &Channel<CoachStreamEvent>, event: CoachStreamEvent) {
    if let Err(e) = channel.send(event) {
        tracing::warn!("the coach stream was closed: {e}");
    }
}

async fn answer_unreported<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    id: i64,
    channel: &Channel<CoachStreamEvent>,
) -> Result<CoachSessionView, IpcError> {
    let profile = state.profile().id;
    let session = state.store.coach_session(profile, id).await?;
    let Some((last, earlier)) = session.messages.split_last() else {
        return Err(IpcError::new(
            "coach_no_message",
            "there is no message to answer",
        ));
    };
    if last.role != CoachRole::User {
        return Err(IpcError::new(
            "coach_no_message",
            "the last message already has an answer",
        ));
    }
    let step = session.current_step;
    let mut in_step = state
        .store
        .coach_user_messages_in_step(profile, id, step)
        .await?;
    in_step.pop(); // the new message itself
    let input = CoachTurnInput {
        current_step: step,
        draft: session.draft.clone(),
        history: history(earlier),
        user_message: last.content.clone(),
        first_turn_for_step: in_step.is_empty(),
        earlier_in_step: in_step,
        language: session.language,
        last_proposal: session.pending_proposal.as_ref().map(|p| p.value.clone()),
    };
    let result = match state.model.llm() {
        Some(llm) => {
            let mut on_text = |text: &str| {
                send(
                    channel,
                    CoachStreamEvent::Delta {
                        text: text.to_string(),
                    },
                )
            };
            match run_turn(&*llm, &input, &mut on_text, &CancelFlag::default()).await {
                Ok(outcome) => outcome.result,
                Err(e) => {
                    if e.code() == "model_crashed" {
                        let app = app.clone();
                        tauri::async_runtime::spawn(async move {
                            let state = tauri::Manager::state::<AppState>(&app);
                            state.model.recover(&app).await;
                        });
                    }
                    return Err(e.into());
                }
            }
        }
        None => offline_turn(&input),
    };
    let change = reply_change(step, session.language, &result);
    state.store.apply_coach_change(profile, id, &change).await?;
    Ok(state.store.coach_session(profile, id).await?.into())
}

/// Checks a message from the student: trimmed, not empty, not too long.
pub fn clean_message(raw: &str) -> Result<String, IpcError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(IpcError::new("coach_message_empty", "the message is empty"));
    }
    if text.chars().count() > MAX_MESSAGE_CHARS {
        return Err(IpcError::new(
            "coach_message_too_long",
            format!("messages are limited to {MAX_MESSAGE_CHARS} characters"),
        ));
    }
    Ok(text.to_string())
}
