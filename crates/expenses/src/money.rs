//! Money as integer minor units (pence, cents), never floating point: the currencies
//! Lantern keeps accounts in, amounts found in a student's words in English or Spanish
//! ("£200", "200 pounds", "€15,50", "15,50 €", "15 euros", "veinte euros"), amounts a
//! model or a form wrote, and amounts formatted the way each language reads them.
//! The words are lists: `words/<locale>/currency-words.txt`, `pence.txt`,
//! `number-words.txt`, and the words around a number that make it not money.

use super::word_lists::{alternation, numbers, table, word_list, WordList};
use lantern_core::language::Language;
use regex::{Captures, Regex};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::LazyLock;

/// A currency Lantern keeps accounts in; every one has two decimal places.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    /// Pound sterling.
    Gbp,
    /// Euro.
    Eur,
    /// US dollar.
    Usd,
    /// Mexican peso.
    Mxn,
}

impl Currency {
    /// Every currency, in display order.
    pub const ALL: [Currency; 4] = [Self::Gbp, Self::Eur, Self::Usd, Self::Mxn];

    /// The ISO 4217 code.
    pub fn code(self) -> &'static str {
        match self {
            Self::Gbp => "GBP",
            Self::Eur => "EUR",
            Self::Usd => "USD",
            Self::Mxn => "MXN",
        }
    }

    /// The currency with an ISO code, in any case.
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The symbol amounts are written with.
    pub fn symbol(self) -> &'static str {
        match self {
            Self::Gbp => "£",
            Self::Eur => "€",
            Self::Usd => "$",
            Self::Mxn => "MX$",
        }
    }
}

/// An amount of money in integer minor units (pence, cents).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    /// Minor units.
    pub minor: i64,
    /// The currency.
    pub currency: Currency,
}

/// Largest amount accepted, in minor units (1,000,000,000.00).
pub const MAX_MINOR: i64 = 100_000_000_000;

/// An amount found in a student's message, with its byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FoundAmount {
    /// Minor units.
    pub minor: i64,
    /// The currency, when the text named one.
    pub currency: Option<Currency>,
    /// Where it starts in the text (bytes).
    pub start: usize,
    /// Where it ends in the text (bytes).
    pub end: usize,
}

/// Words naming a currency after an amount, by currency (`currency-words.txt`).
static CURRENCY_WORDS: LazyLock<Vec<(Currency, Vec<&'static str>)>> = LazyLock::new(|| {
    table(lantern_core::word_list!("currency-words"))
        .into_iter()
        .filter_map(|(code, words)| Some((Currency::from_code(code)?, words)))
        .collect()
});

/// Words for pence after an amount (`pence.txt`).
static PENCE: WordList = word_list!("pence");

/// Numbers written as words, with their values (`number-words.txt`).
static NUMBER_WORDS: LazyLock<Vec<(&'static str, i64)>> =
    LazyLock::new(|| numbers(lantern_core::word_list!("number-words")));

/// Words before a number that make it an id, not money (`id-words.txt`).
static ID_WORDS: WordList = word_list!("id-words");

/// Words joining a day to its month, with their space (`day-of.txt`).
static DAY_OF: WordList = word_list!("day-of");

/// How what follows "3 of" starts when the number is a day (`month-starts.txt`).
static MONTH_STARTS: WordList = word_list!("month-starts");

/// How what follows a number starts when it counts something (`counted.txt`).
static COUNTED: WordList = word_list!("counted");

/// Words before a number that make it a day, a year or a count (`before-a-count.txt`).
static BEFORE_A_COUNT: WordList = word_list!("before-a-count");

/// A currency named by a symbol, code or word (lowercase).
fn currency_word(word: &str) -> Option<Currency> {
    let own = |c: &Currency| {
        [c.symbol(), c.code()]
            .iter()
            .any(|s| s.to_lowercase() == word)
    };
    Currency::ALL
        .into_iter()
        .find(own)
        .or_else(|| PENCE.contains(&word).then_some(Currency::Gbp))
        .or_else(|| {
            let mut named = CURRENCY_WORDS.iter();
            named
                .find(|(_, words)| words.contains(&word))
                .map(|(c, _)| *c)
        })
}

/// Whether a currency word counts in minor units ("50p", "50 pence").
fn is_pence(word: &str) -> bool {
    PENCE.contains(&word)
}

/// Every word naming a currency after an amount (not pence), as an alternation.
fn currency_words() -> String {
    alternation(CURRENCY_WORDS.iter().flat_map(|(_, words)| words), false)
}

static AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    let post = format!(
        r"mx\$|£|€|\$|{}|{}|gbp|eur|usd|mxn",
        currency_words(),
        alternation(PENCE.iter(), false)
    );
    Regex::new(&format!(
        r"(?i)(?P<pre>mx\$|£|€|\$|gbp|eur|usd|mxn)?\s?(?P<num>\d{{1,3}}(?:[.,\u{{a0}} ]\d{{3}})+(?:[.,]\d{{1,2}})?|\d+(?:[.,]\d{{1,2}})?)(?P<post>\s?(?:{post})\b|\s?(?:£|€|\$))?"
    ))
    .expect("a valid pattern")
});

