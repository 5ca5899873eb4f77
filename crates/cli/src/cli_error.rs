//! The one error type of the command line: a stable code and a message.

use lantern_core::{Coded, ErrorCode};

/// A failed command, printed as `error[code]: message`.
#[derive(Debug)]
pub struct CliError {
    /// Stable code, as the UI would show it.
    pub code: ErrorCode,
    /// What went wrong, for people.
    pub message: String,
}

impl CliError {
    /// An error raised by the command line itself.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}

impl<E: Coded> From<E> for CliError {
    fn from(e: E) -> Self {
        Self::new(e.code(), e.to_string())
    }
}
