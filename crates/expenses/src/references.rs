//! Which stored expense a correction or removal means, decided by code: a number
//! ("#12"), an answer to "which one?" ("the second", "the £80 one"), the item's words
//! ("the mechanic fee") in either language ("borra el gimnasio" finds "gym membership":
//! `words/<locale>/item-synonyms.txt`, then the shared stems, cognates and glossary of
//! `lantern_core::text::terms` when no word or synonym fits), narrowed by an amount or a
//! day, "the last one" for the row added last (`words/<locale>/last-added.txt`), or "it"
//! for the expense the last turn touched. Several matches become a question listing them,
//! never a guess.

use super::category::{named_category, same_word};
use super::closeness::Closeness;
use super::contract::Expense;
use super::facts::{Facts, Intent};
use super::word_lists::{table, word_list, WordList};
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::terms::{term_keys, term_of};
use std::sync::LazyLock;

/// What a reference resolved to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One expense.
    Found(i64),
    /// Several fit: ask which; `named` as for [`Target::NotFound`].
    Several {
        /// The expenses that fit.
        ids: Vec<i64>,
        /// The message's words that name the expense.
        named: Option<String>,
    },
    /// None fits; `named` is what the message called it, as written, when it named one.
    NotFound {
        /// The message's words that name the expense.
        named: Option<String>,
    },
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

/// Phrases that mean the expense added last ("the last one", "el último").
static LAST_ADDED: WordList = word_list!("last-added");

/// Groups of words that name the same thing, in either language ("gym", "gimnasio").
static SYNONYMS: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    table(lantern_core::word_list!("item-synonyms"))
        .into_iter()
        .map(|(word, others)| std::iter::once(word).chain(others).collect())
        .collect()
});

/// How well an item's word fits a word of the reference when it is that word (singular
/// or plural): more than a synonym, so "the taxi" is the taxi, not the uber.
const SAME_WORD: usize = 2;

/// How well an item's word fits a word of the reference when it is a synonym.
const SYNONYM: usize = 1;

/// Whether `message` says "the last one": the expense added last.
pub fn says_last_added(message: &str) -> bool {
    let spaced = format!(" {} ", normalize(message));
    LAST_ADDED
        .iter()
        .any(|phrase| spaced.contains(&format!(" {phrase} ")))
}

/// The meaningful words of a reference, normalised.
pub(crate) fn naming_words(text: &str) -> Vec<String> {
    let normalized = normalize(text);
    words(&normalized)
        .into_iter()
        .filter(|w| w.chars().count() > 2 && !NOT_NAMING.contains(w))
        .map(str::to_string)
        .collect()
}

/// The words of `word`'s synonym groups (not `word` itself).
fn synonyms(word: &str) -> Vec<&'static str> {
    SYNONYMS
        .iter()
        .filter(|group| group.iter().any(|g| same_word(g, word)))
        .flatten()
        .copied()
        .filter(|g| !same_word(g, word))
        .collect()
}

/// How well the item's words fit `wanted`: per wanted word, [`SAME_WORD`] when the item
/// has it, else [`SYNONYM`] when it has a synonym, summed.
fn overlap(item: &str, wanted: &[String]) -> usize {
    let have = naming_words(item);
    let has = |word: &str| have.iter().any(|h| same_word(h, word));
    wanted
        .iter()
        .map(|w| {
            if has(w) {
                SAME_WORD
            } else if synonyms(w).into_iter().any(has) {
                SYNONYM
            } else {
                0
            }
        })
        .sum()
}

/// How many of `wanted` share a stem, a cognate or a glossary translation with the
/// item's words (the fallback when no word or synonym fits).
fn meaning_overlap(item: &str, wanted: &[String]) -> usize {
    let keys = term_keys(item);
    wanted
        .iter()
        .filter(|w| term_of(w).is_some_and(|t| t.in_keys(&keys)))
        .count()
}

/// Whether `item` fits `wanted` by a word, a synonym, a stem, a cognate or a glossary
/// translation (what code reads before the embedder is asked).
pub(crate) fn fits_by_words(item: &str, wanted: &[String]) -> bool {
    overlap(item, wanted) > 0 || meaning_overlap(item, wanted) > 0
}

