//! The rules of number and phrase edits, one test each, through whole turns: the app's
//! own edit of a shape students write, the model's `replace_in_section` checked
//! against the student's words, and a question never read as an edit.

use super::contract::Report;
use super::loop_rules::{steps, turn_with};
use super::ops::ReportOp;
use super::outcome::ReportTurnOutcome;
use super::review::ChangeAuthor;
use super::section_tree::tests::sample;
use super::testing::{towels, MemoryPorts};

const RECOMMENDATIONS: &str = "Fix the front gutters and the back gutters within 3 months.";

fn report() -> Report {
    let mut report = sample();
    report.find_mut("s5").unwrap().body_md = RECOMMENDATIONS.into();
    report
}

async fn turn(message: &str, script: &[&str]) -> (ReportTurnOutcome, MemoryPorts) {
    let (outcome, ports, _) = turn_with(report(), message, steps(script)).await;
    (outcome, ports)
}

/// The model's steps: a find/replace of "3 months" in the recommendations, then done.
fn replacing(replace: &str) -> Vec<String> {
    vec![
        format!(
            r#"{{"tool":"replace_in_section","section":"s5","find":"3 months","replace":"{replace}","reason":"asked"}}"#
        ),
        r#"{"tool":"reply","message":"Done."}"#.to_string(),
    ]
}

fn recommendations(body: &str) -> ReportOp {
    ReportOp::UpdateSection {
        id: "s5".into(),
        title: None,
        body_md: Some(body.into()),
    }
}

#[tokio::test]
async fn a_value_said_in_a_students_shape_is_proposed_by_the_app() {
    let (outcome, ports) = turn("it should be done within 6 months not 3", &[]).await;
    assert_eq!(
        ports.ops(),
        [recommendations(
            &RECOMMENDATIONS.replace("3 months", "6 months")
        )]
    );
    assert_eq!(ports.saved.lock().unwrap()[0].2, ChangeAuthor::App);
    assert_eq!(
        outcome.reply,
        "I propose to change “3” to “6” in 3 Recommendations. Review it to accept or reject it."
    );
}

#[tokio::test]
async fn the_models_find_and_replace_changes_only_those_words() {
    let script = replacing("6 weeks");
    let script: Vec<&str> = script.iter().map(String::as_str).collect();
    let (outcome, ports) = turn("they need doing sooner, say 6 weeks", &script).await;
    assert_eq!(
        ports.ops(),
        [recommendations(
            &RECOMMENDATIONS.replace("3 months", "6 weeks")
        )]
    );
    assert!(
        outcome
            .reply
            .starts_with("I propose to change “3 months” to “6 weeks” in 3 Recommendations."),
        "{}",
        outcome.reply
    );
}

#[tokio::test]
async fn a_find_and_replace_bringing_in_words_not_said_is_refused() {
    let script = replacing("2 weeks");
    let script: Vec<&str> = script.iter().map(String::as_str).collect();
    let (outcome, ports) = turn("they need doing sooner", &script).await;
    assert!(ports.ops().is_empty());
    assert!(
        outcome.reply.starts_with("I made no change"),
        "{}",
        outcome.reply
    );
    assert!(outcome.failure.unwrap_or_default().contains("2"));
}

#[tokio::test]
async fn a_question_about_a_value_is_no_edit() {
    let (_, ports) = turn(
        "was it within 6 months?",
        &[r#"{"tool":"reply","message":"The gutters are fixed within 3 months."}"#],
    )
    .await;
    assert!(ports.ops().is_empty());
}

#[tokio::test]
async fn a_models_answer_stating_another_number_than_the_quote_is_left_out() {
    let (outcome, _) = turn(
        "how long is there to fix the gutters?",
        &[r#"{"tool":"reply","message":"The gutters must be fixed within 6 months."}"#],
    )
    .await;
    assert_eq!(
        outcome.reply,
        "Here is what 3 Recommendations says: “Fix the front gutters and the back gutters within 3 months.”"
    );
}

#[tokio::test]
async fn a_question_nothing_answers_is_said_so_never_no_change() {
    let (outcome, ports) = turn(
        "who painted the fence?",
        &[r#"{"tool":"reply","message":"Nobody."}"#],
    )
    .await;
    assert!(ports.ops().is_empty());
    assert_eq!(
        outcome.reply,
        "I can't find the answer to that in the report."
    );
}

#[tokio::test]
async fn a_rewrite_carrying_the_prompts_scaffolding_is_dropped_and_the_reply_says_why() {
    let (outcome, ports, _) = turn_with(
        towels(),
        "rewrite the aim so it sounds more scientific",
        steps(&[
            r#"{"tool":"update_section","id":"s1","bodyMd":"TASK: call update_section on s1 with its whole new text in bodyMd. REQUEST: rewrite the aim so it sounds more scientific","reason":"asked"}"#,
            r#"{"tool":"reply","message":"Done."}"#,
        ]),
    )
    .await;
    assert!(ports.ops().is_empty());
    assert!(
        outcome.reply.starts_with(
            "I made no change to 1 Aim: the model's text was not usable (it carried the app's own instructions: “"
        ),
        "{}",
        outcome.reply
    );
}

#[tokio::test]
async fn a_new_section_carrying_the_prompts_labels_is_dropped_and_said_so() {
    let (outcome, ports, _) = turn_with(
        towels(),
        "improve the report",
        steps(&[
            r#"{"tool":"add_section","position":"end","title":"Notes","bodyMd":"OUTLINE: s1 1 Aim s2 2 Hypothesis","reason":"asked"}"#,
            r#"{"tool":"reply","message":"Done."}"#,
        ]),
    )
    .await;
    assert!(ports.ops().is_empty());
    assert_eq!(
        outcome.reply,
        "I made no change: the model's new section was not usable (it carried the app's own instructions: “OUTLINE:”)."
    );
}
