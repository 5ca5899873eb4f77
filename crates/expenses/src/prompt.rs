//! What the model reads (spec 003, step 2): a fixed system prompt (its evaluated state is
//! reused between turns), then today's date, the tools offered, a compact history, the
//! expenses a reference may mean, and the student's message.

use super::contract::{Expense, ExpenseTool};
use super::replies::expense_line;
use super::tools::{tool_purpose, NOT_SPENDING_PURPOSE, SPENDING_QUESTION_PURPOSE};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::llm::{ChatMessage, ChatRole, Limits, LlmRequest};

/// The prefix-cache key of the expenses prompt.
pub const CACHE_KEY: &str = "expenses";
/// Most earlier messages the model sees.
pub const HISTORY_LINES: usize = 6;
/// Most expenses listed for a reference.
pub const LISTED_ROWS: usize = 8;

/// The model's standing instructions.
pub(crate) const SYSTEM: &str = "You read a student's message about their spending. Answer with one JSON object:\n\
{\"type\":\"tool_call\",\"tool\":...,\"args\":{...}} for what the message asks: record, correct, remove, total or list spending, or not_spending when it is about money received, lent, borrowed or paid back;\n\
{\"type\":\"clarify\",\"question\":...} when the item or the amount is missing (never guess an amount);\n\
{\"type\":\"answer\",\"content\":...} for greetings and questions about what you can do.\n\
Copy amounts, items and the words for the day exactly as the message writes them. \
Never state totals yourself: the tools compute them. Write in the student's language.";

/// The labels of the prompt's lines, which the model's words must not carry.
pub const PROMPT_LABELS: &[&str] = &[
    "Today:",
    "Tools:",
    "Latest expenses:",
    "Earlier:",
    "Student:",
    "Assistant:",
];

/// One earlier message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryLine {
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
}

/// What the prompt is built from.
#[derive(Debug, Clone)]
pub struct PromptInput<'a> {
    /// The student's message.
    pub message: &'a str,
    /// Today.
    pub today: NaiveDate,
    /// The tools offered.
    pub tools: &'a [ExpenseTool],
    /// Earlier messages, oldest first.
    pub history: &'a [HistoryLine],
    /// The latest expenses, newest first.
    pub rows: &'a [Expense],
    /// The conversation's language.
    pub language: Language,
}

/// The request for one decision.
pub fn build_request(input: &PromptInput) -> LlmRequest {
    let mut lines = vec![format!(
        "Today: {} ({}).",
        input.today,
        input.today.format("%A")
    )];
    lines.push("Tools:".into());
    lines.extend(
        input
            .tools
            .iter()
            .map(|t| format!("- {}", tool_purpose(*t))),
    );
    if input.tools.contains(&ExpenseTool::ListExpenses) {
        lines.push(format!("- {SPENDING_QUESTION_PURPOSE}"));
    }
    lines.push(format!("- {NOT_SPENDING_PURPOSE}"));
    if !input.rows.is_empty()
        && input
            .tools
            .iter()
            .any(|t| !t.is_read_only() && *t != ExpenseTool::AddExpense)
    {
        lines.push("Latest expenses:".into());
        lines.extend(
            input
                .rows
                .iter()
                .take(LISTED_ROWS)
                .map(|e| format!("- {}", expense_line(e, input.language))),
        );
    }
    let skip = input.history.len().saturating_sub(HISTORY_LINES);
    if skip < input.history.len() {
        lines.push("Earlier:".into());
        for line in &input.history[skip..] {
            let who = if line.from_student {
                "Student"
            } else {
                "Assistant"
            };
            let text: String = line.text.chars().take(200).collect();
            lines.push(format!("{who}: {text}"));
        }
    }
    lines.push(format!("Student: {}", input.message));
    LlmRequest {
        system: SYSTEM.into(),
        messages: vec![ChatMessage {
            role: ChatRole::User,
            content: lines.join("\n"),
        }],
        limits: Limits {
            max_tokens: 160,
            temperature: 0.0,
            seed: 42,
        },
        cache_key: Some(CACHE_KEY.into()),
    }
}

/// The request again, with the model's unusable answer and why, for the one retry.
pub fn retry_request(mut request: LlmRequest, answer: &str, why: &str) -> LlmRequest {
    request.messages.push(ChatMessage {
        role: ChatRole::Assistant,
        content: answer.chars().take(400).collect(),
    });
    request.messages.push(ChatMessage {
        role: ChatRole::User,
        content: format!("That answer was not valid: {why}. Answer again with one JSON object."),
    });
    request
}
