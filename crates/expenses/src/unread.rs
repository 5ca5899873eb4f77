//! Words of a message that change what should be written but that the reader of
//! amounts, days and items does not use on its own (issue #34: never a silent wrong
//! write): a bill shared ("split between 4 of us", "my share", "a medias"), money coming
//! in ("I got paid 100", "me pagaron 20"), and a day named in a way the date reader did
//! not resolve ("at the start of the month"). Each one turns an add into a question or a
//! confirmation card that shows what will be written.

use super::dates::{counts_from, small_number};
use super::word_lists::{fill, phrases, table, word_list, Roles, WordList};
use lantern_core::text::normalize::{has_phrase, normalize};
use regex::Regex;
use std::sync::LazyLock;

/// A shared cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// Split evenly between this many people, the student included.
    Parts(u32),
    /// A price per person or per item ("12 each"): the amount as read, to confirm.
    Each,
    /// Shared, but between how many the words do not say.
    Unknown,
}

/// What the reader would otherwise leave unused.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Unread {
    /// A shared cost, and where its words are (byte spans of the message), so their
    /// numbers are not read as amounts.
    pub share: Option<Share>,
    /// Byte spans of the share's words.
    pub share_spans: Vec<(usize, usize)>,
    /// Money received rather than spent.
    pub income: bool,
    /// Money lent or borrowed, or a loan paid back: not spending either.
    pub loan: bool,
    /// Money given back for something bought: the original expense is corrected.
    pub refund: bool,
    /// Whether a refund was the whole price ("a full refund").
    pub whole_refund: bool,
    /// Money received, then some of it spent ("I earned 50 and spent 20 of it on a
    /// jacket"): the spending is the expense, and it is shown before it is written.
    pub spent_of_received: bool,
    /// How many items or people a price each is for ("two tickets at 8,50 each", "£20
    /// per person … all three of us").
    pub count: Option<u32>,
}

/// Most people a bill is split between.
const MAX_PARTS: u32 = 50;

/// The words of the patterns below by role (`words/<locale>/unread.txt`), every
/// language's gathered, English's first.
static WORDS: LazyLock<Roles> = LazyLock::new(|| table(lantern_core::word_list!("unread")));

/// `pattern`, case-insensitive, with each `{role}` filled from [`WORDS`]; `{count}` is
/// a count of two or more in words (`small-numbers.txt`: "two" to "diez").
fn pattern(shape: &str) -> Regex {
    let filled = fill(shape, |role| match role {
        "count" => counts_from(2),
        role => phrases(&WORDS, role).to_vec(),
    });
    Regex::new(&format!("(?i){filled}")).expect("a valid pattern")
}

fn count(word: &str) -> Option<u32> {
    small_number(word).and_then(|n| u32::try_from(n).ok())
}

/// Patterns naming how many share a cost: the count, and whether the student is on top
/// of it ("with 3 friends" is four people).
static PARTS: LazyLock<Vec<(Regex, u32)>> = LazyLock::new(|| {
    vec![
        (
            pattern(r"\b{between}\s+(?P<n>\d{1,2}|{count})\b(?:\s+{between-whom})?"),
            0,
        ),
        (pattern(r"\b(?P<n>\d{1,2}|{count})\s+{ways}\b"), 0),
        (
            pattern(r"\b{with}\s+(?P<n>\d{1,2}|{count})\s+{with-whom}\b"),
            1,
        ),
        (HALVES.clone(), 0),
    ]
});

/// "half", "fifty-fifty", "a medias", "50/50": a bill split in two.
static HALVES: LazyLock<Regex> = LazyLock::new(|| pattern(r"\b(?:{halves}|50\s*/\s*50)\b"));

/// Whether `text` says a bill was split in two.
pub fn says_halves(text: &str) -> bool {
    HALVES.is_match(text)
}

/// Words of a shared cost with no count.
static SHARED: WordList = word_list!("shared");

/// Words saying the student paid for everyone.
static FOR_ALL: WordList = word_list!("paid-for-all");

/// Words of a price per person or per item.
static EACH: WordList = word_list!("each");

/// A number in words before a noun ("two tickets", "dos entradas").
static ITEM_COUNT: LazyLock<Regex> =
    LazyLock::new(|| pattern(r"\b(?P<n>{count})\s+(?P<w>[^\W\d_]{3,})"));

