//! The dated pieces of hard evidence behind a report, one xAPI statement each.

use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use lantern_tutor::contract::MasteryTier;

/// One piece of evidence, as the laptop recorded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProgressEvent {
    /// A unit's mastery changed.
    Mastery {
        /// The course.
        course_id: String,
        /// The unit.
        unit_id: String,
        /// The tier it reached.
        tier: MasteryTier,
        /// When.
        at: DateTime<Utc>,
    },
    /// A drill was graded.
    Drill {
        /// The course.
        course_id: String,
        /// The drill's unit.
        unit_id: String,
        /// Whether the answer was right.
        correct: bool,
        /// When.
        at: DateTime<Utc>,
    },
    /// An exam answer was submitted.
    Exam {
        /// The course.
        course_id: String,
        /// The question.
        question_id: String,
        /// Its tier.
        tier: Tier,
        /// Whether the answer was right.
        correct: bool,
        /// When.
        at: DateTime<Utc>,
    },
}

impl ProgressEvent {
    /// When it happened.
    pub fn at(&self) -> DateTime<Utc> {
        match self {
            Self::Mastery { at, .. } | Self::Drill { at, .. } | Self::Exam { at, .. } => *at,
        }
    }

    /// The course it belongs to.
    pub fn course_id(&self) -> &str {
        match self {
            Self::Mastery { course_id, .. }
            | Self::Drill { course_id, .. }
            | Self::Exam { course_id, .. } => course_id,
        }
    }
}
