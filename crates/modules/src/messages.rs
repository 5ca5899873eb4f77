//! The guided modules' words: `crates/modules/words/<locale>/modules.ftl`, compiled in.

use lantern_core::words::Words;

/// Every sentence the guided modules write, in each language they speak.
pub static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../words/en/modules.ftl")]),
    ("es", &[include_str!("../words/es/modules.ftl")]),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
