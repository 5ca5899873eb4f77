//! The tutor's reply to a turn: the action, the unit, the words and the card the
//! timeline shows, the passage it rests on, and what the checks dropped.

use super::contract::TutorAction;
use super::drill::DrillKey;
use super::judge::TutorVerdict;
use super::message::{PrerequisiteOffer, TutorCard};
use super::passage::SourcePassage;
use super::phrase::DroppedSentence;
use lantern_core::llm::Usage;

/// A reply: authored, with the model's checked sentences when it explained.
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
    /// What the model's answer cost, when the model answered.
    pub usage: Option<Usage>,
    /// The answer key of the question asked (on the card or in the text).
    pub drill_key: Option<DrillKey>,
    /// The authored material the reply rests on.
    pub passage: Option<SourcePassage>,
    /// The verdict on what the student typed, when it was judged.
    pub verdict: Option<TutorVerdict>,
    /// The prerequisite offered after the answer.
    pub offer: Option<PrerequisiteOffer>,
    /// The model's sentences the checks dropped.
    pub dropped: Vec<DroppedSentence>,
    /// How many of the model's sentences are shown.
    pub model_sentences: usize,
    /// Those sentences, as shown.
    pub model_text: String,
}
