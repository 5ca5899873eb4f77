//! The average per day, week or month: the total over the named span (up to today when
//! it is still running), or with no span from the first expense to today, divided by
//! the days, weeks or months the span holds.

use super::figures::total;
use super::kind::Stat;
use super::periods::{count, counted_span, Unit};
use super::span::span_words;
use crate::contract::{Expense, ExpenseQuery};
use crate::messages::MESSAGES;
use crate::money::{format_money, Money};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::words::Arg;

/// An average and what it was worked out from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Average {
    /// The total over the span.
    pub total: Money,
    /// How many days, weeks or months the span holds.
    pub periods: i64,
    /// The total divided by the periods, to the nearest minor unit.
    pub per_period: Money,
}

/// The average per `unit` of the `matching` rows over the query's span; `all` gives the
/// first day when the query names no span. None without matching rows.
pub fn average(
    unit: Unit,
    all: &[Expense],
    matching: &[&Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
) -> Option<Average> {
    let total = total(matching)?;
    let span = counted_span(query.range, all.iter().map(|r| r.date), today)?;
    let periods = count(span, unit);
    let half = if total.minor < 0 {
        -periods / 2
    } else {
        periods / 2
    };
    Some(Average {
        total,
        periods,
        per_period: Money {
            minor: total.minor.saturating_add(half) / periods,
            currency: total.currency,
        },
    })
}

/// The unit of an average statistic.
fn unit_of(stat: Stat) -> Unit {
    match stat {
        Stat::DailyAverage => Unit::Day,
        Stat::WeeklyAverage => Unit::Week,
        _ => Unit::Month,
    }
}

/// "On average you spend £10.00 a day (£230.00 over 23 days this month)"; "spent" for a
/// span that is over.
pub fn answer(
    stat: Stat,
    all: &[Expense],
    matching: &[&Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
    language: Language,
) -> String {
    let span = span_words(query, today, language);
    let Some(found) = average(unit_of(stat), all, matching, query, today) else {
        return say!(MESSAGES, language, "stats-none", span = &span);
    };
    let average = format_money(found.per_period, language);
    let total = format_money(found.total, language);
    let over = query.range.is_some_and(|r| r.to < today);
    let tense = if over { "past" } else { "present" };
    let id = match unit_of(stat) {
        Unit::Day => "stats-daily-average",
        Unit::Week => "stats-weekly-average",
        Unit::Month => "stats-monthly-average",
    };
    MESSAGES.say(
        language,
        id,
        &[
            ("average", Arg::from(&average)),
            ("total", Arg::from(&total)),
            ("n", Arg::from(found.periods)),
            ("span", Arg::from(&span)),
            ("tense", Arg::from(tense)),
        ],
    )
}
