//! Progress the student hands in (issue #36): a report of their hard evidence per
//! course, their finished coach arguments and their module progress, written as one
//! sealed JSON file of xAPI statements plus a CSV summary. The student sees the file
//! before it is saved; nothing else leaves the laptop. The class view reads these
//! files (see [`crate::class`]).

mod build;
pub mod class;
mod contract;
mod csv_summary;
mod error;
mod events;
mod file;
mod limits;
pub mod messages;
mod seal;
mod time_on_task;
mod xapi;

pub use build::{course_progress, AnswerFacts, CourseFacts, QuestionFacts};
pub use contract::{
    ArgumentRecord, ConfusionRecord, CourseProgress, HandInStudent, ModuleRecord, ProgressReport,
    QuestionRecord, UnitRecord,
};
pub use csv_summary::{csv_summary, spreadsheet_safe, SUMMARY_COLUMNS};
pub use error::ProgressError;
pub use events::ProgressEvent;
pub use file::{
    check_not_future, make_hand_in, read_hand_in, HandIn, ReadHandIn, FUTURE_TOLERANCE_HOURS,
    HANDIN_FORMAT, HANDIN_SUFFIX, HANDIN_VERSION, MAX_HANDIN_BYTES, SUMMARY_SUFFIX,
};
pub use limits::{
    over_limit, OverLimit, MAX_HANDIN_ARGUMENTS, MAX_HANDIN_CONFUSIONS, MAX_HANDIN_COURSES,
    MAX_HANDIN_MODULES, MAX_HANDIN_QUESTIONS, MAX_HANDIN_STATEMENTS, MAX_HANDIN_UNITS,
};
pub use time_on_task::{minutes_on_task, MAX_GAP_MINUTES};
pub use xapi::{statements, XAPI_ROOT, XAPI_VERSION};

#[cfg(test)]
mod tests;
