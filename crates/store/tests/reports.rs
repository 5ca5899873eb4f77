//! Reports against a real SQLite file: import as version 1, a chat turn's changes saved
//! for review as they are made (also when the model then crashes), accept as one new
//! version, reject told to the model next turn, deletes confirmed, undo and restore,
//! edits by hand, profiles kept apart, everything there after reopening.

use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, LlmError, ScriptedLlm};
use lantern_core::Coded;
use lantern_reports::app::{self, ChangeSelection, ReportRequest, ReportState, ReportTurnSaved};
use lantern_reports::{clean_message, default_project_name, import_markdown, ReportOp};
use lantern_store::Store;

const SURVEY: &str = "# House survey\n\nFor the owner.\n\n## 1. Introduction\n\nScope.\n\n## 2. Roofing\n\nOld.\n\n### 2.1 Gutters\n\nBlocked. [IMAGE:gutter]\n\n## 3. Recommendations\n\nFix it.\n";

struct Fixture {
    store: Store,
    profile: i64,
    report: i64,
    _dir: tempfile::TempDir,
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let profile = store.create_profile("Ana").await.unwrap().id;
    let project = store
        .create_project(profile, &default_project_name(Language::En))
        .await
        .unwrap();
    let report = import_markdown(SURVEY, "survey.md").unwrap();
    let report = store
        .create_report(profile, project.id, "survey.md", &report)
        .await
        .unwrap()
        .id;
    Fixture {
        store,
        profile,
        report,
        _dir: dir,
    }
}

/// Accepts every waiting change (no delete among them); the state after.
async fn accept_all(f: &Fixture) -> ReportState {
    app::accept(
        &f.store,
        f.profile,
        f.report,
        &ChangeSelection::All,
        false,
        Language::En,
    )
    .await
    .unwrap()
}

fn request(f: &Fixture, message: &str) -> ReportRequest {
    ReportRequest {
        profile_id: f.profile,
        report_id: f.report,
        message: clean_message(message).unwrap(),
        language: Language::En,
    }
}