static WORD_AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?P<word>{})\s+(?P<post>{})\b",
        alternation(NUMBER_WORDS.iter().map(|(w, _)| w), false),
        currency_words()
    ))
    .expect("a valid pattern")
});

/// Whether `text` ends with `word` as a whole word ("expense" in "delete expense", not
/// "id" in "paid" nor "el" in "hotel"); a symbol ("#") may touch what comes before.
fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word).is_some_and(|before| {
        !word.starts_with(char::is_alphanumeric) || !before.ends_with(char::is_alphanumeric)
    })
}

/// Whether the number in `caps` is part of a date, time, id, percentage, year or count.
fn not_money(text: &str, caps: &Captures, marked: bool) -> bool {
    let Some(whole) = caps.get(0) else {
        return true;
    };
    let before = &text[..whole.start()];
    let after = &text[whole.end()..];
    let prev = before.trim_end().to_lowercase();
    if ID_WORDS.iter().any(|w| ends_with_word(&prev, w)) && !marked {
        return true;
    }
    // A date or a time ("10:30", "23/11") touches the number itself; "rent: 550" does not.
    let touching = caps.name("num").map_or(before, |n| &text[..n.start()]);
    if touching.ends_with(['-', '/', ':']) || after.starts_with(['-', '/', ':', '%']) {
        return true;
    }
    if marked {
        return false;
    }
    let next = after.trim_start().to_lowercase();
    let num = caps.name("num").map_or("", |m| m.as_str());
    let is_year = num.len() == 4 && num.parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y));
    // "1 de noviembre", "3rd of May": a day of a month; "85 de tacos" is money.
    let of_month = DAY_OF.iter().any(|p| {
        next.strip_prefix(p)
            .is_some_and(|rest| MONTH_STARTS.iter().any(|m| rest.starts_with(m)))
    });
    let counted = of_month || COUNTED.iter().any(|w| starts_with_word(&next, w));
    let after_month = BEFORE_A_COUNT.iter().any(|m| ends_with_word(&prev, m));
    is_year || counted || after_month
}

/// Whether `text` opens with `word` as a whole word, or its plural ("days", "2nd"; not
/// "this" for "th"); a `word` ending in a space carries its own end.
fn starts_with_word(text: &str, word: &str) -> bool {
    let Some(rest) = text.strip_prefix(word) else {
        return false;
    };
    let rest = rest.strip_prefix('s').unwrap_or(rest);
    word.ends_with(' ') || !rest.starts_with(char::is_alphanumeric)
}

/// Minor units of a written number ("1,234.56", "15,50", "1.234", "12.5").
fn parse_decimal(num: &str) -> Option<i64> {
    let num: String = num
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}'))
        .collect();
    let last_sep = num.rfind(['.', ',']);
    let (whole, fraction) = match last_sep {
        Some(i) => {
            let tail = &num[i + 1..];
            let only_one_kind = !num[..i].contains(['.', ',']) || num[..i].contains(&num[i..=i]);
            // "1,000" or "1.234": a group of three after the only separator is thousands.
            if tail.len() == 3 && only_one_kind {
                (num.replace([',', '.'], ""), String::new())
            } else if tail.len() <= 2 {
                (num[..i].replace([',', '.'], ""), tail.to_string())
            } else {
                return None;
            }
        }
        None => (num.clone(), String::new()),
    };
    let whole: i64 = whole.parse().ok()?;
    let cents: i64 = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().ok()? * 10,
        _ => fraction.parse().ok()?,
    };
    whole.checked_mul(100)?.checked_add(cents)
}

