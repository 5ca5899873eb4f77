//! One report turn: **command or tool loop → changes saved for review → confirmation**.
//! A request the app understands ([`parse_commands`]) is applied without the model; any
//! other goes to the model's tool loop ([`super::tool_turn`]) with its references
//! resolved, its grammar narrowed and its changes checked. However the loop ends — a
//! final message, the step limit, a repeated call, a crash, silence — the changes
//! already saved stand, and the app writes the confirmation from them.
//!
//! [`ReportTurn`] is the report's [`LoopTurn`]; [`answer_turn`] decides who answers and
//! so who wrote the reply.

use super::answer_quote::{answer_fact, quote_words, Quoted};
use super::clarify::answered_request;
use super::command::{parse_commands, plan_commands, CommandPlan};
use super::command_turn::{command_turn, CommandTurn};
use super::contract::Report;
use super::error::ReportError;
use super::offline::{help_message, not_in_report};
use super::outcome::{ReportTurnOutcome, TurnEnd};
use super::ports::{ChatLine, ReportPorts, ReportProgress};
use super::references::find_references;
use super::reply_words::is_question;
use super::value_edit::{shaped_edit, value_edit};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::text::tidy::detect_language;
use lantern_core::turn::{answer_turn, Answered, CleanInput, LoopTurn};
use lantern_core::ErrorCode;
use std::sync::Mutex;

/// Longest request, in characters.
pub const MAX_MESSAGE_CHARS: usize = 4_000;
/// Most model steps in one turn.
pub const MAX_STEPS: usize = 6;

/// What a turn starts from.
#[derive(Debug, Clone)]
pub struct ReportTurnInput {
    /// The report as the student sees it (waiting changes applied).
    pub report: Report,
    /// The student's request, cleaned once by the caller.
    pub message: CleanInput,
    /// Changes rejected since the last turn, in words.
    pub rejected: Vec<String>,
    /// Whether the project has specifications to search.
    pub has_specs: bool,
    /// The language to answer in when the request does not tell.
    pub language: Language,
}

/// A request trimmed, or why it cannot be one: the one cleaning of a report request.
pub fn clean_message(message: &str) -> Result<CleanInput, ReportError> {
    lantern_core::turn::clean_or(
        message,
        MAX_MESSAGE_CHARS,
        || ReportError::MessageEmpty,
        ReportError::MessageTooLong,
    )
}

/// Runs one turn through [`answer_turn`]: the reply and who wrote it. `on_progress`
/// hears each step ("updating 2.1"); a stop before any change is reported as the
/// model's `model_cancelled`.
pub async fn run_report_turn(
    input: ReportTurnInput,
    llm: Option<&dyn Llm>,
    ports: &dyn ReportPorts,
    on_progress: &mut (dyn FnMut(ReportProgress) + Send),
    cancel: &CancelFlag,
) -> Result<Answered<ReportTurnOutcome>, ReportError> {
    let turn = ReportTurn::prepare(input, ports, on_progress).await?;
    answer_turn(&turn, llm, &mut |_| {}, cancel).await
}

/// What the app does with a request it reads itself — the request, its language and
/// the plan: a number or phrase edit in a shape students write ("15 seconds not 10"),
/// else a command (or the answer to the app's own question), else a value said
/// without the old one ("the beaker was 500 ml"). A question about the report is none.
fn app_plan(
    input: &ReportTurnInput,
    history: &[ChatLine],
) -> Option<(String, Language, CommandPlan)> {
    let message = input.message.as_str();
    let report = &input.report;
    let question = is_question(message);
    let edit = |plan: Option<(CommandPlan, Language)>| {
        plan.map(|(plan, language)| (message.to_string(), language, plan))
    };
    if !question {
        if let Some(planned) = edit(shaped_edit(report, message)) {
            return Some(planned);
        }
    }
    let commands = match parse_commands(message) {
        Some(parsed) => Some((message.to_string(), parsed)),
        None => answered_request(report, history, message),
    };
    if let Some((request, parsed)) = commands {
        let language = parsed.first().map_or(input.language, |p| p.language);
        return Some((request, language, plan_commands(report, &parsed)));
    }
    if question {
        return None;
    }
    let language = detect_language(message).unwrap_or(input.language);
    value_edit(report, message, language).map(|plan| (message.to_string(), language, plan))
}

