//! Questions about the spending itself, answered by code from the rows (issues #34, #48):
//! the biggest or smallest expense, the category spent most on, totals by category, a
//! span's total, the average per day, week or month, and a span against the one before
//! ("what's the most I've spent on one thing?", "average per day this month?", "¿este mes
//! llevo gastado más que el pasado?"). Which computation a message asks for is read
//! here ([`stat_of`]) or chosen by the model by its [`Stat::name`]; code works out every
//! figure and words it from `words/<locale>/stats.ftl`. The model never states an amount.

mod average;
mod compare;
mod figures;
mod kind;
mod periods;
mod reading;
mod span;

use super::contract::{Expense, ExpenseQuery};
use super::messages::MESSAGES;
use super::money::{format_money, Currency};
use super::replies::{balance, category_label};
use chrono::NaiveDate;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::words::Arg;

pub use kind::Stat;
pub use reading::stat_of;
use span::span_words;

/// The answer to `stat` over the `rows` `query` matches, in `language`. `rows` may be
/// every row of the profile or only the matching ones; a comparison reads the span
/// before the query's too, so it needs every row.
pub fn answer(
    stat: Stat,
    rows: &[Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
    language: Language,
) -> String {
    if stat == Stat::ComparePrevious {
        return compare::answer(rows, query, today, language);
    }
    let matching: Vec<&Expense> = rows.iter().filter(|r| query.matches(r)).collect();
    let span = span_words(query, today, language);
    if matching.is_empty() {
        return say!(MESSAGES, language, "stats-none", span = &span);
    }
    match stat {
        Stat::Biggest | Stat::Smallest => extreme(stat, &matching, &span, language),
        Stat::TopCategory | Stat::ByCategory => categories(stat, &matching, &span, language),
        Stat::Total => {
            let matching: Vec<Expense> = matching.into_iter().cloned().collect();
            let currency = matching
                .first()
                .map_or(Currency::Gbp, |r| r.amount.currency);
            balance(&matching, query, currency, today, language)
        }
        Stat::DailyAverage | Stat::WeeklyAverage | Stat::MonthlyAverage => {
            average::answer(stat, rows, &matching, query, today, language)
        }
        Stat::ComparePrevious => compare::answer(rows, query, today, language),
    }
}

/// The biggest or smallest of `rows`, with its amount and day.
fn extreme(stat: Stat, rows: &[&Expense], span: &str, language: Language) -> String {
    let pick = if stat == Stat::Biggest {
        figures::biggest(rows)
    } else {
        figures::smallest(rows)
    };
    let Some(row) = pick else {
        return say!(MESSAGES, language, "stats-none", span = span);
    };
    let id = match stat {
        Stat::Biggest => "stats-biggest",
        _ => "stats-smallest",
    };
    let amount = format_money(row.amount, language);
    let date = row.date.to_string();
    MESSAGES.say(
        language,
        id,
        &[
            ("span", Arg::from(span)),
            ("item", Arg::from(&row.item)),
            ("amount", Arg::from(&amount)),
            ("date", Arg::from(&date)),
        ],
    )
}

/// The category spent most on, or every category's total.
fn categories(stat: Stat, rows: &[&Expense], span: &str, language: Language) -> String {
    let groups = figures::by_category(rows);
    let lines = groups
        .iter()
        .map(|(c, m, _)| {
            format!(
                "{} {}",
                category_label(*c, language),
                format_money(*m, language)
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    let Some((top, money, n)) = groups.first() else {
        return say!(MESSAGES, language, "stats-none", span = span);
    };
    if stat == Stat::ByCategory {
        return say!(
            MESSAGES,
            language,
            "stats-by-category",
            span = span,
            lines = &lines
        );
    }
    say!(
        MESSAGES,
        language,
        "stats-top-category",
        category = &category_label(*top, language),
        span = span,
        amount = &format_money(*money, language),
        n = *n,
        lines = &lines
    )
}

#[cfg(test)]
mod tests;