/// "3 coffees at 2.50", "2 entradas de cine a 7,50": so many things at a price each.
static AT_PRICE: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"\b(?P<n>\d{1,2}|{count})\s+(?P<w>[^\W\d_][^\d,.;:!?]{1,40}?)\s+(?:{at-price})\s+(?:[£€$]\s?)?\d",
    )
});

/// Words after a number that do not count things bought.
static NOT_COUNTED: WordList = word_list!("not-counted");

/// Words of money received.
static INCOME: WordList = word_list!("income");

/// Words of a loan made, taken or paid back.
static LOAN: WordList = word_list!("loan");

/// Words of money given back for something bought.
static REFUND: WordList = word_list!("refund");

/// Words saying a refund was the whole price.
static WHOLE: WordList = word_list!("whole-amount");

/// "got 20 from grandma", "received €15 as a gift": money coming in.
static RECEIVED: LazyLock<Regex> = LazyLock::new(|| {
    pattern(
        r"\b{received}\s+(?:[£€$]\s?)?\d+(?:[.,]\d+)?\s*(?:{money-names}|€|£|\$)?\s+{received-from}\b",
    )
});

/// Reads what the amount, day and item readers leave unused in `message`.
pub fn read_unread(message: &str) -> Unread {
    let normalized = normalize(message);
    let says = |phrases: &[&str]| phrases.iter().any(|p| has_phrase(&normalized, p));
    let mut out = Unread::default();
    for (pattern, extra) in PARTS.iter() {
        let Some(caps) = pattern.captures(message) else {
            continue;
        };
        let n = match caps.name("n") {
            Some(n) => count(n.as_str()).map(|c| c + extra),
            None => Some(2),
        };
        if let Some(whole) = caps.get(0) {
            out.share_spans.push((whole.start(), whole.end()));
        }
        if let Some(n) = n.filter(|n| (2..=MAX_PARTS).contains(n)) {
            out.share.get_or_insert(Share::Parts(n));
        }
    }
    let at_price = AT_PRICE.captures(message).filter(|c| {
        c.name("w")
            .is_some_and(|w| !NOT_COUNTED.contains(&normalize(w.as_str()).as_str()))
    });
    if let (false, Some(caps)) = (says(&EACH), at_price) {
        // A count in digits is taken from the amounts read (`facts.rs`); one in words is
        // read here.
        out.count = caps
            .name("n")
            .filter(|n| !n.as_str().starts_with(|c: char| c.is_ascii_digit()))
            .and_then(|n| count(n.as_str()));
        out.share = Some(Share::Each);
    } else if says(&EACH) {
        // A price each: the things counted multiply it, and so do the people when the
        // student paid for all of them; a split at so much each is the student's part.
        out.count = match out.share {
            _ if says(&SHARED) => None,
            Some(Share::Parts(n)) if says(&FOR_ALL) => Some(n),
            Some(Share::Parts(_)) => None,
            _ => ITEM_COUNT
                .captures_iter(message)
                .find(|c| {
                    c.name("w")
                        .is_some_and(|w| !NOT_COUNTED.contains(&normalize(w.as_str()).as_str()))
                })
                .and_then(|c| count(c.name("n")?.as_str())),
        };
        out.share = Some(Share::Each);
    } else if out.share.is_none() && says(&SHARED) {
        out.share = Some(Share::Unknown);
    }
    // A loan paid back is not a refund, and money given back is not income.
    out.loan = says(&LOAN);
    out.refund = !out.loan && says(&REFUND);
    out.whole_refund = out.refund && says(&WHOLE);
    out.income = !out.loan && !out.refund && (says(&INCOME) || RECEIVED.is_match(message));
    out
}

/// Words that name a day or a time without the date reader resolving one ("at the
/// start of the month", "the other day", "last weekend", "el finde").
static DAY_WORDS: LazyLock<Regex> =
    LazyLock::new(|| pattern(r"\b(?:{day-words}|\d{1,2}{ordinal-suffix})\b"));

/// The phrases that name a day or a time the date reader does not resolve.
pub fn day_words() -> &'static [&'static str] {
    phrases(&WORDS, "day-words")
}

/// Whether `text` (a message with the day the reader found, if any, blanked out) still
/// names a day or a time.
pub fn names_a_day(text: &str) -> bool {
    DAY_WORDS.is_match(text)
}

