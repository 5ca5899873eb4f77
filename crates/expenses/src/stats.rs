//! Questions about the spending itself, answered by code from the rows (issue #34):
//! the biggest or smallest expense, the category spent most on, totals by category and
//! the average per month or week ("what's my biggest expense?", "¿en qué gasté más este
//! mes?", "how much do I spend a month on average?"). The words are the app's; the model
//! never states an amount.

use super::contract::{Category, Expense, ExpenseQuery};
use super::messages::MESSAGES;
use super::money::{format_money, Money};
use super::replies::{category_label, range_words};
use super::word_lists::{word_list, WordList};
use chrono::{Datelike, NaiveDate};
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::has_phrase;
use std::collections::BTreeMap;

/// What a question about the spending asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stat {
    /// The single biggest expense.
    Biggest,
    /// The single smallest expense.
    Smallest,
    /// The category with the largest total.
    TopCategory,
    /// The total of each category.
    ByCategory,
    /// The average per month.
    MonthlyAverage,
    /// The average per week.
    WeeklyAverage,
}

/// The phrases of each statistic (normalised), in `words/<locale>/stat-*.txt`.
static BIGGEST: WordList = word_list!("stat-biggest");
static SMALLEST: WordList = word_list!("stat-smallest");
static TOP_CATEGORY: WordList = word_list!("stat-top-category");
static BY_CATEGORY: WordList = word_list!("stat-by-category");
static AVERAGE: WordList = word_list!("stat-average");
static PER_MONTH: WordList = word_list!("stat-per-month");
static PER_WEEK: WordList = word_list!("stat-per-week");
/// Phrases asking how much, which with a month or a week ask for an average.
static HOW_MUCH: WordList = word_list!("stat-how-much");

/// The statistic the normalised message asks for, if any.
pub fn stat_of(normalized: &str) -> Option<Stat> {
    let says = |phrases: &[&str]| phrases.iter().any(|p| has_phrase(normalized, p));
    let weekly = says(&PER_WEEK);
    if says(&AVERAGE) || (weekly || says(&PER_MONTH)) && asks_how_much(normalized) {
        return Some(if weekly {
            Stat::WeeklyAverage
        } else {
            Stat::MonthlyAverage
        });
    }
    if says(&BIGGEST) {
        Some(Stat::Biggest)
    } else if says(&SMALLEST) {
        Some(Stat::Smallest)
    } else if says(&TOP_CATEGORY) {
        Some(Stat::TopCategory)
    } else if says(&BY_CATEGORY) {
        Some(Stat::ByCategory)
    } else {
        None
    }
}

fn asks_how_much(normalized: &str) -> bool {
    HOW_MUCH.iter().any(|p| has_phrase(normalized, p))
}

/// The total of `rows` in their first currency (rows in another currency are left out
/// of a comparison, never converted).
fn total(rows: &[&Expense]) -> Option<Money> {
    let currency = rows.first()?.amount.currency;
    let minor = rows
        .iter()
        .filter(|r| r.amount.currency == currency)
        .map(|r| r.amount.minor)
        .fold(0i64, i64::saturating_add);
    Some(Money { minor, currency })
}

