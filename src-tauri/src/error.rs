//! The error shape every command returns: a stable code the UI translates, and a message.

use lantern_core::{Coded, ErrorCode};
use serde::Serialize;

/// A failed command as the UI sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct IpcError {
    /// Stable code, e.g. `model_not_found`; the UI has a text for each.
    pub code: ErrorCode,
    /// What went wrong, in English; the UI shows its own translation of `code`.
    pub message: String,
}

impl IpcError {
    /// An error raised by the shell itself.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// A failure that is the app's fault, not the user's.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InternalError, message)
    }
}

impl<E: Coded> From<E> for IpcError {
    fn from(e: E) -> Self {
        Self {
            code: e.code(),
            message: e.to_string(),
        }
    }
}
