//! The report's side of the tool loop: offers the tools the turn allows (narrowed to one
//! section when the request is focused), validates each call strictly, checks the
//! model's words, saves each change for review through the port, and tells the model
//! what happened in a few words.

use super::confirm::apply_described;
use super::contract::Report;
use super::error::ReportError;
use super::focus::Focus;
use super::leak::new_scaffolding;
use super::messages::MESSAGES;
use super::ops::ReportOp;
use super::ports::{ReportPorts, ReportProgress};
use super::prompt::{outline_lines, spec_lines};
use super::references::label;
use super::replacement::replaced_body;
use super::review::ChangeAuthor;
use super::rewrite_check::{check_rewrite, rewrite_ask, RewriteAsk};
use super::rules::check_model_op;
use super::tools::{
    replace_args, report_context, report_tools, validate_call, ContextRequest, ReportAction,
    ToolChoice,
};
use lantern_core::language::Language;
use lantern_core::llm::tools::{ToolCall, ToolHost, ToolResult, ToolSpec};
use lantern_core::llm::BoxFuture;
use lantern_core::{say, Coded};
use serde_json::{json, Value};

/// Conversation lines `get_chat_history` returns.
const HISTORY_LINES: usize = 6;

/// The loop's host for one turn.
pub struct ReportHost<'a> {
    /// The report with this turn's changes so far.
    pub report: Report,
    /// Change ids saved this turn.
    pub change_ids: Vec<i64>,
    /// This turn's changes in words.
    pub described: Vec<String>,
    ports: &'a dyn ReportPorts,
    choice: ToolChoice,
    focus: Focus,
    language: Language,
    ask: RewriteAsk,
    /// The student's request, which a find/replace's new words must come from.
    message: String,
    /// Why the app last refused the model's text for the focused section, in words.
    pub refusal: Option<String>,
    /// Every call refused this turn, for the turn's failure note.
    pub refused: Vec<String>,
    /// A proposal dropped for carrying the prompt's scaffolding: the section it was for
    /// (`None` for a new section).
    pub leaked: Option<Option<String>>,
}

impl<'a> ReportHost<'a> {
    /// A host over `report` for a turn with these tools and focus, on the student's
    /// `message`.
    pub fn new(
        report: Report,
        ports: &'a dyn ReportPorts,
        choice: ToolChoice,
        focus: Focus,
        language: Language,
        message: &str,
    ) -> Self {
        let ask = rewrite_ask(message);
        Self {
            report,
            change_ids: Vec::new(),
            described: Vec::new(),
            ports,
            choice,
            focus,
            language,
            ask,
            message: message.to_string(),
            refusal: None,
            refused: Vec::new(),
            leaked: None,
        }
    }

    /// Refuses a rewrite of the focused section that loses what the request asks to
    /// keep (its language, its numbers), remembering why for the student.
    fn check_focused(&mut self, op: &ReportOp) -> Result<(), ReportError> {
        let (
            Focus::Body(target),
            ReportOp::UpdateSection {
                id,
                body_md: Some(new),
                ..
            },
        ) = (&self.focus, op)
        else {
            return Ok(());
        };
        let old = self
            .report
            .find(id)
            .map(|s| s.body_md.clone())
            .unwrap_or_default();
        if id != target {
            return Ok(());
        }
        check_rewrite(&old, new, &self.ask).map_err(|problem| {
            self.refusal = Some(problem.words(self.language));
            problem.for_model()
        })
    }

