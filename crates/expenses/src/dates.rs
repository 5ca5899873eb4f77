//! Days and spans of days named in a student's words, English or Spanish, resolved
//! against today: "yesterday", "last Friday", "2 days ago", "on 3 March", "20/11",
//! "el viernes pasado", "hace dos días", "el 3 de marzo"; "this month", "last week",
//! "in October", "la semana pasada", "en octubre". Weeks start on Monday; relative days
//! are never after today. Also the tools' `range` argument and its canonical label.
//! The patterns' shape is here; their words are `words/<locale>/dates.txt` (by role),
//! `weekdays.txt`, `months.txt`, `small-numbers.txt` and `ordinal-days.txt`.

use super::word_lists::{fill as fill_roles, numbers, phrases, table, Roles};
use chrono::{Datelike, Duration, NaiveDate, Weekday};
use lantern_core::words::lines;
use regex::{Captures, Regex};
use serde::{Deserialize, Serialize};
use std::sync::LazyLock;

/// An inclusive span of days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateRange {
    /// The first day.
    pub from: NaiveDate,
    /// The last day.
    pub to: NaiveDate,
}

impl DateRange {
    /// Whether `day` is in the span.
    pub fn contains(&self, day: NaiveDate) -> bool {
        self.from <= day && day <= self.to
    }

    /// How many days the span has.
    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }
}

/// A day found in free text, with its byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoundDate {
    /// The day.
    pub date: NaiveDate,
    /// Where it starts in the text (bytes).
    pub start: usize,
    /// Where it ends in the text (bytes).
    pub end: usize,
}

/// The keywords the tools' `range` accepts, for the model's grammar.
pub const RANGE_KEYWORDS: [&str; 11] = [
    "all",
    "today",
    "yesterday",
    "this_week",
    "last_week",
    "this_month",
    "last_month",
    "this_year",
    "last_year",
    "last_7_days",
    "last_30_days",
];

/// The days of the week and their names in every language (`weekdays.txt`).
static WEEKDAYS: LazyLock<Vec<(Weekday, Vec<&'static str>)>> = LazyLock::new(|| {
    table(lantern_core::word_list!("weekdays"))
        .into_iter()
        .filter_map(|(day, names)| Some((day.parse().ok()?, names)))
        .collect()
});

/// Each month's names in every language, January first (`months.txt`).
static MONTHS: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    let months = table(lantern_core::word_list!("months"));
    months.into_iter().map(|(_, names)| names).collect()
});

