//! Database row ids as the UI sees them.

use serde::{Deserialize, Serialize};

/// A SQLite row id (`i64`), sent to and from the UI as a JSON number without clamping:
/// row ids are assigned one by one from 1 and stay far below 2^53, the largest integer
/// a JavaScript number holds exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(transparent)]
pub struct RowId(#[specta(type = specta_typescript::Number)] pub i64);

impl From<i64> for RowId {
    fn from(id: i64) -> Self {
        Self(id)
    }
}

#[cfg(test)]
mod tests {
    use super::RowId;

    #[test]
    fn ids_cross_as_plain_numbers_without_clamping() {
        let big = RowId(i64::from(i32::MAX) + 10);
        assert_eq!(serde_json::to_string(&big).unwrap(), "2147483657");
        let back: RowId = serde_json::from_str("2147483657").unwrap();
        assert_eq!(back, big);
    }
}
