//! Drill templates a course pack may declare per unit: parameterised questions whose
//! answers are computed, so a drill shown to a student is always right. Rendering is in
//! [`super::drill_render`]; the format is documented in docs/course-pack.md.

use lantern_core::answers::AnswerKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The integers a parameter is drawn from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamRange {
    /// Smallest value.
    pub min: i64,
    /// Largest value.
    pub max: i64,
    /// Values never drawn (e.g. `[0]`).
    #[serde(default)]
    pub exclude: Vec<i64>,
}

/// A wrong answer a template can foresee, and the unit's tag it reveals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MistakePattern {
    /// The wrong answer, with `[[…]]` placeholders.
    pub answer: String,
    /// One of the unit's misconception tags.
    pub tag: String,
}

/// A parameterised drill of one unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DrillTemplate {
    /// Unique in the unit.
    pub id: String,
    /// The instruction ("Solve for $x$."), with `[[…]]` placeholders.
    pub prompt: String,
    /// The question in LaTeX, with `[[…]]` placeholders.
    pub question: String,
    /// The expected answer, with `[[…]]` placeholders.
    pub answer: String,
    /// How the answer is compared (inferred from the answer when absent).
    #[serde(default)]
    pub kind: Option<AnswerKind>,
    /// Whether the answer must be simplified.
    #[serde(default)]
    pub simplified: bool,
    /// Integer parameters, drawn at random.
    pub params: BTreeMap<String, ParamRange>,
    /// Computed values: name → expression over the parameters and earlier values.
    #[serde(default, rename = "let")]
    pub computed: BTreeMap<String, String>,
    /// Foreseen wrong answers and their tags; at most
    /// [`MAX_MISTAKES`](crate::import_limits::MAX_MISTAKES).
    #[serde(default, deserialize_with = "super::bounded::mistakes")]
    pub mistakes: Vec<MistakePattern>,
}