/// Small counts written as words (`small-numbers.txt`).
static SMALL_NUMBERS: LazyLock<Vec<(&'static str, i64)>> =
    LazyLock::new(|| numbers(lantern_core::word_list!("small-numbers")));

/// Days of the month said as ordinal words (`ordinal-days.txt`).
static ORDINAL_DAYS: LazyLock<Vec<(&'static str, i64)>> =
    LazyLock::new(|| numbers(lantern_core::word_list!("ordinal-days")));

/// The date words by role (`dates.txt`): English's, Spanish's, and every language's
/// gathered (English's first), for the patterns each fills.
static WORDS: LazyLock<[Roles; 3]> = LazyLock::new(|| {
    let [en, es] = lantern_core::word_files!("dates");
    [
        table(lines(en)),
        table(lines(es)),
        table(lines(en).chain(lines(es))),
    ]
});

/// `pattern` with English's date words.
fn en(pattern: &str) -> String {
    fill(pattern, &WORDS[0])
}

/// `pattern` with Spanish's date words.
fn es(pattern: &str) -> String {
    fill(pattern, &WORDS[1])
}

/// `pattern` with every language's date words.
fn both(pattern: &str) -> String {
    fill(pattern, &WORDS[2])
}

/// `pattern` with each `{role}` a group of the phrases `roles` give it; `{weekday}`,
/// `{month}`, `{small}` and `{ordinal}` are the names of days and months, small counts
/// and ordinal days in every language, which a student mixes whatever the phrase's
/// language. A role no list has is a mistake in the lists: it panics, naming it.
fn fill(pattern: &str, roles: &Roles) -> String {
    fill_roles(pattern, |role| match role {
        "weekday" => WEEKDAYS
            .iter()
            .flat_map(|(_, names)| names)
            .copied()
            .collect(),
        "month" => MONTHS.iter().flatten().copied().collect(),
        "small" => SMALL_NUMBERS.iter().map(|(word, _)| *word).collect(),
        "ordinal" => ORDINAL_DAYS.iter().map(|(word, _)| *word).collect(),
        role => phrases(roles, role).to_vec(),
    })
}

fn weekday(word: &str) -> Option<Weekday> {
    let w = word.to_lowercase();
    let mut days = WEEKDAYS.iter();
    days.find(|(_, names)| names.contains(&w.as_str()))
        .map(|(day, _)| *day)
}

fn month(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    MONTHS
        .iter()
        .position(|names| names.contains(&w.as_str()))
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// A small count written in digits or in words ("4", "four", "cuatro", "a").
pub(crate) fn small_number(word: &str) -> Option<i64> {
    let w = word.to_lowercase();
    if let Ok(n) = w.parse::<i64>() {
        return Some(n);
    }
    SMALL_NUMBERS.iter().find(|(k, _)| *k == w).map(|(_, n)| *n)
}

/// The small counts written as words whose value is at least `least` ("two", "dos"…).
pub(crate) fn counts_from(least: i64) -> Vec<&'static str> {
    let counts = SMALL_NUMBERS.iter().filter(|(_, n)| *n >= least);
    counts.map(|(word, _)| *word).collect()
}

/// Whether `unit` ("weeks", "semana") counts weeks, not days.
fn is_weeks(unit: &str) -> bool {
    let unit = unit.to_lowercase();
    let weeks = WORDS[2].iter().find(|(role, _)| *role == "week-units");
    weeks.is_some_and(|(_, words)| words.contains(&unit.as_str()))
}

/// The most recent `day` before today (`strictly`) or not after it.
fn last_weekday(today: NaiveDate, day: Weekday, strictly: bool) -> NaiveDate {
    let back = (7 + today.weekday().num_days_from_monday() - day.num_days_from_monday()) % 7;
    let back = if back == 0 && strictly { 7 } else { back };
    today - Duration::days(i64::from(back))
}

/// A day of a month without a year: the most recent one not after today.
fn recent_day(today: NaiveDate, month: u32, day: u32, year: Option<i32>) -> Option<NaiveDate> {
    if let Some(year) = year {
        return NaiveDate::from_ymd_opt(year, month, day);
    }
    let this_year = NaiveDate::from_ymd_opt(today.year(), month, day);
    match this_year {
        Some(d) if d <= today => Some(d),
        _ => NaiveDate::from_ymd_opt(today.year() - 1, month, day),
    }
}

/// The day an ordinal word names ("twentieth" → 20, "twenty first" → 21).
fn ordinal(word: &str) -> Option<u32> {
    let w = word.to_lowercase().replace(' ', "-");
    let day = ORDINAL_DAYS.iter().find(|(k, _)| *k == w)?.1;
    u32::try_from(day).ok()
}

/// A day of the month alone ("on the 1st", "el día 3"): this month's when it is not
/// after today, else last month's.
fn day_of_month(today: NaiveDate, day: u32) -> Option<NaiveDate> {
    match NaiveDate::from_ymd_opt(today.year(), today.month(), day) {
        Some(d) if d <= today => Some(d),
        _ => {
            let first = today.with_day(1)?;
            let last_month = first - Duration::days(1);
            NaiveDate::from_ymd_opt(last_month.year(), last_month.month(), day)
        }
    }
}

fn year_of(text: Option<&str>) -> Option<i32> {
    let y: i32 = text?.parse().ok()?;
    Some(if y < 100 { 2000 + y } else { y })
}

type Rule = (Regex, fn(&Captures, NaiveDate) -> Option<NaiveDate>);

fn rule(pattern: &str, resolve: fn(&Captures, NaiveDate) -> Option<NaiveDate>) -> Rule {
    (
        Regex::new(&format!("(?i){pattern}")).expect("a valid pattern"),
        resolve,
    )
}

fn group<'t>(caps: &Captures<'t>, name: &str) -> Option<&'t str> {
    caps.name(name).map(|m| m.as_str())
}

