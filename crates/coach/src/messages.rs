//! The coach's words: `crates/coach/words/<locale>/coach.ftl`, compiled in, and the word
//! lists its readers and checks use (`crates/coach/words/<locale>/<list>.txt`).

use lantern_core::words::Words;

/// Every sentence the coach writes, in each language it speaks.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/coach.ftl")]),
    ("es", &[include_str!("../words/es/coach.ftl")]),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
