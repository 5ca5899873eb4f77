//! The tools as the model reads a message with them: each one's arguments as a JSON
//! schema, narrowed to what this turn allows — the tools the role may use, categories
//! and range keywords as enums, ids only of the profile's own expenses. The arguments
//! are what code can check against the message (`verify.rs`): an amount as the message
//! writes it, how many and between how many, the message's own words for the day.

use super::contract::{Category, ExpenseTool, MAX_ITEM_CHARS};
use super::dates::RANGE_KEYWORDS;
use super::stats::Stat;
use lantern_core::llm::tools::ToolSpec;
use serde_json::{json, Value};

/// One line per tool for the prompt: what it is for and how its fields are read.
pub fn tool_purpose(tool: ExpenseTool) -> &'static str {
    match tool {
        ExpenseTool::AddExpense => {
            "add_expense {item, amount, count, shared_by, day, category}: record spending. \
             amount: the price exactly as the message writes it; count: how many were \
             bought at that price (1 if not said); shared_by: how many people split it, \
             the student included (1 if not shared); day: the message's own words for \
             the day (\"\" if none)"
        }
        ExpenseTool::GetBalance => "get_balance {range?, category?}: total spent",
        ExpenseTool::ListExpenses => "list_expenses {range?, category?}: show expenses",
        ExpenseTool::UpdateExpense => {
            "update_expense {id, item?, amount?, day?, category?}: correct one; amount is \
             the new amount as the message writes it, day the message's words for the day"
        }
        ExpenseTool::DeleteExpense => "delete_expense {id}: remove one",
    }
}

/// The line for [`NOT_SPENDING`]: money that came in, was lent or was paid back.
pub const NOT_SPENDING_PURPOSE: &str = "not_spending {kind}: the message is about money \
     received (a gift, wages, a grant), lent, borrowed or paid back: nothing is recorded";

/// The name of the reading that says the message is not spending.
pub const NOT_SPENDING: &str = "not_spending";

/// The kinds of money a message may be about that are not spending.
pub const NOT_SPENDING_KINDS: [&str; 2] = ["received", "lent_or_paid_back"];

/// The reading that says the message is not spending.
pub fn not_spending_spec() -> ToolSpec {
    ToolSpec::new(
        NOT_SPENDING,
        vec![(
            "kind",
            json!({"type": "string", "enum": NOT_SPENDING_KINDS}),
        )],
    )
}

/// The line for [`SPENDING_QUESTION`]: a question about the spending, answered by code.
pub const SPENDING_QUESTION_PURPOSE: &str = "spending_question {stat, range?, category?}: a \
     question about the spending (the biggest, a total, an average per day, week or month, \
     by category, more or less than before): code works out the figure";

/// The name of the reading that says the message asks about the spending.
pub const SPENDING_QUESTION: &str = "spending_question";

/// The reading that says the message asks about the spending, and which computation.
pub fn spending_question_spec() -> ToolSpec {
    let stats: Vec<&str> = Stat::ALL.iter().map(|s| s.name()).collect();
    ToolSpec {
        name: SPENDING_QUESTION,
        args: vec![
            ("stat", json!({"type": "string", "enum": stats})),
            ("range", range()),
            ("category", category()),
        ],
        required: vec!["stat"],
    }
}

/// Most items bought at one price, or people sharing one bill.
pub const MAX_COUNT: u32 = 50;

fn count() -> Value {
    json!({"type": "integer", "minimum": 1, "maximum": MAX_COUNT})
}

/// Longest words the model may cite for a day.
pub const MAX_DAY_CHARS: usize = 40;

/// The message's words for a day ("" when it names none).
fn day() -> Value {
    json!({"type": "string", "maxLength": MAX_DAY_CHARS})
}

fn item() -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": MAX_ITEM_CHARS})
}

fn amount() -> Value {
    json!({"type": "number", "minimum": 0.01})
}

fn category() -> Value {
    let names: Vec<&str> = Category::ALL.iter().map(|c| c.as_str()).collect();
    json!({"type": "string", "enum": names})
}

fn range() -> Value {
    json!({"type": "string", "enum": RANGE_KEYWORDS})
}

/// The id argument: one of `ids` (the profile's expenses the request may mean).
fn id(ids: &[i64]) -> Value {
    json!({"type": "integer", "enum": ids})
}

/// A tool's schema for the model. `ids` are the expenses an update or delete may name;
/// with none, those tools cannot be offered.
pub fn tool_spec(tool: ExpenseTool, ids: &[i64]) -> Option<ToolSpec> {
    let optional = |name, args: Vec<(&'static str, Value)>, required: Vec<&'static str>| ToolSpec {
        name,
        args,
        required,
    };
    Some(match tool {
        ExpenseTool::AddExpense => optional(
            tool.name(),
            vec![
                ("item", item()),
                ("amount", amount()),
                ("count", count()),
                ("shared_by", count()),
                ("day", day()),
                ("category", category()),
            ],
            vec!["item", "amount", "count", "shared_by", "day", "category"],
        ),
        ExpenseTool::GetBalance | ExpenseTool::ListExpenses => optional(
            tool.name(),
            vec![("range", range()), ("category", category())],
            vec![],
        ),
        ExpenseTool::UpdateExpense if !ids.is_empty() => optional(
            tool.name(),
            vec![
                ("id", id(ids)),
                ("item", item()),
                ("amount", amount()),
                ("day", day()),
                ("category", category()),
            ],
            vec!["id"],
        ),
        ExpenseTool::DeleteExpense if !ids.is_empty() => {
            ToolSpec::new(tool.name(), vec![("id", id(ids))])
        }
        ExpenseTool::UpdateExpense | ExpenseTool::DeleteExpense => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_narrowed_to_the_given_expenses() {
        let spec = tool_spec(ExpenseTool::DeleteExpense, &[3, 7]).unwrap();
        assert_eq!(spec.args[0].1["enum"], json!([3, 7]));
        assert!(tool_spec(ExpenseTool::DeleteExpense, &[]).is_none());
        assert!(tool_spec(ExpenseTool::UpdateExpense, &[]).is_none());
    }

    #[test]
    fn add_asks_every_field_the_checks_read() {
        let spec = tool_spec(ExpenseTool::AddExpense, &[]).unwrap();
        assert_eq!(
            spec.required,
            vec!["item", "amount", "count", "shared_by", "day", "category"]
        );
        let schema = spec.args_schema();
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(schema["properties"]["category"]["enum"][0], "food");
    }
}
