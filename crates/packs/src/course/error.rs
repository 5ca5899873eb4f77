//! Errors of a course pack, each naming the file and the field at fault.

use thiserror::Error;

/// What is wrong with a pack; each kind has a stable code (see docs/course-pack.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackErrorKind {
    /// The path does not exist.
    NotFound,
    /// The folder or zip cannot be read.
    Unreadable,
    /// `course.json`, `exams.json` or a listed content file is missing.
    MissingFile,
    /// A JSON file does not parse.
    InvalidJson,
    /// A field has the wrong type, is missing or empty, or has a value not allowed.
    InvalidField,
    /// A unit, question or option id is used twice.
    DuplicateId,
    /// An edge, the entry unit or a question names a unit that does not exist.
    UnknownUnit,
    /// The prerequisite graph has a cycle.
    Cycle,
    /// A question's correct option is not among its options.
    MissingCorrectOption,
    /// A content file's type is not supported.
    UnsupportedContent,
    /// A PDF has no extractable text.
    PdfUnreadable,
    /// A drill template does not render, or its answer is wrong.
    InvalidDrill,
    /// A file, or the pack's total, is over its byte limit (`import_limits`).
    TooLarge,
    /// A zip has more entries, or a larger directory, than the limit.
    TooManyEntries,
    /// A zip entry is compressed more than the limit allows.
    CompressionRatio,
    /// A file is named twice (a content path, or a zip entry).
    DuplicatePath,
    /// A list is longer than its limit.
    TooManyItems,
    /// A symbolic link, or a path leading outside the pack's folder.
    Symlink,
    /// Reading a file took longer than its limit.
    TimedOut,
}

impl PackErrorKind {
    /// Every kind.
    pub const ALL: [Self; 19] = [
        Self::NotFound,
        Self::Unreadable,
        Self::MissingFile,
        Self::InvalidJson,
        Self::InvalidField,
        Self::DuplicateId,
        Self::UnknownUnit,
        Self::Cycle,
        Self::MissingCorrectOption,
        Self::UnsupportedContent,
        Self::PdfUnreadable,
        Self::InvalidDrill,
        Self::TooLarge,
        Self::TooManyEntries,
        Self::CompressionRatio,
        Self::DuplicatePath,
        Self::TooManyItems,
        Self::Symlink,
        Self::TimedOut,
    ];

    /// The stable code.
    pub fn code(self) -> lantern_core::ErrorCode {
        match self {
            Self::NotFound => lantern_core::ErrorCode::PackNotFound,
            Self::Unreadable => lantern_core::ErrorCode::PackUnreadable,
            Self::MissingFile => lantern_core::ErrorCode::PackMissingFile,
            Self::InvalidJson => lantern_core::ErrorCode::PackInvalidJson,
            Self::InvalidField => lantern_core::ErrorCode::PackInvalidField,
            Self::DuplicateId => lantern_core::ErrorCode::PackDuplicateId,
            Self::UnknownUnit => lantern_core::ErrorCode::PackUnknownUnit,
            Self::Cycle => lantern_core::ErrorCode::PackCycle,
            Self::MissingCorrectOption => lantern_core::ErrorCode::PackMissingCorrectOption,
            Self::UnsupportedContent => lantern_core::ErrorCode::PackUnsupportedContent,
            Self::PdfUnreadable => lantern_core::ErrorCode::PackPdfUnreadable,
            Self::InvalidDrill => lantern_core::ErrorCode::PackInvalidDrill,
            Self::TooLarge => lantern_core::ErrorCode::ImportTooLarge,
            Self::TooManyEntries => lantern_core::ErrorCode::ImportTooManyEntries,
            Self::CompressionRatio => lantern_core::ErrorCode::ImportCompressionRatio,
            Self::DuplicatePath => lantern_core::ErrorCode::ImportDuplicatePath,
            Self::TooManyItems => lantern_core::ErrorCode::ImportTooManyItems,
            Self::Symlink => lantern_core::ErrorCode::ImportSymlinkRefused,
            Self::TimedOut => lantern_core::ErrorCode::ImportTimedOut,
        }
    }
}

/// A pack error: kind, file, field path (e.g. `units[3].id`) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}{}: {detail}", field.as_ref().map(|f| format!(": {f}")).unwrap_or_default())]
pub struct PackError {
    /// What kind of problem.
    pub kind: PackErrorKind,
    /// The file at fault, relative to the pack root.
    pub file: String,
    /// The field path inside the file, when there is one.
    pub field: Option<String>,
    /// What is wrong, for people.
    pub detail: String,
    /// The same in Spanish, where the rule that found it says it (`lantern course check`).
    pub detail_es: Option<String>,
}

impl PackError {
    /// An error about `file` as a whole.
    pub fn file(kind: PackErrorKind, file: impl Into<String>, detail: impl Into<String>) -> Self {
        Self {
            kind,
            file: file.into(),
            field: None,
            detail: detail.into(),
            detail_es: None,
        }
    }

    /// An error about `field` of `file`.
    pub fn field(
        kind: PackErrorKind,
        file: impl Into<String>,
        field: impl Into<String>,
        detail: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            file: file.into(),
            field: Some(field.into()),
            detail: detail.into(),
            detail_es: None,
        }
    }

    /// The error with `detail_es`, what is wrong in Spanish.
    #[must_use]
    pub fn with_es(mut self, detail_es: impl Into<String>) -> Self {
        self.detail_es = Some(detail_es.into());
        self
    }
}

impl lantern_core::Coded for PackError {
    fn code(&self) -> lantern_core::ErrorCode {
        self.kind.code()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;

    #[test]
    fn message_names_file_and_field() {
        let e = PackError::field(
            PackErrorKind::DuplicateId,
            "course.json",
            "units[3].id",
            "`ALG-01` is used twice",
        );
        assert_eq!(
            e.to_string(),
            "course.json: units[3].id: `ALG-01` is used twice"
        );
        assert_eq!(e.code(), "pack_duplicate_id");
        let e = PackError::file(PackErrorKind::MissingFile, "exams.json", "not in the pack");
        assert_eq!(e.to_string(), "exams.json: not in the pack");
    }

    #[test]
    fn codes_are_well_formed_and_distinct() {
        let codes: std::collections::HashSet<_> =
            PackErrorKind::ALL.iter().map(|k| k.code()).collect();
        assert_eq!(codes.len(), PackErrorKind::ALL.len());
        assert!(codes
            .iter()
            .all(|c| lantern_core::error::is_well_formed_code(c.as_str())));
    }
}
