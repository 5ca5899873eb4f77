//! The word lists the readers use: `crates/expenses/words/<locale>/<list>.txt`, one
//! phrase a line (normalised: lowercase, no accents), compiled in. A student may write
//! in either language whatever the conversation's, so a reader uses every locale's
//! entries at once, English's first. A phrase whose spaces at its ends matter (`"of "`),
//! or that starts with `#`, is written in double quotes; the quotes are not part of it.

use super::contract::Category;
use std::sync::LazyLock;

/// A word list: every locale's entries, read on first use.
pub type WordList = LazyLock<Vec<&'static str>>;

/// `word_list!("yes")`: a [`WordList`] of `words/en/yes.txt` then `words/es/yes.txt`.
macro_rules! word_list {
    ($name:literal) => {
        std::sync::LazyLock::new(|| {
            lantern_core::word_list!($name)
                .map($crate::word_lists::unquoted)
                .collect()
        })
    };
}
pub(crate) use word_list;

/// A list's entry without the double quotes that keep its spaces (`"of "` → `of `).
pub fn unquoted(entry: &'static str) -> &'static str {
    entry
        .strip_prefix('"')
        .and_then(|inner| inner.strip_suffix('"'))
        .filter(|inner| !inner.is_empty())
        .unwrap_or(entry)
}

/// A regex alternation (`a|b|…`, without the group) of phrases, each matched as written;
/// with `any_space`, a space in a phrase matches any run of white space.
pub fn alternation<'a>(
    phrases: impl IntoIterator<Item = &'a &'static str>,
    any_space: bool,
) -> String {
    phrases
        .into_iter()
        .map(|phrase| regex::escape(phrase))
        .map(|phrase| match any_space {
            true => phrase.replace(' ', r"\s+"),
            false => phrase,
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// A list of "word: number" lines, in order ("twenty: 20").
pub fn numbers(entries: impl IntoIterator<Item = &'static str>) -> Vec<(&'static str, i64)> {
    table(entries)
        .into_iter()
        .filter_map(|(word, values)| Some((word, values.first()?.parse().ok()?)))
        .collect()
}

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
    fn quotes_keep_a_phrase_s_spaces() {
        assert_eq!(unquoted("\"of \""), "of ");
        assert_eq!(unquoted("\"#\""), "#");
        assert_eq!(unquoted("of"), "of");
        assert_eq!(unquoted("\""), "\"");
        assert_eq!(alternation(&["a hundred", "no."], false), r"a hundred|no\.");
        assert_eq!(alternation(&["a hundred"], true), r"a\s+hundred");
    }

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
