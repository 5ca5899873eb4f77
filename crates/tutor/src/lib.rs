//! The adaptive tutor (spec 001, issue #33): a student asks about a course;
//! deterministic code maps the message to units, computes the policy over the
//! prerequisite graph and the student's snapshot, reads the unit's own material and
//! composes the turn from it — the passage that answers, the verdict on the student's
//! answer, the prerequisite named, a question whose answer is known, a drill or a card.
//! The model only phrases an explanation of the passage, and only its sentences that
//! the shared reply filter finds supported are shown. Nothing here does I/O: retrieval
//! and the exam service are ports, time is an argument.
//!
//! A turn: [`prepare_turn`] (mapping → policy → plan → material → [`compose`]),
//! [`answer_turn`](lantern_core::turn::answer_turn) on the [`PreparedTurn`] (the checked
//! explanation, or the authored turn alone), then [`finish_turn`] (snapshot and log).

pub mod app;
pub mod candidates;
pub mod choice;
pub use lantern_packs::course::cloze;
pub mod answer;
pub mod closeness;
pub mod compose;
pub mod context;
pub mod contract;
mod course;
pub mod course_lexicon;
pub mod dag;
pub use lantern_packs::course::drill;
mod error;
pub mod evidence;
pub mod exam;
pub mod exam_words;
pub mod example;
pub mod grading;
pub mod help;
pub mod history;
mod input;
pub mod judge;
pub mod lexicon;
pub mod lite;
pub mod log;
pub mod mapping;
pub mod mastery;
pub mod meaning;
mod message;
pub mod messages;
pub mod passage;
pub mod path;
pub mod phrase;
pub mod plan;
pub mod policy;
pub mod practice;
#[cfg(test)]
mod properties;
pub mod quality;
pub mod question;
mod reply;
pub mod revisit;
pub mod scoring;
mod skeleton;
pub mod snapshot;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
#[cfg(test)]
mod triggers;
mod turn;
pub mod verdict;

pub use contract::{ExamAvailability, MasteryTier, TutorAction};
pub use course::TutorCourse;
pub use error::TutorError;
pub use input::{clean_input, clean_message, CleanStudentInput, StudentInput, MAX_MESSAGE_CHARS};
pub use lite::{snapshot_lite, SnapshotLite};
pub use log::{ScoredUnit, TurnLog, TutorDebugView, UnitMastery};
pub use message::{
    ClientEvent, DrillResult, ExamOutcomeKind, ExamResult, PrerequisiteOffer, TutorCard,
    TutorMessage, TutorRole,
};
pub use policy::TutorPolicy;
pub use reply::TutorReply;
pub use snapshot::{MappedUnit, StudentSnapshot};
pub use turn::{finish_turn, prepare_turn, FinishedTurn, PreparedTurn, TurnRequest};
