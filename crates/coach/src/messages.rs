//! The coach's words: `crates/coach/words/<locale>/coach.ftl`, compiled in, and the word
//! lists its readers and checks use (`crates/coach/words/<locale>/<list>.txt`).

use lantern_core::words::Words;

/// Every sentence the coach writes, in each language it speaks.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/coach.ftl")]),
    ("es", &[include_str!("../words/es/coach.ftl")]),
]);

/// `word_list!("name")`: the entries of `words/en/<name>.txt` followed by those of
/// `words/es/<name>.txt`, as an iterator of `&'static str` — a list read in every
/// session, whatever its language.
macro_rules! word_list {
    ($name:literal) => {
        lantern_core::words::lines(include_str!(concat!("../words/en/", $name, ".txt"))).chain(
            lantern_core::words::lines(include_str!(concat!("../words/es/", $name, ".txt"))),
        )
    };
}
pub(crate) use word_list;

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
