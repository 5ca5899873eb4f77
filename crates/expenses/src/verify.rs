//! The model's reading checked against the message before anything is shown (DESIGN,
//! "The model reads, code verifies"): the price is an amount the message writes, a count
//! or a split is a number the message says, every word of the item is the student's,
//! and the day is the one the message's own words name, resolved by code. A reading
//! that fails any check is not shown: the turn asks instead.

use super::dates::{find_date, small_number};
use super::money::{find_amounts, minor_from_json, Currency, Money};
use super::tools::MAX_COUNT;
use super::working::Working;
use chrono::NaiveDate;
use lantern_core::text::normalize::{normalize, words};
use serde_json::{Map, Value};

/// What the checks read a message against.
#[derive(Debug, Clone, Copy)]
pub struct Message<'a> {
    /// The student's words.
    pub text: &'a str,
    /// Today, for the days the words name.
    pub today: NaiveDate,
    /// The currency of an amount that names none.
    pub currency: Currency,
}

/// An add the checks passed: the amount computed from the stated ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedAdd {
    /// The item, in the student's words.
    pub item: String,
    /// The amount to record.
    pub amount: Money,
    /// How it was computed, when it was.
    pub working: Option<Working>,
    /// The day the message names, if it names one.
    pub date: Option<NaiveDate>,
}

/// The amount `value` (the model's number), when the message writes it.
pub fn stated_amount(value: &Value, message: &Message) -> Option<Money> {
    let (minor, _) = minor_from_json(value).ok()?;
    let found = find_amounts(message.text)
        .into_iter()
        .find(|a| a.minor == minor)?;
    Some(Money {
        minor,
        currency: found.currency.unwrap_or(message.currency),
    })
}

/// Whether the message says the number `n` (in digits or in words); one needs no word.
pub fn says_number(n: u32, message: &Message) -> bool {
    if n == 1 {
        return true;
    }
    let normalized = normalize(message.text);
    words(&normalized).iter().any(|w| {
        w.parse::<u32>().ok() == Some(n)
            || small_number(w).and_then(|v| u32::try_from(v).ok()) == Some(n)
    }) || (n == 2 && halves(&normalized))
}

/// "half", "a medias", "50/50": a bill split in two.
fn halves(normalized: &str) -> bool {
    ["half", "halves", "a medias", "mitad", "50 50"]
        .iter()
        .any(|p| lantern_core::text::normalize::has_phrase(normalized, p))
}

/// `item`, lowercased, when every word of it is in the message (a plural or singular of
/// a word counts as that word).
pub fn stated_item(item: &str, message: &Message) -> Option<String> {
    let said_text = normalize(message.text);
    let said = words(&said_text);
    let wanted_text = normalize(item);
    let wanted = words(&wanted_text);
    let stem = |w: &str| w.trim_end_matches('s').to_string();
    let found = |w: &&str| said.iter().any(|s| *s == *w || stem(s) == stem(w));
    (!wanted.is_empty() && wanted.iter().all(found)).then(|| item.trim().to_lowercase())
}

/// The day the model's cited words name: none when it cited none; an error when the
/// words are not the message's or name no day code can resolve (or one to come).
pub fn stated_day(day: &str, message: &Message) -> Result<Option<NaiveDate>, ()> {
    let day = day.trim();
    if day.is_empty() {
        return Ok(None);
    }
    let cited = normalize(day);
    if !normalize(message.text).contains(&cited) {
        return Err(());
    }
    match find_date(day, message.today) {
        Some(found) if found.date <= message.today => Ok(Some(found.date)),
        _ => Err(()),
    }
}

/// The integer field `name` of `args` (1 when absent), within 1..=[`MAX_COUNT`].
fn count_field(args: &Map<String, Value>, name: &str) -> Option<u32> {
    match args.get(name) {
        None => Some(1),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| (1..=MAX_COUNT).contains(n)),
    }
}

