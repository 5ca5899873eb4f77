//! Command output as JSON.

use crate::cli_error::CliError;
use lantern_core::ErrorCode;

/// Pretty JSON, or an internal error.
pub fn to_json(value: &impl serde::Serialize) -> Result<String, CliError> {
    serde_json::to_string_pretty(value)
        .map_err(|e| CliError::new(ErrorCode::InternalError, e.to_string()))
}
