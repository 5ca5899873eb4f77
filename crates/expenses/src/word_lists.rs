//! The word lists the readers use: `crates/expenses/words/<locale>/<list>.txt`, one
//! phrase a line (normalised: lowercase, no accents), compiled in. A student may write
//! in either language whatever the conversation's, so a reader uses every locale's
//! entries at once, English's first.

use super::contract::Category;
use std::sync::LazyLock;

/// A word list: every locale's entries, read on first use.
pub type WordList = LazyLock<Vec<&'static str>>;

/// `word_list!("yes")`: a [`WordList`] of `words/en/yes.txt` then `words/es/yes.txt`.
macro_rules! word_list {
    ($name:literal) => {
        std::sync::LazyLock::new(|| lantern_core::word_list!($name).collect())
    };
}
pub(crate) use word_list;

/// A table of "key: value, value, …" lines: each key with its values, in the order the
/// keys first appear; a key on several lines (or in several files) gathers them all.
pub fn table(
    entries: impl IntoIterator<Item = &'static str>,
) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for line in entries {
        let (key, values) = line.split_once(':').unwrap_or((line, ""));
        let values = values.split(',').map(str::trim).filter(|v| !v.is_empty());
        match out.iter_mut().find(|(k, _)| *k == key.trim()) {
            Some((_, list)) => list.extend(values),
            None => out.push((key.trim(), values.collect())),
        }
    }
    out
}

/// A table whose keys are categories by their stored names (a key naming none is left
/// out; a test checks there is none).
pub fn category_table(
    entries: impl IntoIterator<Item = &'static str>,
) -> Vec<(Category, Vec<&'static str>)> {
    table(entries)
        .into_iter()
        .filter_map(|(key, values)| Some((Category::from_name(key)?, values)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_gathers_a_key_over_lines_and_files() {
        let got = table(
            lantern_core::words::lines("# a comment\nfood: lunch, dinner\nbus: taxi\n")
                .chain(lantern_core::words::lines("food: cena\n")),
        );
        assert_eq!(
            got,
            vec![
                ("food", vec!["lunch", "dinner", "cena"]),
                ("bus", vec!["taxi"])
            ]
        );
    }
}