/// Each category's rows' total, largest first.
fn by_category(rows: &[&Expense]) -> Vec<(Category, Money, usize)> {
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

/// "food £45.50; transport £20.00".
fn category_lines(groups: &[(Category, Money, usize)], language: Language) -> String {
    groups
        .iter()
        .map(|(c, m, _)| {
            format!(
                "{} {}",
                category_label(*c, language),
                format_money(*m, language)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// How many months or weeks the rows span, up to `today` (at least one).
fn periods(rows: &[&Expense], today: NaiveDate, weekly: bool) -> i64 {
    let Some(first) = rows.iter().map(|r| r.date).min() else {
        return 1;
    };
    if weekly {
        ((today - first).num_days() / 7 + 1).max(1)
    } else {
        let months =
            (today.year() - first.year()) * 12 + today.month() as i32 - first.month() as i32;
        i64::from(months + 1).max(1)
    }
}

/// The answer to `stat` over `rows` (already the query's rows), in `language`.
pub fn answer(
    stat: Stat,
    rows: &[Expense],
    query: &ExpenseQuery,
    today: NaiveDate,
    language: Language,
) -> String {
    // "this month", or nothing for all time.
    let span = match query.range {
        Some(_) => format!(" {}", range_words(query, today, language)),
        None => String::new(),
    };
    let rows: Vec<&Expense> = rows.iter().collect();
    if rows.is_empty() {
        return say!(MESSAGES, language, "expenses-stats-none", span = &span);
    }
    match stat {
        Stat::Biggest | Stat::Smallest => {
            let pick = if stat == Stat::Biggest {
                rows.iter().max_by_key(|r| (r.amount.minor, r.date))
            } else {
                rows.iter()
                    .min_by_key(|r| (r.amount.minor, std::cmp::Reverse(r.date)))
            };
            let Some(row) = pick else {
                return String::new();
            };
            let amount = format_money(row.amount, language);
            let date = row.date.to_string();
            if stat == Stat::Biggest {
                say!(
                    MESSAGES,
                    language,
                    "expenses-stats-biggest",
                    span = &span,
                    item = &row.item,
                    amount = &amount,
                    date = &date
                )
            } else {
                say!(
                    MESSAGES,
                    language,
                    "expenses-stats-smallest",
                    span = &span,
                    item = &row.item,
                    amount = &amount,
                    date = &date
                )
            }
        }
        Stat::TopCategory | Stat::ByCategory => {
            let groups = by_category(&rows);
            let lines = category_lines(&groups, language);
            let Some((top, money, n)) = groups.first() else {
                return String::new();
            };
            if stat == Stat::ByCategory {
                return say!(
                    MESSAGES,
                    language,
                    "expenses-stats-by-category",
                    span = &span,
                    lines = &lines
                );
            }
            say!(
                MESSAGES,
                language,
                "expenses-stats-top-category",
                category = &category_label(*top, language),
                span = &span,
                amount = &format_money(*money, language),
                n = *n,
                lines = &lines
            )
        }
        Stat::MonthlyAverage | Stat::WeeklyAverage => {
            let weekly = stat == Stat::WeeklyAverage;
            let Some(sum) = total(&rows) else {
                return String::new();
            };
            let n = periods(&rows, today, weekly);
            let average = Money {
                minor: (sum.minor + n / 2) / n,
                currency: sum.currency,
            };
            let average = format_money(average, language);
            let total = format_money(sum, language);
            let n = n.to_string();
            if weekly {
                say!(
                    MESSAGES,
                    language,
                    "expenses-stats-weekly-average",
                    average = &average,
                    total = &total,
                    n = &n,
                    span = &span
                )
            } else {
                say!(
                    MESSAGES,
                    language,
                    "expenses-stats-monthly-average",
                    average = &average,
                    total = &total,
                    n = &n,
                    span = &span
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Currency;
    use lantern_core::text::normalize::normalize;

    fn row(id: i64, item: &str, pounds: i64, date: &str, category: Category) -> Expense {
        Expense {
            id,
            item: item.into(),
            amount: Money {
                minor: pounds * 100,
                currency: Currency::Gbp,
            },
            date: date.parse().unwrap(),
            category,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn rows() -> Vec<Expense> {
        vec![
            row(1, "rent", 450, "2026-11-01", Category::Housing),
            row(2, "lunch", 12, "2026-11-20", Category::Food),
            row(3, "groceries", 40, "2026-10-15", Category::Food),
            row(4, "bus pass", 30, "2026-10-02", Category::Transport),
        ]
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn ask(text: &str) -> String {
        let stat = stat_of(&normalize(text)).expect("a statistic");
        answer(
            stat,
            &rows(),
            &ExpenseQuery::default(),
            today(),
            Language::En,
        )
    }

    #[test]
    fn the_questions_name_their_statistic() {
        for (text, stat) in [
            ("what's my biggest expense?", Stat::Biggest),
            ("¿cuál fue mi gasto más grande?", Stat::Biggest),
            ("what was the cheapest thing", Stat::Smallest),
            (
                "what did I spend the most on this month?",
                Stat::TopCategory,
            ),
            ("¿en qué gasté más?", Stat::TopCategory),
            ("show my spending by category", Stat::ByCategory),
            (
                "how much do I spend a month on average?",
                Stat::MonthlyAverage,
            ),
            ("average spend per week", Stat::WeeklyAverage),
            ("¿cuánto gasto al mes?", Stat::MonthlyAverage),
        ] {
            assert_eq!(stat_of(&normalize(text)), Some(stat), "{text}");
        }
        assert_eq!(
            stat_of(&normalize("how much did I spend this month?")),
            None
        );
    }

    #[test]
    fn the_biggest_expense_is_named_with_its_amount_and_day() {
        let a = ask("what's my biggest expense?");
        assert!(
            a.contains("rent") && a.contains("£450.00") && a.contains("2026-11-01"),
            "{a}"
        );
    }

    #[test]
    fn the_top_category_comes_with_every_category_total() {
        let a = ask("what did I spend the most on?");
        assert!(a.contains("most on housing: £450.00"), "{a}");
        assert!(
            a.contains("food £52.00") && a.contains("transport £30.00"),
            "{a}"
        );
    }

    #[test]
    fn the_average_divides_by_the_months_spanned() {
        let a = ask("how much do I spend a month on average?");
        // £532 over October and November.
        assert!(a.contains("£266.00 a month"), "{a}");
    }

    #[test]
    fn no_rows_is_said_plainly() {
        let a = answer(
            Stat::Biggest,
            &[],
            &ExpenseQuery::default(),
            today(),
            Language::Es,
        );
        assert!(a.starts_with("No tienes gastos"), "{a}");
    }
}