    /// Refuses a title or text that carries the prompt's own scaffolding (a label, a
    /// tool or field name, a run of its instructions) the section did not already have,
    /// remembering why and where for the student.
    fn check_leak(&mut self, op: &ReportOp) -> Result<(), ReportError> {
        let (id, new, old) = match op {
            ReportOp::UpdateSection { id, title, body_md } => {
                let old = self
                    .report
                    .find(id)
                    .map(|s| format!("{}\n{}", s.title, s.body_md))
                    .unwrap_or_default();
                let new = format!(
                    "{}\n{}",
                    title.as_deref().unwrap_or_default(),
                    body_md.as_deref().unwrap_or_default()
                );
                (Some(id), new, old)
            }
            ReportOp::AddSection { title, body_md, .. } => {
                (None, format!("{title}\n{body_md}"), String::new())
            }
            _ => return Ok(()),
        };
        let Some(found) = new_scaffolding(&old, &new) else {
            return Ok(());
        };
        self.refusal = Some(say!(
            MESSAGES,
            self.language,
            "reports-refused-scaffolding",
            found = &found
        ));
        self.leaked = Some(id.cloned());
        Err(ReportError::ArgumentsInvalid(format!(
            "write the report's own words: {found} belongs to the app's instructions"
        )))
    }

    /// Whether a focused turn already made its one change.
    fn focus_done(&self) -> bool {
        self.focus != Focus::Open && !self.change_ids.is_empty()
    }

    async fn context(&self, request: ContextRequest) -> Result<String, ReportError> {
        if let Some(text) = report_context(&self.report, &request) {
            return Ok(text);
        }
        Ok(match request {
            ContextRequest::ChatHistory => {
                let lines = self.ports.chat_history().await?;
                let start = lines.len().saturating_sub(HISTORY_LINES);
                let text: Vec<String> = lines[start..]
                    .iter()
                    .map(|l| {
                        let who = if l.from_student {
                            "student"
                        } else {
                            "assistant"
                        };
                        format!("{who}: {}", l.text.chars().take(150).collect::<String>())
                    })
                    .collect();
                if text.is_empty() {
                    "(no earlier messages)".into()
                } else {
                    text.join("\n")
                }
            }
            ContextRequest::SearchSpecs(query) => {
                let passages = self.ports.search_specs(&query).await?;
                if passages.is_empty() {
                    "(nothing found in the project's specifications)".into()
                } else {
                    spec_lines(&passages)
                }
            }
            // Read from the report itself above.
            ContextRequest::ReportSlices(_) | ContextRequest::Renumber => String::new(),
        })
    }

    /// For an addition, the model's text goes after the section's own (unless the model
    /// already kept the old text).
    fn appended(&self, op: ReportOp) -> ReportOp {
        let Focus::Append(target) = &self.focus else {
            return op;
        };
        match op {
            ReportOp::UpdateSection {
                id,
                title,
                body_md: Some(new),
            } if id == *target => {
                let old = self
                    .report
                    .find(&id)
                    .map(|s| s.body_md.trim_end().to_string())
                    .unwrap_or_default();
                let body = if old.is_empty() || new.contains(&old) {
                    new
                } else {
                    format!("{old}\n\n{}", new.trim())
                };
                ReportOp::UpdateSection {
                    id,
                    title,
                    body_md: Some(body),
                }
            }
            other => other,
        }
    }

    /// Checks the model's words, saves the changes for review, and applies them to the
    /// working report, describing each against the report it applied to.
    async fn change(&mut self, ops: Vec<ReportOp>, reason: String) -> Result<String, ReportError> {
        let checked = ops
            .into_iter()
            .map(|op| check_model_op(&self.report, self.appended(op)))
            .collect::<Result<Vec<_>, _>>()?;
        for op in &checked {
            self.check_leak(op)?;
            self.check_focused(op)?;
        }
        let (after, described) = apply_described(&self.report, &checked, self.language)?;
        let ids = self
            .ports
            .record_changes(&checked, &reason, ChangeAuthor::Model)
            .await?;
        self.change_ids.extend(ids);
        self.described.extend(described);
        self.report = after;
        Ok(if checked.iter().any(ReportOp::is_structural) {
            format!(
                "saved for review. Outline now:\n{}",
                outline_lines(&self.report)
            )
        } else {
            "saved for review.".into()
        })
    }

    /// A `replace_in_section` call whose `replace` brings in words the student did not
    /// write is refused before it is tried.
    fn check_said(&self, call: &ToolCall) -> Result<(), ReportError> {
        let Some(a) = replace_args(call) else {
            return Ok(());
        };
        let Some(section) = self.report.find(&a.section) else {
            return Ok(());
        };
        replaced_body(&section.body_md, &a.find, &a.replace, &self.message)
            .map(|_| ())
            .map_err(|problem| problem.for_model())
    }

