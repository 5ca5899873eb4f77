//! Stable names for the models on the Models page: `pack:<manifest name>` for a model of
//! the pack, `imported:<id>` for a GGUF the user imported.

use std::fmt;
use std::str::FromStr;

/// Which model: one of the pack's (by manifest name) or an imported one (by row id).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ModelKey {
    /// A model of the pack, by its manifest name.
    Pack(String),
    /// An imported GGUF, by its database id.
    Imported(i64),
}

/// A string that names no model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` does not name a model (expected pack:NAME or imported:ID)")]
pub struct ModelKeyError(pub String);

impl fmt::Display for ModelKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pack(name) => write!(f, "pack:{name}"),
            Self::Imported(id) => write!(f, "imported:{id}"),
        }
    }
}

impl FromStr for ModelKey {
    type Err = ModelKeyError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let refuse = || ModelKeyError(text.to_string());
        match text.split_once(':') {
            Some(("pack", name))
                if !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-._".contains(c)) =>
            {
                Ok(Self::Pack(name.to_string()))
            }
            Some(("imported", id)) => id
                .parse::<i64>()
                .ok()
                .filter(|n| *n > 0 && n.to_string() == id)
                .map(Self::Imported)
                .ok_or_else(refuse),
            _ => Err(refuse()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_text() {
        for key in [
            ModelKey::Pack("qwen2.5-coder-0.5b-instruct".into()),
            ModelKey::Imported(12),
        ] {
            assert_eq!(key.to_string().parse::<ModelKey>(), Ok(key));
        }
    }

    #[test]
    fn malformed_keys_are_refused() {
        for text in [
            "",
            "pack:",
            "pack:a b",
            "imported:0",
            "imported:-3",
            "imported:+3",
            "imported:03",
            "imported:x",
            "model:a",
            "smollm2",
        ] {
            assert!(text.parse::<ModelKey>().is_err(), "{text}");
        }
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// Any text from the UI or the command line: never a panic, and whatever is
        /// accepted prints back to the same text.
        #[test]
        fn any_text_is_refused_or_round_trips(text in ".{0,40}", prefix in prop::sample::select(vec!["", "pack:", "imported:"])) {
            let text = format!("{prefix}{text}");
            if let Ok(key) = text.parse::<ModelKey>() {
                prop_assert_eq!(key.to_string(), text);
            }
        }
    }
}
