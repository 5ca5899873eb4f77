//! The turns the app writes itself: a request it understood (its changes saved for
//! review, the last change taken back, or a question), and "make it shorter" when the
//! model's text was unusable.

use super::command::CommandPlan;
use super::confirm::{apply_described, confirmation, describe_op};
use super::contract::Report;
use super::error::ReportError;
use super::focus::shortened;
use super::host::op_progress;
use super::offline::{help_message, nothing_to_undo, refusal_words, rewrite_failed_message};
use super::ops::{apply_op, ReportOp};
use super::outcome::{ReportTurnOutcome, TurnEnd};
use super::ports::{ReportPorts, ReportProgress};
use super::review::ChangeAuthor;
use lantern_core::language::Language;

/// A request the app understood, planned.
pub(crate) struct CommandTurn<'a> {
    /// The request as the student wrote it (the reason of its changes).
    pub request: &'a str,
    /// The language it was said in.
    pub language: Language,
    /// What the app does.
    pub plan: CommandPlan,
}

/// The reason saved with a change: the request, cut to the limit.
fn reason(request: &str) -> String {
    request
        .chars()
        .take(super::tools::MAX_REASON_CHARS)
        .collect()
}

/// A request the app understood: its changes saved for review, the last change taken
/// back, or a question.
pub(crate) async fn command_turn(
    report: Report,
    turn: CommandTurn<'_>,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
) -> Result<ReportTurnOutcome, ReportError> {
    let CommandTurn {
        request,
        language,
        plan,
    } = turn;
    let mut outcome = ReportTurnOutcome::by_app(String::new(), TurnEnd::Asked, report, language);
    let ops = match plan {
        CommandPlan::Ask(question) => {
            outcome.reply = question;
            return Ok(outcome);
        }
        CommandPlan::Undo => {
            match ports.undo_last(language).await? {
                Some((words, report)) => {
                    outcome.reply = words;
                    outcome.report = report;
                    outcome.end = TurnEnd::Command;
                }
                None => outcome.reply = nothing_to_undo(language),
            }
            return Ok(outcome);
        }
        CommandPlan::Apply(ops) => ops,
        // The caller sends these to the model; here they are the app's help.
        CommandPlan::Model(_) => {
            outcome.reply = help_message(&outcome.report, language);
            return Ok(outcome);
        }
    };
    let (after, described) = match apply_described(&outcome.report, &ops, language) {
        Ok(done) => done,
        Err(e) => {
            outcome.reply = refusal_words(&e, &outcome.report, language);
            return Ok(outcome);
        }
    };
    for op in &ops {
        on_progress(op_progress(&outcome.report, op));
    }
    outcome.change_ids = ports
        .record_changes(&ops, &reason(request), ChangeAuthor::App)
        .await?;
    outcome.reply = confirmation(&described, language);
    outcome.end = TurnEnd::Command;
    outcome.report = after;
    Ok(outcome)
}

/// "Make it shorter" when the model's text was unusable: the app shortens section `id`
/// to its first sentence (images kept) and proposes that for review.
pub(crate) async fn shorten_by_app(
    mut done: ReportTurnOutcome,
    id: &str,
    request: &str,
    ports: &dyn ReportPorts,
    on_progress: &(dyn Fn(ReportProgress) + Sync),
) -> Result<ReportTurnOutcome, ReportError> {
    let language = done.language;
    let Some(body) = done.report.find(id).and_then(|s| shortened(&s.body_md)) else {
        done.reply = rewrite_failed_message(&done.report, id, None, language);
        return Ok(done);
    };
    let op = ReportOp::UpdateSection {
        id: id.to_string(),
        title: None,
        body_md: Some(body),
    };
    let before = done.report.clone();
    apply_op(&mut done.report, &op)?;
    on_progress(op_progress(&before, &op));
    done.change_ids = ports
        .record_changes(
            std::slice::from_ref(&op),
            &reason(request),
            ChangeAuthor::App,
        )
        .await?;
    done.reply = confirmation(
        &[describe_op(&before, &done.report, &op, language)],
        language,
    );
    done.failure
        .get_or_insert_with(|| "the model's text was not usable".into());
    Ok(done)
}
