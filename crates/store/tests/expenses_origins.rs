//! Who wrote an expenses reply, read back from the database: the five reply kinds of
//! the shared turn (model, app, offline, afterModelFailure, afterBrokenReply) walked
//! through `lantern_expenses::app::send` on a real SQLite file; and migration 0025,
//! which turns the old `author` of saved replies into their `origin`.

mod common;

use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::turn::ReplyOrigin;
use lantern_expenses::app::{self, ExpenseRequest};
use lantern_expenses::clean_message;
use lantern_store::Store;
use sqlx::sqlite::SqlitePool;

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-23T12:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// Sends `text` with `llm` and returns the origin stored with the reply, checking the
/// operation returned that same origin.
async fn stored_origin(
    store: &Store,
    db: &SqlitePool,
    profile_id: i64,
    text: &str,
    llm: Option<&dyn Llm>,
) -> String {
    let request = ExpenseRequest {
        profile_id,
        message: clean_message(text).unwrap(),
        language: Language::En,
        now: now(),
        role: None,
    };
    let reply = app::send(store, request, llm, None, &CancelFlag::default())
        .await
        .unwrap();
    let origin: String = sqlx::query_scalar("SELECT origin FROM expense_messages WHERE id = ?")
        .bind(reply.message_id)
        .fetch_one(db)
        .await
        .unwrap();
    assert_eq!(reply.origin.as_str(), origin, "{text}");
    origin
}

#[tokio::test]
async fn each_reply_kind_is_stored_with_its_origin() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    let db = common::connect(&path).await;
    let ana = store.create_profile("Ana").await.unwrap().id;
    let open = "hmm, that thing from before";
    let scripted = |reply: Result<&str, LlmError>| ScriptedLlm::new([reply.map(String::from)]);

    let list = scripted(Ok(
        r#"{"type":"tool_call","tool":"list_expenses","args":{}}"#,
    ));
    let app_words = "Add lunch £12 today";
    let crashed = scripted(Err(LlmError::Crashed("worker died".into())));
    // Unusable twice (the retry too): a broken reply the guide answers.
    let refused = ScriptedLlm::new([Ok("{not json".to_string()), Ok("[]".to_string())]);
    let walked = [
        stored_origin(&store, &db, ana, open, Some(&list)).await,
        stored_origin(&store, &db, ana, app_words, None).await,
        stored_origin(&store, &db, ana, open, None).await,
        stored_origin(&store, &db, ana, open, Some(&crashed)).await,
        stored_origin(&store, &db, ana, open, Some(&refused)).await,
    ];
    assert_eq!(
        walked,
        [
            "model",
            "app",
            "offline",
            "afterModelFailure",
            "afterBrokenReply"
        ]
    );
    let shown = app::conversation(&store, ana, 20, now(), Language::En)
        .await
        .unwrap();
    let origins: Vec<Option<ReplyOrigin>> = shown.iter().map(|m| m.origin).collect();
    assert_eq!(
        origins,
        [
            None,
            Some(ReplyOrigin::Model),
            None,
            Some(ReplyOrigin::App),
            None,
            Some(ReplyOrigin::Offline),
            None,
            Some(ReplyOrigin::AfterModelFailure),
            None,
            Some(ReplyOrigin::AfterBrokenReply),
        ]
    );
}

#[tokio::test]
async fn a_card_reply_is_the_apps() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    let db = common::connect(&path).await;
    let ana = store.create_profile("Ana").await.unwrap().id;
    stored_origin(&store, &db, ana, "Add taxi £18 today", None).await;
    let asked = stored_origin(&store, &db, ana, "delete the taxi", None).await;
    assert_eq!(asked, "app");
    let waiting = app::conversation(&store, ana, 10, now(), Language::En)
        .await
        .unwrap();
    let proposal = waiting.last().unwrap().proposal.clone().unwrap();
    let done = app::confirm(&store, ana, &proposal.id, None, now(), Language::En, None)
        .await
        .unwrap();
    assert_eq!(done.origin, ReplyOrigin::App);
}

#[tokio::test]
async fn migration_0025_turns_each_old_author_into_its_origin() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    let old = common::migrate_until(&db, 25).await;
    sqlx::query("INSERT INTO profiles (name) VALUES ('Ana')")
        .execute(&old)
        .await
        .unwrap();
    let rows = [
        ("student", None, None),
        ("assistant", Some("model"), None),
        ("assistant", Some("model"), Some("retried after: not json")),
        ("assistant", Some("app"), Some("model_crashed: worker died")),
        ("assistant", Some("app"), Some("model_timeout: 30 s")),
        (
            "assistant",
            Some("app"),
            Some("expense_model_unreadable: bad"),
        ),
        ("assistant", Some("app"), None),
    ];
    for (i, (role, author, failure)) in rows.iter().enumerate() {
        sqlx::query(
            "INSERT INTO expense_messages (id, profile_id, role, text, author, failure) \
             SELECT ?, id, ?, 'words', ?, ? FROM profiles",
        )
        .bind(i as i64 + 1)
        .bind(role)
        .bind(author)
        .bind(failure)
        .execute(&old)
        .await
        .unwrap();
    }
    old.close().await;
    let _store = Store::open(&db).await.unwrap();
    let db = common::connect(&db).await;
    let origins: Vec<(i64, Option<String>)> =
        sqlx::query_as("SELECT id, origin FROM expense_messages ORDER BY id")
            .fetch_all(&db)
            .await
            .unwrap();
    let expected = [
        None,
        Some("model"),
        Some("model"),
        Some("afterModelFailure"),
        Some("afterModelFailure"),
        Some("afterBrokenReply"),
        Some("app"),
    ];
    let expected: Vec<(i64, Option<String>)> = expected
        .iter()
        .enumerate()
        .map(|(i, o)| (i as i64 + 1, o.map(String::from)))
        .collect();
    assert_eq!(origins, expected);
    assert!(sqlx::query("SELECT author FROM expense_messages")
        .fetch_all(&db)
        .await
        .is_err());
    assert!(sqlx::query("UPDATE expense_messages SET origin = 'nobody'")
        .execute(&db)
        .await
        .is_err());
}
