//! What a profile is for: a student's studies or a class's workspace.

use serde::{Deserialize, Serialize};

/// What a profile is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, sqlx::Type)]
#[sqlx(type_name = "TEXT", rename_all = "lowercase")]
#[serde(rename_all = "lowercase")]
pub enum ProfileKind {
    /// A student: studies, and hands in their progress.
    #[default]
    Student,
    /// A class: a teacher's workspace that imports hand-ins and studies nothing.
    Class,
}

impl ProfileKind {
    /// The kind as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Student => "student",
            Self::Class => "class",
        }
    }
}
