//! The report turn's rules, one test each, through whole turns with a scripted model.

use super::contract::Report;
use super::ops::ReportOp;
use super::outcome::{ReportTurnOutcome, TurnEnd};
use super::review::ChangeAuthor;
use super::section_tree::tests::sample;
use super::testing::MemoryPorts;
use super::turn::{clean_message, run_report_turn, ReportTurnInput, MAX_STEPS};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, LlmError, ScriptedLlm};
use lantern_core::turn::{Answered, ReplyOrigin};
use lantern_core::Coded;

fn input(report: Report, message: &str) -> ReportTurnInput {
    ReportTurnInput {
        report,
        message: clean_message(message).unwrap(),
        rejected: vec![],
        has_specs: true,
        language: Language::En,
    }
}

async fn answered_with(
    report: Report,
    message: &str,
    script: Vec<Result<String, LlmError>>,
) -> (Answered<ReportTurnOutcome>, MemoryPorts, ScriptedLlm) {
    let llm = ScriptedLlm::new(script);
    let ports = MemoryPorts::default();
    let outcome = run_report_turn(
        input(report, message),
        Some(&llm),
        &ports,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    (outcome, ports, llm)
}

pub(crate) async fn turn_with(
    report: Report,
    message: &str,
    script: Vec<Result<String, LlmError>>,
) -> (ReportTurnOutcome, MemoryPorts, ScriptedLlm) {
    let (answered, ports, llm) = answered_with(report, message, script).await;
    (answered.reply, ports, llm)
}

/// Fails with the reply shown unless it starts with `start`.
fn assert_starts(reply: &str, start: &str) {
    assert!(reply.starts_with(start), "{reply}");
}

/// A turn without a model on `ports`.
async fn turn_offline(input: ReportTurnInput, ports: &MemoryPorts) -> Answered<ReportTurnOutcome> {
    run_report_turn(input, None, ports, &mut |_| {}, &CancelFlag::default())
        .await
        .unwrap()
}

pub(crate) fn steps(steps: &[&str]) -> Vec<Result<String, LlmError>> {
    steps.iter().map(|s| Ok(s.to_string())).collect()
}

#[tokio::test]
async fn a_request_the_app_understands_is_applied_without_the_model() {
    let (outcome, ports, llm) = turn_with(sample(), "Rename 2.1 to Downpipes", vec![]).await;
    assert_eq!(outcome.end, TurnEnd::Command);
    assert!(llm.requests().is_empty());
    assert_eq!(ports.saved.lock().unwrap()[0].2, ChangeAuthor::App);
    assert_eq!(outcome.report.find("s3").unwrap().title, "Downpipes");
    assert!(outcome
        .reply
        .starts_with("I propose to rename 2.1 Gutters to “Downpipes”"));
}

#[tokio::test]
async fn an_ambiguous_reference_becomes_a_question_and_changes_nothing() {
    let mut report = sample();
    report.find_mut("s1").unwrap().title = "Notes".into();
    report.find_mut("s4").unwrap().title = "Notes".into();
    let (outcome, ports, _) = turn_with(report, "delete the notes", vec![]).await;
    assert_eq!(outcome.end, TurnEnd::Asked);
    assert!(outcome.reply.starts_with("Which section do you mean"));
    assert!(ports.ops().is_empty());
}

#[tokio::test]
async fn the_silent_ai_keeps_its_changes_and_the_app_confirms_them() {
    // A batch update, then the model stops without a final message (broken output).
    let (answered, ports, _) = answered_with(
        sample(),
        "Tidy up the headings please",
        steps(&[r#"{"tool":"batch_update_sections","updates":[{"id":"s1","title":"Scope"},{"id":"s5","title":"Advice"}],"reason":"clearer"}"#, "{"]),
    )
    .await;
    assert_eq!(answered.origin, ReplyOrigin::AfterBrokenReply);
    let outcome = answered.reply;
    assert_eq!(outcome.end, TurnEnd::ModelFailed);
    assert_eq!(ports.ops().len(), 2);
    assert_eq!(outcome.change_ids, [1, 2]);
    assert_starts(&outcome.reply, "I propose 2 changes: rename 1 Introduction to “Scope”; rename 3 Recommendations to “Advice”");
}

#[tokio::test]
async fn the_step_limit_ends_a_runaway_loop_with_the_work_kept() {
    let reads: Vec<String> = (0..MAX_STEPS)
        .map(|i| {
            if i == 0 {
                r#"{"tool":"update_section","id":"s1","title":"Scope","reason":"r"}"#.to_string()
            } else {
                format!(r#"{{"tool":"get_report_slices","ids":["s{}"]}}"#, i % 5 + 1)
            }
        })
        .collect();
    let script = reads.into_iter().map(Ok).collect();
    let (answered, ports, llm) =
        answered_with(sample(), "Improve the report overall", script).await;
    assert_eq!(answered.origin, ReplyOrigin::AfterBrokenReply);
    let outcome = answered.reply;
    assert_eq!(outcome.end, TurnEnd::StepLimit);
    assert_eq!(llm.requests().len(), MAX_STEPS);
    assert_eq!(ports.ops().len(), 1);
    assert!(outcome
        .reply
        .starts_with("I propose to rename 1 Introduction"));
}

#[tokio::test]
async fn invalid_arguments_and_unknown_tools_are_told_to_the_model_and_save_nothing() {
    let (outcome, ports, llm) = turn_with(
        sample(),
        "Improve the report overall",
        steps(&[
            r#"{"tool":"move_section","id":"s2","position":"under","anchor":"s3","reason":"x"}"#,
            r#"{"tool":"launch_rockets"}"#,
            r#"{"tool":"reply","message":"I could not change that."}"#,
        ]),
    )
    .await;
    assert!(ports.ops().is_empty());
    let requests = llm.requests();
    let told = &requests[1].messages.last().unwrap().content;
    assert!(
        told.starts_with("ERROR move_section: report_move_into_itself"),
        "{told}"
    );
    let told = &requests[2].messages.last().unwrap().content;
    assert!(
        told.starts_with("ERROR launch_rockets: report_tool_unknown"),
        "{told}"
    );
    assert_starts(&outcome.reply, "I made no change");
}

#[tokio::test]
async fn an_empty_report_can_still_be_chatted_with() {
    let (outcome, ports, llm) = turn_with(
        Report::default(),
        "Start the report with an overview",
        steps(&[r#"{"tool":"add_section","position":"end","title":"Overview","bodyMd":"What this report covers.","reason":"start"}"#, r#"{"tool":"reply","message":"Done."}"#]),
    )
    .await;
    assert_eq!(ports.ops().len(), 1);
    assert_eq!(outcome.report.number_of("s1").as_deref(), Some("1"));
    let schema = llm.schemas()[0].to_string();
    assert!(
        !schema.contains("update_section"),
        "no ids to update in an empty report"
    );
}

#[tokio::test]
async fn the_rule_gate_grants_the_spec_search_in_english_and_spanish_only_when_needed() {
    for (message, granted) in [
        ("What does the spec require for gutters?", true),
        ("¿Qué exige la normativa para los canalones?", true),
        ("Improve the report overall", false),
    ] {
        let (_, _, llm) = turn_with(
            sample(),
            message,
            steps(&[r#"{"tool":"reply","message":"Fine."}"#]),
        )
        .await;
        assert_eq!(
            llm.schemas()[0]
                .to_string()
                .contains("search_project_specs"),
            granted,
            "{message}"
        );
        let prompt = &llm.requests()[0].messages[0].content;
        let passage = "SPECIFICATIONS:\n[spec.md] Gutters: 100 mm minimum.";
        assert_eq!(prompt.contains(passage), granted, "{message}");
    }
}

#[tokio::test]
async fn a_focused_rewrite_offers_only_that_section_and_then_only_the_reply() {
    let mut report = sample();
    report.find_mut("s1").unwrap().body_md =
        "Scope of the visit, which was only a short one in the end.".into();
    let (outcome, ports, llm) = turn_with(
        report,
        "Make the introduction shorter",
        steps(&[
            r#"{"tool":"update_section","id":"s1","bodyMd":"Scope of the visit only.","reason":"shorter"}"#,
            r#"{"tool":"reply","message":"Shortened."}"#,
        ]),
    )
    .await;
    let first = llm.schemas()[0].to_string();
    assert!(
        first.contains(r#""enum":["s1"]"#) && !first.contains("delete_section"),
        "{first}"
    );
    let second = llm.schemas()[1]["anyOf"].as_array().unwrap().len();
    assert_eq!(second, 1, "after the change only the reply is left");
    assert_eq!(
        ports.ops()[0],
        ReportOp::UpdateSection {
            id: "s1".into(),
            title: None,
            body_md: Some("Scope of the visit only.".into())
        }
    );
    assert!(outcome
        .reply
        .starts_with("I propose to rewrite the text of 1 Introduction"));
}

#[tokio::test]
async fn a_repeated_identical_call_ends_the_loop() {
    let call = r#"{"tool":"get_report_slices","ids":["s1"]}"#;
    let (outcome, _, llm) =
        turn_with(sample(), "Improve the report overall", steps(&[call, call])).await;
    assert_eq!(outcome.end, TurnEnd::RepeatedCall);
    assert_eq!(llm.requests().len(), 2);
}

#[tokio::test]
async fn an_unreadable_final_message_is_replaced_by_the_apps_help() {
    let (answered, _, _) = answered_with(
        sample(),
        "Improve the report overall",
        steps(&[r#"{"tool":"reply","message":"3.3.3.3.3.3"}"#]),
    )
    .await;
    assert_eq!(answered.origin, ReplyOrigin::AfterBrokenReply);
    let outcome = answered.reply;
    assert_eq!(outcome.end, TurnEnd::ModelFailed);
    assert!(outcome
        .reply
        .starts_with("I made no change: I couldn't do that on my own"));
}

#[tokio::test]
async fn without_a_model_the_app_says_what_it_can_do() {
    let ports = MemoryPorts::default();
    let answered = turn_offline(
        input(sample(), "Hazlo más bonito, por favor, gracias"),
        &ports,
    )
    .await;
    assert_eq!(answered.origin, ReplyOrigin::Offline);
    let outcome = answered.reply;
    assert_eq!(outcome.end, TurnEnd::Offline);
    assert_starts(&outcome.reply, "No he hecho ningún cambio");
}

#[tokio::test]
async fn a_crash_after_a_change_keeps_the_change() {
    let (answered, ports, _) = answered_with(
        sample(),
        "Improve the report overall",
        vec![
            Ok(r#"{"tool":"delete_section","id":"s4","reason":"empty"}"#.into()),
            Err(LlmError::Crashed("abort".into())),
        ],
    )
    .await;
    assert_eq!(ports.ops().len(), 1);
    assert_eq!(answered.origin, ReplyOrigin::AfterModelFailure);
    let outcome = answered.reply;
    assert!(outcome.failure.unwrap().starts_with("model_crashed"));
    assert!(outcome
        .reply
        .starts_with("I propose to delete 2.2 Flashing"));
}

#[tokio::test]
async fn a_stop_before_any_change_is_reported_as_cancelled() {
    let llm = ScriptedLlm::new([Err(LlmError::Cancelled)]);
    let ports = MemoryPorts::default();
    let cancel = CancelFlag::default();
    cancel.cancel();
    let e = run_report_turn(
        input(sample(), "Improve the report overall"),
        Some(&llm),
        &ports,
        &mut |_| {},
        &cancel,
    )
    .await
    .unwrap_err();
    assert_eq!(e.code(), "model_cancelled");
}

#[test]
fn empty_and_overlong_messages_are_refused() {
    for (message, code) in [
        ("  ", "report_message_empty"),
        (&"x".repeat(5000)[..], "report_message_too_long"),
    ] {
        assert_eq!(clean_message(message).unwrap_err().code(), code);
    }
}

#[tokio::test]
async fn an_image_a_model_rewrite_drops_is_put_back() {
    let (_, ports, _) = turn_with(
        sample(),
        "Rewrite 2.1 more formally",
        steps(&[r#"{"tool":"update_section","id":"s3","bodyMd":"The gutters are blocked.","reason":"formal"}"#, r#"{"tool":"reply","message":"Done."}"#]),
    )
    .await;
    let body = Some("The gutters are blocked.\n\n[IMAGE:gutter]".to_string());
    assert_eq!(
        ports.ops(),
        [ReportOp::UpdateSection {
            id: "s3".into(),
            title: None,
            body_md: body
        }]
    );
}

#[tokio::test]
async fn shorter_text_the_model_cannot_write_is_the_apps_first_sentence() {
    let mut report = sample();
    report.find_mut("s1").unwrap().body_md =
        "Scope of the visit. It took two hours. [IMAGE:front]".into();
    let (outcome, ports, _) =
        turn_with(report, "Make the introduction shorter", steps(&["{"])).await;
    let body = Some("Scope of the visit.\n\n[IMAGE:front]".to_string());
    assert_eq!(
        ports.ops(),
        [ReportOp::UpdateSection {
            id: "s1".into(),
            title: None,
            body_md: body
        }]
    );
    assert_eq!(ports.saved.lock().unwrap()[0].2, ChangeAuthor::App);
    assert!(outcome
        .reply
        .starts_with("I propose to rewrite the text of 1 Introduction"));
}

#[tokio::test]
async fn a_rewrite_the_model_cannot_write_says_how_to_do_it_by_hand() {
    let (outcome, ports, _) = turn_with(
        sample(),
        "Rewrite the recommendations more formally",
        steps(&["{"]),
    )
    .await;
    assert!(ports.ops().is_empty());
    assert!(
        outcome
            .reply
            .starts_with("I made no change to 3 Recommendations"),
        "{}",
        outcome.reply
    );
}

#[tokio::test]
async fn an_addition_keeps_the_sections_text_and_adds_the_models() {
    let (_, ports, llm) = turn_with(
        sample(),
        "Add a sentence about the cost to the recommendations",
        steps(&[r#"{"tool":"update_section","id":"s5","bodyMd":"It will cost about 2,000 euros.","reason":"cost"}"#, r#"{"tool":"reply","message":"Added."}"#]),
    )
    .await;
    let body = Some("Fix the gutters.\n\nIt will cost about 2,000 euros.".to_string());
    assert_eq!(
        ports.ops(),
        [ReportOp::UpdateSection {
            id: "s5".into(),
            title: None,
            body_md: body
        }]
    );
    let first = llm.schemas()[0].to_string();
    assert!(
        !first.contains(r#""reply""#),
        "the first step must call the tool: {first}"
    );
    assert!(llm.requests()[0].messages[0]
        .content
        .contains("TASK: call update_section on s5 with only the sentences to add"));
}

#[tokio::test]
async fn a_model_reply_that_sounds_like_success_without_a_change_is_not_shown() {
    let (answered, ports, _) = answered_with(
        sample(),
        "Make the whole report sound more professional",
        steps(&[
            r#"{"tool":"reply","message":"Swap sections s1 and s6. The change is complete."}"#,
        ]),
    )
    .await;
    assert!(ports.ops().is_empty());
    assert_eq!(answered.origin, ReplyOrigin::AfterBrokenReply);
    assert_starts(&answered.reply.reply, "I made no change");
}

#[tokio::test]
async fn a_question_is_answered_with_the_models_words_that_rest_on_the_report_and_the_quote() {
    let (answered, _, _) = answered_with(
        sample(),
        "what does the report say about the roof?",
        steps(&[r#"{"tool":"reply","message":"The report says the roof is old. It was repaired in 2010."}"#]),
    )
    .await;
    assert_eq!(answered.origin, ReplyOrigin::Model);
    let outcome = answered.reply;
    assert_eq!(
        outcome.reply,
        "The report says the roof is old. Here is what 2 Roofing says: “The roof is old.”"
    );
    assert!(
        outcome.dropped[0].starts_with("supported"),
        "{:?}",
        outcome.dropped
    );
}

#[tokio::test]
async fn the_answer_to_the_apps_question_completes_the_request_asked_about() {
    let mut report = sample();
    report.find_mut("s4").unwrap().title = "Gutters".into();
    let question = "Which section do you mean: “2.1 Gutters” or “2.2 Gutters”?";
    let ports = MemoryPorts {
        history: vec![
            super::ports::ChatLine {
                from_student: true,
                text: "rename gutters to Downpipes".into(),
            },
            super::ports::ChatLine {
                from_student: false,
                text: question.into(),
            },
        ],
        ..MemoryPorts::default()
    };
    let answered = turn_offline(input(report, "2.2 Gutters"), &ports).await;
    assert_eq!(answered.origin, ReplyOrigin::App);
    let outcome = answered.reply;
    assert_eq!(outcome.end, TurnEnd::Command);
    assert_eq!(outcome.report.find("s4").unwrap().title, "Downpipes");
    assert_eq!(
        ports.saved.lock().unwrap()[0].1,
        "rename gutters to Downpipes"
    );
}

#[tokio::test]
async fn undo_takes_back_the_last_change_through_the_store() {
    let (outcome, ports, _) = turn_with(sample(), "Rename 1 to Scope", vec![]).await;
    assert_eq!(outcome.end, TurnEnd::Command);
    let undone = turn_offline(input(sample(), "undo the last change"), &ports).await;
    assert_eq!(undone.reply.reply, "took back: Rename 1 to Scope");
    assert!(ports.ops().is_empty());
    let nothing = turn_offline(input(sample(), "deshaz el último cambio"), &ports).await;
    assert_eq!(nothing.origin, ReplyOrigin::App);
    assert_starts(&nothing.reply.reply, "No he hecho ningún cambio");
}

#[tokio::test]
async fn words_to_say_that_fit_nowhere_go_to_the_model_on_that_section() {
    let (outcome, _, llm) = turn_with(
        sample(),
        "update the recommendations to say call a roofer this week",
        steps(&["{"]),
    )
    .await;
    assert_eq!(llm.requests().len(), 1);
    assert!(llm.requests()[0].messages[0].content.contains("TEXT OF s5"));
    assert!(
        outcome
            .reply
            .starts_with("I made no change to 3 Recommendations"),
        "{}",
        outcome.reply
    );
}

#[tokio::test]
async fn a_translation_left_half_in_english_is_refused_and_said_so() {
    let mut report = sample();
    report.find_mut("s1").unwrap().body_md =
        "The property was inspected on 3 March. Overall condition is fair.".into();
    let half = r#"{"tool":"update_section","id":"s1","bodyMd":"La propiedad fue inspeccionada el 3 de marzo. Overall condition is fair and the roof is sound.","reason":"translate"}"#;
    let (outcome, ports, _) = turn_with(
        report,
        "translate the introduction to Spanish",
        steps(&[half, half, half, half, half, half]),
    )
    .await;
    assert!(ports.ops().is_empty());
    assert!(
        outcome.reply.contains("not in Spanish"),
        "{}",
        outcome.reply
    );
}

#[tokio::test]
async fn a_stop_after_a_change_keeps_it_and_is_no_error() {
    let llm = ScriptedLlm::new([
        Ok(r#"{"tool":"delete_section","id":"s4","reason":"empty"}"#.into()),
        Err(LlmError::Cancelled),
    ]);
    let ports = MemoryPorts::default();
    let cancel = CancelFlag::default();
    let mut stop = |p: super::ports::ReportProgress| {
        if p.step == "deleting" {
            cancel.cancel();
        }
    };
    let answered = run_report_turn(
        input(sample(), "Improve the report overall"),
        Some(&llm),
        &ports,
        &mut stop,
        &cancel,
    )
    .await
    .unwrap();
    assert_eq!(answered.reply.end, TurnEnd::Stopped);
    assert_eq!(answered.origin, ReplyOrigin::Model);
    assert_eq!(ports.ops().len(), 1);
    assert_starts(&answered.reply.reply, "I propose to delete 2.2 Flashing");
}