/// The model's `add_expense` arguments checked against the message, or the first check
/// that failed: the item has a word the student did not write, the price is not written
/// in the message, a count or a split is not said (or both are claimed), the day is not
/// the student's.
pub fn check_add(args: &Map<String, Value>, message: &Message) -> Result<CheckedAdd, &'static str> {
    let item = args
        .get("item")
        .and_then(Value::as_str)
        .and_then(|i| stated_item(i, message))
        .ok_or("the item is not in the message")?;
    let price = args
        .get("amount")
        .and_then(|a| stated_amount(a, message))
        .ok_or("the amount is not in the message")?;
    let count = count_field(args, "count")
        .filter(|n| says_number(*n, message))
        .ok_or("the count is not in the message")?;
    let parts = count_field(args, "shared_by")
        .filter(|n| says_number(*n, message))
        .ok_or("the split is not in the message")?;
    let working = match (count, parts) {
        (1, 1) => None,
        (count, 1) => Some(Working::Times { count, price }),
        (1, parts) => Some(Working::Split {
            total: price,
            parts,
        }),
        _ => return Err("both a count and a split"),
    };
    let day = args.get("day").and_then(Value::as_str).unwrap_or("");
    let date = stated_day(day, message).map_err(|()| "the day is not the message's")?;
    Ok(CheckedAdd {
        item,
        amount: working.map_or(price, |w| w.result()),
        working,
        date,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn message(text: &str) -> Message<'_> {
        Message {
            text,
            today: NaiveDate::from_ymd_opt(2026, 11, 23).unwrap(),
            currency: Currency::Gbp,
        }
    }

    fn add(text: &str, args: Value) -> Option<CheckedAdd> {
        check_add(args.as_object().unwrap(), &message(text)).ok()
    }

    #[test]
    fn a_price_the_message_does_not_write_fails() {
        let m = message("paid 12.40 for pizza last friday");
        assert!(stated_amount(&json!(12.4), &m).is_some());
        assert!(stated_amount(&json!(40), &m).is_none());
    }

    #[test]
    fn a_count_times_a_price_is_computed_and_shown() {
        let read = add(
            "3 coffees at 2.50",
            json!({"item": "coffees", "amount": 2.5, "count": 3, "shared_by": 1, "day": "", "category": "food"}),
        )
        .unwrap();
        assert_eq!(read.amount.minor, 750);
        assert!(matches!(
            read.working,
            Some(Working::Times { count: 3, .. })
        ));
    }

    #[test]
    fn a_split_the_message_says_is_the_students_part() {
        let read = add(
            "we split the 90 electricity bill three ways, log my part",
            json!({"item": "electricity bill", "amount": 90, "count": 1, "shared_by": 3, "day": "", "category": "utilities"}),
        )
        .unwrap();
        assert_eq!(read.amount.minor, 3000);
    }

    #[test]
    fn a_count_the_message_does_not_say_fails() {
        assert!(add(
            "coffee 2.50",
            json!({"item": "coffee", "amount": 2.5, "count": 4, "shared_by": 1, "day": "", "category": "food"}),
        )
        .is_none());
    }

    #[test]
    fn an_item_word_the_student_did_not_write_fails() {
        let m = message("mum gave me 50 for my birthday");
        assert!(stated_item("birthday present", &m).is_none());
        assert_eq!(stated_item("Birthday", &m).as_deref(), Some("birthday"));
        assert!(stated_item("bus tickets", &message("4 bus ticket at 1.75")).is_some());
    }

    #[test]
    fn the_day_is_resolved_by_code_from_the_students_words() {
        let m = message("paid 12.40 for pizza last friday");
        assert_eq!(
            stated_day("last friday", &m),
            Ok(NaiveDate::from_ymd_opt(2026, 11, 20))
        );
        assert_eq!(stated_day("", &m), Ok(None));
        assert!(stated_day("yesterday", &m).is_err());
        assert!(stated_day("2026-11-20", &m).is_err());
    }

    #[test]
    fn a_count_and_a_split_together_fail() {
        assert!(add(
            "3 pizzas at 10 between 2",
            json!({"item": "pizzas", "amount": 10, "count": 3, "shared_by": 2, "day": "", "category": "food"}),
        )
        .is_none());
    }
}
