//! The tutor's shared enums (spec 001, PV-AI-001 §4): the moves a turn makes, mastery
//! tiers and exam availability. The model's own answer is [`super::phrase::LlmPhrase`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the tutor does in a turn.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TutorAction {
    /// One question that makes the student think (no card).
    SocraticQuestion,
    /// Key ideas with an optional worked example (only when the student is stuck).
    ConceptCard,
    /// A short practice question generated live.
    DrillCard,
    /// An existing exam question at the desired tier.
    ExamBlock,
}

impl TutorAction {
    /// Every action, in the spec's order.
    pub const ALL: [TutorAction; 4] = [
        Self::SocraticQuestion,
        Self::ConceptCard,
        Self::DrillCard,
        Self::ExamBlock,
    ];

    /// The wire name (`SOCRATIC_QUESTION`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SocraticQuestion => "SOCRATIC_QUESTION",
            Self::ConceptCard => "CONCEPT_CARD",
            Self::DrillCard => "DRILL_CARD",
            Self::ExamBlock => "EXAM_BLOCK",
        }
    }

    /// The action called `name`, if any.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == name)
    }
}

/// A unit's mastery, earned by exams at each tier (spec 001, PV-AI-014).
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum MasteryTier {
    /// Not yet mastered at any tier.
    #[default]
    None,
    /// Passed a bronze exam question (with drill readiness).
    Bronze,
    /// Passed a silver question after bronze.
    Silver,
    /// Passed a gold question after silver.
    Gold,
}

impl MasteryTier {
    /// The lowercase name used in files (`none`, `bronze`, `silver`, `gold`).
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Bronze => "bronze",
            Self::Silver => "silver",
            Self::Gold => "gold",
        }
    }
}

/// Whether an exam question at the desired tier can be attempted now (PV-AI-017).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum ExamAvailability {
    /// Some candidates can be attempted now.
    Available,
    /// None can be attempted now, but some will be after their lockout.
    Locked,
    /// There are no candidates.
    None,
}

/// A worked example of a concept card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct WorkedExample {
    /// The problem (LaTeX).
    pub problem_latex: String,
    /// The final answer (LaTeX).
    pub final_answer_latex: String,
    /// The steps (LaTeX), if any.
    #[serde(default)]
    pub steps_latex: Vec<String>,
    /// A worked example in words instead (a sentence of the notes), if any.
    #[serde(default)]
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_use_the_spec_names() {
        for a in TutorAction::ALL {
            assert_eq!(TutorAction::parse(a.as_str()), Some(a));
            assert_eq!(serde_json::to_value(a).unwrap(), a.as_str());
        }
    }
}
