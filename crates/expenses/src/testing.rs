//! Shared pieces of the expenses tests: a day, a profile's rows, a turn's input.

use super::contract::{Category, Expense, Role};
use super::money::{Currency, Money};
use super::plan::ExpenseTurnInput;
use super::rules::CallContext;
use chrono::NaiveDate;
use lantern_core::language::Language;

/// 2026-11-23, a Monday.
pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
}

/// An expense of the profile.
pub fn row(id: i64, item: &str, minor: i64, date: &str, category: Category) -> Expense {
    Expense {
        id,
        item: item.into(),
        amount: Money {
            minor,
            currency: Currency::Gbp,
        },
        date: date.parse().unwrap(),
        category,
        created_at: String::new(),
        updated_at: String::new(),
    }
}

/// Two mechanic fees and a lunch, newest first.
pub fn rows() -> Vec<Expense> {
    vec![
        row(7, "mechanic fee", 8_000, "2026-11-20", Category::Transport),
        row(5, "lunch", 1_200, "2026-11-20", Category::Food),
        row(3, "mechanic fee", 12_000, "2026-11-02", Category::Transport),
    ]
}

/// A turn's input for `message` (cleaned) by a profile with `role`.
pub fn input(message: &str, role: Role) -> ExpenseTurnInput {
    ExpenseTurnInput {
        message: super::clean_message(message).unwrap(),
        context: CallContext {
            role,
            today: today(),
            currency: Currency::Gbp,
        },
        language: Language::En,
        history: Vec::new(),
        rows: rows(),
        draft: None,
        pending: None,
        last_touched: None,
        closeness: Default::default(),
    }
}
