//! One report turn: **command or tool loop → changes saved for review → confirmation**.
//! A request the app understands ([`parse_command`]) is applied without the model; any
//! other goes to the model's tool loop with its references resolved, its grammar
//! narrowed and its changes checked. However the loop ends — a final message, the step
//! limit, a repeated call, a crash, silence — the changes already saved stand, and the
//! app writes the confirmation from them.

use super::clarify::answered_request;
use super::command::{parse_commands, plan_commands, CommandPlan};
use super::confirm::{apply_described, confirmation, describe_op};
use super::contract::Report;
use super::error::ReportError;
use super::focus::{focus, shortened, wants_shorter, Focus};
use super::host::{call_progress, op_progress, ReportHost};
use super::offline::{
    help_message, nothing_to_undo, question_quote, refusal_words, rewrite_failed_message,
};
use super::ops::{apply_op, ReportOp};
use super::ports::{ReportPorts, ReportProgress};
use super::prompt::{build_request, PromptInput};
use super::references::find_references;
use super::reply_words::{clip, is_question, kept_words, reply_filter};
use super::review::ChangeAuthor;
use super::rewrite_check::rewrite_ask;
use super::rule_gate::needs_specs;
use super::tools::ToolChoice;
use lantern_core::language::Language;
use lantern_core::llm::tools::{run_tool_loop, LoopEnd, StepRecord};
use lantern_core::llm::{CancelFlag, Llm, LlmError};
use lantern_core::text::tidy::detect_language;
use lantern_core::Coded;

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
    /// The model's error, when the model failed (not when its words were unusable).
    pub model_error: Option<lantern_core::ErrorCode>,
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
    /// The model's sentences the reply filter dropped ("check: sentence").
    pub dropped: Vec<String>,
    /// When the model was asked (its tool loop ran): whether words it wrote passed the
    /// reply filter and are in the reply. `None` when code or the offline help answered.
    pub model_words: Option<bool>,
}

