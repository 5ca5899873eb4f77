//! The one cleaner of what a student types, shared by every loop: unsafe characters
//! (controls, bidirectional overrides) removed and the ends trimmed,
//! then refused when nothing is left or it is longer than the loop allows. Each loop
//! turns the problem into its own coded error.

use super::tidy::strip_unsafe_chars;

/// Why a student's message cannot be a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputProblem {
    /// Nothing is left once cleaned.
    Empty,
    /// Longer than this many characters.
    TooLong(usize),
}

/// `raw` cleaned, or why it cannot be a message of at most `max` characters.
pub fn clean_input(raw: &str, max: usize) -> Result<String, InputProblem> {
    let text = strip_unsafe_chars(raw).trim().to_string();
    if text.is_empty() {
        return Err(InputProblem::Empty);
    }
    if text.chars().count() > max {
        return Err(InputProblem::TooLong(max));
    }
    Ok(text)
}

/// [`clean_input`] with its problem turned into a loop's own coded error: `empty()` when
/// nothing is left, `too_long(max)` when it is too long.
pub fn clean_or<E>(
    raw: &str,
    max: usize,
    empty: impl FnOnce() -> E,
    too_long: impl FnOnce(usize) -> E,
) -> Result<String, E> {
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
        assert_eq!(clean_input("  hi\u{202E} ", 10).as_deref(), Ok("hi"));
        assert_eq!(clean_input(" \u{202E} ", 10), Err(InputProblem::Empty));
        assert_eq!(clean_input("abcdef", 5), Err(InputProblem::TooLong(5)));
    }
}
