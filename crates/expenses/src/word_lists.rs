//! The word lists the readers use: `crates/expenses/words/<locale>/<list>.txt`, one
//! phrase a line (normalised: lowercase, no accents), compiled in. A student may write
//! in either language whatever the conversation's, so a reader uses every locale's
//! entries at once, English's first. A phrase whose spaces at its ends matter (`"of "`),
//! or that starts with `#`, is written in double quotes; the quotes are not part of it.
//! A grammar's words (`dates.txt`, `unread.txt`, `facts.txt`) are a list of roles,
//! `role: phrase, phrase, …`, that [`fill`] puts into the grammar's patterns.

use regex::{Captures, Regex};
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

/// A table of phrases by role (`role: phrase, phrase, …`).
pub type Roles = Vec<(&'static str, Vec<&'static str>)>;

/// The phrases of `role` in `roles` (none when it has no such role).
pub fn phrases(roles: &Roles, role: &str) -> Vec<&'static str> {
    let found = roles.iter().find(|(name, _)| *name == role);
    found
        .map(|(_, phrases)| phrases.clone())
        .unwrap_or_default()
}

/// `pattern` with each `{role}` (lowercase letters and hyphens) a group of the phrases
/// `phrases_of` gives it, `(?:a|b|…)`, in their order: a space in a phrase matches any
/// run of white space, a hyphen a white space or a hyphen. A role with no phrases is a
/// mistake in the lists: it panics, naming the role.
pub fn fill(pattern: &str, phrases_of: impl Fn(&str) -> Vec<&'static str>) -> String {
    static ROLE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\{([a-z][a-z-]*)\}").expect("a valid pattern"));
    ROLE.replace_all(pattern, |c: &Captures| {
        let words = phrases_of(&c[1]);
        assert!(!words.is_empty(), "no words for the role {:?}", &c[1]);
        let words = alternation(&words, true).replace(r"\-", r"[\s-]");
        format!("(?:{words})")
    })
    .into_owned()
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
    fn roles_fill_a_pattern_in_order() {
        let roles = table(lantern_core::words::lines(
            "with: with, along with\nhalf: 50-50\n",
        ));
        assert_eq!(
            fill(r"^{with}\s+{half}$", |role| phrases(&roles, role)),
            r"^(?:with|along\s+with)\s+(?:50[\s-]50)$"
        );
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