async fn say(f: &Fixture, message: &str, llm: Option<&ScriptedLlm>) -> ReportTurnSaved {
    let llm = llm.map(|l| l as &dyn lantern_core::llm::Llm);
    let request = request(f, message);
    app::send(
        &f.store,
        request,
        llm,
        None,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn an_import_is_version_one_and_lists_with_its_title() {
    let f = fixture().await;
    let listed = f.store.list_reports(f.profile).await.unwrap();
    assert_eq!(
        (
            listed[0].title.as_str(),
            listed[0].version,
            listed[0].pending
        ),
        ("House survey", 1, 0)
    );
    let state = f.store.report_state(f.profile, f.report).await.unwrap();
    assert_eq!(state.base.ids(), ["s1", "s2", "s3", "s4"]);
}

#[tokio::test]
async fn a_turns_change_waits_for_review_then_accepting_makes_one_new_version() {
    let f = fixture().await;
    let saved = say(&f, "rename 2.1 to Downpipes", None).await;
    assert_eq!(saved.outcome.change_ids.len(), 1);
    let state = f.store.report_state(f.profile, f.report).await.unwrap();
    assert_eq!(state.version, 1, "nothing accepted yet");
    assert_eq!(state.shown().find("s3").unwrap().title, "Downpipes");
    let state = accept_all(&f).await;
    assert_eq!(state.version, 2);
    assert!(state.pending.is_empty());
    assert_eq!(state.base.find("s3").unwrap().title, "Downpipes");
    let history = f.store.report_versions(f.profile, f.report).await.unwrap();
    assert_eq!(history[0].summary, "rename 2.1 Gutters to “Downpipes”");
}

#[tokio::test]
async fn a_delete_needs_a_confirmation_and_undo_brings_the_section_back() {
    let f = fixture().await;
    say(&f, "delete section 2", None).await;
    let e = app::accept(
        &f.store,
        f.profile,
        f.report,
        &ChangeSelection::All,
        false,
        Language::En,
    )
    .await
    .unwrap_err();
    assert_eq!(e.code(), "report_delete_unconfirmed");
    let state = app::accept(
        &f.store,
        f.profile,
        f.report,
        &ChangeSelection::All,
        true,
        Language::En,
    )
    .await
    .unwrap();
    assert!(state.base.find("s3").is_none());
    let state = app::undo(&f.store, f.profile, f.report).await.unwrap();
    assert_eq!(state.base.find("s3").unwrap().title, "Gutters");
    assert_eq!(state.version, 3);
    let e = app::undo(&f.store, f.profile, f.report).await.unwrap_err();
    assert_eq!(e.code(), "report_nothing_to_undo");
}

#[tokio::test]
async fn a_rejection_is_told_to_the_model_on_the_next_turn_only() {
    let f = fixture().await;
    say(&f, "rename 1 to Scope", None).await;
    app::reject(&f.store, f.profile, f.report, &ChangeSelection::All)
        .await
        .unwrap();
    let reply = r#"{"tool":"reply","message":"Understood, nothing changed."}"#;
    let llm = ScriptedLlm::new([Ok(reply.to_string()), Ok(reply.to_string())]);
    say(&f, "Improve the report overall", Some(&llm)).await;
    say(&f, "Improve the report overall", Some(&llm)).await;
    let requests = llm.requests();
    assert!(requests[0].messages[0]
        .content
        .contains("THE STUDENT REJECTED: rename 1 Introduction to “Scope”"));
    assert!(!requests[1].messages[0].content.contains("REJECTED"));
}

#[tokio::test]
async fn changes_made_before_a_crash_are_kept_for_review() {
    let f = fixture().await;
    let llm = ScriptedLlm::new([
        Ok(r#"{"tool":"update_section","id":"s4","bodyMd":"Clear the gutters this month.","reason":"clearer"}"#.into()),
        Err(LlmError::Crashed("abort".into())),
    ]);
    let saved = say(&f, "Improve the report overall", Some(&llm)).await;
    assert!(saved
        .outcome
        .reply
        .starts_with("I propose to rewrite the text of 3 Recommendations"));
    let state = f.store.report_state(f.profile, f.report).await.unwrap();
    assert_eq!(state.pending.len(), 1);
    let messages = f.store.report_messages(f.profile, f.report).await.unwrap();
    assert_eq!(messages.len(), 2);
}

#[tokio::test]
async fn a_stopped_turn_that_changed_nothing_leaves_nothing() {
    let f = fixture().await;
    let llm = ScriptedLlm::new([Err(LlmError::Cancelled)]);
    let cancel = CancelFlag::default();
    cancel.cancel();
    let llm_ref: &dyn lantern_core::llm::Llm = &llm;
    let request = request(&f, "Improve the report overall");
    let e = app::send(&f.store, request, Some(llm_ref), None, &mut |_| {}, &cancel)
        .await
        .unwrap_err();
    assert_eq!(e.code(), "model_cancelled");
    assert!(f
        .store
        .report_messages(f.profile, f.report)
        .await
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn hand_edits_and_restores_are_versions_too() {
    let f = fixture().await;
    let op = ReportOp::UpdateSection {
        id: "s1".into(),
        title: None,
        body_md: Some("Scope and method.".into()),
    };
    let state = app::edit(&f.store, f.profile, f.report, &op, Language::En)
        .await
        .unwrap();
    assert_eq!(state.version, 2);
    let state = app::restore(&f.store, f.profile, f.report, 1)
        .await
        .unwrap();
    assert_eq!(
        (
            state.version,
            state.base.find("s1").unwrap().body_md.as_str()
        ),
        (3, "Scope.")
    );
    let e = app::restore(&f.store, f.profile, f.report, 9)
        .await
        .unwrap_err();
    assert_eq!(e.code(), "report_version_not_found");
}

#[tokio::test]
async fn another_profile_cannot_see_or_change_the_report() {
    let f = fixture().await;
    let other = f.store.create_profile("Ben").await.unwrap().id;
    for e in [
        f.store.report_state(other, f.report).await.unwrap_err(),
        app::undo(&f.store, other, f.report).await.unwrap_err(),
        f.store.delete_report(other, f.report).await.unwrap_err(),
    ] {
        assert_eq!(e.code(), "report_not_found");
    }
    assert!(f.store.list_reports(other).await.unwrap().is_empty());
}

#[tokio::test]
async fn everything_is_there_after_reopening() {
    let f = fixture().await;
    say(&f, "add a section called Costs after 2", None).await;
    let path = f._dir.path().join("lantern.db");
    f.store.clone().close().await;
    let store = Store::open(&path).await.unwrap();
    let state = store.report_state(f.profile, f.report).await.unwrap();
    assert_eq!(state.pending.len(), 1);
    assert_eq!(state.shown().number_of("s5").as_deref(), Some("3"));
    assert_eq!(
        store
            .report_messages(f.profile, f.report)
            .await
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn an_accept_and_an_undo_at_once_never_interleave() {
    for _ in 0..10 {
        let f = fixture().await;
        say(&f, "rename 2.1 to Downpipes", None).await;
        accept_all(&f).await;
        say(&f, "delete section 2", None).await;
        let (accepted, undone) = tokio::join!(
            app::accept(
                &f.store,
                f.profile,
                f.report,
                &ChangeSelection::All,
                true,
                Language::En
            ),
            app::undo(&f.store, f.profile, f.report),
        );
        accepted.unwrap();
        undone.unwrap();
        let base = f
            .store
            .report_state(f.profile, f.report)
            .await
            .unwrap()
            .base;
        let titles: Vec<String> = base.outline().into_iter().map(|e| e.title).collect();
        // Undo after the accept: the delete is taken back, the rename stays. Undo first:
        // the rename is taken back, then the delete is accepted.
        let after =
            titles.contains(&"Downpipes".to_string()) && titles.contains(&"Roofing".to_string());
        let before =
            !titles.contains(&"Downpipes".to_string()) && !titles.contains(&"Roofing".to_string());
        assert!(after || before, "an interleaved result: {titles:?}");
    }
}

#[tokio::test]
async fn undo_in_the_chat_takes_back_the_waiting_change_then_the_accepted_step() {
    let f = fixture().await;
    say(&f, "Rename 1 to Scope", None).await;
    let undone = say(&f, "undo the last change", None).await;
    assert!(
        undone
            .outcome
            .reply
            .starts_with("I took back the last change"),
        "{}",
        undone.outcome.reply
    );
    let state = f.store.report_state(f.profile, f.report).await.unwrap();
    assert!(state.pending.is_empty());
    assert_eq!(state.shown().find("s1").unwrap().title, "Introduction");
    say(&f, "Rename 1 to Scope", None).await;
    accept_all(&f).await;
    let undone = say(&f, "undo that", None).await;
    assert!(
        undone
            .outcome
            .reply
            .starts_with("I undid the last accepted step: rename 1"),
        "{}",
        undone.outcome.reply
    );
    let state = f.store.report_state(f.profile, f.report).await.unwrap();
    assert_eq!(state.base.find("s1").unwrap().title, "Introduction");
    let nothing = say(&f, "undo", None).await;
    assert!(
        nothing.outcome.reply.starts_with("I made no change"),
        "{}",
        nothing.outcome.reply
    );
}

#[tokio::test]
async fn the_answer_to_which_section_is_read_from_the_saved_conversation() {
    let f = fixture().await;
    let retitle = ReportOp::UpdateSection {
        id: "s4".into(),
        title: Some("Gutters".into()),
        body_md: None,
    };
    app::edit(&f.store, f.profile, f.report, &retitle, Language::En)
        .await
        .unwrap();
    let asked = say(&f, "rename gutters to Downpipes", None).await;
    assert_eq!(
        asked.outcome.reply,
        "Which section do you mean: “2.1 Gutters” or “3 Gutters”?"
    );
    let answered = say(&f, "3", None).await;
    assert_eq!(
        answered.outcome.change_ids.len(),
        1,
        "{}",
        answered.outcome.reply
    );
    let shown = f
        .store
        .report_state(f.profile, f.report)
        .await
        .unwrap()
        .shown();
    assert_eq!(shown.find("s4").unwrap().title, "Downpipes");
    assert_eq!(shown.find("s3").unwrap().title, "Gutters");
}
