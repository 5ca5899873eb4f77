//! A chat turn on a report: the request saved, the turn answered (each change saved for
//! review as it is made), the reply saved with who wrote it.

use super::describe::describe_against;
use super::ports::RepositoryPorts;
use super::{ReplyToSave, ReportsRepository};
use crate::outcome::ReportTurnOutcome;
use crate::ports::ReportProgress;
use crate::turn::{run_report_turn, ReportTurnInput};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::{CleanInput, ReplyOrigin};

/// A student's request on a report.
#[derive(Debug, Clone)]
pub struct ReportRequest {
    /// The profile.
    pub profile_id: i64,
    /// The report.
    pub report_id: i64,
    /// What the student wrote, cleaned by the caller (`clean_message`).
    pub message: CleanInput,
    /// The language to answer in when the message does not tell.
    pub language: Language,
}

/// What a saved turn did.
#[derive(Debug, Clone)]
pub struct ReportTurnSaved {
    /// The turn's outcome (reply, changes, the report shown).
    pub outcome: ReportTurnOutcome,
    /// Who wrote the reply, as stored.
    pub origin: ReplyOrigin,
    /// The student's message id.
    pub request_id: i64,
    /// The reply's message id.
    pub reply_id: i64,
}

/// One chat turn: the student's message saved (the rejections since the last turn told
/// with it), the turn run through `answer_turn` with `llm` and the project's `specs`,
/// the reply saved. A turn that fails, or is stopped before any change, leaves nothing.
pub async fn send<R: ReportsRepository + ?Sized>(
    repo: &R,
    request: ReportRequest,
    llm: Option<&dyn Llm>,
    specs: Option<&dyn Retriever>,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
    cancel: &CancelFlag,
) -> Result<ReportTurnSaved, R::Error> {
    let ReportRequest {
        profile_id,
        report_id,
        message,
        language,
    } = request;
    let state = repo.report_state(profile_id, report_id).await?;
    let untold = repo.untold_rejections(report_id).await?;
    let rejected = untold
        .iter()
        .map(|r| describe_against(&state.base, &r.op, language))
        .collect();
    let told: Vec<i64> = untold.iter().map(|r| r.id).collect();
    let request_id = repo.save_request(report_id, &message, &told).await?;
    let ports = RepositoryPorts {
        repo,
        profile_id,
        report_id,
        project_id: state.project_id,
        message_id: request_id,
        specs,
    };
    let input = ReportTurnInput {
        report: state.shown(),
        message,
        rejected,
        has_specs: specs.is_some() && repo.has_spec_files(state.project_id).await?,
        language,
    };
    let answered = match run_report_turn(input, llm, &ports, on_progress, cancel).await {
        Ok(answered) => answered,
        Err(e) => {
            repo.delete_message(request_id).await?;
            return Err(e.into());
        }
    };
    let outcome = answered.reply;
    let reply = ReplyToSave {
        text: &outcome.reply,
        origin: answered.origin,
        end: outcome.end,
        failure: outcome.failure.as_deref(),
    };
    let (reply_id, origin) = repo.save_reply(report_id, &reply).await?;
    Ok(ReportTurnSaved {
        outcome,
        origin,
        request_id,
        reply_id,
    })
}
