//! Coach sessions in a real SQLite file: round trip, profile isolation, surviving a
//! reopen, a change written as one transaction, cascade delete, bad input, first-turn
//! counting.

use lantern_coach::app::CoachRepository;
use lantern_coach::{
    step_change, CoachChange, CoachMessage, CoachRole, Language, ProposedUpdate, StepOutcome,
    ToulminStep,
};
use lantern_core::Coded;
use lantern_store::Store;

async fn temp_store() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&dir.path().join("lantern.db"))
        .await
        .expect("open");
    let profile = store.create_profile("Ana").await.unwrap().id;
    (dir, store, profile)
}

/// A plain connection to the test database, foreign keys on, for what the API cannot
/// express.
async fn raw_connection(dir: &tempfile::TempDir) -> sqlx::SqliteConnection {
    use sqlx::ConnectOptions;
    sqlx::sqlite::SqliteConnectOptions::new()
        .filename(dir.path().join("lantern.db"))
        .foreign_keys(true)
        .connect()
        .await
        .unwrap()
}

/// A change that only appends one message.
fn said(role: CoachRole, content: &str, step: ToulminStep) -> CoachChange {
    CoachChange {
        messages: vec![CoachMessage {
            role,
            content: content.into(),
            step,
            origin: None,
        }],
        ..CoachChange::default()
    }
}

/// A change that only sets the pending proposal.
fn proposing(text: &str) -> CoachChange {
    CoachChange {
        pending_proposal: Some(Some(proposal(text))),
        ..CoachChange::default()
    }
}

fn proposal(text: &str) -> ProposedUpdate {
    ProposedUpdate {
        field: ToulminStep::Claim,
        value: text.into(),
        rationale: "clear".into(),
    }
}

