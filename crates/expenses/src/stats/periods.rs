//! The spans of days a statistic counts: a named span up to today, how many days, weeks
//! or months it holds, and the span of the same shape before it or around today (for a
//! comparison). Weeks start on Monday, as in `dates.rs`.

use crate::dates::DateRange;
use chrono::{Datelike, Duration, Months, NaiveDate};

/// The unit an average is taken per.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// A day.
    Day,
    /// A week (seven days; a part week counts as one).
    Week,
    /// A calendar month (a part month counts as one).
    Month,
}

/// The days an average counts: the named `range` up to `today` when it is still running,
/// or with no range from the first of `dates` to today (or the last of them, if later).
pub fn counted_span(
    range: Option<DateRange>,
    dates: impl Iterator<Item = NaiveDate>,
    today: NaiveDate,
) -> Option<DateRange> {
    match range {
        Some(r) => Some(DateRange {
            from: r.from,
            to: r.to.min(today).max(r.from),
        }),
        None => {
            let (first, last) = dates.fold(None, |seen: Option<(NaiveDate, NaiveDate)>, d| {
                Some(seen.map_or((d, d), |(a, b)| (a.min(d), b.max(d))))
            })?;
            Some(DateRange {
                from: first,
                to: today.max(last),
            })
        }
    }
}

/// How many `unit`s `span` holds (at least one).
pub fn count(span: DateRange, unit: Unit) -> i64 {
    let days = span.days().max(1);
    match unit {
        Unit::Day => days,
        Unit::Week => (days + 6) / 7,
        Unit::Month => {
            let months = (span.to.year() - span.from.year()) * 12 + span.to.month() as i32
                - span.from.month() as i32;
            i64::from(months + 1).max(1)
        }
    }
}

/// What a span is, for finding the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Whole calendar months.
    Months(u32),
    /// Some days (a week is seven from a Monday).
    Days(i64),
}

fn first_of_month(day: NaiveDate) -> NaiveDate {
    day.with_day(1).unwrap_or(day)
}

fn shape(span: DateRange) -> Shape {
    let next = span.to + Duration::days(1);
    if span.from.day() == 1 && next.day() == 1 {
        let months =
            (next.year() - span.from.year()) * 12 + next.month() as i32 - span.from.month() as i32;
        if let Ok(months) = u32::try_from(months) {
            if months > 0 {
                return Shape::Months(months);
            }
        }
    }
    Shape::Days(span.days().max(1))
}

/// `span` moved `steps` of its own shape (negative: earlier).
fn shifted(span: DateRange, steps: i64) -> DateRange {
    match shape(span) {
        Shape::Months(n) => {
            let months =
                Months::new(n.saturating_mul(u32::try_from(steps.unsigned_abs()).unwrap_or(0)));
            let from = if steps < 0 {
                span.from.checked_sub_months(months)
            } else {
                span.from.checked_add_months(months)
            }
            .unwrap_or(span.from);
            let to = from
                .checked_add_months(Months::new(n))
                .map_or(span.to, |next| next - Duration::days(1));
            DateRange { from, to }
        }
        Shape::Days(n) => DateRange {
            from: span.from + Duration::days(n * steps),
            to: span.to + Duration::days(n * steps),
        },
    }
}

/// The span of the same shape just before `span`: the month, months, year, week or as
/// many days before.
pub fn previous(span: DateRange) -> DateRange {
    shifted(span, -1)
}

/// The span of the same shape as `span`, on the same steps, that holds `today`: this
/// month for a past month, this week for a past week.
pub fn around(span: DateRange, today: NaiveDate) -> DateRange {
    match shape(span) {
        Shape::Months(n) => {
            let months = |d: NaiveDate| i64::from(d.year()) * 12 + i64::from(d.month0());
            let gap = months(first_of_month(today)) - months(span.from);
            shifted(span, gap.div_euclid(i64::from(n)))
        }
        Shape::Days(n) => shifted(span, (today - span.from).num_days().div_euclid(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    fn span(from: &str, to: &str) -> DateRange {
        DateRange {
            from: day(from),
            to: day(to),
        }
    }

    #[test]
    fn a_running_span_counts_up_to_today() {
        let month = span("2026-11-01", "2026-11-30");
        let counted = counted_span(Some(month), std::iter::empty(), day("2026-11-23"));
        assert_eq!(counted, Some(span("2026-11-01", "2026-11-23")));
        assert_eq!(count(counted.unwrap(), Unit::Day), 23);
    }

    #[test]
    fn with_no_range_the_span_runs_from_the_first_row_to_today() {
        let dates = [day("2026-10-15"), day("2026-09-20")];
        let counted = counted_span(None, dates.into_iter(), day("2026-11-23")).unwrap();
        assert_eq!(counted, span("2026-09-20", "2026-11-23"));
        assert_eq!(count(counted, Unit::Month), 3);
    }

    #[test]
    fn a_part_week_or_month_counts_as_one() {
        let s = span("2026-11-01", "2026-11-23");
        assert_eq!(count(s, Unit::Week), 4);
        assert_eq!(count(s, Unit::Month), 1);
        assert_eq!(count(span("2026-09-01", "2026-10-31"), Unit::Month), 2);
    }

    #[test]
    fn the_span_before_a_month_is_the_month_before() {
        assert_eq!(
            previous(span("2026-11-01", "2026-11-30")),
            span("2026-10-01", "2026-10-31")
        );
        assert_eq!(
            previous(span("2026-03-01", "2026-03-31")),
            span("2026-02-01", "2026-02-28")
        );
        assert_eq!(
            previous(span("2026-01-01", "2026-12-31")),
            span("2025-01-01", "2025-12-31")
        );
    }

    #[test]
    fn the_span_before_a_week_is_the_week_before() {
        assert_eq!(
            previous(span("2026-11-23", "2026-11-29")),
            span("2026-11-16", "2026-11-22")
        );
    }

    #[test]
    fn the_span_around_today_has_the_shape_of_a_past_one() {
        let today = day("2026-11-23");
        assert_eq!(
            around(span("2026-10-01", "2026-10-31"), today),
            span("2026-11-01", "2026-11-30")
        );
        assert_eq!(
            around(span("2026-11-16", "2026-11-22"), today),
            span("2026-11-23", "2026-11-29")
        );
        assert_eq!(
            around(span("2026-11-22", "2026-11-22"), today),
            span("2026-11-23", "2026-11-23")
        );
    }
}
