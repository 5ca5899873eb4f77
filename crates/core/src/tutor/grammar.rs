//! The policy compiled into the answer's JSON schema (and so into the model's grammar):
//! one object per planned action (a tagged union on `action`), the target limited to
//! the plan's units, an exam suggestion limited to the attemptable candidates at the
//! desired tier, and only the card that the action requires. An obedient answer is then
//! the only one the model can write; [`validate_against_policy`](super::rules) still
//! checks the parsed value.

use super::contract::TutorAction;
use super::plan::TurnPlan;
use super::policy::{TutorPolicy, MAX_KEY_IDEAS};
use serde_json::{json, Value};

/// Longest `tutor_text`, in characters.
pub const MAX_TUTOR_TEXT_CHARS: usize = 240;
/// Longest Socratic question, in characters.
pub const MAX_QUESTION_CHARS: usize = 200;
/// Longest key idea, in characters.
pub const MAX_KEY_IDEA_CHARS: usize = 200;
/// Longest drill prompt, in characters.
pub const MAX_DRILL_PROMPT_CHARS: usize = 120;
/// Longest LaTeX field, in characters.
pub const MAX_LATEX_CHARS: usize = 80;
/// Most units in the model's own mapping.
pub const MAX_MODEL_MAPPED: usize = 2;

fn text(max: usize) -> Value {
    json!({"type": "string", "minLength": 1, "maxLength": max})
}

/// A Socratic question's words: one question, ending with its question mark, without
/// quotes, backslashes or line breaks.
fn socratic_text() -> Value {
    // A pattern becomes raw characters in the grammar, not JSON string characters: a
    // quote, a backslash or a line break would break the JSON, so they are excluded.
    json!({"type": "string", "pattern": format!("^[^?\"\\\\\n]{{8,{}}}[?]$", MAX_QUESTION_CHARS - 1)})
}

/// Plain maths for a drill's question or answer: digits, signs, brackets and
/// one-letter variables (each followed by a sign or digit, so no words), so the checker
/// can solve the question and read the answer. No backslash: it would break the JSON.
fn plain_math(max_terms: usize) -> Value {
    const SIGNS: &str = "[-+*/^=()., 0-9]";
    json!({"type": "string", "pattern": format!(
        "^({SIGNS}{{0,12}}([a-z]{SIGNS}{{1,16}}){{1,{max_terms}}}[a-z]?|{SIGNS}{{1,40}})$"
    )})
}

fn one_of(values: &[String]) -> Value {
    json!({"type": "string", "enum": values})
}

fn card_schema(
    action: TutorAction,
    policy: &TutorPolicy,
    candidates: &[String],
) -> Option<(&'static str, Value)> {
    match action {
        TutorAction::SocraticQuestion => None,
        TutorAction::ConceptCard => Some((
            "concept_card",
            json!({
                "type": "object",
                "properties": {
                    "key_ideas": {"type": "array", "items": text(MAX_KEY_IDEA_CHARS),
                                  "minItems": 1, "maxItems": MAX_KEY_IDEAS},
                    "worked_example": {"anyOf": [{
                        "type": "object",
                        "properties": {
                            "problem_latex": text(MAX_LATEX_CHARS),
                            "final_answer_latex": text(MAX_LATEX_CHARS),
                            "steps_latex": {"type": "array", "items": text(MAX_LATEX_CHARS), "maxItems": 4}
                        },
                        "required": ["problem_latex", "final_answer_latex", "steps_latex"],
                        "additionalProperties": false
                    }, {"type": "null"}]}
                },
                "required": ["key_ideas", "worked_example"],
                "additionalProperties": false
            }),
        )),
        TutorAction::DrillCard => Some((
            "drill_card",
            json!({
                "type": "object",
                "properties": {
                    "prompt": text(MAX_DRILL_PROMPT_CHARS),
                    "question_latex": plain_math(5),
                    "answer_latex": plain_math(3)
                },
                "required": ["prompt", "question_latex", "answer_latex"],
                "additionalProperties": false
            }),
        )),
        TutorAction::ExamBlock => Some((
            "exam_suggestion",
            json!({
                "type": "object",
                "properties": {
                    "question_id": one_of(candidates),
                    "difficultyTier": {"type": "string", "enum": [policy.desired_exam_tier.as_str()]}
                },
                "required": ["question_id", "difficultyTier"],
                "additionalProperties": false
            }),
        )),
    }
}

