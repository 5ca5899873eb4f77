//! Validating a tool call (spec 003, "tool validation: per-tool schema checks; reject
//! unknown fields"): the role may use the tool, every field is known, amounts are
//! positive with at most two decimals, dates are real days not in the future, ids are
//! positive. Whether an id belongs to the profile is the store's check (another
//! profile's expense is "not found"). A valid call becomes an [`ExpenseAction`], and
//! [`canonical_args`] writes an action back as the arguments shown and stored.

use super::category::guess_category;
use super::contract::{
    Category, ExpenseAction, ExpensePatch, ExpenseQuery, ExpenseTool, NewExpense, Role,
    MAX_ITEM_CHARS,
};
use super::dates::{parse_date_arg, parse_range_arg, range_label};
use super::error::ExpenseError;
use super::money::{decimal_string, minor_from_json, Currency, Money};
use chrono::NaiveDate;
use lantern_core::llm::tools::ToolCall;
use serde_json::{json, Map, Value};

/// What a call is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallContext {
    /// The profile's role.
    pub role: Role,
    /// Today, for relative dates and the "not in the future" rule.
    pub today: NaiveDate,
    /// The currency of amounts that name none.
    pub currency: Currency,
}

/// The fields each tool accepts.
pub fn allowed_fields(tool: ExpenseTool) -> &'static [&'static str] {
    match tool {
        ExpenseTool::AddExpense => &["item", "amount", "currency", "date", "category"],
        ExpenseTool::GetBalance | ExpenseTool::ListExpenses => &["range", "category"],
        ExpenseTool::UpdateExpense => &["id", "item", "amount", "currency", "date", "category"],
        ExpenseTool::DeleteExpense => &["id"],
    }
}

fn invalid(why: impl Into<String>) -> ExpenseError {
    ExpenseError::Invalid(why.into())
}

/// The tool `call` names, when it is one and the role may use it.
pub fn permitted_tool(call: &ToolCall, context: &CallContext) -> Result<ExpenseTool, ExpenseError> {
    let tool = ExpenseTool::from_name(&call.tool)
        .ok_or_else(|| ExpenseError::ToolUnknown(call.tool.clone()))?;
    if !context.role.may(tool) {
        return Err(ExpenseError::Forbidden {
            role: context.role.as_str(),
            tool: call.tool.clone(),
        });
    }
    Ok(tool)
}

/// Checks `call` and turns it into an action.
pub fn validate_call(
    call: &ToolCall,
    context: &CallContext,
) -> Result<ExpenseAction, ExpenseError> {
    let tool = permitted_tool(call, context)?;
    let allowed = allowed_fields(tool);
    if let Some(unknown) = call.args.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(invalid(format!("{} has no field {unknown:?}", call.tool)));
    }
    let args = &call.args;
    Ok(match tool {
        ExpenseTool::AddExpense => {
            let item = item_arg(
                args.get("item")
                    .ok_or_else(|| invalid("item is required"))?,
            )?;
            let amount = money_arg(args, context)?.ok_or_else(|| invalid("amount is required"))?;
            let date = date_arg(args.get("date"), context)?.unwrap_or(context.today);
            let category =
                category_arg(args.get("category"))?.unwrap_or_else(|| guess_category(&item));
            ExpenseAction::Add(NewExpense {
                item,
                amount,
                date,
                category,
            })
        }
        ExpenseTool::GetBalance => ExpenseAction::Balance(query_args(args, context)?),
        ExpenseTool::ListExpenses => ExpenseAction::List(query_args(args, context)?),
        ExpenseTool::UpdateExpense => {
            let id = id_arg(args)?;
            let patch = ExpensePatch {
                item: args.get("item").map(item_arg).transpose()?,
                amount: money_arg(args, context)?,
                date: date_arg(args.get("date"), context)?,
                category: category_arg(args.get("category"))?,
            };
            if patch.is_empty() {
                return Err(invalid("update_expense needs at least one field to change"));
            }
            ExpenseAction::Update { id, patch }
        }
        ExpenseTool::DeleteExpense => ExpenseAction::Delete { id: id_arg(args)? },
    })
}

fn item_arg(value: &Value) -> Result<String, ExpenseError> {
    let Value::String(text) = value else {
        return Err(invalid("item must be text"));
    };
    let item = lantern_core::text::tidy::strip_unsafe_chars(text.trim());
    let item = item.split_whitespace().collect::<Vec<_>>().join(" ");
    if !item.chars().any(char::is_alphabetic) {
        return Err(invalid("item must name what was bought"));
    }
    if item.chars().count() > MAX_ITEM_CHARS {
        return Err(invalid(format!(
            "item is limited to {MAX_ITEM_CHARS} characters"
        )));
    }
    Ok(item)
}

