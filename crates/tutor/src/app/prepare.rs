//! Preparing a turn on a saved thread: the thread's recent words, the question it
//! waits on and the drill a button refers to, then the tutor's [`prepare_turn`].

use super::load::Loaded;
use super::{TutorPorts, TutorRepository};
use crate::help::asks_for_help;
use crate::{
    prepare_turn, CleanStudentInput, ClientEvent, PreparedTurn, TurnRequest, TutorCard, TutorRole,
};
use chrono::{DateTime, Utc};

/// Tutor messages read back as "already said" (so neither the model nor a question
/// repeats them).
const RECENT_TUTOR_MESSAGES: usize = 6;

/// The tutor's recent words in `loaded`'s thread, oldest first.
fn recent_tutor_texts(loaded: &Loaded) -> Vec<String> {
    let mut texts: Vec<String> = loaded
        .thread
        .messages
        .iter()
        .rev()
        .filter(|m| m.role == TutorRole::Assistant)
        .take(RECENT_TUTOR_MESSAGES)
        .map(|m| match &m.card {
            Some(TutorCard::Drill {
                prompt,
                question_latex,
                ..
            }) => format!("{} {prompt} {question_latex}", m.text),
            _ => m.text.clone(),
        })
        .collect();
    texts.reverse();
    texts
}

/// The drill message the student is stuck on: the one a button names, or the drill card
/// just shown when they type that they are stuck ("i'm stuck", "no sé").
fn stuck_on<'a>(loaded: &'a Loaded, input: &'a CleanStudentInput) -> Option<&'a str> {
    if let Some(message) = input.event.drill_message_id() {
        return Some(message);
    }
    if input.event != ClientEvent::None || !asks_for_help(input.query()) {
        return None;
    }
    loaded
        .thread
        .messages
        .iter()
        .rev()
        .find(|m| m.role == TutorRole::Assistant)
        .filter(|m| matches!(m.card, Some(TutorCard::Drill { .. })))
        .map(|m| m.id.as_str())
}

/// The unit the conversation was last about: the unit of the passage the tutor's last
/// reply quoted, if it quoted one.
fn previous_topic(loaded: &Loaded) -> Option<&str> {
    loaded
        .thread
        .messages
        .iter()
        .rev()
        .find(|m| m.role == TutorRole::Assistant)?
        .passage
        .as_ref()
        .map(|p| p.unit_id.as_str())
}

/// The turn `input` starts on `loaded`'s thread at `now`: mapping, policy, plan,
/// material, the authored turn, prompt and grammar.
pub(super) async fn prepare<R: TutorRepository + ?Sized>(
    repo: &R,
    loaded: &Loaded,
    input: &CleanStudentInput,
    ports: TutorPorts<'_>,
    now: DateTime<Utc>,
) -> Result<PreparedTurn, R::Error> {
    let turn_id = loaded.thread.next_turn_id();
    let recent = recent_tutor_texts(loaded);
    let pending = repo.pending_key(loaded.thread.id).await?;
    let event_drill = match stuck_on(loaded, input) {
        Some(message) => repo.message_key(loaded.thread.id, message).await?,
        None => None,
    };
    let request = TurnRequest {
        course: &loaded.course,
        snapshot: &loaded.snapshot,
        input,
        language: loaded.thread.language,
        turn_id: &turn_id,
        now,
        recent_tutor_texts: &recent,
        pending: pending.as_ref(),
        event_drill: event_drill.as_ref(),
        previous_topic: previous_topic(loaded),
    };
    Ok(prepare_turn(&request, ports.retriever, ports.exams).await?)
}
