//! What the expenses commands send to the window: expenses with their amounts already
//! formatted for the window's language, proposals with typed arguments the confirm card
//! can edit, totals, the chart's monthly figures, and the conversation.

use crate::error::IpcError;
use crate::row_id::RowId;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_expenses::app::{Balance, ExpenseMessage, ExpenseReply, ExpenseSettings, ProposalView};
use lantern_expenses::gate::ConfirmReason;
use lantern_expenses::money::{decimal_string, format_money, Currency, Money};
use lantern_expenses::replies::range_words;
use lantern_expenses::{Category, DecisionKind, Expense, ExpenseQuery, ExpenseTool, Role};
use lantern_store::MonthlyTotal;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// An amount of money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct MoneyView {
    /// Minor units (pence, cents).
    #[specta(type = specta_typescript::Number)]
    pub minor: i64,
    /// The currency.
    pub currency: Currency,
    /// As read in the window's language ("£200.00", "200,00 £").
    pub text: String,
}

impl MoneyView {
    /// `money` formatted for `language`.
    pub fn new(money: Money, language: Language) -> Self {
        Self {
            minor: money.minor,
            currency: money.currency,
            text: format_money(money, language),
        }
    }
}

/// One expense.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseView {
    /// Its id.
    pub id: RowId,
    /// What was bought.
    pub item: String,
    /// How much.
    pub amount: MoneyView,
    /// The day, ISO.
    pub date: String,
    /// The category.
    pub category: Category,
    /// When it last changed (RFC 3339).
    pub updated_at: String,
}

impl ExpenseView {
    /// `expense` for `language`.
    pub fn new(expense: &Expense, language: Language) -> Self {
        Self {
            id: RowId(expense.id),
            item: expense.item.clone(),
            amount: MoneyView::new(expense.amount, language),
            date: expense.date.to_string(),
            category: expense.category,
            updated_at: expense.updated_at.clone(),
        }
    }
}

/// A call's arguments as the confirm card and the table's forms edit them; absent
/// fields are not sent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseArgs {
    /// The expense an update or delete is about.
    pub id: Option<RowId>,
    /// The item.
    pub item: Option<String>,
    /// The amount as a decimal ("200.00"; a symbol or a decimal comma is accepted).
    pub amount: Option<String>,
    /// The currency code.
    pub currency: Option<Currency>,
    /// The day, ISO.
    pub date: Option<String>,
    /// The category.
    pub category: Option<Category>,
}

impl ExpenseArgs {
    /// The arguments as a tool call's JSON object.
    pub fn to_map(&self) -> Map<String, Value> {
        let mut args = Map::new();
        if let Some(id) = self.id {
            args.insert("id".into(), json!(id.0));
        }
        if let Some(item) = &self.item {
            args.insert("item".into(), json!(item));
        }
        if let Some(amount) = &self.amount {
            args.insert("amount".into(), json!(amount));
        }
        if let Some(currency) = self.currency {
            args.insert("currency".into(), json!(currency.code()));
        }
        if let Some(date) = &self.date {
            args.insert("date".into(), json!(date));
        }
        if let Some(category) = self.category {
            args.insert("category".into(), json!(category.as_str()));
        }
        args
    }

    /// Arguments read back from a stored call (unknown values left out).
    pub fn from_map(args: &Map<String, Value>) -> Self {
        let text = |name: &str| args.get(name).and_then(Value::as_str).map(str::to_string);
        Self {
            id: args.get("id").and_then(Value::as_i64).map(RowId),
            item: text("item"),
            amount: text("amount").or_else(|| args.get("amount").map(Value::to_string)),
            currency: text("currency").as_deref().and_then(Currency::from_code),
            date: text("date"),
            category: text("category").as_deref().and_then(Category::from_name),
        }
    }
}

/// A proposal waiting for the student's yes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ProposalCardView {
    /// Its id.
    pub id: String,
    /// The tool.
    pub tool: ExpenseTool,
    /// The exact arguments that will run.
    pub args: ExpenseArgs,
    /// Why it waits.
    pub reason: ConfirmReason,
    /// When it stops being confirmable (RFC 3339).
    pub expires_at: String,
    /// How the app computed the amount, in words, when it did.
    pub working: Option<String>,
}

impl From<&ProposalView> for ProposalCardView {
    fn from(p: &ProposalView) -> Self {
        Self {
            id: p.id.clone(),
            tool: p.tool,
            args: ExpenseArgs::from_map(&p.args),
            reason: p.reason,
            expires_at: p.expires_at.clone(),
            working: p.working.clone(),
        }
    }
}

/// A total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    /// One total per currency.
    pub totals: Vec<MoneyView>,
    /// Expenses counted.
    pub count: u32,
    /// The span in words ("this month", "in total").
    pub span: String,
    /// The category counted, or all.
    pub category: Option<Category>,
}

