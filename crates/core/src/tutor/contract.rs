//! The tutor's model-facing contract (spec 001, PV-AI-001 §4): what the model answers
//! each turn, and the enums the policy and the answer share.

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

/// What the student seems to want (model analysis only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum StudentIntent {
    /// Solve a problem.
    Solve,
    /// Have something explained.
    Explain,
    /// Check an answer.
    Check,
    /// Says they are stuck.
    Stuck,
    /// Unclear.
    Unknown,
}

/// How well the student seems to understand (model analysis only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum UnderstandingSignal {
    /// Sure of themselves.
    Confident,
    /// Unsure.
    Uncertain,
    /// Confused.
    Confused,
}

/// A unit the message is about, with how sure the mapping is (0..1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct LlmMappedUnit {
    /// The unit's id.
    pub unit_id: String,
    /// Confidence in 0..1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: f64,
}

/// The model's reading of the turn; kept as `lastTurnAnalysis`, never as evidence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LlmTurnAnalysis {
    /// What the student wants.
    pub student_intent: StudentIntent,
    /// How well they seem to understand.
    pub understanding_signal: UnderstandingSignal,
    /// Units the model thinks should come first.
    #[serde(default)]
    pub suggested_prereq_units: Vec<String>,
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
}

/// The model's concept card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LlmConceptCard {
    /// At most three key ideas.
    pub key_ideas: Vec<String>,
    /// At most one worked example.
    #[serde(default)]
    pub worked_example: Option<WorkedExample>,
}

/// The model's drill card (1–2 steps).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LlmDrillCard {
    /// The instruction ("Solve for x").
    pub prompt: String,
    /// The question (LaTeX).
    pub question_latex: String,
    /// The drill's own answer, checked before the drill is shown.
    #[serde(default)]
    pub answer_latex: String,
}

/// The exam question the model picked from the candidates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LlmExamSuggestion {
    /// A candidate's question id.
    pub question_id: String,
    /// Must equal the policy's desired tier.
    #[serde(rename = "difficultyTier")]
    pub difficulty_tier: crate::retrieval::Tier,
}

/// The model's answer to a turn (PV-AI-001 §4), validated against the policy before use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LlmTutorResponse {
    /// One of the policy's allowed actions.
    pub action: TutorAction,
    /// One of the policy's scoped units.
    pub target_unit_id: String,
    /// What the tutor says.
    pub tutor_text: String,
    /// Present exactly when `action` is CONCEPT_CARD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concept_card: Option<LlmConceptCard>,
    /// Present exactly when `action` is DRILL_CARD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drill_card: Option<LlmDrillCard>,
    /// Present exactly when `action` is EXAM_BLOCK.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exam_suggestion: Option<LlmExamSuggestion>,
    /// The model's own mapping of the message to units (analysis only).
    #[serde(default)]
    pub mapped_units: Vec<LlmMappedUnit>,
    /// The model's reading of the student (analysis only).
    pub turn_analysis: LlmTurnAnalysis,
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

    #[test]
    fn the_spec_example_parses() {
        let json = r#"{"mapped_units":[{"unit_id":"ALG-01","confidence":0.92}],
          "action":"DRILL_CARD","target_unit_id":"ALG-01",
          "tutor_text":"What's the first step to isolate x?",
          "drill_card":{"prompt":"Solve for x","question_latex":"2x+3=11"},
          "turn_analysis":{"student_intent":"solve","understanding_signal":"uncertain",
          "suggested_prereq_units":["ALG-00"]}}"#;
        let r: LlmTutorResponse = serde_json::from_str(json).unwrap();
        assert_eq!(r.action, TutorAction::DrillCard);
        assert_eq!(r.drill_card.unwrap().question_latex, "2x+3=11");
    }
}
