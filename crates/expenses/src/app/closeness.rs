//! Gathering the embedder's closeness before a turn: the message's words that name no
//! row by their words, compared with each row's item (`crate::closeness` decides with
//! it).

use crate::closeness::Closeness;
use crate::contract::Expense;
use crate::references::{fits_by_words, naming_words};
use lantern_core::retrieval::Retriever;

/// Most words of one message compared.
const MAX_WORDS: usize = 6;

/// Most rows' items compared (the retriever reads at most 200 texts a call).
const MAX_ITEMS: usize = 200;

/// The words of `message` worth comparing by meaning: those that could name an expense
/// (not numbers, not filler) and name none of `rows` by their words.
fn words_to_compare(message: &str, rows: &[Expense]) -> Vec<String> {
    let mut compared: Vec<String> = Vec::new();
    for word in naming_words(message) {
        let named = rows
            .iter()
            .any(|row| fits_by_words(&row.item, std::slice::from_ref(&word)));
        if !named && !word.chars().any(|c| c.is_ascii_digit()) && !compared.contains(&word) {
            compared.push(word);
        }
    }
    compared.truncate(MAX_WORDS);
    compared
}

/// The distinct items of `rows`, newest first, as many as one comparison reads.
fn items_to_compare(rows: &[Expense]) -> Vec<String> {
    let mut items: Vec<String> = Vec::new();
    for row in rows {
        if !items.contains(&row.item) {
            items.push(row.item.clone());
        }
    }
    items.truncate(MAX_ITEMS);
    items
}

/// How close the words of `message` that name no row are to each row's item, as the
/// retriever's embedder tells it; empty when there is nothing to compare or the
/// retriever cannot tell (the words alone decide then).
pub(super) async fn read_closeness(
    retriever: &dyn Retriever,
    message: &str,
    rows: &[Expense],
) -> Closeness {
    let words = words_to_compare(message, rows);
    if words.is_empty() || rows.is_empty() {
        return Closeness::default();
    }
    let items = items_to_compare(rows);
    let mut values = Vec::new();
    for word in words {
        let Ok(similarities) = retriever.similarities(&word, &items).await else {
            continue;
        };
        for (item, value) in items.iter().zip(similarities) {
            values.push((word.clone(), item.clone(), value));
        }
    }
    Closeness::new(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Category;
    use crate::testing;

    fn row(id: i64, item: &str) -> Expense {
        testing::row(id, item, 1_000, "2026-11-20", Category::Other)
    }

    #[test]
    fn only_words_that_name_no_row_are_compared() {
        let rows = [row(1, "haircut"), row(2, "lunch")];
        let compared = words_to_compare("the barber was 18 not the haircut", &rows);
        assert!(compared.contains(&"barber".to_string()), "{compared:?}");
        assert!(!compared.contains(&"haircut".to_string()));
        assert!(!compared.iter().any(|w| w.contains("18")));
    }

    #[test]
    fn a_message_compares_at_most_a_few_words() {
        let message = "alpha bravo charlie delta echo foxtrot golf hotel india";
        assert!(words_to_compare(message, &[row(1, "tea")]).len() <= MAX_WORDS);
    }

    #[test]
    fn each_item_is_compared_once() {
        let items = items_to_compare(&[row(1, "lunch"), row(2, "lunch"), row(3, "tea")]);
        assert_eq!(items, vec!["lunch".to_string(), "tea".to_string()]);
    }
}