/// The answer schema of one turn: a union with one object per planned action that can
/// be written (an exam block needs a candidate). `units` are the course's unit ids, for
/// the model's own mapping and suggested prerequisites.
pub fn turn_schema(
    policy: &TutorPolicy,
    plan: &TurnPlan,
    candidates: &[String],
    units: &[String],
) -> Value {
    let mut actions: Vec<TutorAction> = plan
        .actions
        .iter()
        .copied()
        .filter(|a| *a != TutorAction::ExamBlock || !candidates.is_empty())
        .collect();
    if actions.is_empty() {
        actions.push(TutorAction::SocraticQuestion);
    }
    let variants: Vec<Value> = actions
        .iter()
        .map(|action| {
            let mut properties = serde_json::Map::new();
            properties.insert("action".into(), json!({"type": "string", "enum": [action.as_str()]}));
            properties.insert("target_unit_id".into(), one_of(&plan.target_unit_ids));
            let words = if *action == TutorAction::SocraticQuestion {
                socratic_text()
            } else {
                text(MAX_TUTOR_TEXT_CHARS)
            };
            properties.insert("tutor_text".into(), words);
            if let Some((name, card)) = card_schema(*action, policy, candidates) {
                properties.insert(name.into(), card);
            }
            properties.insert(
                "mapped_units".into(),
                json!({"type": "array", "maxItems": MAX_MODEL_MAPPED, "items": {
                    "type": "object",
                    "properties": {
                        "unit_id": one_of(units),
                        "confidence": {"type": "number", "minimum": 0.0, "maximum": 1.0}
                    },
                    "required": ["unit_id", "confidence"],
                    "additionalProperties": false
                }}),
            );
            properties.insert(
                "turn_analysis".into(),
                json!({
                    "type": "object",
                    "properties": {
                        "student_intent": {"type": "string", "enum": ["solve", "explain", "check", "stuck", "unknown"]},
                        "understanding_signal": {"type": "string", "enum": ["confident", "uncertain", "confused"]},
                        "suggested_prereq_units": {"type": "array", "items": one_of(units), "maxItems": 2}
                    },
                    "required": ["student_intent", "understanding_signal", "suggested_prereq_units"],
                    "additionalProperties": false
                }),
            );
            let required: Vec<&String> = properties.keys().collect();
            json!({
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": false
            })
        })
        .collect();
    if variants.len() == 1 {
        variants.into_iter().next().unwrap_or(Value::Null)
    } else {
        json!({"anyOf": variants})
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrieval::Tier;
    use crate::tutor::testing;

    fn policy() -> TutorPolicy {
        let mut p = testing::policy("F", &["F"], &TutorAction::ALL, true);
        p.desired_exam_tier = Tier::Silver;
        p
    }

    fn plan(actions: &[TutorAction]) -> TurnPlan {
        testing::plan("F", actions)
    }

    #[test]
    fn one_action_gives_one_object_with_its_card_only() {
        let s = turn_schema(
            &policy(),
            &plan(&[TutorAction::DrillCard]),
            &[],
            &["F".into()],
        );
        assert_eq!(s["properties"]["action"]["enum"][0], "DRILL_CARD");
        assert!(s["properties"].get("drill_card").is_some());
        assert!(s["properties"].get("concept_card").is_none());
        assert_eq!(s["properties"]["target_unit_id"]["enum"], json!(["F"]));
        assert_eq!(s["additionalProperties"], false);
    }

    #[test]
    fn a_socratic_question_cannot_carry_a_card() {
        let s = turn_schema(
            &policy(),
            &plan(&[TutorAction::SocraticQuestion, TutorAction::DrillCard]),
            &[],
            &["F".into()],
        );
        let variants = s["anyOf"].as_array().unwrap();
        assert_eq!(variants.len(), 2);
        let socratic = &variants[0]["properties"];
        assert!(socratic.get("drill_card").is_none() && socratic.get("concept_card").is_none());
    }

    #[test]
    fn an_exam_block_names_only_candidates_at_the_desired_tier() {
        let s = turn_schema(
            &policy(),
            &plan(&[TutorAction::ExamBlock]),
            &["Q1".into()],
            &["F".into()],
        );
        let exam = &s["properties"]["exam_suggestion"]["properties"];
        assert_eq!(exam["question_id"]["enum"], json!(["Q1"]));
        assert_eq!(exam["difficultyTier"]["enum"], json!(["silver"]));
        let none = turn_schema(
            &policy(),
            &plan(&[TutorAction::SocraticQuestion, TutorAction::ExamBlock]),
            &[],
            &["F".into()],
        );
        assert_eq!(none["properties"]["action"]["enum"][0], "SOCRATIC_QUESTION");
    }
}
