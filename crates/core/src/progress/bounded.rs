//! A hand-in's `statements` read with bounded memory: the first
//! [`MAX_HANDIN_STATEMENTS`] are kept, the rest are only counted (skipped without
//! being built), so a file of millions of tiny statements costs no more than the limit.

use super::limits::MAX_HANDIN_STATEMENTS;
use serde::de::{IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use std::fmt;

/// The statements read, and how many the file had.
#[derive(Debug, Default)]
pub struct BoundedStatements {
    /// The statements kept, at most [`MAX_HANDIN_STATEMENTS`].
    pub kept: Vec<Value>,
    /// How many the file listed.
    pub count: usize,
}

impl<'de> Deserialize<'de> for BoundedStatements {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(StatementsVisitor)
    }
}

struct StatementsVisitor;

impl<'de> Visitor<'de> for StatementsVisitor {
    type Value = BoundedStatements;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of xAPI statements")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = BoundedStatements::default();
        while out.count < MAX_HANDIN_STATEMENTS {
            match seq.next_element::<Value>()? {
                Some(statement) => {
                    out.kept.push(statement);
                    out.count += 1;
                }
                None => return Ok(out),
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {
            out.count += 1;
        }
        Ok(out)
    }
}
