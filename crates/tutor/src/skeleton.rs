//! The authored turn's parts (issue #33): what composing a turn looks at
//! ([`ComposeInput`]), what it decides ([`Skeleton`]), the verdict on what the student
//! typed ([`JudgedAnswer`]) and a revisit-list question ([`RevisitAsk`]) — shared by
//! [`super::compose`] and [`super::answer`].

use super::contract::TutorAction;
use super::course::TutorCourse;
use super::drill::DrillKey;
use super::exam::PracticeQuestion;
use super::judge::Judgement;
use super::meaning::SentenceMeaning;
use super::message::{ClientEvent, PrerequisiteOffer, TutorCard};
use super::passage::{Material, SourcePassage};
use super::plan::TurnPlan;
use super::policy::TutorPolicy;
use lantern_core::language::Language;
use lantern_core::retrieval::Tier;
use std::collections::BTreeMap;

/// What the student's answer or claim was judged to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgedAnswer {
    /// The unit it is about.
    pub unit_id: String,
    /// The verdict and why.
    pub judgement: Judgement,
    /// Whether it answered the tutor's question (graded evidence, like a drill), not a
    /// claim of the student's own.
    pub answered_question: bool,
}

/// The authored turn.
#[derive(Debug, Clone, PartialEq)]
pub struct Skeleton {
    /// The move.
    pub action: TutorAction,
    /// The unit tutored.
    pub unit_id: String,
    /// Shown first: the verdict, or the lead-in to a card.
    pub opening: String,
    /// Shown last: the prerequisite note and the question.
    pub closing: String,
    /// The card.
    pub card: Option<TutorCard>,
    /// The key of the question asked (in the closing or on the drill card).
    pub drill_key: Option<DrillKey>,
    /// The material the reply rests on.
    pub passage: Option<SourcePassage>,
    /// The verdict on what the student typed.
    pub judged: Option<JudgedAnswer>,
    /// Whether the model is asked to explain the passage.
    pub asks_model: bool,
    /// The prerequisite offered after the answer.
    pub offer: Option<PrerequisiteOffer>,
    /// The units a clarifying question names (A3).
    pub clarified: Vec<String>,
}

impl Skeleton {
    /// A turn of `action` on `unit_id` that only says `closing`: no card, no passage, no
    /// question, no verdict — the base every other turn fills in (`..Skeleton::says(…)`).
    pub fn says(action: TutorAction, unit_id: &str, closing: String) -> Self {
        Self {
            action,
            unit_id: unit_id.to_string(),
            opening: String::new(),
            closing,
            card: None,
            drill_key: None,
            passage: None,
            judged: None,
            asks_model: false,
            offer: None,
            clarified: Vec::new(),
        }
    }
}

/// A question of the revisit list the student chose, as the exam service sees it now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisitAsk {
    /// The question's unit.
    pub unit_id: String,
    /// The question.
    pub question_id: String,
    /// Its tier.
    pub tier: Tier,
    /// Whether it can be attempted now.
    pub open: bool,
}

/// What composing a turn looks at.
#[derive(Debug, Clone, Copy)]
pub struct ComposeInput<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The policy.
    pub policy: &'a TutorPolicy,
    /// The plan.
    pub plan: &'a TurnPlan,
    /// The button pressed, if any.
    pub event: &'a ClientEvent,
    /// What the student typed.
    pub message: &'a str,
    /// The reply's language.
    pub language: Language,
    /// The unit the message is about, when mapping is sure.
    pub asked: Option<&'a str>,
    /// The two likeliest units of a message mapping is unsure of (else empty).
    pub likeliest: &'a [String],
    /// Material of the focus and asked units retrieved this turn.
    pub material: &'a [Material],
    /// How close in meaning its sentences are to the message.
    pub meaning: &'a SentenceMeaning,
    /// Exam questions that can be attempted now.
    pub attemptable: &'a [String],
    /// The key of the tutor's last question, still unanswered.
    pub pending: Option<&'a DrillKey>,
    /// The key of the drill a button refers to (stuck, continue).
    pub drill: Option<&'a DrillKey>,
    /// The tutor's recent words, so questions are not repeated.
    pub recent: &'a [String],
    /// The student's confusion tags on the focus unit.
    pub confusion: &'a BTreeMap<String, u32>,
    /// Exam questions of lower tiers on the focus unit, to practise.
    pub practice: &'a [PracticeQuestion],
    /// The revisit-list question the student chose ("Try again"), when it is still on
    /// the list.
    pub revisit: Option<&'a RevisitAsk>,
    /// Varies choices reproducibly.
    pub seed: u64,
}