/// Whether two phrases name the same thing: they share a meaningful word or a synonym.
pub fn shares_words(a: &str, b: &str) -> bool {
    overlap(a, &naming_words(b)) > 0
}

/// The row added last among `rows` (the latest recorded; the higher id on a tie).
fn added_last<'a>(rows: &[&'a Expense]) -> Option<&'a Expense> {
    rows.iter()
        .copied()
        .max_by(|a, b| (&a.created_at, a.id).cmp(&(&b.created_at, b.id)))
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

/// What `rows` make of a reference the message calls `named`.
fn target_of(rows: &[&Expense], named: Option<String>) -> Target {
    match rows {
        [] => Target::NotFound { named },
        [one] => Target::Found(one.id),
        several => Target::Several {
            ids: several.iter().map(|e| e.id).collect(),
            named,
        },
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
            return chosen.map_or(Target::NotFound { named: None }, |e| Target::Found(e.id));
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
        return Target::Several {
            ids: candidates.to_vec(),
            named: None,
        };
    }
    target_of(&fitting, None)
}

/// The words of `message` whose normalised forms are `wanted`, as the student wrote them.
fn as_written(message: &str, wanted: &[String]) -> Option<String> {
    let written: Vec<&str> = message
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| {
            words(&normalize(w))
                .iter()
                .any(|n| wanted.iter().any(|x| x == n))
        })
        .collect();
    (!written.is_empty()).then(|| written.join(" "))
}

