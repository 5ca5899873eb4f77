//! The tutor's reply to a turn, after validation or from the fallback: the action, the
//! unit, the words and the card the timeline shows.

use super::contract::{LlmTutorResponse, TutorAction};
use super::drill::DrillKey;
use super::message::TutorCard;
use super::snapshot::TurnAnalysis;
use crate::llm::Usage;

/// A checked reply.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorReply {
    /// What the tutor does.
    pub action: TutorAction,
    /// The unit it is about.
    pub unit_id: String,
    /// What the tutor says.
    pub text: String,
    /// The card, for every action but a Socratic question.
    pub card: Option<TutorCard>,
    /// The model's analysis (none from the fallback).
    pub analysis: Option<TurnAnalysis>,
    /// What the model's answer cost, when the model answered.
    pub usage: Option<Usage>,
    /// The answer key of a drill card.
    pub drill_key: Option<DrillKey>,
}

/// The card a validated answer carries.
pub fn card_of(r: &LlmTutorResponse) -> Option<TutorCard> {
    let unit_id = r.target_unit_id.clone();
    match r.action {
        TutorAction::SocraticQuestion => None,
        TutorAction::ConceptCard => r.concept_card.as_ref().map(|c| TutorCard::Concept {
            unit_id,
            key_ideas: c.key_ideas.clone(),
            worked_example: c.worked_example.clone(),
        }),
        TutorAction::DrillCard => r.drill_card.as_ref().map(|d| TutorCard::Drill {
            unit_id,
            prompt: d.prompt.clone(),
            question_latex: d.question_latex.clone(),
        }),
        TutorAction::ExamBlock => r.exam_suggestion.as_ref().map(|e| TutorCard::Exam {
            unit_id,
            question_id: e.question_id.clone(),
            difficulty_tier: e.difficulty_tier,
        }),
    }
}