/// A share of `minor` split `parts` ways, rounded to the nearest minor unit.
pub fn share_of(minor: i64, parts: u32) -> i64 {
    let parts = i64::from(parts.max(1));
    (minor + parts / 2) / parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_split_with_a_count_is_that_many_parts() {
        for (text, parts) in [
            ("dinner was 60 split between 4 of us, add my share", 4),
            ("la cena fueron 60 € entre cuatro", 4),
            ("taxi 30, split three ways", 3),
            ("pizza 24 with 2 friends, my part", 3),
            ("we went half on the 40 quid present", 2),
            ("el regalo, 30 €, a medias", 2),
        ] {
            assert_eq!(read_unread(text).share, Some(Share::Parts(parts)), "{text}");
        }
    }

    #[test]
    fn shared_words_without_a_count_and_prices_each_are_kept_apart() {
        assert_eq!(
            read_unread("add my share of the 45 bill").share,
            Some(Share::Unknown)
        );
        assert_eq!(read_unread("3 tickets at 12 each").share, Some(Share::Each));
        let each = read_unread("Compré dos entradas de cine a 8,50 € cada una");
        assert_eq!((each.share, each.count), (Some(Share::Each), Some(2)));
        let all = read_unread("Dinner was £20 per person and I paid for all three of us");
        assert_eq!((all.share, all.count), (Some(Share::Each), Some(3)));
        let mine = read_unread("we split the bill between 4 of us, 15 each");
        assert_eq!((mine.share, mine.count), (Some(Share::Each), None));
        assert_eq!(read_unread("add lunch £12 today").share, None);
    }

    #[test]
    fn so_many_things_at_a_price_is_a_price_each() {
        for (text, count) in [
            ("3 coffees at 2.50", None),
            ("two pints at 4.80 last friday", Some(2)),
            ("anteayer 3 cafés a 1,80", None),
            ("2 entradas de cine a 7,50 el sábado", None),
        ] {
            let read = read_unread(text);
            assert_eq!(
                (read.share, read.count),
                (Some(Share::Each), count),
                "{text}"
            );
        }
        assert_eq!(read_unread("uber a casa ayer 12,50").share, None);
    }

    #[test]
    fn money_coming_in_is_income() {
        for text in [
            "I got paid 100 from babysitting",
            "me pagaron 20 por cuidar a mi hermano",
            "got 20 from grandma",
            "cobré 50 € de las clases",
        ] {
            assert!(read_unread(text).income, "{text}");
        }
        assert!(!read_unread("I paid 20 for the bus").income);
        assert!(!read_unread("paid the gym 30").income);
    }

    #[test]
    fn gifts_are_income_in_either_language() {
        assert!(read_unread("mum gave me 50 for my birthday").income);
        assert!(read_unread("mi abuela me dio 20 € por mi cumple").income);
        assert!(read_unread("me ingresaron la beca, 300 €").income);
    }

    #[test]
    fn a_loan_or_its_repayment_is_a_loan_not_a_refund_or_income() {
        for text in [
            "I lent Sam 20",
            "sam paid me back the 20 i lent him",
            "le presté 15 a Marta",
            "Carlos me devolvió los 10 que le dejé",
        ] {
            let read = read_unread(text);
            assert!(read.loan && !read.refund && !read.income, "{text}");
        }
    }

    #[test]
    fn money_given_back_for_a_purchase_is_a_refund() {
        let read = read_unread("refund of 5 from the uber");
        assert!(read.refund && !read.whole_refund && !read.income);
        assert!(read_unread("got a full refund for the jacket").whole_refund);
        assert!(read_unread("me devolvieron 10 € de las zapatillas").refund);
    }

    #[test]
    fn a_day_the_reader_did_not_resolve_is_still_seen() {
        assert!(names_a_day("rent 450, paid at the start of the month"));
        assert!(names_a_day("cine 9 € el finde"));
        assert!(!names_a_day("add lunch 12"));
    }

    #[test]
    fn every_pattern_has_its_words() {
        // A role missing from unread.txt panics, naming it, when its pattern is built.
        let built = [&*ITEM_COUNT, &*AT_PRICE, &*RECEIVED, &*DAY_WORDS];
        assert_eq!(PARTS.len() + built.len(), 8);
    }

    #[test]
    fn a_share_is_rounded_to_the_nearest_minor_unit() {
        assert_eq!(share_of(6000, 4), 1500);
        assert_eq!(share_of(1000, 3), 333);
        assert_eq!(share_of(2000, 3), 667);
    }
}