/// The expense a correction or removal means. `rows` are the profile's expenses,
/// `candidates` the ones listed by the last question, `last_touched` the one the last
/// turn added, changed or showed alone, `closeness` the embedder's sense of which row a
/// word means (asked only when no word fits).
pub fn resolve_target(
    rows: &[Expense],
    facts: &Facts,
    intent: Intent,
    candidates: &[i64],
    last_touched: Option<i64>,
    message: &str,
    closeness: &Closeness,
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
        .filter(|w| {
            !LAST_ADDED
                .iter()
                .any(|phrase| words(phrase).contains(&w.as_str()))
        })
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
    let last_added = says_last_added(message);
    if wanted.is_empty() {
        let all: Vec<&Expense> = rows.iter().collect();
        if last_added {
            return added_last(&narrowed(all, facts, intent))
                .map_or(Target::NotFound { named: None }, |e| Target::Found(e.id));
        }
        if let Some(id) = last_touched.filter(|id| rows.iter().any(|e| e.id == *id)) {
            return Target::Found(id);
        }
        let fitting = narrowed(all, facts, intent);
        return match fitting.len() {
            n if n == rows.len() => Target::NotFound { named: None },
            _ => target_of(&fitting, None),
        };
    }
    let mut fit: fn(&str, &[String]) -> usize = overlap;
    let mut best = rows
        .iter()
        .map(|e| fit(&e.item, &wanted))
        .max()
        .unwrap_or(0);
    if best == 0 {
        fit = meaning_overlap;
        best = rows
            .iter()
            .map(|e| fit(&e.item, &wanted))
            .max()
            .unwrap_or(0);
    }
    let matching: Vec<&Expense> = match best {
        0 => closeness.closest(rows, &wanted),
        _ => rows
            .iter()
            .filter(|e| fit(&e.item, &wanted) == best)
            .collect(),
    };
    let named = as_written(message, &wanted);
    let fitting = narrowed(matching, facts, intent);
    match added_last(&fitting) {
        Some(last) if last_added => Target::Found(last.id),
        _ => target_of(&fitting, named),
    }
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
        resolve_target(
            &rows(),
            &facts,
            intent,
            candidates,
            last,
            message,
            &Closeness::default(),
        )
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
            Target::Several {
                ids: vec![3, 7],
                named: Some("mechanic fee".into())
            }
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

    /// Asserts that `message` names row `id` among `rows`, with no list shown before.
    fn finds(rows: &[Expense], message: &str, intent: Intent, id: i64) {
        let facts = read_facts(message, day(23));
        let target = resolve_target(
            rows,
            &facts,
            intent,
            &[],
            None,
            message,
            &Closeness::default(),
        );
        assert_eq!(target, Target::Found(id), "{message}");
    }

    #[test]
    fn a_spanish_word_finds_an_english_row_and_back() {
        let rows = [
            row(1, "gym membership", 3_000, 2),
            row(2, "cena", 1_800, 20),
        ];
        finds(&rows, "borra el gimnasio", Intent::Delete, 1);
        finds(&rows, "delete the dinner", Intent::Delete, 2);
        let coffees = [row(1, "coffee", 260, 20), row(2, "coffee", 290, 22)];
        finds(&coffees, "quita el café de ayer", Intent::Delete, 2);
    }

    #[test]
    fn the_word_itself_beats_a_synonym() {
        let rows = [row(1, "uber", 1_600, 19), row(2, "taxi", 900, 21)];
        finds(&rows, "delete the taxi", Intent::Delete, 2);
    }

    #[test]
    fn a_shared_stem_is_the_fallback() {
        let rows = [row(1, "mechanic fee", 8_000, 2), row(2, "lunch", 900, 21)];
        finds(&rows, "borra el mecánico", Intent::Delete, 1);
    }

    #[test]
    fn the_last_one_is_the_row_added_last_whatever_its_day() {
        // Row 7 was added last although row 5 is of a later day than row 3.
        assert_eq!(
            resolve("delete the last one", Intent::Delete, &[], None),
            Target::Found(7)
        );
        assert_eq!(
            resolve("borra el último", Intent::Delete, &[], Some(3)),
            Target::Found(7)
        );
        let mut rows = rows();
        rows[0].created_at = "2026-11-23T10:00:00Z".into();
        finds(&rows, "delete the last one", Intent::Delete, 3);
    }

    #[test]
    fn the_last_one_with_words_is_the_last_added_of_those() {
        assert_eq!(
            resolve(
                "delete the most recent mechanic fee",
                Intent::Delete,
                &[],
                None
            ),
            Target::Found(7)
        );
        assert_eq!(
            resolve("change the last one to 5.90", Intent::Update, &[], None),
            Target::Found(7)
        );
    }

    #[test]
    fn the_last_of_a_list_just_shown_is_the_last_listed() {
        assert_eq!(
            resolve("the last one", Intent::Delete, &[7, 3], None),
            Target::Found(3)
        );
    }

    #[test]
    fn every_synonym_and_last_added_line_is_words() {
        for file in [
            include_str!("../words/en/item-synonyms.txt"),
            include_str!("../words/es/item-synonyms.txt"),
        ] {
            for line in lantern_core::words::lines(file) {
                let (word, others) = line.split_once(':').expect(line);
                for w in std::iter::once(word).chain(others.split(',')) {
                    let w = w.trim();
                    assert!(!w.is_empty() && !w.contains(' '), "{line}");
                    assert_eq!(normalize(w), w, "{line}");
                }
            }
        }
        for phrase in LAST_ADDED.iter() {
            assert_eq!(&normalize(phrase), phrase);
        }
    }

    #[test]
    fn words_matching_nothing_are_not_found_and_quoted_as_written() {
        assert_eq!(
            resolve("delete the Cinema!", Intent::Delete, &[], None),
            Target::NotFound {
                named: Some("Cinema".into())
            }
        );
    }

    #[test]
    fn a_word_close_in_meaning_names_the_row_when_no_word_fits() {
        let rows = [row(2, "haircut", 1_500, 20), row(4, "lunch", 900, 21)];
        let closeness = Closeness::new(vec![
            ("barber".into(), "haircut".into(), 0.6),
            ("barber".into(), "lunch".into(), 0.28),
        ]);
        let message = "the barber was 18 not 15";
        let facts = read_facts(message, day(23));
        let target = resolve_target(
            &rows,
            &facts,
            Intent::Update,
            &[],
            None,
            message,
            &closeness,
        );
        assert_eq!(target, Target::Found(2));
    }

    #[test]
    fn a_word_that_fits_wins_over_closeness() {
        let closeness = Closeness::new(vec![("lunch".into(), "mechanic fee".into(), 0.9)]);
        let message = "delete the lunch";
        let facts = read_facts(message, day(23));
        let target = resolve_target(
            &rows(),
            &facts,
            Intent::Delete,
            &[],
            None,
            message,
            &closeness,
        );
        assert_eq!(target, Target::Found(5));
    }
}
