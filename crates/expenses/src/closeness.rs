//! The embedder's sense of which stored expense a word means, the last reader of a row's
//! name: when no word, synonym, stem or glossary entry of a correction or removal fits
//! any row ("the barber was 18" with "haircut" saved), the word closest in meaning to one
//! row's item — and clearly closer than to any other — names it. Several close rows are
//! asked about and none close enough is not found: never a guess. The app gathers the
//! similarities before the turn (`app::closeness`: the retriever is async, the turn's
//! reading is not).

use super::contract::Expense;
use std::collections::HashMap;

/// Least similarity of a word to a row's item for the row to be meant: unrelated words
/// stay below it with the pack's embedder ("gig" and "rent" 0.37, "the" and "coffee"
/// 0.30), one thing's other names reach it ("barber" and "haircut" 0.60, "shoes" and
/// "sneakers" 0.86).
const MIN_SIMILARITY: f32 = 0.5;

/// How far below the closest row another may be and still be a candidate: both are
/// offered ("cinema": "netflix" 0.60, "movie tickets" 0.54).
const CLOSE_RUNNER_UP: f32 = 0.1;

/// How close in meaning each compared word of the message is to each row's item.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Closeness {
    /// The similarity of each (normalised word, item) compared.
    values: HashMap<(String, String), f32>,
}

impl Closeness {
    /// Closeness from (normalised word, item, similarity) triples.
    pub fn new(values: Vec<(String, String, f32)>) -> Self {
        Self {
            values: values
                .into_iter()
                .map(|(word, item, value)| ((word, item), value))
                .collect(),
        }
    }

    /// How close `word` is to `item`; none when it was not compared.
    fn of(&self, word: &str, item: &str) -> Option<f32> {
        self.values
            .get(&(word.to_string(), item.to_string()))
            .copied()
    }

    /// The rows `wanted` means by meaning: those whose item is at least
    /// [`MIN_SIMILARITY`] close to one of the words and within [`CLOSE_RUNNER_UP`] of
    /// the closest; empty when none is close enough.
    pub fn closest<'a>(&self, rows: &'a [Expense], wanted: &[String]) -> Vec<&'a Expense> {
        let score = |row: &Expense| {
            wanted
                .iter()
                .filter_map(|w| self.of(w, &row.item))
                .fold(f32::MIN, f32::max)
        };
        let scored: Vec<(&Expense, f32)> = rows.iter().map(|row| (row, score(row))).collect();
        let best = scored.iter().map(|(_, s)| *s).fold(f32::MIN, f32::max);
        if best < MIN_SIMILARITY {
            return Vec::new();
        }
        let floor = MIN_SIMILARITY.max(best - CLOSE_RUNNER_UP);
        scored
            .into_iter()
            .filter(|(_, s)| *s >= floor)
            .map(|(row, _)| row)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Category;
    use crate::testing;

    fn row(id: i64, item: &str) -> Expense {
        testing::row(id, item, 1_000, "2026-11-20", Category::Other)
    }

    fn rows() -> Vec<Expense> {
        vec![
            row(1, "haircut"),
            row(2, "netflix"),
            row(3, "movie tickets"),
        ]
    }

    fn closeness(values: &[(&str, &str, f32)]) -> Closeness {
        Closeness::new(
            values
                .iter()
                .map(|(w, i, v)| (w.to_string(), i.to_string(), *v))
                .collect(),
        )
    }

    fn ids(found: Vec<&Expense>) -> Vec<i64> {
        found.into_iter().map(|e| e.id).collect()
    }

    #[test]
    fn a_word_close_to_one_item_names_its_row() {
        let c = closeness(&[("barber", "haircut", 0.6), ("barber", "netflix", 0.2)]);
        assert_eq!(ids(c.closest(&rows(), &["barber".into()])), vec![1]);
    }

    #[test]
    fn no_word_close_enough_names_nothing() {
        let c = closeness(&[("gig", "haircut", 0.37), ("gig", "netflix", 0.32)]);
        assert!(c.closest(&rows(), &["gig".into()]).is_empty());
    }

    #[test]
    fn two_rows_nearly_as_close_are_both_candidates() {
        let c = closeness(&[
            ("cinema", "netflix", 0.6),
            ("cinema", "movie tickets", 0.54),
        ]);
        assert_eq!(ids(c.closest(&rows(), &["cinema".into()])), vec![2, 3]);
    }

    #[test]
    fn a_runner_up_far_behind_is_not_a_candidate() {
        let c = closeness(&[("book", "haircut", 0.3), ("book", "movie tickets", 0.71)]);
        assert_eq!(ids(c.closest(&rows(), &["book".into()])), vec![3]);
    }

    #[test]
    fn words_not_compared_count_for_nothing() {
        let c = closeness(&[("barber", "haircut", 0.6)]);
        assert!(c.closest(&rows(), &["shoes".into()]).is_empty());
    }

    proptest::proptest! {
        #[test]
        fn the_rows_found_are_close_enough_and_include_the_closest(
            values in proptest::collection::vec(-1.0f32..=1.0, 3),
        ) {
            let rows = rows();
            let c = Closeness::new(
                rows.iter()
                    .zip(&values)
                    .map(|(row, v)| ("word".to_string(), row.item.clone(), *v))
                    .collect(),
            );
            let found = c.closest(&rows, &["word".into()]);
            let best = values.iter().copied().fold(f32::MIN, f32::max);
            for row in &found {
                let value = c.of("word", &row.item).unwrap();
                proptest::prop_assert!(value >= MIN_SIMILARITY && value >= best - CLOSE_RUNNER_UP);
            }
            proptest::prop_assert_eq!(found.is_empty(), best < MIN_SIMILARITY);
        }
    }
}
