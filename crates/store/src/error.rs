//! Errors of the persistence layer.

use lantern_core::Coded;

/// What can go wrong when reading or writing the database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file could not be created or opened.
    #[error("cannot open the database: {0}")]
    Open(String),
    /// A migration failed; the database is left at its previous version.
    #[error("cannot upgrade the database: {0}")]
    Migrate(String),
    /// A query failed.
    #[error("database error: {0}")]
    Query(#[from] sqlx::Error),
    /// A profile name was empty, too long or had control characters.
    #[error("invalid profile name: {0}")]
    InvalidProfileName(String),
    /// Another profile already has this name (names are case-insensitive).
    #[error("a profile named {0:?} already exists")]
    DuplicateProfile(String),
    /// No coach session with this id belongs to the profile.
    #[error("no argument with id {0}")]
    CoachSessionNotFound(i64),
    /// An argument title was empty, too long or had control characters.
    #[error("invalid argument title: {0:?}")]
    InvalidTitle(String),
    /// A stored value could not be read back (a corrupt row).
    #[error("unreadable stored value: {0}")]
    Corrupt(String),
}

impl Coded for StoreError {
    fn code(&self) -> &'static str {
        match self {
            Self::Open(_) => "store_open_failed",
            Self::Migrate(_) => "store_migration_failed",
            Self::Query(_) => "store_query_failed",
            Self::InvalidProfileName(_) => "profile_name_invalid",
            Self::DuplicateProfile(_) => "profile_name_taken",
            Self::CoachSessionNotFound(_) => "coach_session_not_found",
            Self::InvalidTitle(_) => "coach_title_invalid",
            Self::Corrupt(_) => "store_corrupt",
        }
    }
}
