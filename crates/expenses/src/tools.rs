//! The tools as the model sees them: each one's arguments as a JSON schema, narrowed to
//! what this turn allows — the tools the role may use and the student's request points
//! to, categories and range keywords as enums, ids only of the profile's own expenses.

use super::contract::{Category, ExpenseTool, MAX_ITEM_CHARS};
use super::dates::RANGE_KEYWORDS;
use super::money::Currency;
use lantern_core::llm::tools::ToolSpec;
use serde_json::{json, Value};

/// One line per tool for the prompt: what it is for.
pub fn tool_purpose(tool: ExpenseTool) -> &'static str {
    match tool {
        ExpenseTool::AddExpense => "add_expense {item, amount, date?, category?}: record spending",
        ExpenseTool::GetBalance => "get_balance {range?, category?}: total spent",
        ExpenseTool::ListExpenses => "list_expenses {range?, category?}: show expenses",
        ExpenseTool::UpdateExpense => {
            "update_expense {id, item?, amount?, date?, category?}: correct one"
        }
        ExpenseTool::DeleteExpense => "delete_expense {id}: remove one",
    }
}

fn item() -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": MAX_ITEM_CHARS})
}

fn amount() -> Value {
    json!({"type": "number", "minimum": 0.01})
}

fn currency() -> Value {
    let codes: Vec<&str> = Currency::ALL.iter().map(|c| c.code()).collect();
    json!({"type": "string", "enum": codes})
}

fn date() -> Value {
    json!({"type": "string", "format": "date"})
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
                ("currency", currency()),
                ("date", date()),
                ("category", category()),
            ],
            vec!["item", "amount"],
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
                ("date", date()),
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
    fn add_requires_item_and_amount_only() {
        let spec = tool_spec(ExpenseTool::AddExpense, &[]).unwrap();
        assert_eq!(spec.required, vec!["item", "amount"]);
        let schema = spec.args_schema();
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(schema["properties"]["category"]["enum"][0], "food");
    }
}
