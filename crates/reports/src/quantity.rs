//! Numbers in a text with the unit written after (or the currency before) each: "30
//! seconds", "20 °C", "£1.20", "4,52", "12 de marzo". A unit of `units.txt` is known by
//! its name in any language ("20 s" and "30 seconds" are both seconds); any other word
//! after a number is its unit as written ("3 layers"; "de" / "of" skipped: "12 de
//! marzo" is in "marzo").

use super::word_lists::roles;
use lantern_core::text::normalize::normalize;
use lantern_core::word_list;
use regex::Regex;
use std::sync::LazyLock;

/// A number in a text, with its unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quantity {
    /// The number as a plain decimal ("4,52" → "4.52", "−15,5" → "-15.5").
    pub value: String,
    /// Where the number (its sign and currency included) starts, in bytes.
    pub start: usize,
    /// Where the number ends.
    pub end: usize,
    /// The unit: a known unit's name ("seconds"), else the next word normalised.
    pub unit: Option<String>,
    /// Where the quantity ends, its unit included.
    pub unit_end: usize,
    /// Whether the unit is one of `units.txt` (or a currency).
    pub known_unit: bool,
}

/// Each way of writing a unit and the unit's name, the longest first.
static UNITS: LazyLock<Vec<(String, &'static str)>> = LazyLock::new(|| {
    let mut all: Vec<(String, &'static str)> = roles(word_list!("units"))
        .into_iter()
        .flat_map(|(name, phrases)| phrases.into_iter().map(move |p| (p.to_lowercase(), name)))
        .collect();
    all.sort_by_key(|(p, _)| std::cmp::Reverse(p.chars().count()));
    all
});

/// The words a unit written as a word is joined to its number with ("12 de marzo").
const JOINERS: [&str; 2] = ["de", "of"];

static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<cur>[£€$]\s?)?(?P<sign>[+\-−])?(?P<int>\d+)(?:[.,](?P<frac>\d+))?")
        .expect("valid regex")
});

/// The known unit written at the start of `rest`, and how long it is in bytes.
fn known_unit_at(rest: &str) -> Option<(&'static str, usize)> {
    let head: String = rest.chars().take(24).collect();
    let lower = head.to_lowercase();
    if lower.len() != head.len() {
        return None;
    }
    UNITS.iter().find_map(|(phrase, name)| {
        let after = lower.strip_prefix(phrase.as_str())?;
        let closed = after.chars().next().is_none_or(|c| !c.is_alphanumeric())
            || !phrase.chars().last().is_some_and(char::is_alphanumeric);
        closed.then_some((*name, phrase.len()))
    })
}

/// The unit of the words after a number: a known one, else the next word ("layers"),
/// or the word after "de"/"of".
fn unit_after(text: &str, from: usize) -> (Option<String>, usize, bool) {
    let rest = &text[from..];
    let gap = rest.len() - rest.trim_start_matches([' ', '\u{a0}']).len();
    if gap <= 1 {
        if let Some((name, len)) = known_unit_at(&rest[gap..]) {
            return (Some(name.to_string()), from + gap + len, true);
        }
    }
    let mut at = from + gap;
    let word = |at: usize| -> Option<(String, usize)> {
        let w: String = text[at..]
            .chars()
            .take_while(|c| c.is_alphabetic())
            .collect();
        (!w.is_empty()).then(|| (normalize(&w), at + w.len()))
    };
    if gap != 1 {
        return (None, from, false);
    }
    let Some((mut unit, mut end)) = word(at) else {
        return (None, from, false);
    };
    if JOINERS.contains(&unit.as_str()) && text[end..].starts_with(' ') {
        at = end + 1;
        match word(at) {
            Some((next, next_end)) => (unit, end) = (next, next_end),
            None => return (None, from, false),
        }
    }
    (Some(unit), end, false)
}