/// The amount with its currency: the amount's own symbol, else `currency`, else the
/// profile's.
fn money_arg(
    args: &Map<String, Value>,
    context: &CallContext,
) -> Result<Option<Money>, ExpenseError> {
    let named = match args.get("currency") {
        None => None,
        Some(Value::String(code)) => Some(
            Currency::from_code(code)
                .ok_or_else(|| invalid(format!("unknown currency {code:?}")))?,
        ),
        Some(_) => return Err(invalid("currency must be a code such as GBP")),
    };
    let Some(value) = args.get("amount") else {
        return match named {
            Some(_) => Err(invalid("a currency needs an amount")),
            None => Ok(None),
        };
    };
    let (minor, symbol) = minor_from_json(value).map_err(invalid)?;
    if let (Some(a), Some(b)) = (symbol, named) {
        if a != b {
            return Err(invalid(format!(
                "the amount is in {} but currency says {}",
                a.code(),
                b.code()
            )));
        }
    }
    Ok(Some(Money {
        minor,
        currency: symbol.or(named).unwrap_or(context.currency),
    }))
}

fn date_arg(
    value: Option<&Value>,
    context: &CallContext,
) -> Result<Option<NaiveDate>, ExpenseError> {
    let Some(value) = value else { return Ok(None) };
    let Value::String(text) = value else {
        return Err(invalid("date must be a day such as 2026-11-23"));
    };
    let date = parse_date_arg(text, context.today).map_err(invalid)?;
    if date > context.today {
        return Err(invalid(format!("{date} is in the future")));
    }
    Ok(Some(date))
}

fn category_arg(value: Option<&Value>) -> Result<Option<Category>, ExpenseError> {
    match value {
        None => Ok(None),
        Some(Value::String(name)) => Category::from_name(&name.trim().to_lowercase())
            .map(Some)
            .ok_or_else(|| invalid(format!("unknown category {name:?}"))),
        Some(_) => Err(invalid("category must be a name such as food")),
    }
}

fn query_args(
    args: &Map<String, Value>,
    context: &CallContext,
) -> Result<ExpenseQuery, ExpenseError> {
    let range = match args.get("range") {
        None => None,
        Some(Value::String(text)) => parse_range_arg(text, context.today).map_err(invalid)?,
        Some(_) => return Err(invalid("range must be text such as this_month")),
    };
    Ok(ExpenseQuery {
        range,
        category: category_arg(args.get("category"))?,
    })
}

fn id_arg(args: &Map<String, Value>) -> Result<i64, ExpenseError> {
    let value = args.get("id").ok_or_else(|| invalid("id is required"))?;
    let id = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().trim_start_matches('#').parse().ok(),
        _ => None,
    };
    id.filter(|id| *id > 0)
        .ok_or_else(|| invalid("id must be a positive whole number"))
}

fn money_fields(args: &mut Map<String, Value>, money: Money) {
    args.insert("amount".into(), json!(decimal_string(money.minor)));
    args.insert("currency".into(), json!(money.currency.code()));
}

fn query_fields(args: &mut Map<String, Value>, query: &ExpenseQuery, today: NaiveDate) {
    if query.range.is_some() {
        args.insert("range".into(), json!(range_label(query.range, today)));
    }
    if let Some(category) = query.category {
        args.insert("category".into(), json!(category.as_str()));
    }
}

/// The call that performs `action`, every value explicit (amount as a decimal string
/// with its currency, dates as ISO days): what a proposal stores and the card shows.
pub fn canonical_call(action: &ExpenseAction, today: NaiveDate) -> ToolCall {
    let mut args = Map::new();
    match action {
        ExpenseAction::Add(new) => {
            args.insert("item".into(), json!(new.item));
            money_fields(&mut args, new.amount);
            args.insert("date".into(), json!(new.date.to_string()));
            args.insert("category".into(), json!(new.category.as_str()));
        }
        ExpenseAction::Balance(query) | ExpenseAction::List(query) => {
            query_fields(&mut args, query, today)
        }
        ExpenseAction::Update { id, patch } => {
            args.insert("id".into(), json!(id));
            if let Some(item) = &patch.item {
                args.insert("item".into(), json!(item));
            }
            if let Some(money) = patch.amount {
                money_fields(&mut args, money);
            }
            if let Some(date) = patch.date {
                args.insert("date".into(), json!(date.to_string()));
            }
            if let Some(category) = patch.category {
                args.insert("category".into(), json!(category.as_str()));
            }
        }
        ExpenseAction::Delete { id } => {
            args.insert("id".into(), json!(id));
        }
    }
    ToolCall {
        tool: action.tool().name().into(),
        args,
    }
}

