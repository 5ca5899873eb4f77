//! The tutor's word lists: `crates/tutor/words/<locale>/<list>.txt`, one phrase a line,
//! compiled in. The readers use every locale's entries whatever the thread's language
//! (a student may answer "yes" in a Spanish thread), so a list is its locales' files
//! chained, English first.

/// A word list of every locale: `word_list!("negations")` reads
/// `words/en/negations.txt` then `words/es/negations.txt`, on first use.
macro_rules! word_list {
    ($name:literal) => {
        std::sync::LazyLock::new(|| {
            lantern_core::words::lines(include_str!(concat!("../words/en/", $name, ".txt")))
                .chain(lantern_core::words::lines(include_str!(concat!(
                    "../words/es/",
                    $name,
                    ".txt"
                ))))
                .collect()
        })
    };
}

pub(crate) use word_list;

/// A word list, loaded on first use.
pub(crate) type WordList = std::sync::LazyLock<Vec<&'static str>>;
