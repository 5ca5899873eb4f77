//! What an expenses turn decides and starts from: the student's request as code read
//! it ([`Want`]), the plan the store carries out ([`TurnPlan`]), and the turn's outcome.
//! Code's plans (`code_plan.rs`) and the model's checked ones (`model_plan.rs`) are both
//! written in these terms.

use super::closeness::Closeness;
use super::contract::{Expense, ExpenseAction};
pub use super::draft::Draft;
use super::error::ExpenseError;
use super::facts::{Facts, Intent};
use super::gate::ConfirmReason;
use super::money::Money;
use super::prompt::HistoryLine;
use super::rules::CallContext;
pub use super::working::Working;
use lantern_core::language::Language;
use lantern_core::turn::CleanInput;
use serde::{Deserialize, Serialize};

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 1_000;
/// A proposal waiting for the student's yes or no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// Its id.
    pub id: String,
    /// The request it came from, to amend after a "no".
    pub draft: Draft,
}

/// What a turn starts from.
#[derive(Debug, Clone)]
pub struct ExpenseTurnInput {
    /// The student's message, cleaned once by the send path.
    pub message: CleanInput,
    /// The role, today and the profile's currency.
    pub context: CallContext,
    /// The conversation's language when the message does not tell.
    pub language: Language,
    /// Earlier messages, oldest first.
    pub history: Vec<HistoryLine>,
    /// The profile's expenses, newest first.
    pub rows: Vec<Expense>,
    /// What the last question left.
    pub draft: Option<Draft>,
    /// The proposal waiting for a yes or no.
    pub pending: Option<Pending>,
    /// The expense the last turn added, changed or showed alone.
    pub last_touched: Option<i64>,
    /// The embedder's sense of which row the message's words mean, for names no word
    /// of a row fits.
    pub closeness: Closeness,
}

/// What the turn decided; the store carries it out.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnPlan {
    /// Ask; nothing runs.
    Clarify {
        /// The question.
        question: String,
        /// The request so far.
        draft: Option<Draft>,
    },
    /// Words only; nothing runs.
    Answer {
        /// The answer.
        content: String,
    },
    /// Run the action now.
    Run {
        /// The action.
        action: ExpenseAction,
    },
    /// Store the action as a proposal and ask for a yes.
    Propose {
        /// The action.
        action: ExpenseAction,
        /// Why it waits.
        reason: ConfirmReason,
        /// The request, to amend after a "no".
        draft: Draft,
    },
    /// Run the waiting proposal.
    Confirm {
        /// Its id.
        proposal_id: String,
    },
    /// Drop the waiting proposal and ask again.
    Cancel {
        /// Its id.
        proposal_id: String,
        /// The request, to amend.
        draft: Draft,
    },
    /// Refuse in words; nothing runs.
    Refuse {
        /// Why.
        error: ExpenseError,
    },
}

/// The spec's three kinds of decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// A question.
    Clarify,
    /// A tool call (run, proposed or confirmed).
    ToolCall,
    /// Words only.
    Answer,
}

impl TurnPlan {
    /// The kind of decision this plan is.
    pub fn kind(&self) -> DecisionKind {
        match self {
            Self::Clarify { .. } | Self::Cancel { .. } => DecisionKind::Clarify,
            Self::Run { .. } | Self::Propose { .. } | Self::Confirm { .. } => {
                DecisionKind::ToolCall
            }
            Self::Answer { .. } | Self::Refuse { .. } => DecisionKind::Answer,
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone)]
pub struct ExpenseTurnOutcome {
    /// The plan.
    pub plan: TurnPlan,
    /// The turn's language.
    pub language: Language,
    /// Whether the plan's words are the model's: its decision was a question or an
    /// answer, and the checks kept it.
    pub model_words: bool,
    /// Why the model's first decision was retried, when it was.
    pub retried: Option<String>,
    /// Why the model's words or reading were not shown (a check failed), with its answer.
    pub refused: Option<String>,
}

/// A message trimmed, or why it cannot be one.
pub fn clean_message(message: &str) -> Result<lantern_core::turn::CleanInput, ExpenseError> {
    lantern_core::turn::clean_or(
        message,
        MAX_MESSAGE_CHARS,
        || ExpenseError::MessageEmpty,
        ExpenseError::MessageTooLong,
    )
}

/// The request: the message's facts over what the last question left.
#[derive(Debug, Clone)]
pub(crate) struct Want {
    /// What code read in the message.
    pub(crate) facts: Facts,
    /// What the last question left.
    pub(crate) draft: Draft,
    /// The message.
    pub(crate) message: String,
}

impl Want {
    /// The request of `message`: its facts over what the last question left, unless
    /// they start another request.
    pub(crate) fn new(facts: Facts, draft: Option<Draft>, message: &str) -> Self {
        let draft = match (facts.intent, draft) {
            (Some(i), Some(d)) if d.intent.is_some_and(|di| di != i) => Draft::default(),
            (_, d) => d.unwrap_or_default(),
        };
        Self {
            facts,
            draft,
            message: message.into(),
        }
    }

    /// The intent the words show, the draft's, or an add of an amount and an item.
    pub(crate) fn intent(&self) -> Option<Intent> {
        self.facts.intent.or(self.draft.intent).or_else(|| {
            (!self.facts.amounts.is_empty() && self.facts.item.is_some()).then_some(Intent::Add)
        })
    }

    /// The amount stated: the first for an add, the last for a correction.
    pub(crate) fn amount(&self, context: &CallContext, last: bool) -> Option<Money> {
        let found = if last {
            self.facts.amounts.last()
        } else {
            self.facts.amounts.first()
        };
        found
            .map(|a| Money {
                minor: a.minor,
                currency: a.currency.unwrap_or(context.currency),
            })
            .or(self.draft.amount)
    }
}

/// `plan` as a turn's outcome whose words are not the model's.
pub(crate) fn outcome(plan: TurnPlan, language: Language) -> ExpenseTurnOutcome {
    ExpenseTurnOutcome {
        plan,
        language,
        model_words: false,
        retried: None,
        refused: None,
    }
}