/// The day a rule's `d`, `m` and optional `y` groups name ("3 March", "3 de marzo",
/// "March 3rd, 2025").
fn month_day(caps: &Captures, today: NaiveDate) -> Option<NaiveDate> {
    recent_day(
        today,
        month(group(caps, "m")?)?,
        group(caps, "d")?.parse().ok()?,
        year_of(group(caps, "y")),
    )
}

static DAY_RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    vec![
        rule(r"\b(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})\b", |c, _| {
            NaiveDate::from_ymd_opt(
                group(c, "y")?.parse().ok()?,
                group(c, "m")?.parse().ok()?,
                group(c, "d")?.parse().ok()?,
            )
        }),
        rule(
            r"\b(?P<d>\d{1,2})/(?P<m>\d{1,2})(?:/(?P<y>\d{2}|\d{4}))?\b",
            |c, today| {
                recent_day(
                    today,
                    group(c, "m")?.parse().ok()?,
                    group(c, "d")?.parse().ok()?,
                    year_of(group(c, "y")),
                )
            },
        ),
        rule(&both(r"\b{day-before-yesterday}\b"), |_, t| {
            Some(t - Duration::days(2))
        }),
        rule(&both(r"\b(?:{yesterday}|{last-night})\b"), |_, t| {
            Some(t - Duration::days(1))
        }),
        rule(&both(r"\b(?:{today}|{earlier-today})\b"), |_, t| Some(t)),
        rule(
            &en(r"\b(?P<n>\d{1,3}|{small})\s+(?P<u>{day-units}|{week-units})\s+{ago}\b"),
            |c, t| {
                let n = small_number(group(c, "n")?)?;
                let per = if is_weeks(group(c, "u")?) { 7 } else { 1 };
                Some(t - Duration::days(n.checked_mul(per)?))
            },
        ),
        rule(
            &es(r"\b{ago}\s+(?P<n>\d{1,3}|{small})\s+(?P<u>{day-units}|{week-units})\b"),
            |c, t| {
                let n = small_number(group(c, "n")?)?;
                let per = if is_weeks(group(c, "u")?) { 7 } else { 1 };
                Some(t - Duration::days(n.checked_mul(per)?))
            },
        ),
        rule(
            &format!(
                "{}|{}",
                en(r"\b{last}\s+(?P<w>{weekday})\b"),
                es(
                    r"\b(?:{the}\s+)?(?P<w2>{weekday})\s+{past}\b|\b{the}\s+{past}\s+(?P<w3>{weekday})\b"
                )
            ),
            |c, t| {
                let w = group(c, "w")
                    .or_else(|| group(c, "w2"))
                    .or_else(|| group(c, "w3"))?;
                Some(last_weekday(t, weekday(w)?, true))
            },
        ),
        rule(
            &en(
                r"\b(?P<d>\d{1,2})(?:{ordinal-suffix})?\s+(?:{of}\s+)?(?P<m>{month})\b\.?(?:,?\s+(?P<y>\d{4}))?",
            ),
            month_day,
        ),
        rule(
            &es(r"\b(?P<d>\d{1,2})\s+{of}\s+(?P<m>{month})\b(?:\s+{of-year}\s+(?P<y>\d{4}))?"),
            month_day,
        ),
        rule(
            &en(
                r"\b(?P<m>{month})\.?\s+(?P<d>\d{1,2})(?:{ordinal-suffix})?\b(?:,?\s+(?P<y>\d{4}))?",
            ),
            month_day,
        ),
        rule(
            &en(r"(?i)\b(?:{the}\s+)?(?P<w>{weekday})\s+{before-last}\b"),
            |c, t| Some(last_weekday(t, weekday(group(c, "w")?)?, true) - Duration::days(7)),
        ),
        rule(
            &format!(
                "(?i){}|{}",
                es(
                    r"\b(?:{the}\s+)?(?P<w>{weekday})\s+{of}\s+{ago}\s+(?P<n>\d{1,3}|{small})\s+{week-units}\b"
                ),
                en(r"\b(?P<w2>{weekday})\s+(?P<n2>\d{1,3}|{small})\s+{week-units}\s+{ago}\b")
            ),
            |c, t| {
                let n = small_number(group(c, "n").or_else(|| group(c, "n2"))?)?;
                let day = weekday(group(c, "w").or_else(|| group(c, "w2"))?)?;
                // That weekday in the week that was `n` weeks ago (weeks start on Monday).
                let then = t - Duration::days(n.checked_mul(7)?);
                let monday =
                    then - Duration::days(i64::from(then.weekday().num_days_from_monday()));
                Some(monday + Duration::days(i64::from(day.num_days_from_monday())))
            },
        ),
        rule(&both(r"(?i)\b{couple-of-days-ago}\b"), |_, t| {
            Some(t - Duration::days(2))
        }),
        rule(
            &en(r"(?i)\b(?:{on}\s+)?{the}\s+(?P<o>{ordinal})\b"),
            |c, t| day_of_month(t, ordinal(group(c, "o")?)?),
        ),
        rule(
            &format!(
                "(?i){}|{}",
                en(
                    r"\b(?:{on}\s+)?{the}\s+(?P<d>\d{1,2})(?:{ordinal-suffix})\b(?:\s+(?:{of}\s+)?(?P<m>{month})\b)?"
                ),
                es(r"\b{the}\s+{day}\s+(?P<d2>\d{1,2})\b(?:\s+{of}\s+(?P<m2>{month})\b)?")
            ),
            |c, t| {
                let day: u32 = group(c, "d").or_else(|| group(c, "d2"))?.parse().ok()?;
                match group(c, "m").or_else(|| group(c, "m2")) {
                    Some(m) => recent_day(t, month(m)?, day, None),
                    None => day_of_month(t, day),
                }
            },
        ),
        rule(&both(r"\b(?:{on}\s+)?(?P<w>{weekday})\b"), |c, t| {
            Some(last_weekday(t, weekday(group(c, "w")?)?, false))
        }),
    ]
});