    async fn run(&mut self, call: &ToolCall) -> Result<String, ReportError> {
        let tools = self.tools();
        if let Err(e) = self.check_said(call) {
            self.refused.push(format!("{}: {e}", call.tool));
            return Err(e);
        }
        // Validation applies a change to a copy; `change` applies the checked version.
        let mut trial = self.report.clone();
        let done = match validate_call(&mut trial, &tools, call) {
            Ok(ReportAction::Context(request)) => self.context(request).await,
            Ok(ReportAction::Change(ops, reason)) => self.change(ops, reason).await,
            Err(e) => Err(e),
        };
        if let Err(e) = &done {
            self.refused.push(format!("{}: {e}", call.tool));
        }
        done
    }
}

/// The step a tool name stands for in the window.
fn step_name(tool: &str) -> &'static str {
    match tool {
        "get_report_slices" => "reading",
        "get_chat_history" => "history",
        "search_project_specs" => "searching",
        "update_section" | "batch_update_sections" | "replace_in_section" => "updating",
        "add_section" => "adding",
        "move_section" => "moving",
        "delete_section" => "deleting",
        "renumber_sections" => "renumbering",
        _ => "thinking",
    }
}

/// The progress a call shows in the window, its section labelled from `report`.
pub fn call_progress(report: &Report, call: &ToolCall) -> ReportProgress {
    let section = ["id", "anchor", "section"]
        .iter()
        .find_map(|k| call.args.get(*k).and_then(Value::as_str))
        .or_else(|| {
            call.args
                .get("ids")
                .and_then(|ids| ids.get(0))
                .and_then(Value::as_str)
        })
        .filter(|id| report.find(id).is_some())
        .map(|id| label(report, id));
    ReportProgress {
        step: step_name(&call.tool).into(),
        section,
    }
}

/// The progress a change shows in the window, its section labelled from `report`.
pub fn op_progress(report: &Report, op: &ReportOp) -> ReportProgress {
    let id = op.section_id();
    let section = report.find(id).is_some().then(|| label(report, id));
    ReportProgress {
        step: step_name(op.kind()).into(),
        section,
    }
}

/// `update_section` on one id only, with the field the focus asks for required.
fn focused_update(id: &str, field: &'static str, max: usize) -> ToolSpec {
    ToolSpec::new(
        "update_section",
        vec![
            ("id", json!({"type": "string", "enum": [id]})),
            (
                field,
                json!({"type": "string", "minLength": 1, "maxLength": max}),
            ),
            (
                "reason",
                json!({"type": "string", "maxLength": super::tools::MAX_REASON_CHARS}),
            ),
        ],
    )
}

impl ToolHost for ReportHost<'_> {
    fn tools(&self) -> Vec<ToolSpec> {
        if self.focus_done() {
            return Vec::new();
        }
        match &self.focus {
            Focus::Body(id) => vec![focused_update(
                id,
                "bodyMd",
                super::tools::MAX_MODEL_BODY_CHARS,
            )],
            Focus::Title(id) => vec![focused_update(
                id,
                "title",
                super::rules::MAX_MODEL_TITLE_CHARS,
            )],
            Focus::Append(id) => vec![focused_update(
                id,
                "bodyMd",
                super::tools::MAX_MODEL_BODY_CHARS,
            )],
            Focus::Open => report_tools(&self.report, self.choice),
        }
    }

    fn reply_allowed(&self) -> bool {
        self.focus == Focus::Open || self.focus_done()
    }

    fn execute<'b>(&'b mut self, call: &'b ToolCall) -> BoxFuture<'b, ToolResult> {
        Box::pin(async move {
            match self.run(call).await {
                Ok(text) => ToolResult { ok: true, text },
                Err(e) => ToolResult {
                    ok: false,
                    text: format!("{}: {e}", e.code().as_str()),
                },
            }
        })
    }
}
