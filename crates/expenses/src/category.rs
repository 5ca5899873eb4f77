//! A category guessed from an item's words (English and Spanish), so an expense the
//! student did not categorise still lands in the right column of the chart.

use super::contract::Category;
use super::word_lists::table;
use lantern_core::text::normalize::{normalize, words};
use std::sync::LazyLock;

/// A table whose keys are categories by their stored names (a key naming none is left
/// out; a test checks there is none).
fn category_table(
    entries: impl IntoIterator<Item = &'static str>,
) -> Vec<(Category, Vec<&'static str>)> {
    table(entries)
        .into_iter()
        .filter_map(|(key, values)| Some((Category::from_name(key)?, values)))
        .collect()
}

/// Categories with the words that point to them.
type Table = LazyLock<Vec<(Category, Vec<&'static str>)>>;

/// `category_words!("category-names")`: the table of `words/en/category-names.txt`
/// then `words/es/category-names.txt`.
macro_rules! category_words {
    ($name:literal) => {
        LazyLock::new(|| category_table(lantern_core::word_list!($name)))
    };
}

/// Words (normalised, no accents) that name a kind of spending outright; each counts
/// twice as much as a weak word (`words/<locale>/category-keywords.txt`).
static KEYWORDS: Table = category_words!("category-keywords");

/// Words that lean towards a category but often go with a stronger word of another
/// ("cinema ticket", "gas bill", "car repair", "mechanic fee"): they decide only when
/// nothing stronger is said (`words/<locale>/category-weak-keywords.txt`).
static WEAK_KEYWORDS: Table = category_words!("category-weak-keywords");

/// The names a student may call a category by, English and Spanish
/// (`words/<locale>/category-names.txt`).
static NAMES: Table = category_words!("category-names");

/// The category named in `text` by its own name ("food", "comida", "transporte"…).
pub fn named_category(text: &str) -> Option<Category> {
    let normalized = normalize(text);
    let said = words(&normalized);
    Category::ALL.into_iter().find(|c| {
        category_names(*c)
            .iter()
            .any(|name| said.iter().any(|w| w == name))
    })
}

/// The names a student may call `category` by.
fn category_names(category: Category) -> &'static [&'static str] {
    NAMES
        .iter()
        .find(|(c, _)| *c == category)
        .map_or(&[], |(_, names)| names.as_slice())
}

/// How strongly `said` points to each category: two points per outright word, one per
/// weak word.
fn scores(said: &[&str]) -> [(Category, usize); 9] {
    let count = |table: &[(Category, Vec<&str>)], category: Category| {
        table
            .iter()
            .filter(|(c, _)| *c == category)
            .map(|(_, keys)| said.iter().filter(|w| keys.contains(w)).count())
            .sum::<usize>()
    };
    Category::ALL.map(|c| (c, 2 * count(&KEYWORDS, c) + count(&WEAK_KEYWORDS, c)))
}

/// The category an item most likely belongs to: the one its words point to most
/// strongly (the earlier category on a tie); `Other` when no word fits.
pub fn guess_category(item: &str) -> Category {
    let normalized = normalize(item);
    let said = words(&normalized);
    scores(&said)
        .into_iter()
        .filter(|(_, score)| *score > 0)
        .fold(
            None,
            |best: Option<(Category, usize)>, (c, score)| match best {
                Some((_, top)) if top >= score => best,
                _ => Some((c, score)),
            },
        )
        .map_or(Category::Other, |(category, _)| category)
}

/// Whether an item's words point to one category more than any other: a guess that is
/// not clear ("haircut", "snacks at the cinema") is shown for a yes before it is written.
pub fn category_is_clear(item: &str) -> bool {
    let normalized = normalize(item);
    let said = words(&normalized);
    let mut scores: Vec<usize> = scores(&said).into_iter().map(|(_, s)| s).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.first().is_some_and(|top| *top > 0) && scores.get(1).is_none_or(|next| next < &scores[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guess_is_clear_only_when_one_category_leads() {
        assert!(category_is_clear("phone bill"));
        assert!(category_is_clear("cinema ticket"));
        assert!(!category_is_clear("haircut"));
        assert!(!category_is_clear("snacks at the cinema"));
    }

    #[test]
    fn item_words_pick_the_category_in_either_language() {
        assert_eq!(guess_category("electricity bill"), Category::Utilities);
        assert_eq!(guess_category("Mechanic fee"), Category::Transport);
        assert_eq!(guess_category("la factura de la luz"), Category::Utilities);
        assert_eq!(guess_category("libros de matemáticas"), Category::Education);
        assert_eq!(guess_category("comida con amigos"), Category::Food);
    }

    #[test]
    fn an_outright_word_beats_a_weak_one() {
        assert_eq!(guess_category("gas bill"), Category::Utilities);
        assert_eq!(guess_category("cinema ticket"), Category::Leisure);
        assert_eq!(guess_category("train ticket"), Category::Transport);
        assert_eq!(guess_category("car repair"), Category::Transport);
        assert_eq!(guess_category("entradas de cine"), Category::Leisure);
        assert_eq!(guess_category("school fees"), Category::Education);
        assert_eq!(guess_category("phone bill"), Category::Utilities);
    }

    #[test]
    fn a_weak_word_alone_still_decides() {
        assert_eq!(guess_category("ticket"), Category::Transport);
        assert_eq!(guess_category("la factura"), Category::Utilities);
    }

    #[test]
    fn an_unknown_item_is_other() {
        assert_eq!(guess_category("thingamajig"), Category::Other);
    }

    #[test]
    fn every_line_of_the_category_files_names_a_category() {
        for file in [
            include_str!("../words/en/category-keywords.txt"),
            include_str!("../words/es/category-keywords.txt"),
            include_str!("../words/en/category-weak-keywords.txt"),
            include_str!("../words/es/category-weak-keywords.txt"),
            include_str!("../words/en/category-names.txt"),
            include_str!("../words/es/category-names.txt"),
        ] {
            for line in lantern_core::words::lines(file) {
                let (name, words) = line.split_once(':').unwrap_or((line, ""));
                assert!(Category::from_name(name.trim()).is_some(), "{line}");
                assert!(!words.trim().is_empty(), "{line}");
            }
        }
    }

    #[test]
    fn a_category_named_outright_is_found() {
        assert_eq!(named_category("how much on Food?"), Some(Category::Food));
        assert_eq!(
            named_category("gastos de transporte"),
            Some(Category::Transport)
        );
        assert_eq!(named_category("my lunch"), None);
    }
}
