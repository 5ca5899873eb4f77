//! What a report turn did: its reply, how it ended, and the changes it saved.

use super::contract::Report;
use lantern_core::language::Language;
use lantern_core::llm::tools::StepRecord;

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnEnd {
    /// A request the app understood was applied.
    Command,
    /// The app asked which section (or said none fits), or refused the change.
    Asked,
    /// The model finished with a message.
    Reply,
    /// The model used every step.
    StepLimit,
    /// The model repeated a call.
    RepeatedCall,
    /// The model failed or wrote something unusable.
    ModelFailed,
    /// The student stopped the turn after changes were saved.
    Stopped,
    /// No model: the app's help answered.
    Offline,
}

impl TurnEnd {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Command => "command",
            Self::Asked => "asked",
            Self::Reply => "reply",
            Self::StepLimit => "stepLimit",
            Self::RepeatedCall => "repeatedCall",
            Self::ModelFailed => "modelFailed",
            Self::Stopped => "stopped",
            Self::Offline => "offline",
        }
    }
}

/// What a turn did.
#[derive(Debug, Clone)]
pub struct ReportTurnOutcome {
    /// The reply shown to the student.
    pub reply: String,
    /// Why the app wrote it after asking the model (`code: message`), for the log.
    pub failure: Option<String>,
    /// How the turn ended.
    pub end: TurnEnd,
    /// The changes saved for review this turn.
    pub change_ids: Vec<i64>,
    /// The report as shown after the turn.
    pub report: Report,
    /// The model's tool calls.
    pub steps: Vec<StepRecord>,
    /// Whether the project's specifications were searched (by the app or the model).
    pub searched_specs: bool,
    /// The language of the turn.
    pub language: Language,
    /// The model's sentences the reply filter dropped ("check: sentence").
    pub dropped: Vec<String>,
    /// When the model was asked (its tool loop ran): whether words it wrote passed the
    /// reply filter and are in the reply. `None` when code or the offline help answered.
    pub model_words: Option<bool>,
    /// The model's own sentences in the reply (without the app's confirmation or quote),
    /// when it has some.
    pub model_text: Option<String>,
}

impl ReportTurnOutcome {
    /// The app's `reply` on `report`, nothing changed yet.
    pub(crate) fn by_app(reply: String, end: TurnEnd, report: Report, language: Language) -> Self {
        Self {
            reply,
            failure: None,
            end,
            change_ids: Vec::new(),
            report,
            steps: Vec::new(),
            searched_specs: false,
            language,
            dropped: Vec::new(),
            model_words: None,
            model_text: None,
        }
    }
}