/// Every amount of money in free text, in order.
pub fn find_amounts(text: &str) -> Vec<FoundAmount> {
    let mut found = Vec::new();
    for caps in AMOUNT.captures_iter(text) {
        let pre = caps.name("pre").map(|m| m.as_str().to_lowercase());
        let post = caps.name("post").map(|m| m.as_str().trim().to_lowercase());
        let marked = pre.is_some() || post.is_some();
        if not_money(text, &caps, marked) {
            continue;
        }
        let Some(mut minor) = caps.name("num").and_then(|m| parse_decimal(m.as_str())) else {
            continue;
        };
        if post.as_deref().is_some_and(is_pence) && pre.is_none() {
            minor /= 100;
        }
        let currency = pre
            .as_deref()
            .and_then(currency_word)
            .or_else(|| post.as_deref().and_then(currency_word));
        if minor <= 0 || minor > MAX_MINOR {
            continue;
        }
        let (start, end) = caps.get(0).map_or((0, 0), |m| (m.start(), m.end()));
        let start = start + text[start..end].len() - text[start..end].trim_start().len();
        found.push(FoundAmount {
            minor,
            currency,
            start,
            end,
        });
    }
    for caps in WORD_AMOUNT.captures_iter(text) {
        let (Some(word), Some(post), Some(whole)) =
            (caps.name("word"), caps.name("post"), caps.get(0))
        else {
            continue;
        };
        let word = word.as_str().to_lowercase();
        let Some((_, units)) = NUMBER_WORDS.iter().find(|(w, _)| *w == word) else {
            continue;
        };
        if found
            .iter()
            .any(|f| f.start < whole.end() && whole.start() < f.end)
        {
            continue;
        }
        found.push(FoundAmount {
            minor: units * 100,
            currency: currency_word(&post.as_str().to_lowercase()),
            start: whole.start(),
            end: whole.end(),
        });
    }
    found.sort_by_key(|f| f.start);
    found
}

/// The first amount of money in free text.
pub fn find_amount(text: &str) -> Option<FoundAmount> {
    find_amounts(text).into_iter().next()
}

/// Minor units of an amount written by a model or a form: a JSON number (`200`,
/// `15.5`) or a string (`"£15.50"`, `"15,50 €"`, `"15 euros"`), with its currency when
/// the string named one. Refused: not a number, not positive, more than two decimals,
/// over [`MAX_MINOR`].
pub fn minor_from_json(value: &Value) -> Result<(i64, Option<Currency>), String> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_string(),
        _ => return Err("amount must be a number".into()),
    };
    if text.starts_with('-') || text.contains("e-") {
        return Err("amount must be more than zero".into());
    }
    let plain = Regex::new(r"^\d+(?:\.\d+)?$").ok();
    if plain.as_ref().is_some_and(|r| r.is_match(&text)) {
        if let Some((_, fraction)) = text.split_once('.') {
            if fraction.trim_end_matches('0').len() > 2 {
                return Err(format!("{text} has more than two decimals"));
            }
        }
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let fraction = format!("{:0<2}", fraction.trim_end_matches('0'));
        let minor = whole
            .parse::<i64>()
            .ok()
            .and_then(|w| w.checked_mul(100))
            .and_then(|w| {
                fraction[..2]
                    .parse::<i64>()
                    .ok()
                    .and_then(|f| w.checked_add(f))
            });
        return match minor {
            Some(0) => Err("amount must be more than zero".into()),
            Some(m) if m <= MAX_MINOR => Ok((m, None)),
            _ => Err(format!("{text} is too large")),
        };
    }
    match find_amounts(&text).as_slice() {
        [one] if one.start == 0 && one.end == text.len() => Ok((one.minor, one.currency)),
        _ => Err(format!("{text:?} is not an amount")),
    }
}