/// The quantities of `text`, in order. A number inside a word or a longer number
/// ("S4", "1.2.3") is none.
pub fn quantities(text: &str) -> Vec<Quantity> {
    let mut out = Vec::new();
    for c in NUMBER.captures_iter(text) {
        let whole = c.get(0).expect("the match");
        let before = text[..whole.start()].chars().next_back();
        let after = text[whole.end()..].chars().next();
        let glued = before.is_some_and(|b| b.is_alphanumeric() || b == '.' || b == ',')
            && c.name("cur").is_none()
            && c.name("sign").is_none();
        let longer = after.is_some_and(|a| a.is_alphanumeric() && !a.is_alphabetic())
            || text[whole.end()..]
                .chars()
                .take(2)
                .collect::<String>()
                .strip_prefix(['.', ','])
                .is_some_and(|r| r.starts_with(|d: char| d.is_ascii_digit()));
        if glued
            || longer
            || after.is_some_and(char::is_alphabetic) && !unit_glued(text, whole.end())
        {
            continue;
        }
        let sign = c.name("sign").map_or("", |s| match s.as_str() {
            "+" => "",
            _ => "-",
        });
        let value = match c.name("frac") {
            Some(f) => format!("{sign}{}.{}", &c["int"], f.as_str()),
            None => format!("{sign}{}", &c["int"]),
        };
        let (unit, unit_end, known) = match c.name("cur") {
            Some(cur) => (
                known_unit_at(cur.as_str().trim()).map(|(n, _)| n.to_string()),
                whole.end(),
                true,
            ),
            None => unit_after(text, whole.end()),
        };
        out.push(Quantity {
            value,
            start: whole.start(),
            end: whole.end(),
            unit,
            unit_end,
            known_unit: known,
        });
    }
    out
}

/// The name of the known unit `word` is written as ("ml" → "millilitres").
pub fn unit_name(word: &str) -> Option<String> {
    let word = word.trim().to_lowercase();
    UNITS
        .iter()
        .find(|(phrase, _)| *phrase == word)
        .map(|(_, name)| name.to_string())
}

/// Whether a known unit is written right after the number, without a space ("20s").
fn unit_glued(text: &str, at: usize) -> bool {
    known_unit_at(&text[at..]).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<(String, Option<String>)> {
        quantities(text)
            .into_iter()
            .map(|q| (q.value, q.unit))
            .collect()
    }

    fn pair(value: &str, unit: Option<&str>) -> (String, Option<String>) {
        (value.to_string(), unit.map(str::to_string))
    }

    #[test]
    fn a_known_unit_is_named_in_any_language_and_spelling() {
        assert_eq!(read("drip for 30 seconds"), [pair("30", Some("seconds"))]);
        assert_eq!(read("was 20 s"), [pair("20", Some("seconds"))]);
        assert_eq!(read("about 20 °C)"), [pair("20", Some("degrees"))]);
        assert_eq!(read("18 degrees"), [pair("18", Some("degrees"))]);
        assert_eq!(read("45 minutos"), [pair("45", Some("minutes"))]);
        assert_eq!(read("20s"), [pair("20", Some("seconds"))]);
    }

    #[test]
    fn decimals_signs_and_currencies_are_read() {
        assert_eq!(read("| 4,52 |"), [pair("4.52", None)]);
        assert_eq!(read("| −15,5 |"), [pair("-15.5", None)]);
        assert_eq!(read("£1.20"), [pair("1.20", Some("pounds"))]);
        assert_eq!(read("de 0,01 g,"), [pair("0.01", Some("grams"))]);
    }

    #[test]
    fn any_other_word_is_the_unit_as_written() {
        assert_eq!(read("4 layers"), [pair("4", Some("layers"))]);
        assert_eq!(read("el 12 de marzo en"), [pair("12", Some("marzo"))]);
        assert_eq!(read("14 October"), [pair("14", Some("october"))]);
    }

    #[test]
    fn a_word_is_named_as_its_unit() {
        assert_eq!(unit_name("ml").as_deref(), Some("millilitres"));
        assert_eq!(unit_name("Water"), None);
    }

    #[test]
    fn numbers_inside_words_or_section_numbers_are_none() {
        assert!(read("lab S4 with").is_empty());
        assert!(read("section 3.2.1").is_empty());
        assert_eq!(read("10 cm by 10 cm").len(), 2);
    }
}
