//! The expense assistant's words: `crates/expenses/words/<locale>/expenses.ftl` and
//! `stats.ftl` (the answers about the spending), compiled in.

use lantern_core::words::Words;

/// Every sentence the expense assistant writes, in each language it speaks.
pub static MESSAGES: Words = Words::new(&[
    (
        "en",
        &[
            include_str!("../words/en/expenses.ftl"),
            include_str!("../words/en/stats.ftl"),
        ],
    ),
    (
        "es",
        &[
            include_str!("../words/es/expenses.ftl"),
            include_str!("../words/es/stats.ftl"),
        ],
    ),
]);

#[cfg(test)]
mod tests {
    lantern_core::words_are_whole!(super::MESSAGES);
}
