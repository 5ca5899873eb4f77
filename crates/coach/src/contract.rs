//! The coach's response contract (spec 000): what the model must answer, and what the
//! app saves and shows after the rules have been applied.

use super::ToulminStep;
use lantern_core::turn::ReplyOrigin;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who wrote a message of a coach conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum CoachRole {
    /// The student.
    User,
    /// The coach.
    Assistant,
}

impl CoachRole {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Assistant => "assistant",
        }
    }
}

/// One message of a coach conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CoachMessage {
    /// Who wrote it.
    pub role: CoachRole,
    /// The text shown (for the coach: its reply with the guiding question).
    pub content: String,
    /// The step it belongs to.
    pub step: ToulminStep,
    /// Who wrote a coach reply: the model, or the deterministic guide (no model, or the
    /// model failed in that turn). `None` for the student's messages and the app's
    /// opening questions.
    #[serde(default)]
    pub origin: Option<ReplyOrigin>,
}

/// A text the coach proposes for a step of the draft.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ProposedUpdate {
    /// The step the text is for; must be the current step.
    pub field: ToulminStep,
    /// The proposed text (non-empty).
    #[schemars(length(max = 500))]
    pub value: String,
    /// Why this text, briefly.
    #[schemars(length(max = 200))]
    pub rationale: String,
}

/// Longest `assistantText`, in characters (also the schema's `maxLength`).
pub const MAX_ASSISTANT_TEXT: usize = 400;
/// Longest `nextQuestion`, in characters.
pub const MAX_NEXT_QUESTION: usize = 200;
/// Longest proposed text, in characters.
pub const MAX_PROPOSAL_VALUE: usize = 500;
/// Longest proposal rationale, in characters.
pub const MAX_RATIONALE: usize = 200;

/// One coach reply. Field order matters: the model writes `assistantText` first, so
/// the UI can show it while the rest is still being generated. Every text is bounded,
/// so a whole reply always fits the turn's token budget.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct CoachAIResult {
    /// The coach's message, two or three sentences.
    #[schemars(length(min = 1, max = 400))]
    pub assistant_text: String,
    /// The step being worked on.
    pub step: ToulminStep,
    /// How sure the coach is that the step is complete, 0 to 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(range(min = 0.0, max = 1.0))]
    pub confidence: Option<f64>,
    /// A text proposed for the current step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposed_update: Option<ProposedUpdate>,
    /// A guiding question for the student.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 200))]
    pub next_question: Option<String>,
    /// Whether the step is done and the coach moves on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub should_advance: Option<bool>,
    /// The step after an advance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_step: Option<ToulminStep>,
    /// Whether all seven steps are complete.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_complete: Option<bool>,
    /// Whether the text shown carries words the model wrote that the reply filter
    /// kept (set by the turn; never part of the model's JSON nor of what is sent).
    #[serde(skip)]
    #[schemars(skip)]
    pub model_words: bool,
}

impl CoachAIResult {
    /// A plain message for `step` with nothing else set.
    pub fn message(step: ToulminStep, text: impl Into<String>) -> Self {
        Self {
            assistant_text: text.into(),
            step,
            confidence: None,
            proposed_update: None,
            next_question: None,
            should_advance: None,
            next_step: None,
            is_complete: None,
            model_words: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::llm::schema_of;

    #[test]
    fn the_schema_lists_assistant_text_first_and_requires_only_text_and_step() {
        let schema = schema_of::<CoachAIResult>();
        // First whether serde_json keeps declaration order (workspace builds, through
        // feature unification) or sorts keys (this crate alone): `assistantText` leads.
        let first = schema["properties"].as_object().unwrap().keys().next();
        assert_eq!(first.map(String::as_str), Some("assistantText"));
        let mut required: Vec<&str> = schema["required"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        required.sort();
        assert_eq!(required, ["assistantText", "step"]);
    }

    #[test]
    fn the_schemas_length_bounds_are_the_validators() {
        let schema = schema_of::<CoachAIResult>();
        let text_max = schema["properties"]["assistantText"]["maxLength"].as_u64();
        assert_eq!(text_max, Some(MAX_ASSISTANT_TEXT as u64));
        let question = &schema["properties"]["nextQuestion"];
        let question_max = question["maxLength"].as_u64().or_else(|| {
            question["anyOf"]
                .as_array()
                .and_then(|a| a.iter().find_map(|s| s["maxLength"].as_u64()))
        });
        assert_eq!(question_max, Some(MAX_NEXT_QUESTION as u64));
        let proposal = schema_of::<ProposedUpdate>();
        let field_max = |name: &str| proposal["properties"][name]["maxLength"].as_u64();
        assert_eq!(field_max("value"), Some(MAX_PROPOSAL_VALUE as u64));
        assert_eq!(field_max("rationale"), Some(MAX_RATIONALE as u64));
    }

    #[test]
    fn optional_fields_may_be_absent() {
        let r: CoachAIResult =
            serde_json::from_str(r#"{"assistantText":"Hi","step":"claim"}"#).unwrap();
        assert_eq!(r, CoachAIResult::message(ToulminStep::Claim, "Hi"));
    }
}
