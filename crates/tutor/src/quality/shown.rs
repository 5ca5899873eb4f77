//! One turn as the eval sees it ([`ShownTurn`]) and what a case expects of it
//! ([`TurnExpectation`]): what every check of [`super`] reads.

use crate::contract::TutorAction;
use crate::drill::DrillKey;
use crate::judge::TutorVerdict;
use crate::log::TurnLog;
use crate::message::{PrerequisiteOffer, TutorCard};
use crate::passage::SourcePassage;
use lantern_core::language::Language;
use lantern_packs::course::Unit;

/// What a case expects of a turn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TurnExpectation {
    /// The unit the message is about (top mapped unit).
    pub mapped: Option<String>,
    /// The unit the turn must tutor.
    pub focus: Option<String>,
    /// The acceptable actions.
    pub actions: Option<Vec<TutorAction>>,
    /// Any of these must be in what the tutor shows (text and passage).
    pub answer_has: Vec<String>,
    /// The language the reply must be in.
    pub reply_language: Option<Language>,
    /// The verdict the student's answer must get.
    pub grade: Option<TutorVerdict>,
    /// Whether the reply must answer in words before any practice (`None`: when the
    /// student's message is a question).
    pub answered_in_words: Option<bool>,
    /// Whether the reply must give no verdict (`None`: when the message is a question).
    pub not_graded: Option<bool>,
    /// Units besides `mapped` the practice may be on (the prerequisite offered).
    pub practice_on: Vec<String>,
}

/// One turn as the eval sees it.
#[derive(Debug, Clone, Copy)]
pub struct ShownTurn<'a> {
    /// The turn's log.
    pub log: &'a TurnLog,
    /// The student's message.
    pub student: &'a str,
    /// The reply's text.
    pub text: &'a str,
    /// Its card.
    pub card: Option<&'a TutorCard>,
    /// The passage shown with it.
    pub passage: Option<&'a SourcePassage>,
    /// The prerequisite it offers.
    pub offer: Option<&'a PrerequisiteOffer>,
    /// The key of the question the reply asks, if it asks one.
    pub key: Option<&'a DrillKey>,
    /// Everything authored the turn could quote: the course's titles, anchors,
    /// misconceptions and the material read.
    pub authored: &'a [String],
    /// The tutor's earlier replies in the case.
    pub earlier: &'a [String],
    /// The prompt's instruction texts.
    pub instructions: &'a [String],
    /// The unit asked about's title and the blocker's, to be named.
    pub titles: (&'a str, Option<&'a str>),
    /// The course's units.
    pub units: &'a [Unit],
}

/// The texts as string slices.
pub(super) fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}
