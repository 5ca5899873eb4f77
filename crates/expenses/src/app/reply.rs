//! What the operations return: a reply (to a message, a card's button or a direct
//! call), a message of the conversation, a proposal as shown, and the student's
//! message as a request.

use super::saved::{ActionDone, SavedProposal};
use crate::contract::{ExpenseTool, Role};
use crate::gate::ConfirmReason;
use crate::plan::DecisionKind;
use crate::replies;
use chrono::{DateTime, SecondsFormat, Utc};
use lantern_core::language::Language;
use lantern_core::turn::{CleanInput, ReplyOrigin};
use lantern_core::ErrorCode;
use serde::Serialize;
use serde_json::{Map, Value};

/// A proposal as shown: what would run, and why it waits.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    /// Its id.
    pub id: String,
    /// The tool.
    pub tool: ExpenseTool,
    /// The exact arguments that will run.
    pub args: Map<String, Value>,
    /// Why it waits.
    pub reason: ConfirmReason,
    /// When it stops being confirmable (RFC 3339).
    pub expires_at: String,
    /// How the app computed the amount, in words ("That is 3 × £2.50 = £7.50."), when it
    /// did.
    pub working: Option<String>,
}

impl ProposalView {
    /// `saved` as shown in `language` (None for a tool this version does not know).
    pub fn of(saved: &SavedProposal, language: Language) -> Option<Self> {
        let stored = &saved.stored;
        Some(Self {
            id: stored.id.clone(),
            tool: ExpenseTool::from_name(&stored.call.tool)?,
            args: stored.call.args.clone(),
            reason: saved.reason,
            expires_at: rfc3339(stored.expires_at),
            working: saved.draft.working.map(|w| replies::working(&w, language)),
        })
    }
}

/// The reply to a message, a confirmation or a direct call (the spec's handler
/// contract: `answer`, `confirmationRequired`, `proposal`, and what was done).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseReply {
    /// The reply's message id (0 for a direct call, which is not part of the chat).
    pub message_id: i64,
    /// The words shown.
    pub answer: String,
    /// The kind of decision.
    pub kind: DecisionKind,
    /// Whether a proposal waits for a yes.
    pub confirmation_required: bool,
    /// The proposal waiting.
    pub proposal: Option<ProposalView>,
    /// What was done.
    #[serde(flatten)]
    pub done: ActionDone,
    /// Why nothing ran, when an error stopped it.
    pub error: Option<ErrorCode>,
    /// Whether the words shown are the model's.
    pub model_words: bool,
    /// Why the guide answered instead of the model, why the model was retried, or why
    /// its reading was not shown.
    pub failure: Option<String>,
    /// Who wrote the reply, as stored (App for a direct call, which is not stored).
    #[serde(skip)]
    pub origin: ReplyOrigin,
    /// The reply's language.
    pub language: Language,
}

/// One message of the expenses conversation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseMessage {
    /// Database id.
    pub id: i64,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: its kind.
    pub kind: Option<DecisionKind>,
    /// For a reply: who wrote it, as stored.
    pub origin: Option<ReplyOrigin>,
    /// For a reply: the proposal it asked about, while it still waits.
    pub proposal: Option<ProposalView>,
    /// When (RFC 3339).
    pub created_at: String,
}

/// A student's message to the assistant.
#[derive(Debug, Clone)]
pub struct ExpenseRequest {
    /// The profile.
    pub profile_id: i64,
    /// What the student wrote, cleaned once by the caller ([`crate::clean_message`]).
    pub message: CleanInput,
    /// The language to answer in when the message does not tell.
    pub language: Language,
    /// Now.
    pub now: DateTime<Utc>,
    /// A role to act with; it can only restrict the profile's own.
    pub role: Option<Role>,
}

/// `t` as stored and shown: RFC 3339 with milliseconds.
pub fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::{ProposalStatus, StoredProposal};
    use crate::money::{Currency, Money};
    use crate::plan::{Draft, Working};
    use lantern_core::llm::tools::ToolCall;

    #[test]
    fn a_card_shows_how_the_app_computed_its_amount_in_the_pages_language() {
        let price = Money {
            minor: 250,
            currency: Currency::Gbp,
        };
        let saved = SavedProposal {
            stored: StoredProposal {
                id: "p".into(),
                call: ToolCall {
                    tool: "add_expense".into(),
                    args: Map::new(),
                },
                status: ProposalStatus::Pending,
                expires_at: Utc::now(),
            },
            reason: ConfirmReason::Vague,
            draft: Draft {
                working: Some(Working::Times { count: 3, price }),
                ..Draft::default()
            },
        };
        let en = ProposalView::of(&saved, Language::En).unwrap();
        assert_eq!(en.working.as_deref(), Some("That is 3 × £2.50 = £7.50."));
        let es = ProposalView::of(&saved, Language::Es).unwrap();
        assert!(es.working.is_some_and(|w| w.starts_with("Son 3 ×")));
    }
}
