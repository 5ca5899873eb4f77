//! Who wrote a module reply, read back from `module_messages.origin` in a real SQLite
//! file: the five kinds the shared turn tells apart — the model, the app (the opening,
//! a section moved to), the offline guide, the guide after the model crashed, the guide
//! after a broken reply — each sent through `lantern_modules::app`; and migration 0026,
//! which renames the old `code` origin to `app` and keeps every row.

mod common;

use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::turn::ReplyOrigin;
use lantern_modules::app::{self, ModuleRequest};
use lantern_modules::turn::clean_message;
use lantern_modules::StudentAct;
use lantern_packs::module::parse_module;
use lantern_store::Store;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::path::Path;

/// One section of two topics; the opening shows the first topic's notes.
const MODULE: &str = r#"{"formatVersion": 1, "id": "study", "title": "Study", "language": "en",
  "phases": [{"id": "p", "title": "Habits", "sections": [
    {"id": "room", "title": "Your room", "intro": "A calm room helps.",
     "topics": [
      {"id": "phone", "title": "Phone away", "notes": "Put the phone in another room.", "keywords": {"en": ["phone"], "es": ["móvil"]}},
      {"id": "light", "title": "Good light", "notes": "Daylight near a window keeps you awake.", "keywords": {"en": ["light"], "es": ["luz"]}}]},
    {"id": "time", "title": "Your time", "intro": "Short blocks work.",
     "topics": [
      {"id": "rest", "title": "Rest", "notes": "Rest is part of work.", "keywords": {"en": ["rest"], "es": ["descanso"]}}]}]}],
  "forms": []}"#;

/// A reply whose words the light topic's notes and the question support, applying the
/// note rather than copying it (the note is shown under the answer).
const MODEL_REPLY: &str = r#"{"content":{"text_blocks":[{"content":"Daylight keeps you awake, so light is important.","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;

/// A reply with no usable words.
const BROKEN_REPLY: &str = r#"{"content":{"text_blocks":[{"content":"3.3.3.3.3.3.3.3","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;

/// What the scripted model answers once.
type Script = Result<&'static str, LlmError>;

/// A pool of its own on the database file, to read rows as saved.
async fn raw_pool(db: &Path) -> SqlitePool {
    SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::new().filename(db))
        .await
        .unwrap()
}

/// The origin column of message `id`.
async fn saved_origin(pool: &SqlitePool, id: i64) -> Option<String> {
    sqlx::query_scalar("SELECT origin FROM module_messages WHERE id = ?")
        .bind(id)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn each_reply_kind_is_saved_with_who_wrote_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    let store = Store::open(&db).await.unwrap();
    store
        .replace_module(&parse_module(MODULE).unwrap(), "g1")
        .await
        .unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    let session = app::start(&store, ana, "study", Language::En, false)
        .await
        .unwrap();
    let pool = raw_pool(&db).await;
    let opening = session.messages[0].id;
    assert_eq!(saved_origin(&pool, opening).await.as_deref(), Some("app"));

    let cases: [(&str, Option<Script>, ReplyOrigin); 5] = [
        (
            "is light important?",
            Some(Ok(MODEL_REPLY)),
            ReplyOrigin::Model,
        ),
        ("is light important?", None, ReplyOrigin::Offline),
        (
            "is light important?",
            Some(Err(LlmError::Crashed("abort".into()))),
            ReplyOrigin::AfterModelFailure,
        ),
        (
            "is light important?",
            Some(Ok(BROKEN_REPLY)),
            ReplyOrigin::AfterBrokenReply,
        ),
        // Moving on needs no model words: the model is never asked.
        ("next", Some(Err(LlmError::Timeout(30))), ReplyOrigin::App),
    ];
    for (text, script, expected) in cases {
        let llm = script.map(|s| ScriptedLlm::new([s.map(str::to_string)]));
        let saved = app::send(
            &store,
            ModuleRequest {
                profile_id: ana,
                session_id: session.session_id,
                act: StudentAct::Say(clean_message(text).unwrap()),
            },
            llm.as_ref().map(|l| l as &dyn Llm),
            None,
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await
        .unwrap();
        let stored = saved_origin(&pool, saved.reply.id).await;
        assert_eq!(stored.as_deref(), Some(expected.as_str()), "{text}");
        assert_eq!(saved.origin, expected);
        assert_eq!(saved.reply.origin, Some(expected));
        assert_eq!(saved_origin(&pool, saved.student.id).await, None);
        // A given model is asked once, twice when its answer was unusable (the second
        // try), never when the turn needs no model words.
        let asked = llm.as_ref().map(|l| l.requests().len());
        let expected_asks = llm.as_ref().map(|_| match expected {
            ReplyOrigin::App => 0,
            ReplyOrigin::AfterBrokenReply => 2,
            _ => 1,
        });
        assert_eq!(asked, expected_asks, "{text}");
    }
}

/// Applies the repository's migrations before 0026 to the file at `db` and saves an
/// old module conversation: the opening (`code`), a student's turn, a model's reply.
async fn database_before_0026(db: &Path) {
    let pool = common::migrate_until(db, 26).await;
    for statement in [
        "INSERT INTO profiles (name) VALUES ('Ana')",
        "INSERT INTO module_sessions (id, profile_id, module_id, language, progress) \
         SELECT 3, id, 'study', 'en', '{}' FROM profiles",
        "INSERT INTO module_messages (id, session_id, role, text, reply, origin) \
         VALUES (10, 3, 'module', 'Your room', '{}', 'code')",
        "INSERT INTO module_messages (id, session_id, role, text, form) \
         VALUES (11, 3, 'student', 'Bedroom', '{\"id\":\"setup\"}')",
        "INSERT INTO module_messages (id, session_id, role, text, reply, origin, read_as, repairs) \
         VALUES (12, 3, 'module', 'Daylight helps.', '{}', 'model', 'salvaged', 2)",
    ] {
        sqlx::query(statement).execute(&pool).await.unwrap();
    }
    pool.close().await;
}

#[tokio::test]
async fn migration_0026_renames_code_to_app_and_keeps_every_row() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    database_before_0026(&db).await;
    let _store = Store::open(&db).await.unwrap();
    let pool = raw_pool(&db).await;
    type Row = (
        i64,
        i64,
        String,
        String,
        Option<String>,
        Option<String>,
        Option<String>,
        Option<String>,
        i64,
    );
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, session_id, role, text, form, reply, origin, read_as, repairs \
         FROM module_messages ORDER BY id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let text = |s: &str| Some(s.to_string());
    assert_eq!(
        rows,
        [
            (
                10,
                3,
                "module".into(),
                "Your room".into(),
                None,
                text("{}"),
                text("app"),
                None,
                0
            ),
            (
                11,
                3,
                "student".into(),
                "Bedroom".into(),
                text("{\"id\":\"setup\"}"),
                None,
                None,
                None,
                0
            ),
            (
                12,
                3,
                "module".into(),
                "Daylight helps.".into(),
                None,
                text("{}"),
                text("model"),
                text("salvaged"),
                2
            ),
        ]
    );
    // Only the shared names are accepted now; a new message follows the old ids.
    for refused in ["code", "nobody"] {
        assert!(
            sqlx::query("UPDATE module_messages SET origin = ? WHERE id = 10")
                .bind(refused)
                .execute(&pool)
                .await
                .is_err(),
            "{refused}"
        );
    }
    let next: i64 = sqlx::query_scalar(
        "INSERT INTO module_messages (session_id, role, text) VALUES (3, 'student', 'hi') \
         RETURNING id",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(next, 13);
}
