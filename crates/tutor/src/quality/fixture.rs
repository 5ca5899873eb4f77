//! A hand-built turn for the checks' tests: what the student said and the tutor showed,
//! owned, lent out as a [`ShownTurn`].

use super::ShownTurn;
use crate::contract::TutorAction;
use crate::drill::{DrillKey, DrillSource};
use crate::log::TurnLog;
use crate::message::TutorCard;
use crate::passage::SourcePassage;
use crate::testing::policy;
use lantern_core::language::Language;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use lantern_packs::course::Unit;

/// One turn's words and what they rest on.
pub(super) struct Turn {
    pub log: TurnLog,
    pub student: String,
    pub text: String,
    pub card: Option<TutorCard>,
    pub passage: Option<SourcePassage>,
    pub key: Option<DrillKey>,
    pub authored: Vec<String>,
    pub units: Vec<Unit>,
}

/// The notes of the fixture's unit `FR-01`.
pub(super) const NOTES: &str = "The Estates-General had not met since 1614. \
    The three estates were the clergy, the nobility and the commoners. \
    The revolution did not give women equal political rights.";

/// A unit with `title` and `tags`, no drill templates.
pub(super) fn unit(id: &str, title: &str, tags: &[&str]) -> Unit {
    Unit {
        id: id.into(),
        title: title.into(),
        anchor: String::new(),
        tags: tags.iter().map(|t| t.to_string()).collect(),
        misconceptions: Vec::new(),
        content: Vec::new(),
        drills: Vec::new(),
    }
}

/// The key of a cloze on `unit` whose blank is `answer`.
pub(super) fn cloze_key(unit: &str, answer: &str) -> DrillKey {
    DrillKey {
        unit_id: unit.into(),
        answer: answer.into(),
        kind: None,
        simplified: false,
        source: DrillSource::Cloze,
        template_id: None,
        verified: true,
        mistakes: Vec::new(),
        explanation: None,
        choices: Vec::new(),
    }
}

/// The passage of `FR-01` quoting `quote` from [`NOTES`].
pub(super) fn passage(quote: &str) -> SourcePassage {
    SourcePassage {
        unit_id: "FR-01".into(),
        unit_title: "Causes of the French Revolution".into(),
        source: "notes/fr-01.md".into(),
        section: String::new(),
        quote: quote.into(),
        full_text: NOTES.into(),
    }
}

fn log() -> TurnLog {
    let policy = policy("FR-01", &["FR-01"], &[TutorAction::SocraticQuestion], false);
    TurnLog {
        turn_id: "t-1".into(),
        client_event: "NONE".into(),
        mapped_units: Vec::new(),
        asked_unit_id: None,
        reply_language: Language::En,
        focus_unit_id: "FR-01".into(),
        prereq_blocking_unit_id: None,
        allowed_actions: policy.allowed_actions.clone(),
        planned_actions: vec![TutorAction::SocraticQuestion],
        desired_exam_tier: Tier::Bronze,
        exam_availability: policy.exam_availability,
        next_eligible_at: None,
        chosen_action: TutorAction::SocraticQuestion,
        chosen_unit_id: "FR-01".into(),
        passage_source: None,
        clarified_unit_ids: Vec::new(),
        offered_unit_id: None,
        verdict: None,
        model_sentences: 0,
        model_text: String::new(),
        dropped: Vec::new(),
        origin: ReplyOrigin::App,
        fallback_reason: None,
        latency_ms: 0.0,
        prompt_tokens: None,
        reused_tokens: None,
        generated_tokens: None,
        first_token_ms: None,
        material_chunks: 0,
        attemptable_questions: 0,
        policy,
        scored_units: Vec::new(),
    }
}

impl Turn {
    /// The student says `student`; the tutor's text is `text`, on the course's unit
    /// `FR-01` with [`NOTES`] authored, and nothing else shown.
    pub fn new(student: &str, text: &str) -> Self {
        Self {
            log: log(),
            student: student.into(),
            text: text.into(),
            card: None,
            passage: None,
            key: None,
            authored: vec![NOTES.into()],
            units: vec![
                unit("FR-01", "Causes of the French Revolution", &["estates"]),
                unit("FR-02", "Revolutionary dates", &["chronology"]),
            ],
        }
    }

    /// The model wrote `sentences`, shown at the start of the text.
    pub fn with_model(mut self, sentences: &str) -> Self {
        self.log.model_text = sentences.into();
        self.log.model_sentences = 1;
        self.log.origin = ReplyOrigin::Model;
        self.text = format!("{sentences} {}", self.text);
        self
    }

    /// The turn as the checks see it.
    pub fn shown(&self) -> ShownTurn<'_> {
        ShownTurn {
            log: &self.log,
            student: &self.student,
            text: &self.text,
            card: self.card.as_ref(),
            passage: self.passage.as_ref(),
            offer: None,
            key: self.key.as_ref(),
            authored: &self.authored,
            earlier: &[],
            instructions: &[],
            titles: ("", None),
            units: &self.units,
        }
    }
}
