//! The hand-ins' and class view's words: `crates/progress/words/<locale>/progress.ftl`,
//! compiled in.

use lantern_core::words::Words;

/// Every sentence the hand-ins and the class view write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/progress.ftl")]),
    ("es", &[include_str!("../words/es/progress.ftl")]),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
