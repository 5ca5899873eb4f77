//! The guided modules' words: `crates/modules/words/<locale>/modules.ftl`, compiled in,
//! and the word lists the reader of a student's message uses
//! (`crates/modules/words/<locale>/<list>.txt`).

use lantern_core::words::Words;

/// Every sentence the guided modules write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/modules.ftl")]),
    ("es", &[include_str!("../words/es/modules.ftl")]),
]);

/// `word_list!("name")`: the entries of `words/en/name.txt` then `words/es/name.txt`,
/// read once — a list the reader uses whatever the student's language.
macro_rules! word_list {
    ($name:literal) => {
        std::sync::LazyLock::new(|| {
            lantern_core::words::lines(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/words/en/",
                $name,
                ".txt"
            )))
            .chain(lantern_core::words::lines(include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/words/es/",
                $name,
                ".txt"
            ))))
            .collect()
        })
    };
}
pub(crate) use word_list;

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
