//! What the class view shows a teacher: a students × units grid for one course, who is
//! stuck and on what, the most frequent confusions, the most failed exam questions and
//! the re-checks due, all from the hand-in files imported.

use crate::{ArgumentRecord, ModuleRecord, ProgressReport};
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use lantern_tutor::contract::MasteryTier;
use serde::{Deserialize, Serialize};

/// A hand-in file as the class keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassHandIn {
    /// SHA-256 of its content: the same file imported twice is one hand-in.
    pub digest: String,
    /// Its content does not match its seal.
    pub edited: bool,
    /// The name of the file it came from.
    pub file_name: String,
    /// What it reports.
    pub report: ProgressReport,
}

/// Which part of the class to show.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassFilter {
    /// The course to show; the first course (by title) when absent.
    pub course_id: Option<String>,
    /// Only students who worked on the course on or after this day (RFC 3339 or
    /// `YYYY-MM-DD`).
    pub since: Option<String>,
    /// Only students who worked on the course on or before this day.
    pub until: Option<String>,
}

/// The class view.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassView {
    /// Every course some student handed in, by title.
    pub courses: Vec<ClassCourseChoice>,
    /// The course shown, if any student handed one in.
    pub course: Option<ClassCourse>,
    /// Every student, by name, with their hand-in in use.
    pub students: Vec<ClassStudent>,
}

/// A course a teacher can pick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassCourseChoice {
    /// The course's id.
    pub course_id: String,
    /// Its title.
    pub title: String,
    /// Students who handed it in.
    pub students: u32,
}

/// A student of the class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassStudent {
    /// The student's key.
    pub key: String,
    /// Their name.
    pub name: String,
    /// When their newest hand-in was made.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub handed_in_at: DateTime<Utc>,
    /// Some hand-in of theirs in use was edited after it was made.
    pub edited: bool,
    /// What the teacher should look at about this student's hand-ins.
    pub flags: Vec<StudentFlag>,
    /// Hand-ins the class keeps of this student (the one in use and earlier ones).
    pub hand_ins: u32,
    /// Their finished coach arguments (from the newest hand-in).
    pub arguments: Vec<ArgumentRecord>,
    /// Their modules (from the newest hand-in).
    pub modules: Vec<ModuleRecord>,
}

/// One course's grid and what needs the teacher's attention.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassCourse {
    /// The course's id.
    pub course_id: String,
    /// Its title.
    pub title: String,
    /// The grid's columns, in the course's order.
    pub units: Vec<ClassUnit>,
    /// The grid's rows, by student name.
    pub rows: Vec<ClassRow>,
    /// Students stuck on a unit, most attempts first.
    pub stuck: Vec<StuckStudent>,
    /// Per unit, the confusions drill grading recognised most often.
    pub confusions: Vec<UnitConfusions>,
    /// Exam questions answered wrong most often.
    pub failed_questions: Vec<FailedQuestion>,
    /// Re-checks due, earliest first.
    pub rechecks: Vec<RecheckDue>,
}

/// A unit column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassUnit {
    /// The unit's id.
    pub unit_id: String,
    /// Its title.
    pub title: String,
}

/// One student's row of the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassRow {
    /// The student's key.
    pub student_key: String,
    /// Their name.
    pub name: String,
    /// When the hand-in used was made.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub handed_in_at: DateTime<Utc>,
    /// That hand-in was edited after it was made.
    pub edited: bool,
    /// What the teacher should look at about this student's hand-ins.
    pub flags: Vec<StudentFlag>,
    /// Minutes in the tutor on the course.
    pub minutes_on_task: u32,
    /// Their latest work on the course.
    #[cfg_attr(feature = "specta", specta(type = Option<String>))]
    pub last_activity_at: Option<DateTime<Utc>>,
    /// One cell per unit column.
    pub cells: Vec<ClassCell>,
}

/// One student on one unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassCell {
    /// Worked on at all.
    pub touched: bool,
    /// Mastery reached.
    pub tier: MasteryTier,
    /// Attempts without a streak (see [`super::is_stuck`]).
    pub stuck: bool,
    /// A re-check failed.
    pub needs_review: bool,
    /// A re-check is due.
    pub recheck_due: bool,
    /// Drills graded.
    pub drills_attempted: u32,
    /// Drills right.
    pub drills_correct: u32,
}

/// A student stuck on a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct StuckStudent {
    /// The student's name.
    pub name: String,
    /// The unit's id.
    pub unit_id: String,
    /// Its title.
    pub unit_title: String,
    /// Drills graded.
    pub drills_attempted: u32,
    /// Drills right.
    pub drills_correct: u32,
    /// Wrong exam answers on the unit.
    pub exam_wrong: u32,
    /// Their most frequent confusion on the unit, if any (its sentence).
    pub confusion: Option<String>,
}

/// A unit's most frequent confusions across the class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct UnitConfusions {
    /// The unit's id.
    pub unit_id: String,
    /// Its title.
    pub unit_title: String,
    /// Its confusions, most frequent first.
    pub confusions: Vec<ClassConfusion>,
}

/// One confusion across the class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ClassConfusion {
    /// The misconception's tag.
    pub tag: String,
    /// The course's sentence for it.
    pub text: String,
    /// Times recognised, all students together.
    pub count: u32,
    /// Students it was recognised in.
    pub students: u32,
}

/// An exam question the class fails.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FailedQuestion {
    /// The question's id.
    pub question_id: String,
    /// Its stem.
    pub stem: String,
    /// Its tier.
    pub tier: Tier,
    /// Wrong answers, all students together.
    pub wrong: u32,
    /// Students who answered it wrong at least once.
    pub students: u32,
    /// Students who answered it.
    pub answered_by: u32,
}

/// A re-check of a reached tier that is due.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RecheckDue {
    /// The student's name.
    pub name: String,
    /// The unit's id.
    pub unit_id: String,
    /// Its title.
    pub unit_title: String,
    /// When it became due.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub due_at: DateTime<Utc>,
}

/// One hand-in the class keeps of a student, for the teacher's history of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct HandInHistoryEntry {
    /// SHA-256 of its content: what the teacher chooses it by.
    pub digest: String,
    /// The name of the file it came from.
    pub file_name: String,
    /// The name it gives the student.
    pub student_name: String,
    /// When it says it was made.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub exported_at: DateTime<Utc>,
    /// When the class imported it.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub imported_at: DateTime<Utc>,
    /// Its content does not match its seal.
    pub edited: bool,
    /// The courses it reports.
    pub course_ids: Vec<String>,
    /// It is in use for at least one course or for the student's arguments and modules.
    pub in_use: bool,
    /// The teacher chose it.
    pub chosen: bool,
}

/// Something about a student key the teacher should look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum StudentFlag {
    /// The hand-in in use was edited after it was made.
    Edited,
    /// Hand-ins under this key give different names.
    SeveralNames,
    /// Hand-ins under this key hold work that cannot come from one profile.
    WorkDisagrees,
    /// The teacher chose an earlier hand-in instead of the newest.
    ChosenByTeacher,
}