/// The first day named in `text`, resolved against `today` (relative forms never after it).
pub fn find_date(text: &str, today: NaiveDate) -> Option<FoundDate> {
    let mut best: Option<FoundDate> = None;
    for (pattern, resolve) in DAY_RULES.iter() {
        for caps in pattern.captures_iter(text) {
            let Some(whole) = caps.get(0) else { continue };
            let Some(date) = resolve(&caps, today) else {
                continue;
            };
            let earlier = best.is_none_or(|b| whole.start() < b.start);
            if earlier {
                best = Some(FoundDate {
                    date,
                    start: whole.start(),
                    end: whole.end(),
                });
            }
            break;
        }
    }
    best
}

/// A tool's `date` argument: an ISO day, or a day named in words.
pub fn parse_date_arg(text: &str, today: NaiveDate) -> Result<NaiveDate, String> {
    let text = text.trim();
    if let Ok(day) = NaiveDate::parse_from_str(text, "%Y-%m-%d") {
        return Ok(day);
    }
    match find_date(text, today) {
        Some(found) if found.end - found.start >= text.len().saturating_sub(3) => Ok(found.date),
        _ => Err(format!("{text:?} is not a day such as 2026-11-23")),
    }
}

fn month_range(year: i32, month: u32) -> Option<DateRange> {
    let from = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)?
    };
    Some(DateRange {
        from,
        to: next - Duration::days(1),
    })
}

