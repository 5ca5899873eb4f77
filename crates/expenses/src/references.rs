//! Which stored expense a correction or removal means, decided by code: a number
//! ("#12"), an answer to "which one?" ("the second", "the £80 one"), the item's words
//! ("the mechanic fee"), narrowed by an amount or a day, or "it" for the expense the
//! last turn touched. Several matches become a question listing them, never a guess.

use super::category::named_category;
use super::contract::Expense;
use super::facts::{Facts, Intent};
use super::word_lists::{table, word_list, WordList};
use lantern_core::text::normalize::{normalize, words};
use std::sync::LazyLock;

/// What a reference resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One expense.
    Found(i64),
    /// Several fit: ask which.
    Several(Vec<i64>),
    /// None fits.
    NotFound,
}

/// Ordinal words and the position they name (1-based; 0 = last).
static ORDINALS: LazyLock<Vec<(&'static str, usize)>> = LazyLock::new(|| {
    table(lantern_core::word_list!("ordinals"))
        .into_iter()
        .filter_map(|(word, position)| Some((word, position.first()?.parse().ok()?)))
        .collect()
});

/// Words that point back at the expense just discussed.
static PRONOUNS: WordList = word_list!("pronouns");

/// Words that say nothing about which expense (besides the item filler).
static NOT_NAMING: WordList = word_list!("not-naming");

fn stem(word: &str) -> &str {
    word.strip_suffix("es")
        .filter(|w| w.len() > 3)
        .or_else(|| word.strip_suffix('s').filter(|w| w.len() > 2))
        .unwrap_or(word)
}

/// The meaningful words of a reference, stemmed.
fn naming_words(text: &str) -> Vec<String> {
    let normalized = normalize(text);
    words(&normalized)
        .into_iter()
        .filter(|w| w.chars().count() > 2 && !NOT_NAMING.contains(w))
        .map(|w| stem(w).to_string())
        .collect()
}

/// How many of `wanted` the item's words contain.
fn overlap(item: &str, wanted: &[String]) -> usize {
    let have = naming_words(item);
    wanted.iter().filter(|w| have.contains(w)).count()
}

/// Whether two phrases name the same thing: they share a meaningful word.
pub fn shares_words(a: &str, b: &str) -> bool {
    overlap(a, &naming_words(b)) > 0
}

/// The rows among `rows` that fit the facts' amount and day.
fn narrowed<'a>(rows: Vec<&'a Expense>, facts: &Facts, intent: Intent) -> Vec<&'a Expense> {
    // In a correction with one amount, that amount is the new value, not the reference.
    let reference_amount = match (intent, facts.amounts.as_slice()) {
        (Intent::Update, [first, _, ..]) => Some(first.minor),
        (Intent::Update, _) => None,
        (_, [first, ..]) => Some(first.minor),
        _ => None,
    };
    let reference_day = match intent {
        Intent::Update if facts.mentions_date => None,
        _ => facts.date,
    };
    let mut fitting = rows;
    if let Some(minor) = reference_amount {
        let by_amount: Vec<&Expense> = fitting
            .iter()
            .copied()
            .filter(|e| e.amount.minor == minor)
            .collect();
        if !by_amount.is_empty() {
            fitting = by_amount;
        }
    }
    if let Some(day) = reference_day {
        let by_day: Vec<&Expense> = fitting.iter().copied().filter(|e| e.date == day).collect();
        if !by_day.is_empty() {
            fitting = by_day;
        }
    }
    fitting
}

fn target_of(rows: &[&Expense]) -> Target {
    match rows {
        [] => Target::NotFound,
        [one] => Target::Found(one.id),
        several => Target::Several(several.iter().map(|e| e.id).collect()),
    }
}

/// An answer to "which one?" among `candidates` (in the order they were listed).
fn pick_candidate(rows: &[Expense], candidates: &[i64], facts: &Facts, message: &str) -> Target {
    let listed: Vec<&Expense> = candidates
        .iter()
        .filter_map(|id| rows.iter().find(|e| e.id == *id))
        .collect();
    let normalized = normalize(message);
    for (word, position) in ORDINALS.iter() {
        if words(&normalized).contains(word) {
            let chosen = match position {
                0 => listed.last(),
                n => listed.get(n - 1),
            };
            return chosen.map_or(Target::NotFound, |e| Target::Found(e.id));
        }
    }
    let mut fitting = narrowed(listed.clone(), facts, Intent::Delete);
    if let Some(item) = &facts.item {
        let wanted = naming_words(item);
        let by_words: Vec<&Expense> = fitting
            .iter()
            .copied()
            .filter(|e| overlap(&e.item, &wanted) > 0)
            .collect();
        if !by_words.is_empty() {
            fitting = by_words;
        }
    }
    if fitting.len() == listed.len() && listed.len() > 1 {
        return Target::Several(candidates.to_vec());
    }
    target_of(&fitting)
}

