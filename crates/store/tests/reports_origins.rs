//! Who wrote each kind of report reply, read back from `report_messages.origin` in a
//! real SQLite file: a request the app understands (app), no model (offline), the
//! model's words kept (model), a crash mid-turn (afterModelFailure), and words the loop
//! cannot use (afterBrokenReply).

use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::turn::ReplyOrigin;
use lantern_reports::app::{self, ReportRequest};
use lantern_reports::{clean_message, import_markdown};
use lantern_store::Store;

const SURVEY: &str = "# House survey\n\n## 1. Introduction\n\nScope of the visit.\n\n## 2. Roofing\n\nThe roof is old. It leaks in winter.\n\n## 3. Recommendations\n\nFix the gutters.\n";

/// Plays `message` on a fresh report with `script` as the model (none when `None`);
/// the reply's origin as the turn returned it and as its row holds it.
async fn origin_of(
    message: &str,
    script: Option<Vec<Result<String, LlmError>>>,
) -> [ReplyOrigin; 2] {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let profile = store.create_profile("Ana").await.unwrap().id;
    let project = store.create_project(profile, "Surveys").await.unwrap().id;
    let report = import_markdown(SURVEY, "survey.md").unwrap();
    let report = store
        .create_report(profile, project, "survey.md", &report)
        .await
        .unwrap()
        .id;
    let llm = script.map(ScriptedLlm::new);
    let request = ReportRequest {
        profile_id: profile,
        report_id: report,
        message: clean_message(message).unwrap(),
        language: Language::En,
    };
    let saved = app::send(
        &store,
        request,
        llm.as_ref().map(|l| l as &dyn Llm),
        None,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    let messages = store.report_messages(profile, report).await.unwrap();
    let row = messages.iter().find(|m| m.id == saved.reply_id).unwrap();
    [saved.origin, row.origin.unwrap()]
}

fn steps(steps: &[&str]) -> Option<Vec<Result<String, LlmError>>> {
    Some(steps.iter().map(|s| Ok(s.to_string())).collect())
}

#[tokio::test]
async fn a_request_the_app_understands_is_the_apps() {
    let origin = origin_of("rename 2 to Roof", steps(&[])).await;
    assert_eq!(origin, [ReplyOrigin::App; 2]);
}

#[tokio::test]
async fn without_a_model_the_offline_help_answers() {
    let origin = origin_of("Improve the report overall", None).await;
    assert_eq!(origin, [ReplyOrigin::Offline; 2]);
}

#[tokio::test]
async fn the_models_words_that_pass_are_the_models() {
    let reply = r#"{"tool":"reply","message":"The roof is old. It was repaired in 2010."}"#;
    let origin = origin_of("what does the report say about the roof?", steps(&[reply])).await;
    assert_eq!(origin, [ReplyOrigin::Model; 2]);
}

#[tokio::test]
async fn a_crash_mid_turn_is_answered_after_the_models_failure() {
    for failure in [LlmError::Crashed("abort".into()), LlmError::Timeout(30)] {
        let origin = origin_of("Improve the report overall", Some(vec![Err(failure)])).await;
        assert_eq!(origin, [ReplyOrigin::AfterModelFailure; 2]);
    }
}

#[tokio::test]
async fn words_the_loop_cannot_use_are_a_broken_reply() {
    let unreadable = r#"{"tool":"reply","message":"3.3.3.3.3.3"}"#;
    let origin = origin_of("Improve the report overall", steps(&[unreadable])).await;
    assert_eq!(origin, [ReplyOrigin::AfterBrokenReply; 2]);
    let call = r#"{"tool":"get_report_slices","ids":["s1"]}"#;
    let repeated = origin_of("Improve the report overall", steps(&[call, call])).await;
    assert_eq!(repeated, [ReplyOrigin::AfterBrokenReply; 2]);
}
