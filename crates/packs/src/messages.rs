//! The pack formats' words: `crates/packs/words/<locale>/packs.ftl`, compiled in.

use lantern_core::words::Words;

/// Every sentence the pack formats write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/packs.ftl")]),
    ("es", &[include_str!("../words/es/packs.ftl")]),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