/// The expense a correction or removal means. `rows` are the profile's expenses,
/// `candidates` the ones listed by the last question, `last_touched` the one the last
/// turn added, changed or showed alone.
pub fn resolve_target(
    rows: &[Expense],
    facts: &Facts,
    intent: Intent,
    candidates: &[i64],
    last_touched: Option<i64>,
    message: &str,
) -> Target {
    if let Some(id) = facts.id {
        return Target::Found(id);
    }
    let wanted = facts.item.as_deref().map(naming_words).unwrap_or_default();
    // A category named for the change ("change the last one to shopping") is what
    // changes, not which expense.
    let moving_to = facts.category;
    let wanted: Vec<String> = wanted
        .into_iter()
        .filter(|w| !PRONOUNS.contains(&w.as_str()) && !ORDINALS.iter().any(|(o, _)| o == w))
        .filter(|w| moving_to.is_none() || named_category(w) != moving_to)
        .collect();
    // An answer to "which one?" picks among the listed; words naming none of them start
    // a new search over every expense.
    let names_a_candidate = || {
        candidates
            .iter()
            .filter_map(|id| rows.iter().find(|e| e.id == *id))
            .any(|e| overlap(&e.item, &wanted) > 0)
    };
    if !candidates.is_empty() && (wanted.is_empty() || names_a_candidate()) {
        return pick_candidate(rows, candidates, facts, message);
    }
    if wanted.is_empty() {
        if let Some(id) = last_touched.filter(|id| rows.iter().any(|e| e.id == *id)) {
            return Target::Found(id);
        }
        let all: Vec<&Expense> = rows.iter().collect();
        let fitting = narrowed(all, facts, intent);
        return match fitting.len() {
            n if n == rows.len() => Target::NotFound,
            _ => target_of(&fitting),
        };
    }
    let best = rows
        .iter()
        .map(|e| overlap(&e.item, &wanted))
        .max()
        .unwrap_or(0);
    if best == 0 {
        return Target::NotFound;
    }
    let matching: Vec<&Expense> = rows
        .iter()
        .filter(|e| overlap(&e.item, &wanted) == best)
        .collect();
    target_of(&narrowed(matching, facts, intent))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Category;
    use crate::facts::read_facts;
    use crate::money::{Currency, Money};
    use chrono::NaiveDate;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn row(id: i64, item: &str, minor: i64, d: u32) -> Expense {
        Expense {
            id,
            item: item.into(),
            amount: Money {
                minor,
                currency: Currency::Gbp,
            },
            date: day(d),
            category: Category::Other,
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn rows() -> Vec<Expense> {
        vec![
            row(3, "mechanic fee", 12_000, 2),
            row(5, "lunch", 1_200, 20),
            row(7, "mechanic fee", 8_000, 20),
        ]
    }

    fn resolve(message: &str, intent: Intent, candidates: &[i64], last: Option<i64>) -> Target {
        let facts = read_facts(message, day(23));
        resolve_target(&rows(), &facts, intent, candidates, last, message)
    }

    #[test]
    fn a_number_names_the_expense() {
        assert_eq!(
            resolve("delete #7", Intent::Delete, &[], None),
            Target::Found(7)
        );
    }

    #[test]
    fn words_matching_several_rows_ask_which() {
        assert_eq!(
            resolve("delete the mechanic fee", Intent::Delete, &[], None),
            Target::Several(vec![3, 7])
        );
    }

    #[test]
    fn an_amount_or_a_day_narrows_the_match() {
        assert_eq!(
            resolve("delete the £80 mechanic fee", Intent::Delete, &[], None),
            Target::Found(7)
        );
        assert_eq!(
            resolve(
                "remove the mechanic fee from 2 November",
                Intent::Delete,
                &[],
                None
            ),
            Target::Found(3)
        );
    }

    #[test]
    fn in_a_correction_a_lone_amount_is_the_new_value() {
        assert_eq!(
            resolve("change lunch to £15", Intent::Update, &[], None),
            Target::Found(5)
        );
    }

    #[test]
    fn an_ordinal_or_an_amount_answers_which_one() {
        assert_eq!(
            resolve("the second one", Intent::Delete, &[3, 7], None),
            Target::Found(7)
        );
        assert_eq!(
            resolve("el primero", Intent::Delete, &[3, 7], None),
            Target::Found(3)
        );
        assert_eq!(
            resolve("the £120 one", Intent::Delete, &[3, 7], None),
            Target::Found(3)
        );
    }

    #[test]
    fn it_means_the_expense_just_touched() {
        assert_eq!(
            resolve("delete it", Intent::Delete, &[], Some(5)),
            Target::Found(5)
        );
    }

    #[test]
    fn a_lone_candidate_named_again_is_found() {
        assert_eq!(
            resolve("delete the mechanic fee", Intent::Delete, &[3], None),
            Target::Found(3)
        );
    }

    #[test]
    fn words_naming_no_candidate_search_every_expense() {
        assert_eq!(
            resolve("delete the lunch", Intent::Delete, &[3, 7], None),
            Target::Found(5)
        );
    }

    #[test]
    fn words_matching_nothing_are_not_found() {
        assert_eq!(
            resolve("delete the cinema", Intent::Delete, &[], None),
            Target::NotFound
        );
    }
}
