//! Why a hand-in could not be made or read.

use lantern_core::error::{Coded, ErrorCode};
use thiserror::Error;

/// A hand-in's error; each has a stable code.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ProgressError {
    /// Not a hand-in file, or not one this build can parse (with the reason).
    #[error("{file}: not a Lantern progress file ({reason})")]
    Invalid {
        /// The file's name.
        file: String,
        /// What did not parse.
        reason: String,
    },
    /// The file is over [`super::MAX_HANDIN_BYTES`].
    #[error("{file}: {bytes} bytes is more than a progress file can be ({limit} bytes)")]
    TooLarge {
        /// The file's name.
        file: String,
        /// Its size.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// Written by a newer Lantern.
    #[error(
        "{file}: progress file version {version} is newer than this Lantern reads ({supported})"
    )]
    Version {
        /// The file's name.
        file: String,
        /// The file's version.
        version: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// A list in the file is longer than any real hand-in's (see [`super::limits`]).
    #[error("{file}: {what} has {count} items, more than a progress file can have ({limit})")]
    TooMany {
        /// The file's name.
        file: String,
        /// What has too many items.
        what: String,
        /// How many it has.
        count: usize,
        /// The limit.
        limit: usize,
    },
    /// The file says it was made later than now: the laptop's clock is wrong, or the
    /// date was set to win over later hand-ins.
    #[error(
        "{file}: it says it was made on {exported_at}, after now; check that laptop's clock and hand in again"
    )]
    FutureDated {
        /// The file's name.
        file: String,
        /// When it says it was made (RFC 3339).
        exported_at: String,
    },
    /// The class keeps no hand-in with this digest for this student.
    #[error("the class has no hand-in {digest} of this student")]
    NotInClass {
        /// The digest asked for.
        digest: String,
    },
    /// Nothing was worked on.
    #[error("there is no progress to hand in yet: no course, argument or module was worked on")]
    Empty,
}

impl Coded for ProgressError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::Invalid { .. } => ErrorCode::HandinInvalid,
            Self::TooLarge { .. } => ErrorCode::HandinTooLarge,
            Self::Version { .. } => ErrorCode::HandinVersionUnsupported,
            Self::TooMany { .. } => ErrorCode::HandinTooMany,
            Self::FutureDated { .. } => ErrorCode::HandinFutureDated,
            Self::NotInClass { .. } => ErrorCode::HandinNotFound,
            Self::Empty => ErrorCode::HandinEmpty,
        }
    }
}
