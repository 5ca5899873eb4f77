//! Questions about the spending itself, answered by code from the rows (issue #34):
//! the biggest or smallest expense, the category spent most on, totals by category and
//! the average per month or week ("what's my biggest expense?", "¿en qué gasté más este
//! mes?", "how much do I spend a month on average?"). The words are the app's; the model
//! never states an amount.

use super::contract::{Category, Expense, ExpenseQuery};
use super::money::{format_money, Money};
use super::replies::{category_label, range_words};
use chrono::{Datelike, NaiveDate};
use lantern_core::language::Language;
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

const BIGGEST: &[&str] = &[
    "biggest",
    "largest",
    "most expensive",
    "highest",
    "mas grande",
    "mas caro",
    "mas cara",
    "mayor gasto",
    "gasto mayor",
    "mas alto",
];
const SMALLEST: &[&str] = &[
    "smallest",
    "cheapest",
    "lowest",
    "mas pequeno",
    "mas barato",
    "mas barata",
    "menor gasto",
    "gasto menor",
    "mas bajo",
];
const TOP_CATEGORY: &[&str] = &[
    "the most on",
    "most on",
    "spend most",
    "spent most",
    "spending most",
    "gaste mas",
    "gastado mas",
    "gasto mas",
    "mas he gastado",
    "mas gasto",
];
const BY_CATEGORY: &[&str] = &[
    "by category",
    "per category",
    "each category",
    "every category",
    "breakdown",
    "por categoria",
    "por categorias",
    "cada categoria",
    "desglose",
];
const AVERAGE: &[&str] = &[
    "average",
    "on average",
    "typically",
    "usually",
    "promedio",
    "de media",
    "en media",
    "normalmente",
];
const PER_MONTH: &[&str] = &[
    "a month",
    "per month",
    "each month",
    "every month",
    "monthly",
    "al mes",
    "por mes",
    "cada mes",
    "mensual",
];
const PER_WEEK: &[&str] = &[
    "a week",
    "per week",
    "each week",
    "every week",
    "weekly",
    "a la semana",
    "por semana",
    "cada semana",
    "semanal",
];

/// The statistic the normalised message asks for, if any.
pub fn stat_of(normalized: &str) -> Option<Stat> {
    let says = |phrases: &[&str]| phrases.iter().any(|p| has_phrase(normalized, p));
    let weekly = says(PER_WEEK);
    if says(AVERAGE) || (weekly || says(PER_MONTH)) && asks_how_much(normalized) {
        return Some(if weekly {
            Stat::WeeklyAverage
        } else {
            Stat::MonthlyAverage
        });
    }
    if says(BIGGEST) {
        Some(Stat::Biggest)
    } else if says(SMALLEST) {
        Some(Stat::Smallest)
    } else if says(TOP_CATEGORY) {
        Some(Stat::TopCategory)
    } else if says(BY_CATEGORY) {
        Some(Stat::ByCategory)
    } else {
        None
    }
}

fn asks_how_much(normalized: &str) -> bool {
    [
        "how much",
        "cuanto",
        "cuanta",
        "what do i spend",
        "que gasto",
    ]
    .iter()
    .any(|p| has_phrase(normalized, p))
}

fn en(language: Language) -> bool {
    language == Language::En
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
    let e = en(language);
    if rows.is_empty() {
        return if e {
            format!("You have no expenses{span}, so there is nothing to compare.")
        } else {
            format!("No tienes gastos{span}, así que no hay nada que comparar.")
        };
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
            match (stat == Stat::Biggest, e) {
                (true, true) => format!(
                    "Your biggest expense{span} is {}, {amount}, on {}.",
                    row.item, row.date
                ),
                (false, true) => format!(
                    "Your smallest expense{span} is {}, {amount}, on {}.",
                    row.item, row.date
                ),
                (true, false) => format!(
                    "Tu gasto más grande{span} es «{}», {amount}, del {}.",
                    row.item, row.date
                ),
                (false, false) => format!(
                    "Tu gasto más pequeño{span} es «{}», {amount}, del {}.",
                    row.item, row.date
                ),
            }
        }
        Stat::TopCategory | Stat::ByCategory => {
            let groups = by_category(&rows);
            let lines = category_lines(&groups, language);
            let Some((top, money, n)) = groups.first() else {
                return String::new();
            };
            let top_name = category_label(*top, language);
            let top_money = format_money(*money, language);
            if stat == Stat::ByCategory {
                return if e {
                    format!("By category{span}: {lines}.")
                } else {
                    format!("Por categoría{span}: {lines}.")
                };
            }
            if e {
                let noun = if *n == 1 { "expense" } else { "expenses" };
                format!("You spent the most on {top_name}{span}: {top_money} ({n} {noun}). By category: {lines}.")
            } else {
                let noun = if *n == 1 { "gasto" } else { "gastos" };
                format!("Donde más gastaste{span} fue en {top_name}: {top_money} ({n} {noun}). Por categoría: {lines}.")
            }
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
            let avg = format_money(average, language);
            let all = format_money(sum, language);
            match (weekly, e) {
                (false, true) => {
                    format!("On average you spend {avg} a month ({all} over {n} month(s){span}).")
                }
                (true, true) => {
                    format!("On average you spend {avg} a week ({all} over {n} week(s){span}).")
                }
                (false, false) => {
                    format!("De media gastas {avg} al mes ({all} en {n} mes(es){span}).")
                }
                (true, false) => {
                    format!("De media gastas {avg} a la semana ({all} en {n} semana(s){span}).")
                }
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
