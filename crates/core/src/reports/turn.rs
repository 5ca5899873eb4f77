//! One report turn: **command or tool loop → changes saved for review → confirmation**.
//! A request the app understands ([`parse_command`]) is applied without the model; any
//! other goes to the model's tool loop with its references resolved, its grammar
//! narrowed and its changes checked. However the loop ends — a final message, the step
//! limit, a repeated call, a crash, silence — the changes already saved stand, and the
//! app writes the confirmation from them.

use super::command::{parse_commands, plan_commands, CommandPlan, ParsedCommand};
use super::confirm::{apply_described, confirmation, describe_op};
use super::contract::Report;
use super::error::ReportError;
use super::focus::{focus, shortened, wants_shorter, Focus};
use super::host::{call_progress, op_progress, ReportHost};
use super::offline::{help_message, refusal_words, rewrite_failed_message};
use super::ops::{apply_op, ReportOp};
use super::ports::{ReportPorts, ReportProgress};
use super::prompt::{build_request, PromptInput};
use super::references::find_references;
use super::review::ChangeAuthor;
use super::rule_gate::needs_specs;
use super::tools::ToolChoice;
use crate::language::Language;
use crate::llm::tools::{run_tool_loop, LoopEnd, StepRecord};
use crate::llm::{CancelFlag, Llm, LlmError};
use crate::text::tidy::{detect_language, is_readable, tidy_reply};
use crate::Coded;

/// Longest request, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4_000;
/// Fewest words of a model's final message that answers without changing anything.
const MIN_REPLY_WORDS: usize = 3;
/// Most model steps in one turn.
pub const MAX_STEPS: usize = 6;

/// What a turn starts from.
#[derive(Debug, Clone)]
pub struct ReportTurnInput {
    /// The report as the student sees it (waiting changes applied).
    pub report: Report,
    /// The student's request.
    pub message: String,
    /// Changes rejected since the last turn, in words.
    pub rejected: Vec<String>,
    /// Whether the project has specifications to search.
    pub has_specs: bool,
    /// The language to answer in when the request does not tell.
    pub language: Language,
}

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnEnd {
    /// A request the app understood was applied.
    Command,
    /// The app asked which section (or said none fits), or refused the change.
    Asked,
    /// The model finished with a message.
    Reply,
    /// The model used every step.
    StepLimit,
    /// The model repeated a call.
    RepeatedCall,
    /// The model failed or wrote something unusable.
    ModelFailed,
    /// The student stopped the turn after changes were saved.
    Stopped,
    /// No model: the app's help answered.
    Offline,
}

impl TurnEnd {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Command => "command",
            Self::Asked => "asked",
            Self::Reply => "reply",
            Self::StepLimit => "stepLimit",
            Self::RepeatedCall => "repeatedCall",
            Self::ModelFailed => "modelFailed",
            Self::Stopped => "stopped",
            Self::Offline => "offline",
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone)]
pub struct ReportTurnOutcome {
    /// The reply shown to the student.
    pub reply: String,
    /// Who wrote the reply.
    pub reply_author: ChangeAuthor,
    /// Why the app wrote it after asking the model (`code: message`).
    pub failure: Option<String>,
    /// How the turn ended.
    pub end: TurnEnd,
    /// The changes saved for review this turn.
    pub change_ids: Vec<i64>,
    /// The report as shown after the turn.
    pub report: Report,
    /// The model's tool calls.
    pub steps: Vec<StepRecord>,
    /// Whether the project's specifications were searched (by the app or the model).
    pub searched_specs: bool,
    /// The language of the turn.
    pub language: Language,
}

/// A request trimmed, or why it cannot be one.
pub fn clean_message(message: &str) -> Result<String, ReportError> {
    let message = crate::text::tidy::strip_unsafe_chars(message.trim());
    if message.is_empty() {
        return Err(ReportError::MessageEmpty);
    }
    if message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(ReportError::MessageTooLong(MAX_MESSAGE_CHARS));
    }
    Ok(message)
}