fn year_range(year: i32) -> Option<DateRange> {
    Some(DateRange {
        from: NaiveDate::from_ymd_opt(year, 1, 1)?,
        to: NaiveDate::from_ymd_opt(year, 12, 31)?,
    })
}

fn week_of(day: NaiveDate) -> DateRange {
    let from = day - Duration::days(i64::from(day.weekday().num_days_from_monday()));
    DateRange {
        from,
        to: from + Duration::days(6),
    }
}

/// The span a keyword names.
fn keyword_range(keyword: &str, today: NaiveDate) -> Option<Option<DateRange>> {
    let one = |d: NaiveDate| Some(Some(DateRange { from: d, to: d }));
    let last_days = |n: i64| {
        Some(Some(DateRange {
            from: today - Duration::days(n - 1),
            to: today,
        }))
    };
    let (prev_year, prev_month) = if today.month() == 1 {
        (today.year() - 1, 12)
    } else {
        (today.year(), today.month() - 1)
    };
    match keyword {
        "all" | "all_time" | "everything" => Some(None),
        "today" => one(today),
        "yesterday" => one(today - Duration::days(1)),
        "this_week" => Some(Some(week_of(today))),
        "last_week" => Some(Some(week_of(today - Duration::days(7)))),
        "this_month" => Some(month_range(today.year(), today.month())),
        "last_month" => Some(month_range(prev_year, prev_month)),
        "this_year" => Some(year_range(today.year())),
        "last_year" => Some(year_range(today.year() - 1)),
        "last_7_days" => last_days(7),
        "last_30_days" => last_days(30),
        _ => None,
    }
}

type SpanRule = (Regex, fn(&Captures, NaiveDate) -> Option<DateRange>);

fn span_rule(pattern: &str, resolve: fn(&Captures, NaiveDate) -> Option<DateRange>) -> SpanRule {
    (
        Regex::new(&format!("(?i){pattern}")).expect("a valid pattern"),
        resolve,
    )
}

fn keyword(name: &'static str) -> fn(&Captures, NaiveDate) -> Option<DateRange> {
    match name {
        "this_week" => |_, t| keyword_range("this_week", t).flatten(),
        "last_week" => |_, t| keyword_range("last_week", t).flatten(),
        "this_month" => |_, t| keyword_range("this_month", t).flatten(),
        "last_month" => |_, t| keyword_range("last_month", t).flatten(),
        "this_year" => |_, t| keyword_range("this_year", t).flatten(),
        "last_year" => |_, t| keyword_range("last_year", t).flatten(),
        "today" => |_, t| keyword_range("today", t).flatten(),
        _ => |_, t| keyword_range("yesterday", t).flatten(),
    }
}

