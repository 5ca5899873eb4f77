//! Why a hand-in could not be made or read.

use crate::error::{Coded, ErrorCode};
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
            Self::Empty => ErrorCode::HandinEmpty,
        }
    }
}
