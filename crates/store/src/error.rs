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
    /// A coach rule refused the action (its own `coach_*` code).
    #[error(transparent)]
    Coach(#[from] lantern_coach::CoachError),
    /// No profile is named so.
    #[error("no profile is named {0:?}")]
    ProfileNotFound(String),
    /// No tutor thread with this id belongs to the profile.
    #[error("no tutoring session with id {0}")]
    TutorThreadNotFound(i64),
    /// No course with this id is imported.
    #[error("no course {0:?} is imported")]
    TutorCourseNotFound(String),
    /// A tutor rule refused the input (its own `tutor_*` code).
    #[error(transparent)]
    Tutor(#[from] lantern_tutor::TutorError),
    /// The course has no exam question with this id.
    #[error("the course has no exam question {0:?}")]
    ExamQuestionNotFound(String),
    /// The option is not one of the question's.
    #[error("{0:?} is not one of the question's options")]
    ExamInvalidOption(String),
    /// The question is locked after a wrong answer or a viewed memo or video.
    #[error("question {question:?} is locked until {until}")]
    ExamQuestionLocked {
        /// The question.
        question: String,
        /// When it opens again (RFC 3339).
        until: String,
    },
    /// The question was already passed.
    #[error("question {0:?} was already passed")]
    ExamAlreadyPassed(String),
    /// The question has no such support (no transcript and no video).
    #[error("question {0:?} has no video walkthrough")]
    ExamSupportUnavailable(String),
    /// A report rule refused the action (its own `report_*` code).
    #[error(transparent)]
    Report(#[from] lantern_reports::ReportError),
    /// A stored value could not be read back (a corrupt row).
    #[error("unreadable stored value: {0}")]
    Corrupt(String),
    /// This GGUF file is already in the model list.
    #[error("{0} is already in the model list")]
    ModelAlreadyImported(String),
    /// No imported model has this id.
    #[error("no imported model with id {0}")]
    ModelNotImported(i64),
    /// A hand-in could not be made or read (its own `handin_*` code).
    #[error(transparent)]
    Progress(#[from] lantern_progress::ProgressError),
    /// A class command was given a student profile, or a student command a class.
    #[error("{0}")]
    WrongProfileKind(String),
    /// A profile PIN was refused or is needed (its own `profile_*` code).
    #[error(transparent)]
    Pin(#[from] lantern_core::profile_pin::PinError),
}

impl Coded for StoreError {
    fn code(&self) -> lantern_core::error::ErrorCode {
        match self {
            Self::Open(_) => lantern_core::error::ErrorCode::StoreOpenFailed,
            Self::Migrate(_) => lantern_core::error::ErrorCode::StoreMigrationFailed,
            Self::Query(_) => lantern_core::error::ErrorCode::StoreQueryFailed,
            Self::InvalidProfileName(_) => lantern_core::error::ErrorCode::ProfileNameInvalid,
            Self::DuplicateProfile(_) => lantern_core::error::ErrorCode::ProfileNameTaken,
            Self::CoachSessionNotFound(_) => lantern_core::error::ErrorCode::CoachSessionNotFound,
            Self::InvalidTitle(_) => lantern_core::error::ErrorCode::CoachTitleInvalid,
            Self::Coach(e) => e.code(),
            Self::ProfileNotFound(_) => lantern_core::error::ErrorCode::ProfileNotFound,
            Self::Corrupt(_) => lantern_core::error::ErrorCode::StoreCorrupt,
            Self::Progress(e) => e.code(),
            Self::WrongProfileKind(_) => lantern_core::error::ErrorCode::ClassProfileRequired,
            Self::Report(e) => e.code(),
            Self::TutorThreadNotFound(_) => lantern_core::error::ErrorCode::TutorThreadNotFound,
            Self::TutorCourseNotFound(_) => lantern_core::error::ErrorCode::TutorCourseNotFound,
            Self::Tutor(e) => e.code(),
            Self::ExamQuestionNotFound(_) => lantern_core::error::ErrorCode::ExamQuestionNotFound,
            Self::ExamInvalidOption(_) => lantern_core::error::ErrorCode::ExamInvalidOption,
            Self::ExamQuestionLocked { .. } => lantern_core::error::ErrorCode::ExamQuestionLocked,
            Self::ExamAlreadyPassed(_) => lantern_core::error::ErrorCode::ExamAlreadyPassed,
            Self::ExamSupportUnavailable(_) => {
                lantern_core::error::ErrorCode::ExamSupportUnavailable
            }
            Self::ModelAlreadyImported(_) => lantern_core::error::ErrorCode::ModelAlreadyImported,
            Self::ModelNotImported(_) => lantern_core::error::ErrorCode::ModelUnknown,
            Self::Pin(e) => e.code(),
        }
    }
}
