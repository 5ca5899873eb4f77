//! The word lists the readers use: `crates/expenses/words/<locale>/<list>.txt`, one
//! phrase a line (normalised: lowercase, no accents), compiled in. A student may write
//! in either language whatever the conversation's, so a reader uses every locale's
//! entries at once, English's first. A phrase whose spaces at its ends matter (`"of "`),
//! or that starts with `#`, is written in double quotes; the quotes are not part of it.
//! A grammar's words (`dates.txt`, `unread.txt`, `facts.txt`) are a list of roles,
//! `role: phrase, phrase, …`, that [`fill`] puts into the grammar's patterns; a table
//! (`key: value, value, …`) is read the same way, with [`table`].

pub use lantern_core::words::roles::{
    alternation, fill, fill_from, phrases, roles as table, unquoted, Roles,
};
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

/// A list of "word: number" lines, in order ("twenty: 20").
pub fn numbers(entries: impl IntoIterator<Item = &'static str>) -> Vec<(&'static str, i64)> {
    table(entries)
        .into_iter()
        .filter_map(|(word, values)| Some((word, values.first()?.parse().ok()?)))
        .collect()
}