/// The canonical arguments of `action` (see [`canonical_call`]).
pub fn canonical_args(action: &ExpenseAction, today: NaiveDate) -> Map<String, Value> {
    canonical_call(action, today).args
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(role: Role) -> CallContext {
        CallContext {
            role,
            today: NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
            currency: Currency::Gbp,
        }
    }

    fn check(tool: &str, args: Value) -> Result<ExpenseAction, ExpenseError> {
        let call = ToolCall {
            tool: tool.into(),
            args: args.as_object().cloned().unwrap_or_default(),
        };
        validate_call(&call, &context(Role::Owner))
    }

    fn invalid_args(tool: &str, args: Value) -> bool {
        matches!(check(tool, args), Err(ExpenseError::Invalid(_)))
    }

    #[test]
    fn an_unknown_tool_is_refused() {
        assert!(matches!(
            check("drop_table", json!({})),
            Err(ExpenseError::ToolUnknown(_))
        ));
    }

    #[test]
    fn a_viewer_may_not_write() {
        let call = ToolCall {
            tool: "delete_expense".into(),
            args: json!({"id": 3}).as_object().cloned().unwrap(),
        };
        let err = validate_call(&call, &context(Role::Viewer)).unwrap_err();
        assert!(matches!(err, ExpenseError::Forbidden { .. }));
        let read = ToolCall {
            tool: "get_balance".into(),
            args: Map::new(),
        };
        assert!(validate_call(&read, &context(Role::Viewer)).is_ok());
    }

    #[test]
    fn unknown_fields_are_refused() {
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": 2, "tenant": 9})
        ));
        assert!(invalid_args(
            "delete_expense",
            json!({"id": 2, "force": true})
        ));
    }

    #[test]
    fn an_item_must_name_something_and_fit() {
        assert!(invalid_args("add_expense", json!({"amount": 2})));
        assert!(invalid_args(
            "add_expense",
            json!({"item": "  42 ", "amount": 2})
        ));
        assert!(invalid_args(
            "add_expense",
            json!({"item": "x".repeat(81), "amount": 2})
        ));
        assert!(check(
            "add_expense",
            json!({"item": "  green   tea ", "amount": 2})
        )
        .is_ok());
    }

    #[test]
    fn amounts_must_be_positive_with_at_most_two_decimals() {
        for bad in [
            json!(0),
            json!(-5),
            json!(1.234),
            json!("lots"),
            json!(null),
        ] {
            assert!(
                invalid_args("add_expense", json!({"item": "tea", "amount": bad})),
                "{bad}"
            );
        }
        let Ok(ExpenseAction::Add(new)) =
            check("add_expense", json!({"item": "tea", "amount": "€2,50"}))
        else {
            panic!("a valid add")
        };
        assert_eq!(
            (new.amount.minor, new.amount.currency),
            (250, Currency::Eur)
        );
    }

    #[test]
    fn a_symbol_and_a_different_currency_conflict() {
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": "£2", "currency": "EUR"})
        ));
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": 2, "currency": "XYZ"})
        ));
    }

    #[test]
    fn dates_must_be_real_days_not_in_the_future() {
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": 2, "date": "2026-02-30"})
        ));
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": 2, "date": "2026-11-24"})
        ));
        let Ok(ExpenseAction::Add(new)) = check("add_expense", json!({"item": "tea", "amount": 2}))
        else {
            panic!("a valid add")
        };
        assert_eq!(new.date, context(Role::Owner).today);
    }

    #[test]
    fn categories_are_known_names_or_guessed() {
        assert!(invalid_args(
            "add_expense",
            json!({"item": "tea", "amount": 2, "category": "luxuries"})
        ));
        let Ok(ExpenseAction::Add(new)) =
            check("add_expense", json!({"item": "bus ticket", "amount": 2}))
        else {
            panic!("a valid add")
        };
        assert_eq!(new.category, Category::Transport);
    }

    #[test]
    fn ranges_are_read_or_refused() {
        let Ok(ExpenseAction::Balance(query)) =
            check("get_balance", json!({"range": "this_month"}))
        else {
            panic!("a valid balance")
        };
        assert_eq!(
            query.range.map(|r| r.from.to_string()),
            Some("2026-11-01".into())
        );
        assert!(invalid_args("list_expenses", json!({"range": "whenever"})));
    }

    #[test]
    fn an_update_must_change_something() {
        assert!(invalid_args("update_expense", json!({"id": 4})));
        assert!(check("update_expense", json!({"id": 4, "amount": 3})).is_ok());
    }

    #[test]
    fn ids_are_positive_whole_numbers() {
        for bad in [json!(0), json!(-1), json!(1.5), json!("abc"), json!(null)] {
            assert!(invalid_args("delete_expense", json!({"id": bad})), "{bad}");
        }
        assert_eq!(
            check("delete_expense", json!({"id": "#7"})),
            Ok(ExpenseAction::Delete { id: 7 })
        );
    }

    #[test]
    fn canonical_arguments_validate_to_the_same_action() {
        let today = context(Role::Owner).today;
        for (tool, args) in [
            (
                "add_expense",
                json!({"item": "tea", "amount": 2.5, "date": "yesterday"}),
            ),
            (
                "update_expense",
                json!({"id": 3, "amount": "€4", "category": "food"}),
            ),
            ("delete_expense", json!({"id": 9})),
            (
                "list_expenses",
                json!({"range": "last_week", "category": "food"}),
            ),
            ("get_balance", json!({})),
        ] {
            let action = check(tool, args).unwrap();
            let again =
                validate_call(&canonical_call(&action, today), &context(Role::Owner)).unwrap();
            assert_eq!(again, action, "{tool}");
        }
    }
}
