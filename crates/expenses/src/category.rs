//! A category guessed from an item's words (English and Spanish), so an expense the
//! student did not categorise still lands in the right column of the chart. The table
//! is data: the built-in word lists plus the words a teacher adds
//! ([`teacher`]: `category-words.txt` in the data folder).

mod table;
pub mod teacher;

use super::contract::Category;
use lantern_core::text::normalize::{normalize, words};
pub use table::same_word;
use table::{category_names, hits, KEYWORDS, WEAK_KEYWORDS};

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

/// How strongly `said` points to each category: two points per outright word (built-in
/// or the teacher's), one per weak word.
fn scores(said: &[&str]) -> [(Category, usize); 9] {
    let count = |table: &[(Category, Vec<&str>)], category: Category| {
        table
            .iter()
            .filter(|(c, _)| *c == category)
            .map(|(_, keys)| hits(said, keys))
            .sum::<usize>()
    };
    let added = teacher::added_words();
    Category::ALL.map(|c| {
        let outright = count(&KEYWORDS, c) + added.hits(said, c);
        (c, 2 * outright + count(&WEAK_KEYWORDS, c))
    })
}

/// The scores of an item's words.
fn item_scores(item: &str) -> [(Category, usize); 9] {
    let normalized = normalize(item);
    scores(&words(&normalized))
}

/// The category an item most likely belongs to: the one its words point to most
/// strongly (the earlier category on a tie); `Other` when no word fits.
pub fn guess_category(item: &str) -> Category {
    item_scores(item)
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
    let mut scores: Vec<usize> = item_scores(item).into_iter().map(|(_, s)| s).collect();
    scores.sort_unstable_by(|a, b| b.cmp(a));
    scores.first().is_some_and(|top| *top > 0) && scores.get(1).is_none_or(|next| next < &scores[0])
}

/// What the table says of a category chosen for an item elsewhere (by the model, or
/// on a card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CategoryCheck {
    /// The item's words point to the chosen category at least as much as to any other.
    Agrees,
    /// No word of the item is in the table: the choice may stand, shown for a yes.
    Unknown,
    /// The item's words point more to another category: the table's choice.
    Disagrees(Category),
}

/// The model's (or a card's) `chosen` category checked against the table for `item`:
/// "uber home" as housing disagrees (transport); "thingamajig" as shopping is unknown.
pub fn check_category(item: &str, chosen: Category) -> CategoryCheck {
    let scores = item_scores(item);
    let top = scores.iter().map(|(_, s)| *s).max().unwrap_or(0);
    let of_chosen = scores
        .iter()
        .find(|(c, _)| *c == chosen)
        .map_or(0, |(_, s)| *s);
    match top {
        0 => CategoryCheck::Unknown,
        _ if of_chosen == top => CategoryCheck::Agrees,
        _ => CategoryCheck::Disagrees(guess_category(item)),
    }
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
    fn a_plural_counts_as_its_singular() {
        for item in ["3 coffees", "cafés", "sandwiches", "two pints"] {
            assert_eq!(guess_category(item), Category::Food, "{item}");
        }
        assert!(same_word("buses", "bus"));
        assert!(!same_word("bus", "bu"));
    }

    #[test]
    fn everyday_items_land_where_a_person_would_put_them() {
        for (item, category) in [
            ("uber home", Category::Transport),
            ("uber a casa", Category::Transport),
            ("taxi", Category::Transport),
            ("train to leeds", Category::Transport),
            ("recargué el abono", Category::Transport),
            ("tesco shop", Category::Food),
            ("mercadona", Category::Food),
            ("two pints", Category::Food),
            ("cañas con amigos", Category::Food),
            ("chemist", Category::Health),
            ("farmacia", Category::Health),
            ("gym membership", Category::Health),
            ("netflix", Category::Leisure),
            ("entradas de cine", Category::Leisure),
            ("printer ink", Category::Education),
            ("winter coat", Category::Shopping),
            ("rebajas", Category::Shopping),
            ("water bill", Category::Utilities),
            ("rent", Category::Housing),
        ] {
            assert_eq!(guess_category(item), category, "{item}");
        }
    }

    #[test]
    fn a_word_of_an_item_is_not_a_category_name() {
        assert_eq!(named_category("uber home 18 yesterday"), None);
        assert_eq!(named_category("uber a casa ayer 12,50"), None);
        assert_eq!(named_category("otro café 2,50"), None);
        assert_eq!(
            named_category("put it under housing"),
            Some(Category::Housing)
        );
    }

    #[test]
    fn a_chosen_category_is_checked_against_the_table() {
        for (item, chosen, check) in [
            ("uber home", Category::Transport, CategoryCheck::Agrees),
            (
                "uber home",
                Category::Housing,
                CategoryCheck::Disagrees(Category::Transport),
            ),
            (
                "snacks at the cinema",
                Category::Leisure,
                CategoryCheck::Agrees,
            ),
            ("thingamajig", Category::Shopping, CategoryCheck::Unknown),
        ] {
            assert_eq!(check_category(item, chosen), check, "{item}");
        }
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
            // The built-in lists are in the format a teacher's file uses.
            assert!(teacher::AddedWords::parse(file).is_ok());
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
