//! A span's spending against the span of the same shape before it ("am I spending more
//! than last month?"): both totals and the difference. The span named is the later one
//! when it holds today ("this month") and the earlier one when it is past ("than last
//! month": this month against last month); with no span, this month against last.

use super::figures::total_in;
use super::periods::{around, previous};
use super::span::span_words;
use crate::contract::{Expense, ExpenseQuery};
use crate::dates::{parse_range_arg, DateRange};
use crate::messages::MESSAGES;
use crate::money::{format_money, Money};
use crate::replies::range_words;
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::words::Arg;
use std::cmp::Ordering;

/// The two spans compared: the later, then the earlier.
pub fn spans(range: Option<DateRange>, today: NaiveDate) -> Option<(DateRange, DateRange)> {
    let named = match range {
        Some(r) => r,
        None => parse_range_arg("this_month", today).ok()??,
    };
    Some(if named.to < today {
        (around(named, today), named)
    } else {
        (named, previous(named))
    })
}

/// Both spans' totals of the rows `query`'s category matches, in the currency of the
/// first such row (none when neither span has one).
pub fn totals(
    rows: &[Expense],
    query: &ExpenseQuery,
    later: DateRange,
    earlier: DateRange,
) -> Option<(Money, Money)> {
    let of = |span: DateRange| -> Vec<&Expense> {
        let q = ExpenseQuery {
            range: Some(span),
            category: query.category,
        };
        rows.iter().filter(|r| q.matches(r)).collect()
    };
    let (now, before) = (of(later), of(earlier));
    let currency = now.iter().chain(&before).next()?.amount.currency;
    Some((total_in(&now, currency), total_in(&before, currency)))
}

/// "You've spent £120.00 this month and £95.00 last month: £25.00 more this month."
pub fn answer(
    rows: &[Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
    language: Language,
) -> String {
    let words = |span: DateRange| {
        let q = ExpenseQuery {
            range: Some(span),
            category: None,
        };
        range_words(&q, today, language)
    };
    let on = span_words(
        &ExpenseQuery {
            range: None,
            category: query.category,
        },
        today,
        language,
    );
    let Some((later, earlier)) = spans(query.range, today) else {
        return say!(MESSAGES, language, "stats-none", span = &on);
    };
    let (when, then) = (words(later), words(earlier));
    let Some((now, before)) = totals(rows, query, later, earlier) else {
        return say!(
            MESSAGES,
            language,
            "stats-compare-none",
            on = &on,
            when = &when,
            then = &then
        );
    };
    let difference = format_money(
        Money {
            minor: now.minor.saturating_sub(before.minor).saturating_abs(),
            currency: now.currency,
        },
        language,
    );
    let (now_words, before_words) = (format_money(now, language), format_money(before, language));
    let id = match now.minor.cmp(&before.minor) {
        Ordering::Greater => "stats-compare-more",
        Ordering::Less => "stats-compare-less",
        Ordering::Equal => "stats-compare-same",
    };
    MESSAGES.say(
        language,
        id,
        &[
            ("now", Arg::from(&now_words)),
            ("on", Arg::from(&on)),
            ("when", Arg::from(&when)),
            ("before", Arg::from(&before_words)),
            ("then", Arg::from(&then)),
            ("difference", Arg::from(&difference)),
        ],
    )
}
