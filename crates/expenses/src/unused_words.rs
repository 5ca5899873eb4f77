//! The words of a message that no reader of intent, amounts, days, category or item
//! used ("for my birthday" in "mum gave me 50 for my birthday"): what tells code its
//! reading is not the whole message (`accounted.rs`).

use super::category::named_category;
use super::unread::day_words;
use super::word_lists::{word_list, WordList};
use lantern_core::text::normalize::{normalize, words};
use std::collections::HashSet;
use std::sync::LazyLock;

/// Words that may stand outside the item without changing what is read: fillers, "not"
/// between two amounts, question
/// words, asking for a list or a total, putting it in a category, prices each, a
/// share, pronouns and currency names.
static KNOWN_LISTS: [&WordList; 11] = [
    &NOT_BETWEEN,
    &FILLER,
    &RECATEGORISE,
    &CATEGORY_JOINS,
    &QUESTION_WORDS,
    &LIST,
    &BALANCE,
    &EACH,
    &SHARED,
    &PRONOUNS,
    &CURRENCY,
];
static FILLER: WordList = word_list!("item-filler");
static NOT_BETWEEN: WordList = word_list!("not-between");
static QUESTION_WORDS: WordList = word_list!("question-words");
static LIST: WordList = word_list!("intent-list");
static BALANCE: WordList = word_list!("intent-balance");
static EACH: WordList = word_list!("each");
static SHARED: WordList = word_list!("shared");
static RECATEGORISE: WordList = word_list!("recategorise");
static CATEGORY_JOINS: WordList = word_list!("category-joins");
static PRONOUNS: WordList = word_list!("pronouns");
static CURRENCY: WordList = word_list!("currency-words");

/// Every single word of [`KNOWN_LISTS`] and of the words naming a day or a time (a
/// day no reader resolves is asked by code).
static KNOWN: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    KNOWN_LISTS
        .iter()
        .flat_map(|list| list.iter())
        .chain(day_words())
        .flat_map(|phrase| phrase.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect()
});

/// The words of `runs` (the word runs after the item) that no reader used: not a
/// question or list word, a pronoun, a currency or a category's own name.
pub fn unaccounted<'a>(runs: impl Iterator<Item = &'a String>) -> Vec<String> {
    runs.flat_map(|run| {
        let normalized = normalize(run);
        words(&normalized)
            .into_iter()
            .filter(|w| w.chars().any(char::is_alphabetic))
            .filter(|w| !KNOWN.contains(w) && named_category(w).is_none())
            .map(str::to_string)
            .collect::<Vec<_>>()
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn question_list_category_and_day_words_are_read() {
        let runs = ["how much".to_string(), "food last weekend".to_string()];
        assert!(unaccounted(runs.iter()).is_empty());
    }

    #[test]
    fn other_words_are_left_unused() {
        let runs = ["for my birthday".to_string()];
        assert_eq!(unaccounted(runs.iter()), vec!["birthday"]);
    }
}
