//! The class view (issue #36): a teacher's profile imports the hand-in files of a class
//! (see [`crate::progress`]), keeps one per student and course (the newest), and shows
//! a students × units grid with who is stuck, frequent confusions, failed questions
//! and re-checks due. Pure: the store keeps the files, this computes the view.

mod contract;
mod export;
mod merge;
mod view;

pub use contract::{
    ClassCell, ClassConfusion, ClassCourse, ClassCourseChoice, ClassFilter, ClassHandIn, ClassRow,
    ClassStudent, ClassUnit, ClassView, FailedQuestion, RecheckDue, StuckStudent, UnitConfusions,
};
pub use export::{class_csv, class_page};
pub use merge::{newest_course_records, newest_per_student, superseded};
pub use view::{
    class_view, is_stuck, CONFUSIONS_PER_UNIT, FAILED_QUESTIONS_SHOWN, STUCK_DRILL_ATTEMPTS,
    STUCK_EXAM_WRONG,
};

#[cfg(test)]
mod tests;
