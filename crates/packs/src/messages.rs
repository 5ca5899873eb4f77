//! The pack formats' words: `crates/packs/words/<locale>/packs.ftl`, compiled in, and the
//! word lists the readers of a teacher's notes use (`crates/packs/words/<locale>/<list>.txt`).

use lantern_core::words::Words;

/// Every sentence the pack formats write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/packs.ftl")]),
    ("es", &[include_str!("../words/es/packs.ftl")]),
]);

/// `word_list!("name")`: the entries of `words/en/name.txt` then `words/es/name.txt`, in
/// file order, read once — a list the readers use whatever the notes' language.
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
