//! The expense model (spec 003): expenses per profile, amounts in integer minor units,
//! the five tools, the roles that may use them, and a tool call once validated.

use super::dates::DateRange;
use super::money::Money;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// Longest item name, in characters.
pub const MAX_ITEM_CHARS: usize = 80;

/// What a profile may do with its expenses; enforced by the service, not the prompt.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Every tool.
    #[default]
    Owner,
    /// The read-only tools (balance, list).
    Viewer,
}

impl Role {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Viewer => "viewer",
        }
    }

    /// The role with a stored name.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "owner" => Some(Self::Owner),
            "viewer" => Some(Self::Viewer),
            _ => None,
        }
    }

    /// Whether this role may use `tool`.
    pub fn may(self, tool: ExpenseTool) -> bool {
        self == Self::Owner || tool.is_read_only()
    }
}

/// The tools of the expenses assistant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ExpenseTool {
    /// Record a new expense.
    AddExpense,
    /// The total spent over a range.
    GetBalance,
    /// The expenses of a range and category.
    ListExpenses,
    /// Correct an expense.
    UpdateExpense,
    /// Remove an expense.
    DeleteExpense,
}

impl ExpenseTool {
    /// Every tool, in the order offered.
    pub const ALL: [ExpenseTool; 5] = [
        Self::AddExpense,
        Self::GetBalance,
        Self::ListExpenses,
        Self::UpdateExpense,
        Self::DeleteExpense,
    ];

    /// The tool's name in calls.
    pub fn name(self) -> &'static str {
        match self {
            Self::AddExpense => "add_expense",
            Self::GetBalance => "get_balance",
            Self::ListExpenses => "list_expenses",
            Self::UpdateExpense => "update_expense",
            Self::DeleteExpense => "delete_expense",
        }
    }

    /// The tool with a name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether the tool only reads.
    pub fn is_read_only(self) -> bool {
        matches!(self, Self::GetBalance | Self::ListExpenses)
    }
}

/// A category, so totals and charts group alike spending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Meals, groceries, snacks.
    Food,
    /// Buses, trains, fuel, the car.
    Transport,
    /// Rent and the home.
    Housing,
    /// Electricity, gas, water, phone, internet.
    Utilities,
    /// Medicine, doctor, dentist.
    Health,
    /// Books, fees, stationery, courses.
    Education,
    /// Cinema, games, outings.
    Leisure,
    /// Clothes and other shopping.
    Shopping,
    /// Anything else.
    Other,
}

impl Category {
    /// Every category, in display order.
    pub const ALL: [Category; 9] = [
        Self::Food,
        Self::Transport,
        Self::Housing,
        Self::Utilities,
        Self::Health,
        Self::Education,
        Self::Leisure,
        Self::Shopping,
        Self::Other,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Food => "food",
            Self::Transport => "transport",
            Self::Housing => "housing",
            Self::Utilities => "utilities",
            Self::Health => "health",
            Self::Education => "education",
            Self::Leisure => "leisure",
            Self::Shopping => "shopping",
            Self::Other => "other",
        }
    }

    /// The category with a stored name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

/// One stored expense.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Expense {
    /// Its id, unique across profiles.
    pub id: i64,
    /// What was bought or paid.
    pub item: String,
    /// How much.
    pub amount: Money,
    /// The day of the spending.
    pub date: NaiveDate,
    /// Its category.
    pub category: Category,
    /// When it was recorded (RFC 3339).
    pub created_at: String,
    /// When it last changed (RFC 3339).
    pub updated_at: String,
}

/// A new expense, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewExpense {
    /// What was bought or paid.
    pub item: String,
    /// How much.
    pub amount: Money,
    /// The day.
    pub date: NaiveDate,
    /// The category.
    pub category: Category,
}

/// What a correction changes; at least one field.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExpensePatch {
    /// A new item name.
    pub item: Option<String>,
    /// A new amount.
    pub amount: Option<Money>,
    /// A new day.
    pub date: Option<NaiveDate>,
    /// A new category.
    pub category: Option<Category>,
}

impl ExpensePatch {
    /// Whether the patch changes nothing.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// Which expenses a read is about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExpenseQuery {
    /// The days, or all time.
    pub range: Option<DateRange>,
    /// One category, or all.
    pub category: Option<Category>,
}

impl ExpenseQuery {
    /// Whether `expense` is one of those asked for.
    pub fn matches(&self, expense: &Expense) -> bool {
        self.range.is_none_or(|r| r.contains(expense.date))
            && self.category.is_none_or(|c| c == expense.category)
    }
}

/// A tool call once validated: what the service will do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpenseAction {
    /// Record a new expense.
    Add(NewExpense),
    /// Total the expenses asked for.
    Balance(ExpenseQuery),
    /// List the expenses asked for.
    List(ExpenseQuery),
    /// Correct one expense.
    Update {
        /// Which.
        id: i64,
        /// What changes.
        patch: ExpensePatch,
    },
    /// Remove one expense.
    Delete {
        /// Which.
        id: i64,
    },
}

impl ExpenseAction {
    /// The tool the action runs.
    pub fn tool(&self) -> ExpenseTool {
        match self {
            Self::Add(_) => ExpenseTool::AddExpense,
            Self::Balance(_) => ExpenseTool::GetBalance,
            Self::List(_) => ExpenseTool::ListExpenses,
            Self::Update { .. } => ExpenseTool::UpdateExpense,
            Self::Delete { .. } => ExpenseTool::DeleteExpense,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_viewer_may_only_read() {
        for tool in ExpenseTool::ALL {
            assert!(Role::Owner.may(tool));
            assert_eq!(Role::Viewer.may(tool), tool.is_read_only(), "{tool:?}");
        }
    }

    #[test]
    fn names_round_trip() {
        for tool in ExpenseTool::ALL {
            assert_eq!(ExpenseTool::from_name(tool.name()), Some(tool));
        }
        for category in Category::ALL {
            assert_eq!(Category::from_name(category.as_str()), Some(category));
        }
        for role in [Role::Owner, Role::Viewer] {
            assert_eq!(Role::from_name(role.as_str()), Some(role));
        }
    }
}
