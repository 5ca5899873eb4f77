//! One turn of a session: a message, a form or a section picked. The student's turn and
//! the progress it made are saved before the model runs; the reply, with the milestones
//! it celebrates and who wrote it, in one transaction after — so a kill mid-turn keeps
//! the student's words and never celebrates a milestone no reply showed.

use super::rows::{ModuleMessage, NewReply};
use super::turn_input::turn_input;
use super::views::{progress_view, ProgressView};
use super::ModuleRepository;
use crate::{prepare_module_turn, run_module_turn, ModuleError, StudentAct};
use lantern_core::llm::{CancelFlag, DeltaSink, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use serde::Serialize;

/// One turn asked of a session.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleRequest {
    /// The profile acting.
    pub profile_id: i64,
    /// Its session.
    pub session_id: i64,
    /// What the student did (a message already cleaned).
    pub act: StudentAct,
}

/// What one turn saved.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleTurnSaved {
    /// The student's turn.
    pub student: ModuleMessage,
    /// The reply.
    pub reply: ModuleMessage,
    /// Who wrote the reply, as saved.
    pub origin: ReplyOrigin,
    /// The progress after the turn.
    pub progress: ProgressView,
    /// Why the guide answered after the model was asked, for logs.
    pub failure: Option<String>,
}

/// A saved row that does not read back.
fn missing(what: &str) -> ModuleError {
    ModuleError::Storage(ErrorCode::StoreCorrupt, format!("{what} is missing"))
}

/// One turn: the act checked and applied to the progress, the student's turn saved,
/// the reply (code's, the model's or the guide's, as the shared turn says) saved with
/// the milestones it celebrates. Bad input is refused before anything is saved.
pub async fn send<R: ModuleRepository + ?Sized>(
    repo: &R,
    request: ModuleRequest,
    llm: Option<&dyn Llm>,
    retriever: Option<&dyn Retriever>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<ModuleTurnSaved, R::Error> {
    let ModuleRequest {
        profile_id,
        session_id,
        act,
    } = request;
    let session = repo.session(profile_id, session_id).await?;
    let (module, _) = repo.module(&session.module_id).await?;
    let form_json = match &act {
        StudentAct::Form { form_id, answers } => {
            Some(serde_json::json!({"id": form_id, "answers": answers}))
        }
        _ => None,
    };
    let input = turn_input(repo, &session, &module, act, retriever).await?;
    let prepared = prepare_module_turn(input)?;
    let mut before_reply = prepared.progress.clone();
    before_reply.celebrated = session.progress.celebrated.clone();
    let student_id = repo
        .save_student_turn(
            session_id,
            &prepared.student_text,
            form_json.as_ref(),
            &before_reply,
            &prepared.forms_sent,
        )
        .await?;
    // The shared turn answers a missing, crashed or hung model with the guide.
    let outcome = run_module_turn(&prepared, llm, on_text, cancel).await?;
    let reply_id = repo
        .save_reply(
            session_id,
            NewReply::of(&outcome),
            &prepared.progress,
            &prepared.forms_sent,
        )
        .await?;
    let messages = repo.messages(session_id).await?;
    let find = |id: i64| messages.iter().find(|m| m.id == id).cloned();
    let student = find(student_id).ok_or_else(|| missing("the saved student turn"))?;
    let reply = find(reply_id).ok_or_else(|| missing("the saved reply"))?;
    let origin = reply
        .origin
        .ok_or_else(|| missing("the saved reply's origin"))?;
    Ok(ModuleTurnSaved {
        student,
        reply,
        origin,
        progress: progress_view(&module, &prepared.progress),
        failure: outcome.failure,
    })
}
