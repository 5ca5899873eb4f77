//! The languages Lantern speaks: the interface's and each conversation's.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A language of the interface and of the conversations (English or Spanish).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English.
    #[default]
    En,
    /// Spanish.
    Es,
}

impl Language {
    /// The ISO 639-1 code, as stored.
    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Es => "es",
        }
    }

    /// The language for an ISO 639-1 code (`None` when unsupported).
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "en" => Some(Self::En),
            "es" => Some(Self::Es),
            _ => None,
        }
    }
}
