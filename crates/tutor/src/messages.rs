//! The tutor's words: `crates/tutor/words/<locale>/tutor.ftl`, compiled in.

use lantern_core::words::Words;

/// Every sentence the tutor writes, in each language it speaks.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/tutor.ftl")]),
    ("es", &[include_str!("../words/es/tutor.ftl")]),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
