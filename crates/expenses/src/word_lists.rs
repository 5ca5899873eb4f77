//! The word lists the readers use: `crates/expenses/words/<locale>/<list>.txt`, one
//! phrase a line (normalised: lowercase, no accents), compiled in. A student may write
//! in either language whatever the conversation's, so a reader uses every locale's
//! entries at once, English's first.

use super::contract::Category;
use lantern_core::words::lines;
use std::sync::LazyLock;

/// A word list: every locale's entries, read on first use.
pub type WordList = LazyLock<Vec<&'static str>>;

/// `word_list!("yes")`: a [`WordList`] of `words/en/yes.txt` then `words/es/yes.txt`.
macro_rules! word_list {
    ($name:literal) => {
        std::sync::LazyLock::new(|| $crate::word_lists::entries(&lantern_core::word_files!($name)))
    };
}
pub(crate) use word_list;

/// The entries of each file in turn.
pub fn entries(files: &[&'static str]) -> Vec<&'static str> {
    files.iter().flat_map(|file| lines(file)).collect()
}

/// A table of "key: value, value, …" lines: each key with its values, in the order the
/// keys first appear; a key on several lines (or in several files) gathers them all.
pub fn table(files: &[&'static str]) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for line in entries(files) {
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
pub fn category_table(files: &[&'static str]) -> Vec<(Category, Vec<&'static str>)> {
    table(files)
        .into_iter()
        .filter_map(|(key, values)| Some((Category::from_name(key)?, values)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_gathers_a_key_over_lines_and_files() {
        let got = table(&[
            "# a comment\nfood: lunch, dinner\nbus: taxi\n",
            "food: cena\n",
        ]);
        assert_eq!(
            got,
            vec![
                ("food", vec!["lunch", "dinner", "cena"]),
                ("bus", vec!["taxi"])
            ]
        );
    }
}
