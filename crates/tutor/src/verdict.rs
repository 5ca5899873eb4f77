//! The answer checker's verdict on a drill answer, with the tag of a foreseen or detected
//! mistake.

use super::drill::DrillKey;
use lantern_core::answers::{check_answer, detect_mistake, Rejection};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a wrong answer's tag came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum TagSource {
    /// The answer is one the drill foresaw.
    Foreseen,
    /// A deterministic detector recognised it.
    Detector,
    /// The model picked it from the unit's list.
    Model,
}

/// The checker's verdict on a drill answer, with the tag when one is known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct DrillVerdict {
    /// Whether the answer is accepted.
    pub is_correct: bool,
    /// Why not, when not.
    pub reason: Option<Rejection>,
    /// The checker's explanation.
    pub explanation: String,
    /// The expected answer.
    pub expected: String,
    /// The mistake's tag, when known.
    pub common_mistake_tag: Option<String>,
    /// Where the tag came from.
    pub tag_source: Option<TagSource>,
}

/// The answer checker's verdict on a numeric drill, with the tag of a foreseen or
/// detected mistake.
pub fn check_drill(key: &DrillKey, answer: &str) -> DrillVerdict {
    let verdict = check_answer(&key.answer, answer, &key.options());
    let (tag, source) = if verdict.correct {
        (None, None)
    } else if let Some(m) = key
        .mistakes
        .iter()
        .find(|m| check_answer(&m.answer, answer, &key.options()).correct)
    {
        (Some(m.tag.clone()), Some(TagSource::Foreseen))
    } else if let Some(d) = detect_mistake(&key.answer, answer) {
        (Some(d.tag().to_string()), Some(TagSource::Detector))
    } else {
        (None, None)
    };
    DrillVerdict {
        is_correct: verdict.correct,
        reason: verdict.reason,
        explanation: verdict.explanation,
        expected: key.answer.clone(),
        common_mistake_tag: tag,
        tag_source: source,
    }
}
