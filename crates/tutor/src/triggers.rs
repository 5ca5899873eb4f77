//! Whole turns through the spec's triggers (spec 001, A1–A5, B1) and issue #33's
//! outcomes: deterministic mapping, policy, plan and composition, a scripted model, the
//! reply filter, and what streams.

use super::contract::TutorAction;
use super::drill::DrillSource;
use super::judge::TutorVerdict;
use super::message::{ClientEvent, TutorCard};
use super::testing::{course, now, prepared, prepared_with, snapshot};
use super::{finish_turn, StudentInput};
use lantern_core::llm::{CancelFlag, ScriptedLlm};
use lantern_core::turn::{answer_turn, ReplyOrigin};

fn said(text: &str) -> String {
    serde_json::json!({ "tutor_text": text }).to_string()
}

#[tokio::test]
async fn a1_a_question_is_answered_from_its_units_material_with_a_checkable_question() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations work?"),
    )
    .await;
    let passage = p.skeleton.passage.as_ref().expect("a passage");
    assert_eq!(passage.unit_id, "N-1");
    assert!(passage.quote.contains("inverse operations"));
    let key = p.skeleton.drill_key.as_ref().expect("the question's key");
    assert!(key.verified);
    assert!(matches!(
        key.source,
        DrillSource::Cloze | DrillSource::ExplainBack
    ));
    assert!(p.request.is_some(), "the model explains the passage");
}

#[tokio::test]
async fn only_supported_model_sentences_are_shown_and_what_streams_stays() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations work?"),
    )
    .await;
    let llm = ScriptedLlm::new([Ok(said(
        "To isolate an unknown, undo each operation with its inverse. \
         Inverse operations were invented in Babylon in 1800 BC. \
         How do inverse operations work?",
    ))]);
    let mut streamed = String::new();
    let a = answer_turn(
        &p,
        Some(&llm),
        &mut |t| streamed.push_str(t),
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    assert_eq!(a.origin, ReplyOrigin::Model);
    assert_eq!(streamed, a.reply.text, "what streams is what stays");
    assert!(a
        .reply
        .text
        .contains("undo each operation with its inverse"));
    assert!(!a.reply.text.contains("Babylon"));
    let checks: Vec<&str> = a.reply.dropped.iter().map(|d| d.check.as_str()).collect();
    assert_eq!(checks, ["supported", "question"]);
    assert_eq!(a.reply.model_sentences, 1);
}

#[tokio::test]
async fn a2_a_missing_prerequisite_is_named_with_the_unit_asked_about() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do I solve simultaneous equations?"),
    )
    .await;
    assert_eq!(p.asked_unit_id.as_deref(), Some("N-4"));
    assert_ne!(p.policy.focus_unit_id, "N-4");
    let reply = p.fallback();
    assert_eq!(
        p.skeleton.passage.as_ref().unwrap().unit_id,
        "N-4",
        "answered first"
    );
    let blocker = course().title_of(&p.policy.focus_unit_id);
    assert!(
        reply.text.contains("“Simultaneous equations” builds on"),
        "{}",
        reply.text
    );
    assert!(reply.text.contains(&blocker));
}

#[tokio::test]
async fn a3_a_message_about_nothing_works_on_the_focus_unit() {
    let p = prepared(&snapshot(), StudentInput::message("hello there")).await;
    assert_eq!(p.asked_unit_id, None);
    let reply = p.fallback();
    assert!(
        reply
            .text
            .starts_with("Let's work on “Inverse operations”."),
        "{}",
        reply.text
    );
    assert!(reply.drill_key.is_some());
}

#[tokio::test]
async fn the_reply_follows_the_messages_language() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("¿Qué son las operaciones inversas?"),
    )
    .await;
    assert_eq!(p.language, lantern_core::language::Language::Es);
    assert!(p.request.as_ref().unwrap().system.contains("Spanish"));
}

#[tokio::test]
async fn b1_a_drill_button_gets_a_checkable_drill_without_the_model() {
    let p = prepared(
        &snapshot(),
        StudentInput {
            event: ClientEvent::RequestDrill {
                unit_id: "N-1".into(),
            },
            ..StudentInput::default()
        },
    )
    .await;
    let llm = ScriptedLlm::new([]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::App);
    assert!(llm.requests().is_empty());
    assert_eq!(a.reply.action, TutorAction::DrillCard);
    assert!(matches!(a.reply.card, Some(TutorCard::Drill { .. })));
    assert!(a.reply.drill_key.unwrap().verified);
}

#[tokio::test]
async fn an_answer_to_the_tutors_question_is_graded_and_counts_as_practice() {
    let first = prepared(&snapshot(), StudentInput::message("hello")).await;
    let key = first.skeleton.drill_key.clone().unwrap();
    let right = key.answer.clone();
    let p = prepared_with(&snapshot(), StudentInput::message(&right), Some(&key)).await;
    let judged = p.skeleton.judged.as_ref().expect("judged");
    assert_eq!(judged.judgement.verdict, TutorVerdict::Right);
    assert!(p.request.is_none(), "a verdict needs no model");
    let a = answer_turn(&p, None, &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.reply.verdict, Some(TutorVerdict::Right));
    let done = finish_turn(&p, &snapshot(), a, now(), 1.0);
    let progress = done.snapshot.progress(&key.unit_id).unwrap();
    assert_eq!(progress.drill.streak_correct, 1);
    assert!(
        done.reply.drill_key.is_some(),
        "and the next question is asked"
    );
}

#[tokio::test]
async fn a_wrong_answer_gets_the_answer_and_why() {
    let first = prepared(&snapshot(), StudentInput::message("hello")).await;
    let key = first.skeleton.drill_key.clone().unwrap();
    let p = prepared_with(&snapshot(), StudentInput::message("banana"), Some(&key)).await;
    let reply = p.fallback();
    assert_eq!(reply.verdict, Some(TutorVerdict::NotYet));
    assert!(reply.text.starts_with("Not"), "{}", reply.text);
}

#[tokio::test]
async fn a_crashed_model_still_leaves_the_authored_turn() {
    let p = prepared(
        &snapshot(),
        StudentInput::message("How do inverse operations work?"),
    )
    .await;
    let llm = ScriptedLlm::new([Err(lantern_core::llm::LlmError::Crashed("abort".into()))]);
    let a = answer_turn(&p, Some(&llm), &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap();
    assert_eq!(a.origin, ReplyOrigin::AfterModelFailure);
    assert!(a.reply.passage.is_some() && a.reply.drill_key.is_some());
}
