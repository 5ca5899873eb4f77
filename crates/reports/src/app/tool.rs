//! One tool call applied directly, without the model (`lantern report tool`): a context
//! tool's text, or its changes saved as a new version.

use super::{NewVersion, ReportState, ReportWrite, ReportsRepository, VersionTree};
use crate::confirm::apply_described;
use crate::tools::{
    report_context, report_tools, validate_call, ContextRequest, ReportAction, ToolChoice,
};
use crate::Report;
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;

/// Conversation lines the chat-history tool shows.
const HISTORY_LINES: usize = 6;

/// Runs tool `tool` with `args` on the last version: a context tool's text (nothing
/// written), or its changes saved as a new version described in `language`; with the
/// report's state after.
pub async fn tool<R: ReportsRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    report_id: i64,
    tool: &str,
    args: serde_json::Map<String, serde_json::Value>,
    language: Language,
) -> Result<(Option<String>, ReportState), R::Error> {
    let call = ToolCall {
        tool: tool.to_string(),
        args,
    };
    let decide = Box::new(move |state: &ReportState, _: &[_]| {
        let mut report = state.base.clone();
        let choice = ToolChoice {
            specs: false,
            actions: true,
        };
        let tools = report_tools(&report, choice);
        match validate_call(&mut report, &tools, &call)? {
            ReportAction::Context(request) => Ok((ReportWrite::default(), Some((request, report)))),
            ReportAction::Change(ops, _) => {
                let (_, words) = apply_described(&state.base, &ops, language)?;
                let write = ReportWrite {
                    version: Some(NewVersion {
                        tree: VersionTree::Tree(report),
                        cause: "edit",
                        summary: words.join("; "),
                        undoes: None,
                    }),
                    ..ReportWrite::default()
                };
                Ok((write, None))
            }
        }
    });
    let context = repo.write_decided(profile_id, report_id, decide).await?;
    let text = match context {
        Some((request, report)) => Some(context_text(repo, report_id, &request, &report).await?),
        None => None,
    };
    Ok((text, repo.report_state(profile_id, report_id).await?))
}

/// A context tool's text: from the report, else from the conversation (a search of the
/// specifications needs the index, which a direct tool call does not open).
async fn context_text<R: ReportsRepository + ?Sized>(
    repo: &R,
    report_id: i64,
    request: &ContextRequest,
    report: &Report,
) -> Result<String, R::Error> {
    if let Some(text) = report_context(report, request) {
        return Ok(text);
    }
    if !matches!(request, ContextRequest::ChatHistory) {
        return Ok("(the specifications are searched in a chat turn)".into());
    }
    let lines = repo.chat_history(report_id, None).await?;
    if lines.is_empty() {
        return Ok("(no messages yet)".into());
    }
    let recent = &lines[lines.len().saturating_sub(HISTORY_LINES)..];
    Ok(recent
        .iter()
        .map(|l| {
            let role = if l.from_student {
                "student"
            } else {
                "assistant"
            };
            format!("{role}: {}", l.text)
        })
        .collect::<Vec<_>>()
        .join("\n"))
}
