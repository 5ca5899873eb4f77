//! The model's reading checked against the message before anything is shown (DESIGN,
//! "The model reads, code verifies"): the price is an amount the message writes, a count
//! or a split is a number the message says, every word of the item is the student's,
//! and the day is the one the message's own words name, resolved by code. A reading
//! that fails any check is not shown: the turn asks instead.

use super::dates::{find_date, small_number};
use super::money::{find_amounts, minor_from_json, Currency, Money};
use super::tools::MAX_COUNT;
use super::unread::says_halves;
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

/// The amount `value` (the model's number), when the message writes it: the same
/// amount, or the same digits ("1250" copied from "12,50", a decimal comma the model
/// did not read) — then the amount is the message's.
pub fn stated_amount(value: &Value, message: &Message) -> Option<Money> {
    let (minor, _) = minor_from_json(value).ok()?;
    let digits = |text: &str| -> String { text.chars().filter(char::is_ascii_digit).collect() };
    let copied = digits(&value.to_string());
    let found = find_amounts(message.text).into_iter().find(|a| {
        a.minor == minor
            || message
                .text
                .get(a.start..a.end)
                .is_some_and(|written| digits(written) == copied)
    })?;
    Some(Money {
        minor: found.minor,
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
    }) || (n == 2 && says_halves(message.text))
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

/// `item` without the words that are the message's amounts or its day ("uber a casa"
/// for "uber a casa ayer 12,50"): a number or a day is never part of an item.
pub fn without_amount_or_day(item: &str, message: &Message) -> Option<String> {
    let day_words: Vec<String> = find_date(message.text, message.today)
        .and_then(|d| message.text.get(d.start..d.end))
        .map(|span| {
            words(&normalize(span))
                .into_iter()
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    let kept: Vec<&str> = item
        .split_whitespace()
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit()))
        .filter(|w| !day_words.contains(&normalize(w)))
        .collect();
    (!kept.is_empty()).then(|| kept.join(" "))
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

/// How the model says the price makes the amount (so many of it, or split between so
/// many), checked: each number must be one the message says, and not both at once.
pub fn model_working(
    args: &Map<String, Value>,
    price: Money,
    message: &Message,
) -> Result<Option<Working>, &'static str> {
    let count = count_field(args, "count")
        .filter(|n| says_number(*n, message))
        .ok_or("the count is not in the message")?;
    let parts = count_field(args, "shared_by")
        .filter(|n| says_number(*n, message))
        .ok_or("the split is not in the message")?;
    match (count, parts) {
        (1, 1) => Ok(None),
        (count, 1) => Ok(Some(Working::Times { count, price })),
        (1, parts) => Ok(Some(Working::Split {
            total: price,
            parts,
        })),
        _ => Err("both a count and a split"),
    }
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

    fn working(text: &str, args: Value, price: i64) -> Result<Option<Working>, &'static str> {
        let price = Money {
            minor: price,
            currency: Currency::Gbp,
        };
        model_working(args.as_object().unwrap(), price, &message(text))
    }

    #[test]
    fn a_price_the_message_does_not_write_fails() {
        let m = message("paid 12.40 for pizza last friday");
        assert!(stated_amount(&json!(12.4), &m).is_some());
        assert!(stated_amount(&json!(40), &m).is_none());
    }

    #[test]
    fn the_digits_the_message_writes_are_its_amount() {
        let m = message("uber a casa ayer 12,50");
        assert_eq!(stated_amount(&json!(1250), &m).map(|a| a.minor), Some(1250));
        assert!(stated_amount(&json!(125), &m).is_none());
    }

    #[test]
    fn a_count_times_a_price_is_computed() {
        let read = working(
            "3 coffees at 2.50",
            json!({"count": 3, "shared_by": 1}),
            250,
        );
        let times = read.unwrap().unwrap();
        assert_eq!(times.result().minor, 750);
    }

    #[test]
    fn a_split_the_message_says_is_the_students_part() {
        let text = "we split the 90 electricity bill three ways, log my part";
        let read = working(text, json!({"count": 1, "shared_by": 3}), 9000);
        assert_eq!(read.unwrap().unwrap().result().minor, 3000);
    }

    #[test]
    fn a_count_the_message_does_not_say_fails() {
        let read = working("coffee 2.50", json!({"count": 4, "shared_by": 1}), 250);
        assert!(read.is_err());
    }

    #[test]
    fn an_item_word_the_student_did_not_write_fails() {
        let m = message("mum gave me 50 for my birthday");
        assert!(stated_item("birthday present", &m).is_none());
        assert_eq!(stated_item("Birthday", &m).as_deref(), Some("birthday"));
        assert!(stated_item("bus tickets", &message("4 bus ticket at 1.75")).is_some());
    }

    #[test]
    fn an_items_numbers_and_day_words_are_not_the_item() {
        let m = message("uber a casa ayer 12,50");
        assert_eq!(
            without_amount_or_day("Uber a casa ayer 12,50", &m).as_deref(),
            Some("Uber a casa")
        );
        assert_eq!(without_amount_or_day("12,50", &m), None);
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
        let text = "3 pizzas at 10 between 2";
        assert!(working(text, json!({"count": 3, "shared_by": 2}), 1000).is_err());
    }

    proptest::proptest! {
        #[test]
        fn an_amount_let_through_is_always_one_the_message_writes(
            words in proptest::collection::vec("[a-z]{1,8}|[0-9]{1,3}([.,][0-9]{1,2})?", 0..8),
            model in 0u32..100_000,
            count in 1u32..60,
            parts in 1u32..60,
        ) {
            let text = words.join(" ");
            let m = message(&text);
            let value = json!(f64::from(model) / 100.0);
            if let Some(found) = stated_amount(&value, &m) {
                proptest::prop_assert!(find_amounts(&text).iter().any(|a| a.minor == found.minor));
                let args = json!({"count": count, "shared_by": parts});
                if let Ok(Some(w)) = model_working(args.as_object().unwrap(), found, &m) {
                    proptest::prop_assert!(says_number(count, &m) && says_number(parts, &m));
                    let result = w.result().minor;
                    proptest::prop_assert!(result == found.minor * i64::from(count) || count == 1);
                }
            }
        }
    }
}