/// A request trimmed, or why it cannot be one.
pub fn clean_message(message: &str) -> Result<lantern_core::turn::CleanInput, ReportError> {
    lantern_core::turn::clean_or(
        message,
        MAX_MESSAGE_CHARS,
        || ReportError::MessageEmpty,
        ReportError::MessageTooLong,
    )
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
    let message = clean_message(&input.message)?.into_string();
    let history = ports.chat_history().await?;
    let commands = match parse_commands(&message) {
        Some(parsed) => Some((message.clone(), parsed)),
        None => answered_request(&input.report, &history, &message),
    };
    let mut named = None;
    if let Some((request, parsed)) = commands {
        let language = parsed.first().map_or(input.language, |p| p.language);
        match plan_commands(&input.report, &parsed) {
            CommandPlan::Model(id) => named = id,
            plan => {
                let turn = CommandTurn {
                    request: &request,
                    language,
                    plan,
                };
                return command_turn(input.report, turn, ports, on_progress).await;
            }
        }
    }
    let language = detect_language(&message).unwrap_or(input.language);
    let references = find_references(&input.report, &message);
    let focus = named.map_or_else(|| focus(&message, &references), Focus::Body);
    let outcome = |reply, failure, end, report| ReportTurnOutcome {
        reply,
        reply_author: ChangeAuthor::App,
        failure,
        model_error: None,
        end,
        change_ids: Vec::new(),
        report,
        steps: Vec::new(),
        searched_specs: false,
        language,
        dropped: Vec::new(),
        model_words: None,
    };
    let named = references
        .iter()
        .find(|r| r.ids.len() == 1)
        .map(|r| r.ids[0].clone());
    let quote = |report: &Report| {
        is_question(&message)
            .then(|| question_quote(report, &message, named.as_deref(), language))
            .flatten()
    };
    let Some(llm) = llm else {
        let help = quote(&input.report).unwrap_or_else(|| help_message(&input.report, language));
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
    let mut words = reply_filter(
        &input.report,
        &specs,
        &message,
        &request.system,
        &history,
        language,
    );
    let labels = input.report.clone();
    let focus_copy = focus.clone();
    let ask = rewrite_ask(&message);
    let mut host = ReportHost::new(input.report, ports, choice, focus, language, ask);
    on_progress(ReportProgress {
        step: "thinking".into(),
        section: None,
    });
    let mut on_call =
        |call: &lantern_core::llm::tools::ToolCall| on_progress(call_progress(&labels, call));
    let looped = run_tool_loop(llm, request, &mut host, MAX_STEPS, &mut on_call, cancel).await;
    let changed = !host.change_ids.is_empty();
    let host_refusal = host.refusal.take();
    let refused = std::mem::take(&mut host.refused);
    let confirm = confirmation(&host.described, language);
    let mut done = outcome(confirm, None, TurnEnd::Reply, host.report);
    done.model_words = Some(false);
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
        // Words without a change answer a question about the report, or nothing: a
        // request that changed nothing is told so by the app, never by words that read
        // like success.
        LoopEnd::Reply(text) if !changed && focus_copy == Focus::Open && is_question(&message) => {
            let kept = kept_words(&mut words, &text, &mut done.dropped);
            if kept.split_whitespace().count() >= MIN_REPLY_WORDS {
                done.reply = kept;
                done.reply_author = ChangeAuthor::Model;
                done.model_words = Some(true);
            } else {
                done.end = TurnEnd::ModelFailed;
                done.failure = Some(format!("unusable answer: {}", clip(&text)));
            }
        }
        LoopEnd::Reply(text) if !changed => {
            done.end = TurnEnd::ModelFailed;
            done.failure = Some(format!("no change, only: {}", clip(&text)));
        }
        // The model's own words after its change, when they pass the filter.
        LoopEnd::Reply(text) => {
            let kept = kept_words(&mut words, &text, &mut done.dropped);
            if kept.split_whitespace().count() >= MIN_REPLY_WORDS {
                done.reply = format!("{} {kept}", done.reply);
                done.model_words = Some(true);
            }
        }
        LoopEnd::StepLimit => done.end = TurnEnd::StepLimit,
        LoopEnd::RepeatedCall => done.end = TurnEnd::RepeatedCall,
        LoopEnd::ModelFailed(e) => {
            done.end = TurnEnd::ModelFailed;
            done.model_error = Some(e.code());
            done.failure = Some(format!("{}: {e}", e.code().as_str()));
        }
    }
    if !refused.is_empty() && !changed {
        let failure = done
            .failure
            .take()
            .unwrap_or_else(|| done.end.as_str().into());
        done.failure = Some(format!("{failure}; refused: {}", refused.join(" | ")));
    }
    if !changed && done.reply_author == ChangeAuthor::App {
        match &focus_copy {
            Focus::Body(id) if wants_shorter(&message) => {
                return shorten_by_app(done, id, &message, ports, on_progress).await;
            }
            Focus::Body(id) | Focus::Title(id) | Focus::Append(id) => {
                let why = host_refusal.as_deref();
                done.reply = rewrite_failed_message(&done.report, id, why, language);
            }
            Focus::Open => {
                done.reply =
                    quote(&done.report).unwrap_or_else(|| help_message(&done.report, language));
            }
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

/// A request the app understood, planned.
struct CommandTurn<'a> {
    /// The request as the student wrote it (the reason of its changes).
    request: &'a str,
    /// The language it was said in.
    language: Language,
    /// What the app does.
    plan: CommandPlan,
}

/// A request the app understood: its changes saved for review, the last change taken
/// back, or a question.
async fn command_turn(
    report: Report,
    turn: CommandTurn<'_>,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
) -> Result<ReportTurnOutcome, ReportError> {
    let CommandTurn {
        request: message,
        language,
        plan,
    } = turn;
    let mut outcome = ReportTurnOutcome {
        reply: String::new(),
        reply_author: ChangeAuthor::App,
        failure: None,
        model_error: None,
        end: TurnEnd::Asked,
        change_ids: Vec::new(),
        report,
        steps: Vec::new(),
        searched_specs: false,
        language,
        dropped: Vec::new(),
        model_words: None,
    };
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
