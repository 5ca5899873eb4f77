//! The answers, worded: one test per rule, and the properties of the figures.

use super::average::average;
use super::figures::biggest;
use super::periods::Unit;
use super::*;
use crate::contract::Category;
use crate::dates::{parse_range_arg, DateRange};
use crate::money::Money;
use proptest::prelude::*;

fn row(id: i64, item: &str, pounds: f64, date: &str, category: Category) -> Expense {
    Expense {
        id,
        item: item.into(),
        amount: Money {
            minor: (pounds * 100.0).round() as i64,
            currency: Currency::Gbp,
        },
        date: date.parse().unwrap(),
        category,
        created_at: String::new(),
        updated_at: String::new(),
    }
}

/// The same row in euros.
fn in_euros(mut row: Expense) -> Expense {
    row.amount.currency = Currency::Eur;
    row
}

fn rows() -> Vec<Expense> {
    vec![
        row(1, "rent", 450.0, "2026-11-01", Category::Housing),
        row(2, "lunch", 12.0, "2026-11-20", Category::Food),
        row(3, "groceries", 40.0, "2026-10-15", Category::Food),
        row(4, "bus pass", 30.0, "2026-10-02", Category::Transport),
    ]
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
}

fn range(words: &str) -> Option<DateRange> {
    parse_range_arg(words, today()).unwrap()
}

fn ask_in(stat: Stat, rows: &[Expense], query: ExpenseQuery, language: Language) -> String {
    answer(stat, rows, &query, today(), language)
}

fn ask(stat: Stat, rows: &[Expense], range_words: &str) -> String {
    let query = ExpenseQuery {
        range: range(range_words),
        category: None,
    };
    ask_in(stat, rows, query, Language::En)
}

#[test]
fn the_biggest_expense_is_named_with_its_amount_and_day() {
    let a = ask(Stat::Biggest, &rows(), "all");
    assert_eq!(a, "Your biggest expense is rent, £450.00, on 2026-11-01.");
}

#[test]
fn the_biggest_expense_of_a_span_leaves_out_the_rest() {
    let a = ask(Stat::Biggest, &rows(), "last_month");
    assert_eq!(
        a,
        "Your biggest expense last month is groceries, £40.00, on 2026-10-15."
    );
}

#[test]
fn the_top_category_comes_with_every_category_total() {
    let a = ask(Stat::TopCategory, &rows(), "all");
    assert!(a.contains("most on housing: £450.00"), "{a}");
    assert!(
        a.contains("food £52.00") && a.contains("transport £30.00"),
        "{a}"
    );
}

#[test]
fn a_total_counts_the_span_and_its_category() {
    let query = ExpenseQuery {
        range: range("this_month"),
        category: Some(Category::Food),
    };
    let a = ask_in(Stat::Total, &rows(), query, Language::En);
    assert_eq!(a, "You've spent £12.00 on food this month (1 expense).");
}

#[test]
fn with_no_range_the_monthly_average_divides_by_the_months_since_the_first_row() {
    let a = ask(Stat::MonthlyAverage, &rows(), "all");
    // £532 over October and November.
    assert!(a.contains("£266.00 a month"), "{a}");
}

#[test]
fn a_daily_average_over_a_running_month_divides_by_the_days_so_far() {
    let mut rows = rows();
    rows.push(row(5, "cinema", 28.0, "2026-11-22", Category::Leisure));
    // £490 over 1–23 November.
    let a = ask(Stat::DailyAverage, &rows, "this_month");
    assert_eq!(
        a,
        "On average you spend £21.30 a day (£490.00 over 23 days this month)."
    );
}

#[test]
fn a_daily_average_over_a_past_week_divides_by_seven() {
    let rows = [
        row(1, "comida", 15.0, "2026-11-17", Category::Food),
        row(2, "cena", 55.0, "2026-11-22", Category::Food),
        row(3, "libro", 25.0, "2026-11-12", Category::Education),
    ]
    .map(in_euros);
    let query = ExpenseQuery {
        range: range("last_week"),
        category: None,
    };
    let a = ask_in(Stat::DailyAverage, &rows, query, Language::Es);
    assert!(a.starts_with("De media gastaste 10,00 € al día"), "{a}");
}

#[test]
fn a_monthly_average_over_named_months_divides_by_those_months() {
    let rows = [
        row(1, "books", 80.0, "2026-09-12", Category::Education),
        row(2, "dinner", 120.0, "2026-10-17", Category::Food),
        row(3, "phone bill", 25.0, "2026-11-02", Category::Utilities),
    ];
    let a = ask(Stat::MonthlyAverage, &rows, "2026-09-01..2026-10-31");
    assert!(
        a.contains("you spent £100.00 a month (£200.00 over 2 months"),
        "{a}"
    );
}