/// Runs one turn. `on_progress` hears each step ("updating 2.1"); a stop before any
/// change is reported as the model's `model_cancelled`.
pub async fn run_report_turn(
    input: ReportTurnInput,
    llm: Option<&dyn Llm>,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
    cancel: &CancelFlag,
) -> Result<ReportTurnOutcome, ReportError> {
    let message = clean_message(&input.message)?;
    if let Some(parsed) = parse_commands(&message) {
        return command_turn(input.report, &message, parsed, ports, on_progress).await;
    }
    let language = detect_language(&message).unwrap_or(input.language);
    let references = find_references(&input.report, &message);
    let focus = focus(&message, &references);
    let outcome = |reply, failure, end, report| ReportTurnOutcome {
        reply,
        reply_author: ChangeAuthor::App,
        failure,
        end,
        change_ids: Vec::new(),
        report,
        steps: Vec::new(),
        searched_specs: false,
        language,
    };
    let Some(llm) = llm else {
        let help = help_message(&input.report, language);
        return Ok(outcome(help, None, TurnEnd::Offline, input.report));
    };
    let choice = ToolChoice {
        specs: input.has_specs && needs_specs(&message),
        actions: true,
    };
    // The app searches the specifications itself when the gate grants them, so a small
    // model finds the passages in its prompt instead of having to ask.
    let specs = if choice.specs {
        on_progress(ReportProgress {
            step: "searching".into(),
            section: None,
        });
        ports.search_specs(&message).await?
    } else {
        Vec::new()
    };
    let request = build_request(&PromptInput {
        report: &input.report,
        message: &message,
        references: &references,
        focus: &focus,
        rejected: &input.rejected,
        specs: &specs,
        language,
    });
    let labels = input.report.clone();
    let focus_copy = focus.clone();
    let mut host = ReportHost::new(input.report, ports, choice, focus, language);
    on_progress(ReportProgress {
        step: "thinking".into(),
        section: None,
    });
    let mut on_call =
        |call: &crate::llm::tools::ToolCall| on_progress(call_progress(&labels, call));
    let looped = run_tool_loop(llm, request, &mut host, MAX_STEPS, &mut on_call, cancel).await;
    let changed = !host.change_ids.is_empty();
    let confirm = confirmation(&host.described, language);
    let mut done = outcome(confirm, None, TurnEnd::Reply, host.report);
    done.change_ids = host.change_ids;
    done.searched_specs = choice.specs
        || looped
            .steps
            .iter()
            .any(|s| s.call.tool == "search_project_specs");
    done.steps = looped.steps;
    match looped.end {
        _ if cancel.is_cancelled() && !changed => {
            return Err(ReportError::Model(LlmError::Cancelled))
        }
        _ if cancel.is_cancelled() => done.end = TurnEnd::Stopped,
        // A rewrite the model was asked for and did not make is the app's to answer.
        LoopEnd::Reply(text) if !changed && focus_copy == Focus::Open => {
            let text = tidy_reply(&text);
            let words = text.split_whitespace().count();
            let fits = words >= MIN_REPLY_WORDS
                && is_readable(&text)
                && detect_language(&text).is_none_or(|l| l == language);
            if fits {
                done.reply = text;
                done.reply_author = ChangeAuthor::Model;
            } else {
                done.reply = help_message(&done.report, language);
                done.end = TurnEnd::ModelFailed;
                done.failure = Some(format!(
                    "unusable reply: {}",
                    text.chars().take(120).collect::<String>()
                ));
            }
        }
        LoopEnd::Reply(text) if !changed => {
            done.end = TurnEnd::ModelFailed;
            done.failure = Some(format!(
                "no change, only: {}",
                text.chars().take(120).collect::<String>()
            ));
        }
        LoopEnd::Reply(_) => {}
        LoopEnd::StepLimit => done.end = TurnEnd::StepLimit,
        LoopEnd::RepeatedCall => done.end = TurnEnd::RepeatedCall,
        LoopEnd::ModelFailed(e) => {
            done.end = TurnEnd::ModelFailed;
            done.failure = Some(format!("{}: {e}", e.code().as_str()));
        }
    }
    if !changed && done.reply_author == ChangeAuthor::App {
        match &focus_copy {
            Focus::Body(id) if wants_shorter(&message) => {
                return shorten_by_app(done, id, &message, ports, on_progress).await;
            }
            Focus::Body(id) | Focus::Title(id) | Focus::Append(id) => {
                done.reply = rewrite_failed_message(&done.report, id, language);
            }
            Focus::Open => done.reply = help_message(&done.report, language),
        }
    }
    Ok(done)
}

/// "Make it shorter" when the model's text was unusable: the app shortens the section to
/// its first sentence (images kept) and proposes that for review.
async fn shorten_by_app(
    mut done: ReportTurnOutcome,
    id: &str,
    message: &str,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
) -> Result<ReportTurnOutcome, ReportError> {
    let language = done.language;
    let Some(body) = done.report.find(id).and_then(|s| shortened(&s.body_md)) else {
        done.reply = rewrite_failed_message(&done.report, id, language);
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
    let reason: String = message
        .chars()
        .take(super::tools::MAX_REASON_CHARS)
        .collect();
    done.change_ids = ports
        .record_changes(std::slice::from_ref(&op), &reason, ChangeAuthor::App)
        .await?;
    done.reply = confirmation(
        &[describe_op(&before, &done.report, &op, language)],
        language,
    );
    done.failure
        .get_or_insert_with(|| "the model's text was not usable".into());
    Ok(done)
}

/// A request the app understood: its changes saved for review, or a question.
async fn command_turn(
    report: Report,
    message: &str,
    parsed: Vec<ParsedCommand>,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
) -> Result<ReportTurnOutcome, ReportError> {
    let language = parsed.first().map_or(Language::En, |p| p.language);
    let mut outcome = ReportTurnOutcome {
        reply: String::new(),
        reply_author: ChangeAuthor::App,
        failure: None,
        end: TurnEnd::Asked,
        change_ids: Vec::new(),
        report,
        steps: Vec::new(),
        searched_specs: false,
        language,
    };
    let ops = match plan_commands(&outcome.report, &parsed) {
        CommandPlan::Ask(question) => {
            outcome.reply = question;
            return Ok(outcome);
        }
        CommandPlan::Apply(ops) => ops,
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
    let reason: String = message
        .chars()
        .take(super::tools::MAX_REASON_CHARS)
        .collect();
    outcome.change_ids = ports
        .record_changes(&ops, &reason, ChangeAuthor::App)
        .await?;
    outcome.reply = confirmation(&described, language);
    outcome.end = TurnEnd::Command;
    outcome.report = after;
    Ok(outcome)
}
