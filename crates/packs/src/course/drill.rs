//! Drills are generated live and never stored as entities (spec 001, PF-4.1): the
//! answer key travels with the message that shows the drill and comes back when it is
//! graded. A drill comes from the pack: the unit's templates (answers computed), a
//! cloze or a true-or-false of its sentences and misconceptions, or a misconception's
//! worked step ("is this step right?") — see [`super::practice`].

use super::{render_drill, AnswerOption, Unit};
use lantern_core::answers::{AnswerKind, CheckOptions};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a drill came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum DrillSource {
    /// A course-pack template; the answer was computed.
    Template,
    /// The model (drills saved by earlier versions; the tutor no longer shows model
    /// drills).
    Model,
    /// A misconception's worked step; the answer is "no".
    Misconception,
    /// A sentence of the unit's anchor or notes with one fact blanked; the answer is
    /// the blanked words.
    Cloze,
    /// A misconception stated as a fact (false) or an anchor sentence (true).
    TrueFalse,
    /// "Explain in your own words": the answer is the authored sentence, judged by the
    /// share of its content terms the student uses.
    ExplainBack,
    /// An exam question of a lower tier, as practice: the answer is the correct
    /// option's id.
    Choice,
}

/// A wrong answer foreseen by the drill, and the tag it reveals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ForeseenMistake {
    /// The wrong answer.
    pub answer: String,
    /// The unit's tag.
    pub tag: String,
}

/// What grading a drill needs; kept with the message, never shown before grading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrillKey {
    /// The unit practised.
    pub unit_id: String,
    /// The expected answer.
    pub answer: String,
    /// How answers are compared (inferred from the answer when absent).
    pub kind: Option<AnswerKind>,
    /// Whether the answer must be simplified.
    pub simplified: bool,
    /// Where the drill came from.
    pub source: DrillSource,
    /// The template, for template drills.
    pub template_id: Option<String>,
    /// Whether the answer is known to be right (computed or verified).
    pub verified: bool,
    /// Foreseen wrong answers.
    pub mistakes: Vec<ForeseenMistake>,
    /// Why the right answer is right, when the drill knows (a misconception's text).
    pub explanation: Option<String>,
    /// The options of a multiple-choice drill, so an option's text counts as its id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<AnswerOption>,
}

impl DrillKey {
    /// The checker's options for this drill.
    pub fn options(&self) -> CheckOptions {
        CheckOptions {
            kind: self.kind,
            require_simplified: self.simplified,
        }
    }
}

/// A drill ready to show: the instruction, the question and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedDrill {
    /// The instruction.
    pub prompt: String,
    /// The question (LaTeX).
    pub question_latex: String,
    /// The answer key.
    pub key: DrillKey,
}

/// A stable seed from a turn id (FNV-1a), so a turn's drill is reproducible.
pub fn seed_of(turn_id: &str) -> u64 {
    turn_id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A drill from one of `unit`'s templates, chosen and drawn by `seed`; `None` when the
/// unit has no template that renders.
pub fn template_drill(unit: &Unit, seed: u64) -> Option<GeneratedDrill> {
    let n = unit.drills.len();
    (0..n).find_map(|offset| {
        let template = &unit.drills[(seed as usize).wrapping_add(offset) % n];
        let drill = render_drill(template, seed).ok()?;
        Some(GeneratedDrill {
            prompt: drill.prompt,
            question_latex: drill.question_latex,
            key: DrillKey {
                unit_id: unit.id.clone(),
                answer: drill.answer,
                kind: drill.kind,
                simplified: drill.simplified,
                source: DrillSource::Template,
                template_id: Some(drill.template_id),
                verified: true,
                mistakes: drill
                    .mistakes
                    .into_iter()
                    .map(|(answer, tag)| ForeseenMistake { answer, tag })
                    .collect(),
                explanation: None,
                choices: vec![],
            },
        })
    })
}

/// A unit with one numeric template (`x + b = c`), for tests.
#[cfg(any(test, feature = "testing"))]
pub fn one_template_unit() -> Unit {
    use crate::course::{DrillTemplate, ParamRange};
    use std::collections::BTreeMap;
    Unit {
        id: "U".into(),
        title: "T".into(),
        anchor: "A.".into(),
        tags: vec![],
        misconceptions: vec![],
        content: vec![],
        drills: vec![DrillTemplate {
            id: "t".into(),
            prompt: "Solve for $x$.".into(),
            question: "x + [[b]] = [[c]]".into(),
            answer: "x = [[c - b]]".into(),
            kind: None,
            simplified: false,
            params: BTreeMap::from([
                (
                    "b".into(),
                    ParamRange {
                        min: 1,
                        max: 9,
                        exclude: vec![],
                    },
                ),
                (
                    "c".into(),
                    ParamRange {
                        min: 10,
                        max: 20,
                        exclude: vec![],
                    },
                ),
            ]),
            computed: BTreeMap::new(),
            mistakes: vec![],
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_drill_has_a_computed_verified_key() {
        let unit = one_template_unit();
        let drill = template_drill(&unit, seed_of("7-3")).unwrap();
        assert_eq!(drill.key.source, DrillSource::Template);
        assert!(drill.key.verified);
        assert_eq!(drill, template_drill(&unit, seed_of("7-3")).unwrap());
        let no_templates = Unit {
            drills: vec![],
            ..unit
        };
        assert!(template_drill(&no_templates, 1).is_none());
    }
}