#[test]
fn a_weekly_average_counts_a_part_week_as_one() {
    // £52 over 1–23 November: four weeks, the last a part one.
    let a = ask(Stat::WeeklyAverage, &rows()[1..], "this_month");
    assert!(a.contains("£3.00 a week (£12.00 over 4 weeks"), "{a}");
}

#[test]
fn a_past_span_is_compared_with_the_one_holding_today() {
    let a = ask(Stat::ComparePrevious, &rows(), "last_month");
    assert_eq!(
        a,
        "You've spent £462.00 this month and £70.00 last month: £392.00 more this month."
    );
}

#[test]
fn a_running_span_is_compared_with_the_one_before() {
    let rows = [
        row(1, "supermercado", 120.0, "2026-10-08", Category::Food),
        row(2, "supermercado", 105.0, "2026-11-05", Category::Food),
    ]
    .map(in_euros);
    let query = ExpenseQuery {
        range: range("this_month"),
        category: None,
    };
    let a = ask_in(Stat::ComparePrevious, &rows, query, Language::Es);
    assert_eq!(
        a,
        "Has gastado 105,00 € este mes y 120,00 € el mes pasado: 15,00 € menos este mes."
    );
}

#[test]
fn a_comparison_with_no_span_is_this_month_against_last() {
    let a = ask(Stat::ComparePrevious, &rows()[1..], "all");
    assert!(a.contains("£12.00 this month and £70.00 last month"), "{a}");
}

#[test]
fn a_comparison_keeps_to_the_category() {
    let query = ExpenseQuery {
        range: range("this_month"),
        category: Some(Category::Food),
    };
    let a = ask_in(Stat::ComparePrevious, &rows(), query, Language::En);
    assert!(
        a.starts_with("You've spent £12.00 on food this month and £40.00 last month: £28.00 less"),
        "{a}"
    );
}

#[test]
fn no_rows_is_said_plainly() {
    let a = ask_in(Stat::Biggest, &[], ExpenseQuery::default(), Language::Es);
    assert_eq!(a, "No tienes gastos.");
    let a = ask(Stat::ComparePrevious, &[], "this_week");
    assert_eq!(a, "You have no expenses this week or last week.");
}

fn any_rows() -> impl Strategy<Value = Vec<Expense>> {
    prop::collection::vec((1i64..100_000, 0i64..400), 1..30).prop_map(|rows| {
        rows.into_iter()
            .enumerate()
            .map(|(i, (minor, back))| Expense {
                id: i as i64 + 1,
                item: format!("item {i}"),
                amount: Money {
                    minor,
                    currency: Currency::Gbp,
                },
                date: today() - chrono::Duration::days(back),
                category: Category::Other,
                created_at: String::new(),
                updated_at: String::new(),
            })
            .collect()
    })
}

proptest! {
    #[test]
    fn an_average_times_its_periods_is_the_total(
        rows in any_rows(),
        unit in prop::sample::select(vec![Unit::Day, Unit::Week, Unit::Month]),
        named in prop::sample::select(vec!["all", "this_week", "last_week", "this_month", "last_month", "this_year", "last_30_days"]),
    ) {
        let query = ExpenseQuery { range: range(named), category: None };
        let matching: Vec<&Expense> = rows.iter().filter(|r| query.matches(r)).collect();
        if let Some(found) = average(unit, &rows, &matching, &query, today()) {
            let total: i64 = matching.iter().map(|r| r.amount.minor).sum();
            prop_assert_eq!(found.total.minor, total);
            prop_assert!(found.periods >= 1);
            let back = found.per_period.minor * found.periods;
            prop_assert!((back - total).abs() <= found.periods / 2 + 1, "{back} vs {total}");
        } else {
            prop_assert!(matching.is_empty());
        }
    }

    #[test]
    fn the_biggest_is_at_least_every_row(rows in any_rows()) {
        let all: Vec<&Expense> = rows.iter().collect();
        let top = biggest(&all).expect("rows");
        prop_assert!(rows.iter().all(|r| r.amount.minor <= top.amount.minor));
        let said = answer(Stat::Biggest, &rows, &ExpenseQuery::default(), today(), Language::En);
        prop_assert!(said.contains(&format_money(top.amount, Language::En)), "{}", said);
    }
}
