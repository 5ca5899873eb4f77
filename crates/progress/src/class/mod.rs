//! The class view (issue #36): a teacher's profile imports the hand-in files of a class
//! (see [`crate`]) and keeps every one; per student and course the most
//! trusted is in use (see [`trust`]), and the view shows a students × units grid with
//! who is stuck, frequent confusions, failed questions, re-checks due and what to check
//! about a student's hand-ins. Pure: the store keeps the files, this computes the view.

mod contract;
mod export;
pub mod trust;
mod view;

pub use contract::{
    ClassCell, ClassConfusion, ClassCourse, ClassCourseChoice, ClassFilter, ClassHandIn, ClassRow,
    ClassStudent, ClassUnit, ClassView, FailedQuestion, HandInHistoryEntry, RecheckDue,
    StuckStudent, StudentFlag, UnitConfusions,
};
pub use export::{class_csv, class_page};
pub use trust::{evidence_of, in_use, Chosen, ClassTrust, CourseEvidence, HandInMeta};
pub use view::{
    class_view, is_stuck, CONFUSIONS_PER_UNIT, FAILED_QUESTIONS_SHOWN, STUCK_DRILL_ATTEMPTS,
    STUCK_EXAM_WRONG,
};

#[cfg(test)]
mod tests;
