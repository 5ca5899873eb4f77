//! What the timeline shows (spec 001, PV-AI-001 §3) and what its buttons send back
//! (client events, PV-AI-020..022).

use super::contract::{MasteryTier, WorkedExample};
use super::judge::TutorVerdict;
use super::passage::SourcePassage;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who wrote a timeline message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum TutorRole {
    /// The student.
    User,
    /// The tutor.
    Assistant,
}

/// An interactive card in the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TutorCard {
    /// Key ideas and an optional worked example.
    #[serde(rename_all = "camelCase")]
    Concept {
        /// The unit it teaches.
        unit_id: String,
        /// At most three key ideas.
        key_ideas: Vec<String>,
        /// At most one worked example.
        worked_example: Option<WorkedExample>,
    },
    /// A practice question generated for this turn.
    #[serde(rename_all = "camelCase")]
    Drill {
        /// The unit it practises.
        unit_id: String,
        /// The instruction.
        prompt: String,
        /// The question (LaTeX).
        question_latex: String,
    },
    /// An existing exam question.
    #[serde(rename_all = "camelCase")]
    Exam {
        /// The unit it examines.
        unit_id: String,
        /// The question's id.
        question_id: String,
        /// Its tier.
        difficulty_tier: Tier,
    },
    /// The checker's verdict on a drill answer ("Continue" follows).
    #[serde(rename_all = "camelCase")]
    DrillFeedback {
        /// The drill's unit.
        unit_id: String,
        /// The drill's message.
        drill_message_id: String,
        /// Whether the answer was accepted.
        is_correct: bool,
        /// The expected answer, shown once graded.
        expected_answer: String,
        /// Why it was not accepted (`not_equivalent`, `not_simplified`, …).
        reason: Option<String>,
        /// The mistake's tag, when known.
        common_mistake_tag: Option<String>,
    },
    /// What an exam attempt or a support view did ("Continue" follows; a countdown
    /// while locked).
    #[serde(rename_all = "camelCase")]
    ExamOutcome {
        /// The unit credited.
        unit_id: String,
        /// The question.
        question_id: String,
        /// Its tier.
        difficulty_tier: Tier,
        /// What happened.
        outcome: ExamOutcomeKind,
        /// When the question opens again (RFC 3339), while locked.
        locked_until: Option<String>,
        /// The unit's mastery after the event.
        mastery_tier: MasteryTier,
    },
}

/// What happened on an exam question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum ExamOutcomeKind {
    /// Answered correctly.
    Passed,
    /// Answered wrongly: locked for 24 hours.
    Incorrect,
    /// The memo was viewed: locked for 24 hours.
    MemoViewed,
    /// The video walkthrough was viewed: locked for 24 hours.
    VideoViewed,
}

impl TutorCard {
    /// The unit the card is about.
    pub fn unit_id(&self) -> &str {
        match self {
            Self::Concept { unit_id, .. }
            | Self::Drill { unit_id, .. }
            | Self::Exam { unit_id, .. }
            | Self::DrillFeedback { unit_id, .. }
            | Self::ExamOutcome { unit_id, .. } => unit_id,
        }
    }
}

/// One timeline item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TutorMessage {
    /// Stable id.
    pub id: String,
    /// The thread.
    pub thread_id: String,
    /// Who wrote it.
    pub role: TutorRole,
    /// The text.
    pub text: String,
    /// The student's LaTeX input, when sent as LaTeX.
    pub latex: Option<String>,
    /// The card, for tutor messages that carry one.
    pub card: Option<TutorCard>,
    /// Who wrote a tutor message (the model or the deterministic fallback).
    pub origin: Option<ReplyOrigin>,
    /// The course material a tutor message rests on, with where it comes from.
    pub passage: Option<SourcePassage>,
    /// The verdict on the student's answer this message replies to.
    pub verdict: Option<TutorVerdict>,
    /// The prerequisite offered after the answer, with a button to check it.
    #[serde(default)]
    pub offer: Option<PrerequisiteOffer>,
    /// The turn it belongs to.
    pub turn_id: String,
    /// When it was written (RFC 3339).
    pub created_at: String,
}

/// A prerequisite the tutor offers after answering a question about a unit that builds
/// on it (issue #47): the student may check it first, never must.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PrerequisiteOffer {
    /// The prerequisite.
    pub unit_id: String,
    /// Its title.
    pub unit_title: String,
}

/// Result of a graded drill, sent back by "Continue".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum DrillResult {
    /// Answered correctly.
    Correct,
    /// Answered wrongly.
    Incorrect,
}