impl BalanceView {
    /// `balance` for `language`.
    pub fn new(balance: &Balance, today: chrono::NaiveDate, language: Language) -> Self {
        let query = ExpenseQuery {
            range: balance.range,
            category: balance.category,
        };
        Self {
            totals: balance
                .totals
                .iter()
                .map(|m| MoneyView::new(*m, language))
                .collect(),
            count: u32::try_from(balance.count).unwrap_or(u32::MAX),
            span: range_words(&query, today, language),
            category: balance.category,
        }
    }
}

/// The reply to a message, a confirmation, a cancel or a direct call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseReplyView {
    /// The reply's message id (0 for a direct call).
    pub message_id: RowId,
    /// The words shown.
    pub answer: String,
    /// The kind of decision.
    pub kind: DecisionKind,
    /// Whether a proposal waits for a yes.
    pub confirmation_required: bool,
    /// The proposal waiting.
    pub proposal: Option<ProposalCardView>,
    /// The expense added.
    pub added: Option<ExpenseView>,
    /// The expense as changed.
    pub updated: Option<ExpenseView>,
    /// The expense deleted.
    pub deleted: Option<ExpenseView>,
    /// The expenses listed.
    pub listed: Option<Vec<ExpenseView>>,
    /// The total asked for.
    pub balance: Option<BalanceView>,
    /// Why nothing ran, when an error stopped it.
    pub error: Option<ErrorCode>,
    /// Whether the model wrote the words.
    pub model_words: bool,
}

impl ExpenseReplyView {
    /// `reply` for the window.
    pub fn new(reply: &ExpenseReply, today: chrono::NaiveDate) -> Self {
        let language = reply.language;
        let view = |e: &Expense| ExpenseView::new(e, language);
        Self {
            message_id: RowId(reply.message_id),
            answer: reply.answer.clone(),
            kind: reply.kind,
            confirmation_required: reply.confirmation_required,
            proposal: reply.proposal.as_ref().map(Into::into),
            added: reply.done.added.as_ref().map(view),
            updated: reply.done.updated.as_ref().map(view),
            deleted: reply.done.deleted.as_ref().map(view),
            listed: reply
                .done
                .listed
                .as_ref()
                .map(|rows| rows.iter().map(view).collect()),
            balance: reply
                .done
                .balance
                .as_ref()
                .map(|b| BalanceView::new(b, today, language)),
            error: reply.error,
            model_words: reply.model_words,
        }
    }
}

/// One message of the conversation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseMessageView {
    /// Its id.
    pub id: RowId,
    /// Whether the student wrote it.
    pub from_student: bool,
    /// What was said.
    pub text: String,
    /// For a reply: its kind.
    pub kind: Option<DecisionKind>,
    /// For a reply: the proposal it asks about, while it still waits.
    pub proposal: Option<ProposalCardView>,
}

impl From<&ExpenseMessage> for ExpenseMessageView {
    fn from(m: &ExpenseMessage) -> Self {
        Self {
            id: RowId(m.id),
            from_student: m.from_student,
            text: m.text.clone(),
            kind: m.kind,
            proposal: m.proposal.as_ref().map(Into::into),
        }
    }
}

/// The profile's expense settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpenseSettingsView {
    /// What the profile may do.
    pub role: Role,
    /// The currency of amounts that name none.
    pub currency: Currency,
}

impl From<ExpenseSettings> for ExpenseSettingsView {
    fn from(s: ExpenseSettings) -> Self {
        Self {
            role: s.role,
            currency: s.currency,
        }
    }
}

/// The workspace as it opens: the conversation, the settings and today's date.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ExpensesStateView {
    /// The latest messages, oldest first.
    pub messages: Vec<ExpenseMessageView>,
    /// Role and currency.
    pub settings: ExpenseSettingsView,
    /// Whether the expense owner has chosen their PIN (the next role change needs it;
    /// until then the next role change chooses it).
    pub owner_has_pin: bool,
    /// Today, ISO (the app's clock).
    pub today: String,
    /// Why the teacher's category words (`category-words.txt` in the data folder) are
    /// not used, when the file is bad; None when they are, or when there is none.
    pub category_words: Option<IpcError>,
}

/// Spending of one category in one month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct MonthlyTotalView {
    /// `YYYY-MM`.
    pub month: String,
    /// The category.
    pub category: Category,
    /// The total.
    pub total: MoneyView,
    /// The total as a plain decimal, for the chart's axis.
    pub decimal: String,
}

impl MonthlyTotalView {
    /// `total` for `language`.
    pub fn new(total: &MonthlyTotal, language: Language) -> Self {
        Self {
            month: total.month.clone(),
            category: total.category,
            total: MoneyView::new(total.total, language),
            decimal: decimal_string(total.total.minor),
        }
    }
}