/// One report turn, prepared: the conversation read and a request the app understands
/// already answered (its changes saved for review), or what the model's loop needs.
pub struct ReportTurn<'a> {
    /// What the turn starts from.
    pub(crate) input: ReportTurnInput,
    /// The store and index behind the turn.
    pub(crate) ports: &'a dyn ReportPorts,
    /// Hears each step.
    on_progress: Mutex<&'a mut (dyn FnMut(ReportProgress) + Send)>,
    /// The conversation before the request.
    pub(crate) history: Vec<ChatLine>,
    /// The section a request the app half understood names, for the model.
    pub(crate) named: Option<String>,
    /// The app's answer to a request it understood.
    by_app: Option<ReportTurnOutcome>,
    /// The app's answer once the model's loop crashed or gave nothing usable, with the
    /// changes it saved before.
    pub(crate) after_model: Mutex<Option<ReportTurnOutcome>>,
}

impl<'a> ReportTurn<'a> {
    /// Reads the conversation and answers a request the app understands (an answer to
    /// the app's own question included) — saving its changes for review — before any
    /// model is asked.
    pub async fn prepare(
        input: ReportTurnInput,
        ports: &'a dyn ReportPorts,
        on_progress: &'a mut (dyn FnMut(ReportProgress) + Send),
    ) -> Result<Self, ReportError> {
        let history = ports.chat_history().await?;
        let mut named = None;
        let mut by_app = None;
        if let Some((request, language, plan)) = app_plan(&input, &history) {
            match plan {
                CommandPlan::Model(id) => named = id,
                plan => {
                    let turn = CommandTurn {
                        request: &request,
                        language,
                        plan,
                    };
                    let report = input.report.clone();
                    by_app = Some(command_turn(report, turn, ports, &mut *on_progress).await?);
                }
            }
        }
        Ok(Self {
            input,
            ports,
            on_progress: Mutex::new(on_progress),
            history,
            named,
            by_app,
            after_model: Mutex::new(None),
        })
    }

    /// Tells the window what the turn is doing.
    pub(crate) fn progress(&self, progress: ReportProgress) {
        if let Ok(mut on_progress) = self.on_progress.lock() {
            on_progress(progress);
        }
    }

    /// The language of the turn: the request's own, else the window's.
    pub(crate) fn language(&self) -> Language {
        detect_language(&self.input.message).unwrap_or(self.input.language)
    }

    /// The report's own statement that answers the request, when it is a question and
    /// something answers it.
    pub(crate) fn answer(&self, report: &Report) -> Option<Quoted> {
        let message = self.input.message.as_str();
        let references = find_references(&self.input.report, message);
        let named = references
            .iter()
            .find(|r| r.ids.len() == 1)
            .map(|r| r.ids[0].clone());
        is_question(message)
            .then(|| answer_fact(report, message, named.as_deref()))
            .flatten()
    }

    /// The app's words when the model gave nothing usable: the report's own statement
    /// quoted for a question ("I can't find…" when none answers it), else the help.
    pub(crate) fn help(&self, report: &Report) -> String {
        let language = self.language();
        match self.answer(report) {
            Some(quoted) => quote_words(report, &quoted, language),
            None if is_question(&self.input.message) => not_in_report(language),
            None => help_message(report, language),
        }
    }
}

impl LoopTurn for ReportTurn<'_> {
    type Reply = ReportTurnOutcome;
    type Error = ReportError;

    /// The model's tool loop; its changes are saved as it goes.
    fn ask<'b>(
        &'b self,
        llm: &'b dyn Llm,
        _on_text: DeltaSink<'b>,
        cancel: &'b CancelFlag,
    ) -> BoxFuture<'b, Result<ReportTurnOutcome, ReportError>> {
        Box::pin(self.ask_model(llm, cancel))
    }

    /// After the model's loop failed: the app's words on the changes it kept. With no
    /// model: the report's own words answering a question, else the app's help.
    fn offline(&self) -> Result<ReportTurnOutcome, ReportError> {
        let after = self.after_model.lock().ok().and_then(|mut a| a.take());
        Ok(after.unwrap_or_else(|| {
            let report = self.input.report.clone();
            ReportTurnOutcome::by_app(
                self.help(&report),
                TurnEnd::Offline,
                report,
                self.language(),
            )
        }))
    }

    /// A request the app understood: its changes, its question or its refusal.
    fn without_model(&self) -> Option<Result<ReportTurnOutcome, ReportError>> {
        self.by_app.clone().map(Ok)
    }

    /// The loop's own code for a model's loop that gave nothing usable.
    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        code == ErrorCode::ReportReplyUnusable
    }
}
