//! The figures the answers state, from rows: a total, each category's total and the
//! biggest and smallest expense.

use crate::contract::{Category, Expense};
use crate::money::{Currency, Money};
use std::collections::BTreeMap;

/// The total of the `rows` in `currency` (rows in another currency are left out, never
/// converted).
pub fn total_in(rows: &[&Expense], currency: Currency) -> Money {
    let minor = rows
        .iter()
        .filter(|r| r.amount.currency == currency)
        .map(|r| r.amount.minor)
        .fold(0i64, i64::saturating_add);
    Money { minor, currency }
}

/// The total of `rows` in the first row's currency; none without rows.
pub fn total(rows: &[&Expense]) -> Option<Money> {
    Some(total_in(rows, rows.first()?.amount.currency))
}

/// Each category's total (in its first row's currency) and row count, largest first.
pub fn by_category(rows: &[&Expense]) -> Vec<(Category, Money, usize)> {
    let mut groups: BTreeMap<Category, Vec<&Expense>> = BTreeMap::new();
    for row in rows {
        groups.entry(row.category).or_default().push(row);
    }
    let mut out: Vec<(Category, Money, usize)> = groups
        .into_iter()
        .filter_map(|(c, rs)| total(&rs).map(|m| (c, m, rs.len())))
        .collect();
    out.sort_by_key(|g| std::cmp::Reverse(g.1.minor));
    out
}

/// The biggest expense (the latest of equal ones).
pub fn biggest<'a>(rows: &[&'a Expense]) -> Option<&'a Expense> {
    rows.iter()
        .copied()
        .max_by_key(|r| (r.amount.minor, r.date))
}

/// The smallest expense (the latest of equal ones).
pub fn smallest<'a>(rows: &[&'a Expense]) -> Option<&'a Expense> {
    rows.iter()
        .copied()
        .min_by_key(|r| (r.amount.minor, std::cmp::Reverse(r.date)))
}