#[tokio::test]
async fn a_session_round_trips_with_draft_messages_and_proposal() {
    let (_dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(
            ana,
            " Weekend homework ",
            Language::Es,
            &CoachChange::default(),
        )
        .await
        .unwrap();
    assert_eq!(
        (s.title.as_str(), s.current_step, s.is_complete),
        ("Weekend homework", ToulminStep::Claim, false)
    );
    store
        .apply_coach_change(
            ana,
            s.id,
            &said(
                CoachRole::User,
                "No homework on weekends",
                ToulminStep::Claim,
            ),
        )
        .await
        .unwrap();
    store
        .apply_coach_change(
            ana,
            s.id,
            &said(
                CoachRole::Assistant,
                "Why?\n\nWhat is your claim?",
                ToulminStep::Claim,
            ),
        )
        .await
        .unwrap();
    store
        .apply_coach_change(ana, s.id, &proposing("No homework on weekends."))
        .await
        .unwrap();
    store
        .apply_coach_change(
            ana,
            s.id,
            &CoachChange::draft_edit(ToulminStep::WarrantBacking, "Sleep studies."),
        )
        .await
        .unwrap();
    let loaded = store.coach_session(ana, s.id).await.unwrap();
    assert_eq!(loaded.language, Language::Es);
    assert_eq!(loaded.messages.len(), 2);
    assert_eq!(loaded.messages[1].content, "Why?\n\nWhat is your claim?");
    assert_eq!(
        loaded.pending_proposal,
        Some(proposal("No homework on weekends."))
    );
    assert_eq!(loaded.draft.warrant_backing, "Sleep studies.");
    assert_eq!(loaded.messages[0].content, "No homework on weekends");
    assert_eq!(loaded.messages[0].step, ToulminStep::Claim);
}

#[tokio::test]
async fn accepting_saves_the_text_clears_the_proposal_advances_and_opens_the_step_together() {
    let (_dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(ana, "T", Language::En, &CoachChange::default())
        .await
        .unwrap();
    store
        .apply_coach_change(ana, s.id, &proposing("A claim here."))
        .await
        .unwrap();
    let outcome = StepOutcome {
        next_step: Some(ToulminStep::Grounds),
        is_complete: false,
    };
    let change = step_change(
        ToulminStep::Claim,
        Language::En,
        outcome,
        Some("A claim here."),
    );
    store.apply_coach_change(ana, s.id, &change).await.unwrap();
    let loaded = store.coach_session(ana, s.id).await.unwrap();
    assert_eq!(loaded.draft.claim, "A claim here.");
    assert_eq!(loaded.pending_proposal, None);
    assert_eq!(loaded.current_step, ToulminStep::Grounds);
    assert_eq!(loaded.messages.last().unwrap().step, ToulminStep::Grounds);
}

#[tokio::test]
async fn another_profiles_session_is_not_found() {
    let (_dir, store, ana) = temp_store().await;
    let ben = store.create_profile("Ben").await.unwrap().id;
    let s = store
        .create_coach_session(ana, "Mine", Language::En, &CoachChange::default())
        .await
        .unwrap();
    let err = store.coach_session(ben, s.id).await.unwrap_err();
    assert_eq!(err.code(), "coach_session_not_found");
    assert!(store.list_coach_sessions(ben).await.unwrap().is_empty());
    assert!(store
        .apply_coach_change(
            ben,
            s.id,
            &CoachChange::draft_edit(ToulminStep::Claim, "hijack")
        )
        .await
        .is_err());
    assert!(store.delete_coach_session(ben, s.id).await.is_err());
    assert_eq!(
        store.coach_session(ana, s.id).await.unwrap().draft.claim,
        ""
    );
}

#[tokio::test]
async fn sessions_survive_reopening_exactly_where_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    let s = store
        .create_coach_session(ana, "Phones", Language::En, &CoachChange::default())
        .await
        .unwrap();
    store
        .apply_coach_change(
            ana,
            s.id,
            &CoachChange {
                progress: Some((ToulminStep::Qualifier, false)),
                ..CoachChange::default()
            },
        )
        .await
        .unwrap();
    store
        .apply_coach_change(
            ana,
            s.id,
            &said(CoachRole::User, "Usually", ToulminStep::Qualifier),
        )
        .await
        .unwrap();
    let before = store.coach_session(ana, s.id).await.unwrap();
    store.close().await;
    let reopened = Store::open(&path).await.unwrap();
    assert_eq!(reopened.coach_session(ana, s.id).await.unwrap(), before);
    let listed = reopened.list_coach_sessions(ana).await.unwrap();
    assert_eq!(
        (listed[0].id, listed[0].current_step),
        (s.id, ToulminStep::Qualifier)
    );
}

#[tokio::test]
async fn deleting_a_session_removes_its_conversation() {
    let (_dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(ana, "Gone", Language::En, &CoachChange::default())
        .await
        .unwrap();
    store
        .apply_coach_change(
            ana,
            s.id,
            &said(CoachRole::User, "hello", ToulminStep::Claim),
        )
        .await
        .unwrap();
    store.delete_coach_session(ana, s.id).await.unwrap();
    assert_eq!(
        store.coach_session(ana, s.id).await.unwrap_err().code(),
        "coach_session_not_found"
    );
}

#[tokio::test]
async fn blank_or_overlong_titles_are_refused() {
    let (_dir, store, ana) = temp_store().await;
    for bad in ["", "   ", &"x".repeat(121), "two\nlines"] {
        let err = store
            .create_coach_session(ana, bad, Language::En, &CoachChange::default())
            .await
            .unwrap_err();
        assert_eq!(err.code(), "coach_title_invalid");
    }
}

#[tokio::test]
async fn the_unsent_message_is_autosaved_cleared_on_send_and_kept_per_profile() {
    let (_dir, store, ana) = temp_store().await;
    let ben = store.create_profile("Ben").await.unwrap().id;
    let s = store
        .create_coach_session(ana, "Draft", Language::En, &CoachChange::default())
        .await
        .unwrap();
    store
        .save_coach_unsent(ana, s.id, "Homework should")
        .await
        .unwrap();
    assert_eq!(
        store.coach_session(ana, s.id).await.unwrap().unsent_message,
        "Homework should"
    );
    assert_eq!(
        store
            .save_coach_unsent(ben, s.id, "x")
            .await
            .unwrap_err()
            .code(),
        "coach_session_not_found"
    );
    store
        .apply_coach_change(
            ana,
            s.id,
            &said(CoachRole::User, "Homework should go.", ToulminStep::Claim),
        )
        .await
        .unwrap();
    assert_eq!(
        store.coach_session(ana, s.id).await.unwrap().unsent_message,
        ""
    );
}

#[tokio::test]
async fn the_last_session_is_the_one_opened_or_changed_last() {
    let (_dir, store, ana) = temp_store().await;
    assert_eq!(store.last_coach_session(ana).await.unwrap(), None);
    let first = store
        .create_coach_session(ana, "First", Language::En, &CoachChange::default())
        .await
        .unwrap();
    let second = store
        .create_coach_session(ana, "Second", Language::En, &CoachChange::default())
        .await
        .unwrap();
    assert_eq!(
        store.last_coach_session(ana).await.unwrap(),
        Some(second.id)
    );
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    store.open_coach_session(ana, first.id).await.unwrap();
    assert_eq!(store.last_coach_session(ana).await.unwrap(), Some(first.id));
    let ben = store.create_profile("Ben").await.unwrap().id;
    assert_eq!(store.last_coach_session(ben).await.unwrap(), None);
}

#[tokio::test]
async fn the_schema_rejects_unknown_steps_and_languages() {
    use sqlx::Connection;
    let (dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(ana, "Checked", Language::En, &CoachChange::default())
        .await
        .unwrap();
    store.close().await;
    let mut db = raw_connection(&dir).await;
    for bad in [
        "UPDATE coach_sessions SET current_step = 'backing' WHERE id = ?",
        "UPDATE coach_sessions SET language = 'fr' WHERE id = ?",
        "UPDATE coach_sessions SET pending_proposal = 'not json' WHERE id = ?",
        "INSERT INTO coach_messages (session_id, role, content, step) VALUES (?, 'system', 'x', 'claim')",
    ] {
        assert!(
            sqlx::query(bad).bind(s.id).execute(&mut db).await.is_err(),
            "{bad}"
        );
    }
    db.close().await.unwrap();
    let reopened = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let kept = reopened.coach_session(ana, s.id).await.unwrap();
    assert_eq!(
        (kept.current_step, kept.language),
        (ToulminStep::Claim, Language::En)
    );
}

#[tokio::test]
async fn rows_cascade_from_profiles_to_sessions_to_messages() {
    let (dir, store, ana) = temp_store().await;
    let (kept, dropped) = (
        store
            .create_coach_session(ana, "Kept", Language::En, &CoachChange::default())
            .await
            .unwrap(),
        store
            .create_coach_session(ana, "Dropped", Language::En, &CoachChange::default())
            .await
            .unwrap(),
    );
    for s in [&kept, &dropped] {
        store
            .apply_coach_change(ana, s.id, &said(CoachRole::User, "hi", ToulminStep::Claim))
            .await
            .unwrap();
    }
    store.delete_coach_session(ana, dropped.id).await.unwrap();
    store.close().await;
    let mut db = raw_connection(&dir).await;
    let messages = "SELECT COUNT(*) FROM coach_messages";
    let count = |sql| sqlx::query_scalar::<_, i64>(sql);
    assert_eq!(count(messages).fetch_one(&mut db).await.unwrap(), 1);
    sqlx::query("DELETE FROM profiles WHERE id = ?")
        .bind(ana)
        .execute(&mut db)
        .await
        .unwrap();
    assert_eq!(
        count("SELECT COUNT(*) FROM coach_sessions")
            .fetch_one(&mut db)
            .await
            .unwrap(),
        0
    );
    assert_eq!(count(messages).fetch_one(&mut db).await.unwrap(), 0);
}

#[tokio::test]
async fn a_new_session_starts_with_its_opening_question() {
    let (_dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(
            ana,
            "Opened",
            Language::Es,
            &CoachChange::opening(Language::Es),
        )
        .await
        .unwrap();
    assert_eq!(s.messages.len(), 1);
    assert_eq!(s.messages[0].role, CoachRole::Assistant);
}

#[tokio::test]
async fn a_change_that_fails_midway_writes_nothing() {
    let (_dir, store, ana) = temp_store().await;
    let s = store
        .create_coach_session(ana, "Atomic", Language::En, &CoachChange::default())
        .await
        .unwrap();
    // Another profile's change is refused as not found: neither its draft text nor its
    // message is kept.
    let ben = store.create_profile("Ben").await.unwrap().id;
    let change = CoachChange {
        draft_field: Some((ToulminStep::Claim, "Mine.".into())),
        ..said(CoachRole::User, "hello", ToulminStep::Claim)
    };
    assert!(store.apply_coach_change(ben, s.id, &change).await.is_err());
    let kept = store.coach_session(ana, s.id).await.unwrap();
    assert!(kept.messages.is_empty());
    assert_eq!(kept.draft.claim, "");
}
