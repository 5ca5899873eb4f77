//! The adaptive tutor (spec 001): a student asks about a course; deterministic code
//! maps the message to units, computes the policy over the prerequisite graph and the
//! student's snapshot, retrieves the material, and compiles the policy into the
//! answer's grammar; the model writes the words; validation or the deterministic
//! fallback decides what is shown. Nothing here does I/O: retrieval and the exam
//! service are ports, time is an argument.
//!
//! A turn: [`prepare_turn`] (mapping → policy → plan → retrieval → prompt and grammar),
//! [`answer_turn`](crate::turn::answer_turn) on the [`PreparedTurn`] (model, rules,
//! fallback), then [`finish_turn`] (snapshot and log).

pub mod anchoring;
pub mod candidates;
pub mod cloze;
pub mod context;
pub mod contract;
mod course;
pub mod dag;
pub mod drill;
mod error;
pub mod evidence;
pub mod exam;
pub mod grading;
pub mod grammar;
pub mod history;
pub mod judge;
mod input;
pub mod lite;
pub mod log;
pub mod mapping;
pub mod mastery;
mod message;
pub mod offline;
pub mod passage;
pub mod path;
pub mod plan;
pub mod policy;
pub mod prompt;
#[cfg(test)]
mod properties;
pub mod quality;
mod reply;
pub mod revisit;
pub mod rules;
pub mod scoring;
pub mod snapshot;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod triggers;
mod turn;

pub use contract::{ExamAvailability, LlmTutorResponse, MasteryTier, TutorAction};
pub use course::TutorCourse;
pub use error::TutorError;
pub use input::{clean_input, StudentInput, MAX_MESSAGE_CHARS};
pub use lite::{snapshot_lite, SnapshotLite};
pub use log::{ScoredUnit, TurnLog, TutorDebugView, UnitMastery};
pub use message::{
    ClientEvent, DrillResult, ExamOutcomeKind, ExamResult, TutorCard, TutorMessage, TutorRole,
};
pub use policy::TutorPolicy;
pub use reply::TutorReply;
pub use snapshot::{MappedUnit, StudentSnapshot};
pub use turn::{finish_turn, prepare_turn, FinishedTurn, PreparedTurn, TurnRequest};
