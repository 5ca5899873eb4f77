//! The one cleaner of what a student types, shared by every loop: unsafe characters
//! (controls, bidirectional overrides) removed and the ends trimmed, then refused when
//! nothing is left or it is longer than the loop allows. A send path cleans once and
//! hands the [`CleanInput`] on; a loop's rules take nothing else, so nothing cleans twice.

use crate::text::tidy::strip_unsafe_chars;
use std::fmt;

/// Why a student's message cannot be a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputProblem {
    /// Nothing is left once cleaned.
    Empty,
    /// Longer than this many characters.
    TooLong(usize),
}

/// A student's message, cleaned: no unsafe characters, trimmed, not empty, within the
/// loop's length. Only [`clean_input`] and [`clean_or`] make one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CleanInput(String);

impl CleanInput {
    /// The cleaned text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The cleaned text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl AsRef<str> for CleanInput {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for CleanInput {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CleanInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// `raw` cleaned, or why it cannot be a message of at most `max` characters.
pub fn clean_input(raw: &str, max: usize) -> Result<CleanInput, InputProblem> {
    let text = strip_unsafe_chars(raw).trim().to_string();
    if text.is_empty() {
        return Err(InputProblem::Empty);
    }
    if text.chars().count() > max {
        return Err(InputProblem::TooLong(max));
    }
    Ok(CleanInput(text))
}

/// [`clean_input`] with its problem turned into a loop's own coded error: `empty()` when
/// nothing is left, `too_long(max)` when it is too long.
pub fn clean_or<E>(
    raw: &str,
    max: usize,
    empty: impl FnOnce() -> E,
    too_long: impl FnOnce(usize) -> E,
) -> Result<CleanInput, E> {
    clean_input(raw, max).map_err(|problem| match problem {
        InputProblem::Empty => empty(),
        InputProblem::TooLong(max) => too_long(max),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unsafe_characters_go_and_empty_or_long_input_is_refused() {
        assert_eq!(clean_input("  hi\u{202E} ", 10).unwrap().as_str(), "hi");
        assert_eq!(clean_input(" \u{202E} ", 10), Err(InputProblem::Empty));
        assert_eq!(clean_input("abcdef", 5), Err(InputProblem::TooLong(5)));
    }

    #[test]
    fn cleaning_clean_input_again_changes_nothing() {
        let once = clean_input(" a\u{0}b \u{202E}", 10).unwrap();
        assert_eq!(clean_input(&once, 10).unwrap(), once);
    }
}