/// Result of an exam attempt, sent back by "Continue".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum ExamResult {
    /// Passed.
    Passed,
    /// Failed or support viewed: locked for 24 hours.
    Locked,
}

/// What a button sent instead of (or with) a typed message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ClientEvent {
    /// A typed message only.
    #[default]
    None,
    /// "Try a Drill" on a concept card.
    #[serde(rename_all = "camelCase")]
    RequestDrill {
        /// The card's unit.
        unit_id: String,
    },
    /// "Continue" after a graded drill.
    #[serde(rename_all = "camelCase")]
    DrillContinue {
        /// The drill's unit.
        unit_id: String,
        /// How it went.
        last_result: DrillResult,
        /// The drill's message, so the next move can build on it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drill_message_id: Option<String>,
    },
    /// "Continue" after an exam attempt.
    #[serde(rename_all = "camelCase")]
    ExamContinue {
        /// The question's unit.
        unit_id: String,
        /// The question.
        question_id: String,
        /// How it went.
        result: ExamResult,
    },
    /// "I'm stuck" on a drill.
    #[serde(rename_all = "camelCase")]
    Stuck {
        /// The drill's unit.
        unit_id: String,
        /// The drill's message, so the hint refers to that drill.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        drill_message_id: Option<String>,
    },
    /// A unit chosen on the learning path: work on it (or on what it needs first).
    #[serde(rename_all = "camelCase")]
    ChooseUnit {
        /// The chosen unit.
        unit_id: String,
    },
    /// "Try again" on a question of the revisit list.
    #[serde(rename_all = "camelCase")]
    Revisit {
        /// The question's unit.
        unit_id: String,
        /// The question to attempt again.
        question_id: String,
    },
}

impl ClientEvent {
    /// The wire name of the event's kind (`NONE`, `REQUEST_DRILL`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Self::None => "NONE",
            Self::RequestDrill { .. } => "REQUEST_DRILL",
            Self::DrillContinue { .. } => "DRILL_CONTINUE",
            Self::ExamContinue { .. } => "EXAM_CONTINUE",
            Self::Stuck { .. } => "STUCK",
            Self::ChooseUnit { .. } => "CHOOSE_UNIT",
            Self::Revisit { .. } => "REVISIT",
        }
    }

    /// The drill message the event refers to, if any (stuck, continue).
    pub fn drill_message_id(&self) -> Option<&str> {
        match self {
            Self::Stuck {
                drill_message_id, ..
            }
            | Self::DrillContinue {
                drill_message_id, ..
            } => drill_message_id.as_deref(),
            _ => None,
        }
    }

    /// The unit the event is about, if any.
    pub fn unit_id(&self) -> Option<&str> {
        match self {
            Self::None => None,
            Self::RequestDrill { unit_id }
            | Self::DrillContinue { unit_id, .. }
            | Self::ExamContinue { unit_id, .. }
            | Self::Stuck { unit_id, .. }
            | Self::ChooseUnit { unit_id }
            | Self::Revisit { unit_id, .. } => Some(unit_id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn events_use_the_spec_shapes() {
        let e: ClientEvent =
            serde_json::from_value(json!({"type":"REQUEST_DRILL","unitId":"ALG-01"})).unwrap();
        assert_eq!(e.unit_id(), Some("ALG-01"));
        let e: ClientEvent = serde_json::from_value(
            json!({"type":"DRILL_CONTINUE","unitId":"U","lastResult":"incorrect"}),
        )
        .unwrap();
        assert_eq!(e.kind(), "DRILL_CONTINUE");
        let e: ClientEvent =
            serde_json::from_value(json!({"type":"REVISIT","unitId":"U","questionId":"Q-7"}))
                .unwrap();
        assert_eq!((e.kind(), e.unit_id()), ("REVISIT", Some("U")));
        let e: ClientEvent = serde_json::from_value(json!({"type":"NONE"})).unwrap();
        assert_eq!(e, ClientEvent::None);
        assert!(serde_json::from_value::<ClientEvent>(json!({"type":"HACK"})).is_err());
    }

    #[test]
    fn cards_are_tagged_by_type() {
        let card = TutorCard::Drill {
            unit_id: "U".into(),
            prompt: "Solve for x".into(),
            question_latex: "2x+3=11".into(),
        };
        let json = serde_json::to_value(&card).unwrap();
        assert_eq!(json["type"], "DRILL");
        assert_eq!(json["questionLatex"], "2x+3=11");
        assert_eq!(card.unit_id(), "U");
    }
}
