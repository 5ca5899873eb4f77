//! Who wrote each coach reply, as the database keeps it: the five reply kinds walked
//! through the coach's `answer` operation on a real SQLite store, each origin read back
//! from its saved `coach_messages` row.
//!
//! - model: the model's reply, its words kept by the rules and the reply filter;
//! - app: thanks, a greeting or a question about what the step allows — the
//!   `without_model` turn of `CoachTurnInput`, answered in the app's words without
//!   asking the model (a step's opening, `CoachOpening`, has no such turn);
//! - offline: no model loaded;
//! - afterModelFailure: the model crashed or hung mid-turn;
//! - afterBrokenReply: a reply none of whose words pass (the coach's empty response).
//!
//! A saved message answered again (`retry`) is stored the same way.

use lantern_coach::app::{self, CoachAnswer};
use lantern_coach::{clean_message, Language};
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::turn::ReplyOrigin;
use lantern_core::Coded;
use lantern_store::{Store, StoreError};
use sqlx::ConnectOptions;

/// A reply whose words pass the coach's rules and filter.
const KEPT: &str =
    r#"{"assistantText":"Your claim about phones in class is one clear sentence.","step":"claim"}"#;
/// A reply none of whose words pass: the guide answers it.
const BROKEN: &str = r#"{"assistantText":"The student's claim is:","step":"claim"}"#;

/// Most model calls one coach turn makes.
const MODEL_CALLS: usize = 4;

/// What the student says, and how the model answers (no model when `None`).
struct Case {
    message: &'static str,
    model: Option<Result<&'static str, LlmError>>,
    expected: ReplyOrigin,
}

fn cases() -> Vec<Case> {
    let claim = "phones should be allowed in class";
    vec![
        Case {
            message: claim,
            model: Some(Ok(KEPT)),
            expected: ReplyOrigin::Model,
        },
        Case {
            message: "thanks",
            model: Some(Ok(KEPT)),
            expected: ReplyOrigin::App,
        },
        Case {
            message: claim,
            model: None,
            expected: ReplyOrigin::Offline,
        },
        Case {
            message: claim,
            model: Some(Err(LlmError::Crashed("killed".into()))),
            expected: ReplyOrigin::AfterModelFailure,
        },
        Case {
            message: claim,
            model: Some(Err(LlmError::Timeout(30))),
            expected: ReplyOrigin::AfterModelFailure,
        },
        Case {
            message: claim,
            model: Some(Ok(BROKEN)),
            expected: ReplyOrigin::AfterBrokenReply,
        },
    ]
}

/// The student's `message` in a new argument, answered by `model` through the app.
async fn answered(store: &Store, profile: i64, case: &Case) -> CoachAnswer {
    let session = app::start(store, profile, "Phones", Language::En)
        .await
        .unwrap();
    let text = clean_message(case.message).unwrap();
    app::say(store, profile, session.id, &text).await.unwrap();
    // A text offered for a step may ask the model more than once (the judgement of its
    // job, the remark, the remark again): every call gets the case's answer.
    let script = case.model.clone().map(|r| r.map(str::to_string));
    let llm = script.map(|r| ScriptedLlm::new(vec![r; MODEL_CALLS]));
    let llm = llm.as_ref().map(|l| l as &dyn Llm);
    app::answer(
        store,
        profile,
        session.id,
        text,
        llm,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap()
}

/// The `origin` column of the reply saved right after the student's message.
async fn stored_origin(conn: &mut sqlx::SqliteConnection, session: i64) -> Option<String> {
    sqlx::query_scalar(
        "SELECT origin FROM coach_messages WHERE session_id = ?1 AND id > \
         (SELECT max(id) FROM coach_messages WHERE session_id = ?1 AND role = 'user') \
         ORDER BY id LIMIT 1",
    )
    .bind(session)
    .fetch_one(conn)
    .await
    .unwrap()
}

#[tokio::test]
async fn each_reply_kind_is_stored_with_who_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    let profile = store.create_profile("Ana").await.unwrap().id;
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .connect()
        .await
        .unwrap();
    for case in cases() {
        let answer = answered(&store, profile, &case).await;
        let row = stored_origin(&mut conn, answer.session.id).await;
        let stored = row.as_deref().and_then(ReplyOrigin::parse);
        assert_eq!(
            stored,
            Some(case.expected),
            "{:?}: row {row:?}",
            case.message
        );
        assert_eq!(
            answer.origin, case.expected,
            "the stored origin is returned"
        );
        assert!(!answer.reply.assistant_text.is_empty());
    }
}

/// Session `id`'s saved last message answered again, without a model.
async fn retried(store: &Store, profile: i64, id: i64) -> Result<CoachAnswer, StoreError> {
    app::retry(
        store,
        profile,
        id,
        None,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
}

#[tokio::test]
async fn a_saved_message_answered_again_is_stored_with_who_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let profile = store.create_profile("Ana").await.unwrap().id;
    let session = app::start(&store, profile, "Phones", Language::En)
        .await
        .unwrap();
    let text = clean_message("phones should be allowed in class").unwrap();
    app::say(&store, profile, session.id, &text).await.unwrap();
    // The first answer was stopped; the saved message is answered again.
    let again = retried(&store, profile, session.id).await.unwrap();
    assert_eq!(again.origin, ReplyOrigin::Offline);
    assert_eq!(again.input.user_message, text);
    let err = retried(&store, profile, session.id).await.unwrap_err();
    assert_eq!(
        err.code(),
        "coach_no_message",
        "an answered message takes no second answer"
    );
}
