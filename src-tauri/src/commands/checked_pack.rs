//! The pack checked last in the "Check a pack" dialog, kept for its import.

use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Mutex;

/// Which kind of pack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum PackType {
    /// A course pack.
    Course,
    /// A module pack.
    Module,
}

/// The pack checked last, to import without picking it again.
#[derive(Default)]
pub struct CheckedPack(Mutex<Option<(PackType, PathBuf)>>);

impl CheckedPack {
    pub(crate) fn put(&self, value: Option<(PackType, PathBuf)>) {
        match self.0.lock() {
            Ok(mut p) => *p = value,
            Err(poisoned) => *poisoned.into_inner() = value,
        }
    }

    pub(crate) fn get(&self) -> Option<(PackType, PathBuf)> {
        match self.0.lock() {
            Ok(p) => p.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}
