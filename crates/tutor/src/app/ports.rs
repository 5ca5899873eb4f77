//! What a turn reads from besides the repository (the model, the course index, the
//! exam service), where it shows what it has as it has it, and where its time went.

use crate::exam::ExamService;
use crate::passage::SourcePassage;
use lantern_core::llm::{DeltaSink, Llm};
use lantern_core::retrieval::Retriever;

/// The ports a tutor turn reads from besides the repository.
#[derive(Clone, Copy)]
pub struct TutorPorts<'a> {
    /// The model; `None` answers with the deterministic fallback.
    pub llm: Option<&'a dyn Llm>,
    /// The course index.
    pub retriever: &'a dyn Retriever,
    /// The exam service.
    pub exams: &'a dyn ExamService,
}

/// Where a tutor turn shows what it has, as it has it.
pub struct TutorSinks<'a> {
    /// The course passage the reply rests on, once the turn is prepared.
    pub on_passage: Option<&'a mut (dyn FnMut(&SourcePassage) + Send)>,
    /// The reply's words as they are checked.
    pub on_text: DeltaSink<'a>,
}

impl<'a> TutorSinks<'a> {
    /// Only the words (the passage arrives with the saved reply).
    pub fn words(on_text: DeltaSink<'a>) -> Self {
        Self {
            on_passage: None,
            on_text,
        }
    }
}

/// Where a tutor turn's time went, in milliseconds (`lantern bench tutor`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TurnTimings {
    /// Reading the thread and preparing the turn: mapping, retrieval, policy.
    pub prepare_ms: f64,
    /// Asking the model and checking its sentences (or the authored reply alone).
    pub answer_ms: f64,
    /// Saving the messages, snapshot and log in one transaction.
    pub save_ms: f64,
}
