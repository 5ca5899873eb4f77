//! The built-in category table — the words that point to each category, outright or
//! weakly, and the categories' names (`words/<locale>/category-*.txt`) — and how a
//! student's word matches one of them (a plural as its singular).

use crate::contract::Category;
use crate::word_lists::table;
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
pub(super) static KEYWORDS: Table = category_words!("category-keywords");

/// Words that lean towards a category but often go with a stronger word of another
/// ("cinema ticket", "gas bill", "car repair", "mechanic fee"): they decide only when
/// nothing stronger is said (`words/<locale>/category-weak-keywords.txt`).
pub(super) static WEAK_KEYWORDS: Table = category_words!("category-weak-keywords");

/// The names a student may call a category by, English and Spanish
/// (`words/<locale>/category-names.txt`).
static NAMES: Table = category_words!("category-names");

/// The forms a normalised word may stand for: itself and, for a plural, its singular
/// ("coffees" → "coffee", "sandwiches" → "sandwich", "cafes" → "cafe").
fn forms(word: &str) -> impl Iterator<Item = &str> {
    let without_es = word.strip_suffix("es").filter(|w| w.len() > 2);
    let without_s = word.strip_suffix('s').filter(|w| w.len() > 2);
    std::iter::once(word).chain(without_es).chain(without_s)
}

/// Whether two normalised words are the same word, singular or plural.
pub fn same_word(a: &str, b: &str) -> bool {
    forms(a).any(|x| forms(b).any(|y| x == y))
}

/// The names a student may call `category` by.
pub(super) fn category_names(category: Category) -> &'static [&'static str] {
    NAMES
        .iter()
        .find(|(c, _)| *c == category)
        .map_or(&[], |(_, names)| names.as_slice())
}

/// How many of `said` are among `keys`, a plural counting as its singular.
pub(super) fn hits<K: AsRef<str>>(said: &[&str], keys: &[K]) -> usize {
    said.iter()
        .filter(|w| keys.iter().any(|k| same_word(w, k.as_ref())))
        .count()
}
