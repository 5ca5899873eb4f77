//! The spec's trigger list (spec 001, "Input A — /turn", A1–A5) through whole turns:
//! deterministic mapping, policy, plan and grammar, a scripted model, validation and the
//! fallback.

use super::contract::TutorAction;
use super::message::ClientEvent;
use super::testing::{prepared, snapshot};
use super::{StudentInput, TutorCard};
use crate::llm::{CancelFlag, ScriptedLlm};
use crate::turn::{answer_turn, ReplyOrigin};
use serde_json::json;

fn answer(action: &str, unit: &str, text: &str, card: Option<(&str, serde_json::Value)>) -> String {
    let mut v = json!({
        "action": action, "target_unit_id": unit, "tutor_text": text,
        "mapped_units": [{"unit_id": unit, "confidence": 0.9}],
        "turn_analysis": {"student_intent": "solve", "understanding_signal": "uncertain",
                          "suggested_prereq_units": []}
    });
    if let Some((name, value)) = card {
        v[name] = value;
    }
    v.to_string()
}

fn drill(unit: &str) -> String {
    answer(
        "DRILL_CARD",
        unit,
        "Let's practise one.",
        Some((
            "drill_card",
            json!({"prompt": "Solve for x", "question_latex": "2x+3=11"}),
        )),
    )
}

#[tokio::test]
async fn a1_a_clear_question_on_an_open_unit_gets_a_question_or_drill_on_it() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations isolate an unknown?"),
    )
    .await;
    assert_eq!(p.mapped[0].unit_id, "N-1");
    assert_eq!(p.policy.focus_unit_id, "N-1");
    assert_eq!(
        p.plan.actions,
        [TutorAction::SocraticQuestion, TutorAction::DrillCard]
    );
    let llm = ScriptedLlm::new([Ok(drill("N-1"))]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::Model);
    assert!(matches!(a.reply.card, Some(TutorCard::Drill { .. })));
}

#[tokio::test]
async fn a2_a_missing_prerequisite_moves_the_focus_to_it() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do I solve simultaneous equations by elimination?"),
    )
    .await;
    assert_eq!(p.policy.primary_target_unit_id, "N-4");
    assert_eq!(p.policy.prereq_blocking_unit_id.as_deref(), Some("N-2"));
    assert_eq!(p.policy.focus_unit_id, "N-2");
    assert_eq!(p.plan.target_unit_ids, ["N-2"]);
    // A model targeting the blocked unit is refused; the fallback tutors the blocker.
    let llm = ScriptedLlm::new([Ok(drill("N-4"))]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::AfterBrokenReply);
    assert_eq!(a.reply.unit_id, "N-2");
    assert!(a.reply.text.contains("Before Simultaneous equations"));
    // Targeting the blocker but teaching the blocked unit is refused too.
    let off_unit = answer(
        "SOCRATIC_QUESTION",
        "N-2",
        "Would substitution or elimination solve these simultaneous equations faster?",
        None,
    );
    let llm = ScriptedLlm::new([Ok(off_unit)]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert!(a.failure.unwrap().contains("about N-4 instead of N-2"));
}

#[tokio::test]
async fn a3_an_ambiguous_message_gets_a_socratic_clarifier() {
    let p = prepared(&snapshot(), StudentInput::message("hello there")).await;
    assert!(p.mapped.iter().all(|m| m.confidence < 0.55));
    assert_eq!(p.plan.actions, [TutorAction::SocraticQuestion]);
    let llm = ScriptedLlm::new([Ok(answer(
        "SOCRATIC_QUESTION",
        "N-1",
        "What would you like to work on today?",
        None,
    ))]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::Model);
    assert!(a.reply.card.is_none());
}

#[tokio::test]
async fn a4_stuck_by_evidence_gets_a_concept_card() {
    let mut s = snapshot();
    let progress = s.unit_progress.entry("N-1".into()).or_default();
    progress.drill.attempts = 3;
    let p = prepared(
        &s,
        StudentInput::message("I keep getting inverse operations wrong"),
    )
    .await;
    assert!(p.policy.stuck);
    assert_eq!(p.plan.actions, [TutorAction::ConceptCard]);
    let concept = answer(
        "CONCEPT_CARD",
        "N-1",
        "Here is the key idea.",
        Some((
            "concept_card",
            json!({"key_ideas": ["Undo each operation in reverse order."], "worked_example": null}),
        )),
    );
    let llm = ScriptedLlm::new([Ok(concept)]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert!(matches!(a.reply.card, Some(TutorCard::Concept { .. })));
    // Then "Try a Drill" asks for a drill.
    let p = prepared(
        &s,
        StudentInput::event(ClientEvent::RequestDrill {
            unit_id: "N-1".into(),
        }),
    )
    .await;
    assert_eq!(p.plan.actions, [TutorAction::DrillCard]);
}

#[tokio::test]
async fn a5_without_an_exam_service_no_exam_block_is_offered() {
    let mut s = snapshot();
    s.unit_progress
        .entry("N-1".into())
        .or_default()
        .drill
        .streak_correct = 2;
    let p = prepared(&s, StudentInput::message("more inverse operations please")).await;
    assert!(p.policy.exam_ready);
    assert!(!p.policy.allowed_actions.contains(&TutorAction::ExamBlock));
}

#[tokio::test]
async fn a_broken_or_crashed_model_is_answered_by_the_fallback_and_logged() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations work?"),
    )
    .await;
    let llm = ScriptedLlm::new([Ok("{\"action\":".into())]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::AfterBrokenReply);
    assert!(a.failure.unwrap().starts_with("model_output_invalid"));
    let llm = ScriptedLlm::new([Err(crate::llm::LlmError::Crashed("abort".into()))]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::AfterModelFailure);
    assert_eq!(a.reply.action, TutorAction::SocraticQuestion);
}

#[tokio::test]
async fn only_the_tutor_text_streams_to_the_student() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations work?"),
    )
    .await;
    let llm = ScriptedLlm::new([Ok(answer(
        "SOCRATIC_QUESTION",
        "N-1",
        "What undoes adding five?",
        None,
    ))]);
    let mut streamed = String::new();
    answer_turn(
        &p,
        Some(&llm),
        &mut |t| streamed.push_str(t),
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    assert_eq!(streamed, "What undoes adding five?");
}
