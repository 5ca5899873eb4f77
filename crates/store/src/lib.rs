//! SQLite persistence for Lantern through sqlx.
//!
//! One database file per installation, in WAL mode with foreign keys on. Migrations
//! live in `/migrations` at the repository root and are compiled into the binary, so
//! opening a database always brings it to the current schema.

mod class;
mod class_files;
mod coach;
mod courses;
mod error;
mod exams;
mod expenses;
mod expenses_owner;
mod models;
mod modules;
mod new_file;
mod profile_kind;
mod profile_pins;
mod profiles;
mod progress;
mod project_specs;
mod reports;
mod tutor;
mod tutor_drills;
mod tutor_exams;
mod tutor_path;

pub use class::{HandInImported, HandInOutcome, MAX_HAND_INS_PER_STUDENT};
pub use class_files::{
    find_hand_in_files, read_hand_in_file, HandInFile, MAX_FOLDER_DEPTH, MAX_HAND_IN_FILES,
};
pub use coach::CoachSessionSummary;
pub use courses::CourseSummary;
pub use error::StoreError;
pub use exams::SystemClock;
pub use exams::{ExamQuestion, ExamSubmission, ExamSupport};
pub use expenses::MonthlyTotal;
pub use lantern_expenses::app::ExpenseSettings;
pub use models::{ByPair, ImportedModel, ModelSpeed, NewImportedModel, PairKey, SpeedScope};
pub use modules::ModuleListing;
// The progress overview computes a module's progress as the modules' operations do.
use lantern_modules::app::progress_view;
pub use new_file::{write_new_file, write_new_file_with};
pub use profile_kind::ProfileKind;
pub use profiles::{Profile, FIRST_PROFILE_NAME};
pub use progress::HandInScope;
pub use project_specs::SpecFileSummary;
pub use reports::{ProjectSummary, ReportMessage, ReportSummary, VersionSummary};
pub use tutor::{TutorCourseChoice, TutorThreadSummary};

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions};
use std::path::Path;
use std::time::Duration;

/// A handle on the Lantern database; cheap to clone.
#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and applies pending migrations.
    pub async fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| StoreError::Open(e.to_string()))?;
        }
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Open(e.to_string()))?;
        sqlx::migrate!("../../migrations")
            .run(&pool)
            .await
            .map_err(|e| StoreError::Migrate(e.to_string()))?;
        Ok(Self { pool })
    }

    /// Closes every connection, checkpointing the WAL.
    pub async fn close(self) {
        self.pool.close().await;
    }
}