static SPAN_RULES: LazyLock<Vec<SpanRule>> = LazyLock::new(|| {
    vec![
        span_rule(
            &format!(
                "{}|{}",
                en(r"\b{last-days}\s+(?P<n>\d{1,3})\s+{days}\b"),
                es(r"\b{last-days}\s+(?P<n2>\d{1,3})\s+{days}\b")
            ),
            |c, t| {
                let n: i64 = group(c, "n").or_else(|| group(c, "n2"))?.parse().ok()?;
                (n >= 1).then(|| DateRange {
                    from: t - Duration::days(n - 1),
                    to: t,
                })
            },
        ),
        span_rule(&both(r"\b{this-week}\b"), keyword("this_week")),
        span_rule(&both(r"\b{last-week}\b"), keyword("last_week")),
        span_rule(&both(r"\b{this-month}\b"), keyword("this_month")),
        span_rule(&both(r"\b{last-month}\b"), keyword("last_month")),
        span_rule(&both(r"\b{this-year}\b"), keyword("this_year")),
        span_rule(&both(r"\b{last-year}\b"), keyword("last_year")),
        span_rule(
            &both(r"\b{since}\s+(?:{since-the}\s+)?(?P<w>{weekday})\b"),
            |c, t| {
                Some(DateRange {
                    from: last_weekday(t, weekday(group(c, "w")?)?, false),
                    to: t,
                })
            },
        ),
        span_rule(
            &both(r"\b(?:{months-from}\s+)?(?P<m>{month})\s+{months-to}\s+(?P<m2>{month})\b"),
            |c, t| {
                let year = |m: u32| {
                    if m > t.month() {
                        t.year() - 1
                    } else {
                        t.year()
                    }
                };
                let (m, m2) = (month(group(c, "m")?)?, month(group(c, "m2")?)?);
                let from = month_range(year(m), m)?.from;
                let to = month_range(year(m2), m2)?.to;
                (from <= to).then_some(DateRange { from, to })
            },
        ),
        span_rule(
            &both(r"\b{during}\s+(?P<m>{month})\b(?:\s+(?:{month-of-year}\s+)?(?P<y>\d{4}))?"),
            |c, t| {
                let m = month(group(c, "m")?)?;
                let y = year_of(group(c, "y")).unwrap_or(if m > t.month() {
                    t.year() - 1
                } else {
                    t.year()
                });
                month_range(y, m)
            },
        ),
        span_rule(&both(r"\b{in-year}\s+(?P<y>(?:19|20)\d{2})\b"), |c, _| {
            year_range(group(c, "y")?.parse().ok()?)
        }),
        span_rule(&both(r"\b{today}\b"), keyword("today")),
        span_rule(&both(r"\b{yesterday}\b"), keyword("yesterday")),
    ]
});

/// The span named in `text`, resolved against `today`.
pub fn find_range(text: &str, today: NaiveDate) -> Option<DateRange> {
    SPAN_RULES
        .iter()
        .find_map(|(pattern, resolve)| pattern.captures(text).and_then(|c| resolve(&c, today)))
}

/// A tool's `range` argument: empty or `all` for all time, a keyword (spaces, hyphens or
/// underscores between words), `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, `FROM..TO`, or a phrase
/// [`find_range`] reads.
pub fn parse_range_arg(text: &str, today: NaiveDate) -> Result<Option<DateRange>, String> {
    let trimmed = text.trim();
    let key = trimmed.to_lowercase().replace([' ', '-'], "_");
    if key.is_empty() {
        return Ok(None);
    }
    if let Some(range) = keyword_range(&key, today) {
        return Ok(range);
    }
    let bad = || format!("{trimmed:?} is not a range such as this_month or 2026-11");
    if let Some((from, to)) = trimmed.split_once("..") {
        let from = NaiveDate::parse_from_str(from.trim(), "%Y-%m-%d").map_err(|_| bad())?;
        let to = NaiveDate::parse_from_str(to.trim(), "%Y-%m-%d").map_err(|_| bad())?;
        return if from <= to {
            Ok(Some(DateRange { from, to }))
        } else {
            Err(bad())
        };
    }
    if let Ok(day) = NaiveDate::parse_from_str(trimmed, "%Y-%m-%d") {
        return Ok(Some(DateRange { from: day, to: day }));
    }
    let parts: Vec<&str> = trimmed.split('-').collect();
    let numbers: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
    match (parts.as_slice(), numbers.as_slice()) {
        ([y], [year]) if y.len() == 4 => {
            return i32::try_from(*year)
                .ok()
                .and_then(year_range)
                .map(Some)
                .ok_or_else(bad)
        }
        ([y, _], [year, m]) if y.len() == 4 => {
            return i32::try_from(*year)
                .ok()
                .and_then(|y| month_range(y, *m))
                .map(Some)
                .ok_or_else(bad)
        }
        _ => {}
    }
    find_range(trimmed, today).map(Some).ok_or_else(bad)
}

