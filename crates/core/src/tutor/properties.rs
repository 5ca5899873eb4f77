//! Property tests of the tutor's validation: whatever the model writes — random
//! answers with any action, target and card, unsafe characters, cut-off JSON, or a valid
//! answer mutated byte by byte — the turn ends with a valid timeline item: an allowed
//! action on a scoped unit with exactly its card and readable words (10,000 cases).

use super::contract::TutorAction;
use super::message::ClientEvent;
use super::testing::{prepared, snapshot};
use super::{PreparedTurn, StudentInput, TutorCard, TutorReply};
use proptest::prelude::*;
use serde_json::json;
use std::sync::OnceLock;

/// Three prepared turns: a typed question, a stuck student, "Try a Drill".
fn turns() -> &'static [PreparedTurn] {
    static TURNS: OnceLock<Vec<PreparedTurn>> = OnceLock::new();
    TURNS.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap_or_else(|e| panic!("runtime: {e}"));
        let mut stuck = snapshot();
        stuck
            .unit_progress
            .entry("N-1".into())
            .or_default()
            .drill
            .attempts = 2;
        rt.block_on(async {
            vec![
                prepared(
                    &snapshot(),
                    StudentInput::message("How do I solve simultaneous equations?"),
                )
                .await,
                prepared(&stuck, StudentInput::message("inverse operations again")).await,
                prepared(
                    &snapshot(),
                    StudentInput::event(ClientEvent::RequestDrill {
                        unit_id: "N-1".into(),
                    }),
                )
                .await,
            ]
        })
    })
}

/// Whether `reply` is a valid timeline item for turn `p`.
fn is_valid_item(reply: &TutorReply, p: &PreparedTurn) -> bool {
    let card_ok = match (&reply.card, reply.action) {
        (None, TutorAction::SocraticQuestion) => true,
        (Some(TutorCard::Concept { key_ideas, .. }), TutorAction::ConceptCard) => {
            !key_ideas.is_empty() && key_ideas.len() <= 3
        }
        (Some(TutorCard::Drill { prompt, .. }), TutorAction::DrillCard) => {
            !prompt.trim().is_empty()
        }
        (Some(TutorCard::Exam { .. }), TutorAction::ExamBlock) => true,
        _ => false,
    };
    let card_unit_ok = reply
        .card
        .as_ref()
        .is_none_or(|c| c.unit_id() == reply.unit_id);
    let text = reply.text.trim();
    p.policy.allowed_actions.contains(&reply.action)
        && p.policy.scoped_unit_ids.contains(&reply.unit_id)
        && card_ok
        && card_unit_ok
        && !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        && !text.contains('\u{202E}')
}

/// The reply the student sees after the model wrote `text`.
fn shown(p: &PreparedTurn, text: &str) -> TutorReply {
    p.check_answer(text).unwrap_or_else(|_| p.fallback())
}

fn words() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,.:;¿?¡!'\"ñé=+^\\\\{}$\u{0}\u{7}\u{202E}\u{2066}\n]{0,300}"
}

fn action() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "SOCRATIC_QUESTION",
        "CONCEPT_CARD",
        "DRILL_CARD",
        "EXAM_BLOCK",
        "",
        "socratic",
        "HACK",
    ])
    .prop_map(String::from)
}

fn unit() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["N-1", "N-2", "N-3", "N-4", "", "X-9"]).prop_map(String::from)
}

/// A random answer object, possibly cut off anywhere.
fn model_output() -> impl Strategy<Value = String> {
    (
        action(),
        unit(),
        words(),
        prop::option::of(prop::collection::vec(words(), 0..6)),
        prop::option::of((words(), words())),
        prop::option::of((unit(), -1.0f64..2.0)),
        prop::option::of(0usize..700),
    )
        .prop_map(|(action, target, text, ideas, drill, mapped, cut)| {
            let mut v = json!({
                "action": action, "target_unit_id": target, "tutor_text": text,
                "mapped_units": [], "turn_analysis": {"student_intent": "solve",
                "understanding_signal": "confused", "suggested_prereq_units": ["N-1", "ghost"]}
            });
            if let Some(ideas) = ideas {
                v["concept_card"] = json!({"key_ideas": ideas, "worked_example": null});
            }
            if let Some((prompt, latex)) = drill {
                v["drill_card"] = json!({"prompt": prompt, "question_latex": latex});
            }
            if let Some((u, c)) = mapped {
                v["mapped_units"] = json!([{"unit_id": u, "confidence": c}]);
            }
            let text = v.to_string();
            match cut {
                Some(at) => text.chars().take(at).collect(),
                None => text,
            }
        })
}

/// A valid drill answer for the fixture's first turn, with random byte edits.
fn mutated() -> impl Strategy<Value = String> {
    let valid = json!({
        "action": "DRILL_CARD", "target_unit_id": "N-2", "tutor_text": "Try this one.",
        "drill_card": {"prompt": "Solve for x", "question_latex": "2x+3=11"},
        "mapped_units": [{"unit_id": "N-4", "confidence": 0.8}],
        "turn_analysis": {"student_intent": "solve", "understanding_signal": "uncertain",
                          "suggested_prereq_units": []}
    })
    .to_string();
    prop::collection::vec((0usize..400, 0usize..4, any::<char>()), 1..6).prop_map(move |edits| {
        let mut chars: Vec<char> = valid.chars().collect();
        for (at, kind, c) in edits {
            let at = at % (chars.len() + 1);
            match kind {
                0 => chars.insert(at, c),
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                2 if at < chars.len() => chars[at] = c,
                _ => chars.truncate(at),
            }
        }
        chars.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn any_model_answer_ends_in_a_valid_timeline_item(out in model_output(), which in 0usize..3) {
        let p = &turns()[which];
        prop_assert!(is_valid_item(&shown(p, &out), p));
    }

    #[test]
    fn a_mutated_valid_answer_ends_in_a_valid_timeline_item(out in mutated(), which in 0usize..3) {
        let p = &turns()[which];
        prop_assert!(is_valid_item(&shown(p, &out), p));
    }
}

#[test]
fn the_unmutated_answer_is_accepted_where_it_is_allowed() {
    let p = &turns()[0];
    assert_eq!(p.policy.focus_unit_id, "N-2");
    let valid = json!({
        "action": "DRILL_CARD", "target_unit_id": "N-2", "tutor_text": "Try this one.",
        "drill_card": {"prompt": "Solve for x", "question_latex": "2x+3=11"},
        "mapped_units": [], "turn_analysis": {"student_intent": "solve",
        "understanding_signal": "uncertain", "suggested_prereq_units": []}
    });
    assert!(p.check_answer(&valid.to_string()).is_ok());
}