/// Groups of three digits joined by `separator`.
fn grouped(whole: i64, separator: char) -> String {
    let digits = whole.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(separator);
        }
        out.push(c);
    }
    out
}

/// The amount as a student reads it: "£1,234.50" in English, "1.234,50 £" in Spanish.
pub fn format_money(money: Money, language: Language) -> String {
    let sign = if money.minor < 0 { "-" } else { "" };
    let minor = money.minor.unsigned_abs();
    let whole = i64::try_from(minor / 100).unwrap_or(i64::MAX);
    let cents = minor % 100;
    let symbol = money.currency.symbol();
    match language {
        Language::En => format!("{sign}{symbol}{}.{cents:02}", grouped(whole, ',')),
        Language::Es => format!("{sign}{},{cents:02} {symbol}", grouped(whole, '.')),
    }
}

/// The amount as a plain decimal for tools and files: "200.00", never localised.
pub fn decimal_string(minor: i64) -> String {
    let sign = if minor < 0 { "-" } else { "" };
    let abs = minor.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn amount(text: &str) -> Option<(i64, Option<Currency>)> {
        find_amount(text).map(|a| (a.minor, a.currency))
    }

    #[test]
    fn symbols_before_or_after_name_the_currency() {
        assert_eq!(
            amount("Add £200 today"),
            Some((20_000, Some(Currency::Gbp)))
        );
        assert_eq!(
            amount("€15,50 for lunch"),
            Some((1_550, Some(Currency::Eur)))
        );
        assert_eq!(amount("lunch 15,50 €"), Some((1_550, Some(Currency::Eur))));
        assert_eq!(amount("$3.20 coffee"), Some((320, Some(Currency::Usd))));
    }

    #[test]
    fn currency_words_and_codes_name_the_currency() {
        assert_eq!(amount("200 pounds"), Some((20_000, Some(Currency::Gbp))));
        assert_eq!(amount("20 quid"), Some((2_000, Some(Currency::Gbp))));
        assert_eq!(amount("15 euros"), Some((1_500, Some(Currency::Eur))));
        assert_eq!(amount("200 libras"), Some((20_000, Some(Currency::Gbp))));
        assert_eq!(amount("3 dólares"), Some((300, Some(Currency::Usd))));
        assert_eq!(amount("50 pesos"), Some((5_000, Some(Currency::Mxn))));
        assert_eq!(amount("GBP 40"), Some((4_000, Some(Currency::Gbp))));
        assert_eq!(amount("40 eur"), Some((4_000, Some(Currency::Eur))));
    }

    #[test]
    fn pence_are_minor_units() {
        assert_eq!(amount("a 50p sweet"), Some((50, Some(Currency::Gbp))));
    }

    #[test]
    fn thousands_and_decimals_are_told_apart() {
        assert_eq!(amount("1,234.56"), Some((123_456, None)));
        assert_eq!(amount("1.234,56 €"), Some((123_456, Some(Currency::Eur))));
        assert_eq!(amount("1,000 pounds"), Some((100_000, Some(Currency::Gbp))));
        assert_eq!(amount("12,5 €"), Some((1_250, Some(Currency::Eur))));
        assert_eq!(amount("lunch 12.5"), Some((1_250, None)));
    }

    #[test]
    fn number_words_count_before_a_currency_word() {
        assert_eq!(amount("twenty pounds"), Some((2_000, Some(Currency::Gbp))));
        assert_eq!(amount("veinte euros"), Some((2_000, Some(Currency::Eur))));
        assert_eq!(amount("cien libras"), Some((10_000, Some(Currency::Gbp))));
    }

    #[test]
    fn a_word_that_only_opens_like_a_count_is_not_one() {
        assert_eq!(find_amounts("chemist 6.20 this morning")[0].minor, 620);
        assert!(find_amounts("3 days ago").is_empty());
    }

    #[test]
    fn dates_times_ids_years_and_counts_are_not_money() {
        for text in [
            "on 2026-11-23",
            "on 23/11",
            "at 10:30",
            "expense #12",
            "delete id 12",
            "in 2025",
            "20% off",
            "on the 3rd",
            "2 days ago",
            "hace 3 días",
            "el 3 de marzo",
            "March 3",
            "last 7 days",
            "the 3rd of November",
        ] {
            assert_eq!(amount(text), None, "{text}");
        }
    }

    #[test]
    fn a_number_after_a_colon_or_before_de_and_a_thing_is_money() {
        assert_eq!(
            amount("el alquiler: 550 € el 1 de noviembre").map(|a| a.0),
            Some(55_000)
        );
        assert_eq!(amount("apunta 85 de tacos").map(|a| a.0), Some(8_500));
    }

    #[test]
    fn a_word_ending_like_an_id_or_count_word_does_not_hide_the_amount() {
        assert_eq!(amount("paid 12.40 for pizza").map(|a| a.0), Some(1_240));
        assert_eq!(amount("hotel 90 una noche").map(|a| a.0), Some(9_000));
        assert_eq!(amount("delete expense 12"), None);
        assert_eq!(amount("borra el gasto nº 3"), None);
    }

    #[test]
    fn every_amount_is_found_in_order() {
        let all: Vec<i64> = find_amounts("change the £20 lunch to £25")
            .iter()
            .map(|a| a.minor)
            .collect();
        assert_eq!(all, vec![2_000, 2_500]);
    }

    #[test]
    fn model_numbers_and_strings_become_minor_units() {
        assert_eq!(minor_from_json(&json!(200)), Ok((20_000, None)));
        assert_eq!(minor_from_json(&json!(15.5)), Ok((1_550, None)));
        assert_eq!(minor_from_json(&json!("15.50")), Ok((1_550, None)));
        assert_eq!(
            minor_from_json(&json!("£15.50")),
            Ok((1_550, Some(Currency::Gbp)))
        );
        assert_eq!(
            minor_from_json(&json!("15,50 €")),
            Ok((1_550, Some(Currency::Eur)))
        );
        assert_eq!(
            minor_from_json(&json!("15 euros")),
            Ok((1_500, Some(Currency::Eur)))
        );
    }

    #[test]
    fn bad_model_amounts_are_refused() {
        for bad in [
            json!(0),
            json!(-3),
            json!(1.234),
            json!("lots"),
            json!(true),
            json!(1e15),
            json!("12 and 13"),
        ] {
            assert!(minor_from_json(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn amounts_read_the_way_each_language_writes_them() {
        let m = |minor, currency| Money { minor, currency };
        assert_eq!(
            format_money(m(20_000, Currency::Gbp), Language::En),
            "£200.00"
        );
        assert_eq!(
            format_money(m(123_450, Currency::Mxn), Language::En),
            "MX$1,234.50"
        );
        assert_eq!(
            format_money(m(1_550, Currency::Eur), Language::Es),
            "15,50 €"
        );
        assert_eq!(
            format_money(m(123_450, Currency::Gbp), Language::Es),
            "1.234,50 £"
        );
        assert_eq!(decimal_string(20_005), "200.05");
    }

    proptest! {
        #[test]
        fn free_text_never_panics_and_spans_are_boundaries(text in ".{0,60}") {
            for a in find_amounts(&text) {
                prop_assert!(text.is_char_boundary(a.start) && text.is_char_boundary(a.end));
                prop_assert!(a.minor > 0 && a.minor <= MAX_MINOR);
            }
            let _ = minor_from_json(&Value::String(text));
        }

        #[test]
        fn formatted_english_amounts_read_back(minor in 1i64..MAX_MINOR, currency in 0usize..4) {
            let money = Money { minor, currency: Currency::ALL[currency] };
            let text = format_money(money, Language::En);
            let found = find_amount(&text).map(|a| (a.minor, a.currency));
            prop_assert_eq!(found, Some((minor, Some(money.currency))), "{}", text);
        }

        #[test]
        fn decimal_strings_read_back(minor in 1i64..MAX_MINOR) {
            prop_assert_eq!(minor_from_json(&Value::String(decimal_string(minor))), Ok((minor, None)));
        }
    }
}
