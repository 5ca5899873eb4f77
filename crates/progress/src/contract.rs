//! What a hand-in file says about one student: the summary they see before saving it,
//! and the class view reads. Every figure comes from hard evidence on the laptop
//! (graded drills, exam answers, lockouts, the snapshot), never from the model.

use chrono::{DateTime, Utc};
use lantern_coach::ToulminDraft;
use lantern_core::retrieval::Tier;
use lantern_tutor::contract::MasteryTier;
use lantern_tutor::snapshot::PassedByTier;
use serde::{Deserialize, Serialize};

/// The student who handed in: a random key made once per profile (so two students
/// with the same name stay apart) and the profile's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HandInStudent {
    /// Random, stable per profile: 32 lowercase hex digits.
    pub key: String,
    /// The profile's name.
    pub name: String,
}

/// Everything a hand-in file reports, in the order the student reads it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProgressReport {
    /// Who handed in.
    pub student: HandInStudent,
    /// When the file was made.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub exported_at: DateTime<Utc>,
    /// One record per course handed in.
    pub courses: Vec<CourseProgress>,
    /// Coach arguments the student finished.
    pub arguments: Vec<ArgumentRecord>,
    /// Guided modules the student started.
    pub modules: Vec<ModuleRecord>,
}

/// One course: every unit in the course's order, the exam questions answered, and
/// the time spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CourseProgress {
    /// The course's id.
    pub course_id: String,
    /// Its title.
    pub title: String,
    /// Every unit of the course, in the course's order (untouched ones too, so the
    /// class grid has its columns without the course installed).
    pub units: Vec<UnitRecord>,
    /// Exam questions the student answered at least once.
    pub questions: Vec<QuestionRecord>,
    /// Minutes spent in the tutor on this course (gaps over five minutes count as
    /// five).
    pub minutes_on_task: u32,
    /// The first piece of work on the course, if any.
    #[cfg_attr(feature = "specta", specta(type = Option<String>))]
    pub first_activity_at: Option<DateTime<Utc>>,
    /// The latest piece of work on the course, if any.
    #[cfg_attr(feature = "specta", specta(type = Option<String>))]
    pub last_activity_at: Option<DateTime<Utc>>,
}

/// One unit's mastery and the evidence behind it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UnitRecord {
    /// The unit's id.
    pub unit_id: String,
    /// Its title.
    pub title: String,
    /// Whether the student has worked on it.
    pub touched: bool,
    /// Mastery reached (from exam evidence).
    pub tier: MasteryTier,
    /// Drills graded.
    pub drills_attempted: u32,
    /// Drills answered correctly.
    pub drills_correct: u32,
    /// Correct drill answers in a row, up to the latest.
    pub drill_streak: u32,
    /// Exam questions passed, per tier.
    pub exam_passed: PassedByTier,
    /// Wrong exam answers on the unit's questions.
    pub exam_wrong: u32,
    /// The unit's questions locked at the time of the hand-in.
    pub lockouts: u32,
    /// When the next re-check of the reached tier is due, if one is scheduled.
    #[cfg_attr(feature = "specta", specta(type = Option<String>))]
    pub recheck_due_at: Option<DateTime<Utc>>,
    /// A re-check failed: the unit keeps its tier but should be reviewed.
    pub needs_review: bool,
    /// Mistakes drill grading recognised, most frequent first.
    pub confusions: Vec<ConfusionRecord>,
    /// When the student last worked on it.
    #[cfg_attr(feature = "specta", specta(type = Option<String>))]
    pub last_touched_at: Option<DateTime<Utc>>,
}

/// A recognised mistake: the course's tag, its sentence, and how often.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConfusionRecord {
    /// The misconception's tag.
    pub tag: String,
    /// The course's sentence for it (empty if the course no longer has it).
    pub text: String,
    /// Times drill grading recognised it.
    pub count: u32,
}

/// One exam question the student answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuestionRecord {
    /// The question's id.
    pub question_id: String,
    /// Its stem, as the course wrote it.
    pub stem: String,
    /// Its tier.
    pub tier: Tier,
    /// The units it examines.
    pub unit_ids: Vec<String>,
    /// Answers submitted.
    pub attempts: u32,
    /// Of which wrong.
    pub wrong: u32,
    /// Whether a correct answer was submitted.
    pub passed: bool,
}

/// A finished coach argument.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ArgumentRecord {
    /// The session's title.
    pub title: String,
    /// When it was last changed.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub completed_at: DateTime<Utc>,
    /// The argument itself, only when the student chose to include it.
    pub argument: Option<ToulminDraft>,
}

/// A guided module's progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModuleRecord {
    /// The module's id.
    pub module_id: String,
    /// Its title.
    pub title: String,
    /// Topics covered, in percent.
    pub percentage: u32,
    /// Sections completed.
    pub sections_completed: u32,
    /// Sections in the module.
    pub sections_total: u32,
    /// Whether the module is finished.
    pub finished: bool,
    /// When the student last worked on it.
    #[cfg_attr(feature = "specta", specta(type = String))]
    pub updated_at: DateTime<Utc>,
}