/// The keyword naming `range` when it is one, else `FROM..TO` (`all` for all time).
pub fn range_label(range: Option<DateRange>, today: NaiveDate) -> String {
    RANGE_KEYWORDS
        .iter()
        .find(|k| keyword_range(k, today) == Some(range))
        .map_or_else(
            || range.map_or_else(|| "all".into(), |r| format!("{}..{}", r.from, r.to)),
            |k| (*k).to_string(),
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn day(text: &str) -> Option<String> {
        find_date(text, today()).map(|f| f.date.to_string())
    }

    fn d(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn today_and_yesterday_in_either_language() {
        assert_eq!(day("Add it today"), d("2026-11-23"));
        assert_eq!(day("gasté ayer"), d("2026-11-22"));
        assert_eq!(day("the day before yesterday"), d("2026-11-21"));
        assert_eq!(day("anteayer"), d("2026-11-21"));
        assert_eq!(day("esta mañana"), d("2026-11-23"));
    }

    #[test]
    fn last_weekday_is_strictly_before_today() {
        assert_eq!(day("last Friday"), d("2026-11-20"));
        assert_eq!(day("el viernes pasado"), d("2026-11-20"));
        assert_eq!(day("last Monday"), d("2026-11-16"));
    }

    #[test]
    fn a_bare_weekday_is_the_latest_not_after_today() {
        assert_eq!(day("on Monday"), d("2026-11-23"));
        assert_eq!(day("el miércoles"), d("2026-11-18"));
        assert_eq!(day("el sabado"), d("2026-11-21"));
    }

    #[test]
    fn days_ago_count_back() {
        assert_eq!(day("2 days ago"), d("2026-11-21"));
        assert_eq!(day("a week ago"), d("2026-11-16"));
        assert_eq!(day("hace dos días"), d("2026-11-21"));
        assert_eq!(day("hace 3 dias"), d("2026-11-20"));
    }

    #[test]
    fn named_days_without_a_year_are_the_latest_not_after_today() {
        assert_eq!(day("on 3 March"), d("2026-03-03"));
        assert_eq!(day("the 3rd of March"), d("2026-03-03"));
        assert_eq!(day("December 5"), d("2025-12-05"));
        assert_eq!(day("el 3 de noviembre"), d("2026-11-03"));
        assert_eq!(day("3 de marzo de 2025"), d("2025-03-03"));
    }

    #[test]
    fn a_day_of_the_month_alone_is_the_latest_not_after_today() {
        assert_eq!(
            day("my rent is 450 euros, paid on the 1st"),
            d("2026-11-01")
        );
        assert_eq!(day("el alquiler, pagado el día 20"), d("2026-11-20"));
        assert_eq!(day("the gym, on the 28th"), d("2026-10-28"));
    }

    #[test]
    fn weekdays_further_back_and_ordinal_words_are_read() {
        assert_eq!(day("the cinema, the Friday before last"), d("2026-11-13"));
        assert_eq!(day("fue el jueves de hace dos semanas"), d("2026-11-12"));
        assert_eq!(day("jeans a couple of days ago"), d("2026-11-21"));
        assert_eq!(day("a pizza on the twentieth"), d("2026-11-20"));
        assert_eq!(day("on the twenty-first"), d("2026-11-21"));
    }

    #[test]
    fn numeric_days_are_day_first() {
        assert_eq!(day("on 20/11"), d("2026-11-20"));
        assert_eq!(day("20/11/2025"), d("2025-11-20"));
        assert_eq!(day("2026-11-20"), d("2026-11-20"));
        assert_eq!(day("31/02"), None);
        assert_eq!(day("2026-02-30"), None);
    }

    #[test]
    fn money_is_not_a_day() {
        assert_eq!(day("£20 for lunch"), None);
    }

    #[test]
    fn date_arguments_are_iso_or_words() {
        assert_eq!(
            parse_date_arg("2026-11-20", today()).map(|d| d.to_string()),
            Ok("2026-11-20".into())
        );
        assert_eq!(
            parse_date_arg("yesterday", today()).map(|d| d.to_string()),
            Ok("2026-11-22".into())
        );
        assert!(parse_date_arg("2026-13-01", today()).is_err());
        assert!(parse_date_arg("soonish", today()).is_err());
    }

    fn span(text: &str) -> Option<(String, String)> {
        find_range(text, today()).map(|r| (r.from.to_string(), r.to.to_string()))
    }

    fn s(a: &str, b: &str) -> Option<(String, String)> {
        Some((a.into(), b.into()))
    }

    #[test]
    fn weeks_start_on_monday() {
        assert_eq!(span("this week"), s("2026-11-23", "2026-11-29"));
        assert_eq!(span("la semana pasada"), s("2026-11-16", "2026-11-22"));
    }

    #[test]
    fn months_and_years_are_calendar_spans() {
        assert_eq!(span("this month"), s("2026-11-01", "2026-11-30"));
        assert_eq!(span("el mes pasado"), s("2026-10-01", "2026-10-31"));
        assert_eq!(span("in October"), s("2026-10-01", "2026-10-31"));
        assert_eq!(span("en diciembre"), s("2025-12-01", "2025-12-31"));
        assert_eq!(span("este año"), s("2026-01-01", "2026-12-31"));
    }

    #[test]
    fn last_n_days_end_today() {
        assert_eq!(span("in the last 7 days"), s("2026-11-17", "2026-11-23"));
        assert_eq!(span("últimos 30 días"), s("2026-10-25", "2026-11-23"));
        assert_eq!(span("since Friday"), s("2026-11-20", "2026-11-23"));
    }

    #[test]
    fn two_months_named_are_both_whole_months() {
        assert_eq!(
            span("how much a month across september and october"),
            s("2026-09-01", "2026-10-31")
        );
        assert_eq!(
            span("entre septiembre y octubre"),
            s("2026-09-01", "2026-10-31")
        );
        assert_eq!(
            span("from december to february"),
            s("2025-12-01", "2026-02-28")
        );
    }

    #[test]
    fn range_arguments_accept_keywords_months_and_spans() {
        let r = |t: &str| {
            parse_range_arg(t, today()).map(|o| o.map(|r| (r.from.to_string(), r.to.to_string())))
        };
        assert_eq!(r("all"), Ok(None));
        assert_eq!(r(""), Ok(None));
        assert_eq!(r("this month"), Ok(s("2026-11-01", "2026-11-30")));
        assert_eq!(r("Last-Week"), Ok(s("2026-11-16", "2026-11-22")));
        assert_eq!(r("2026-02"), Ok(s("2026-02-01", "2026-02-28")));
        assert_eq!(r("2025"), Ok(s("2025-01-01", "2025-12-31")));
        assert_eq!(
            r("2026-11-01..2026-11-15"),
            Ok(s("2026-11-01", "2026-11-15"))
        );
        assert!(r("2026-11-15..2026-11-01").is_err());
        assert!(r("whenever").is_err());
    }

    #[test]
    fn labels_name_keywords_or_spans() {
        let this_month = parse_range_arg("this_month", today()).unwrap();
        assert_eq!(range_label(this_month, today()), "this_month");
        assert_eq!(range_label(None, today()), "all");
        let odd = parse_range_arg("2026-11-02..2026-11-05", today()).unwrap();
        assert_eq!(range_label(odd, today()), "2026-11-02..2026-11-05");
    }

    proptest! {
        #[test]
        fn free_text_never_panics_and_spans_are_boundaries(text in ".{0,60}") {
            if let Some(f) = find_date(&text, today()) {
                prop_assert!(text.is_char_boundary(f.start) && text.is_char_boundary(f.end));
            }
            let _ = find_range(&text, today());
            let _ = parse_range_arg(&text, today());
            let _ = parse_date_arg(&text, today());
        }

        #[test]
        fn labels_read_back(from in 0i64..800, len in 0i64..60) {
            let start = today() - Duration::days(from);
            let range = Some(DateRange { from: start, to: start + Duration::days(len) });
            prop_assert_eq!(parse_range_arg(&range_label(range, today()), today()), Ok(range));
        }
    }
}
