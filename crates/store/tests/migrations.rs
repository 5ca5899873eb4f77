//! Upgrading a real SQLite file: a database written by an earlier version keeps every
//! row through the migrations that rebuild tables (0018 rebuilds `tutor_messages`, whose
//! drop would otherwise cascade into the drill grades; 0019 rebuilds `coach_messages`).

mod common;

use lantern_store::Store;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use std::path::Path;

/// Applies the repository's migrations numbered below `before` to the file at `db` and
/// writes what that version would have: a profile, a tutor thread with a graded drill and
/// a coach session.
async fn migrate_until(db: &Path, before: u32) {
    let pool = common::migrate_until(db, before).await;
    sqlx::query("INSERT INTO profiles (name) VALUES ('Ana')")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO tutor_threads (profile_id, course_id, title, language) \
         SELECT id, 'geo', 'Angles', 'en' FROM profiles",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO tutor_messages (id, thread_id, turn_id, role, text, card, origin, drill_key) \
         SELECT 7, id, '1-1', 'assistant', 'Try this.', '{\"type\":\"DRILL\"}', 'offline', '{}' \
         FROM tutor_threads",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO tutor_drill_grades (drill_message_id, answer, verdict, graded_at) \
         VALUES (7, '4', '{}', '2026-01-01T00:00:00Z')",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO coach_sessions (profile_id, title, language) SELECT id, 'Phones', 'en' FROM profiles",
    )
    .execute(&pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO coach_messages (id, session_id, role, content, step, origin) \
         SELECT 5, id, 'assistant', 'What is your claim?', 'claim', 'offline' FROM coach_sessions",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

#[tokio::test]
async fn rebuilding_the_tutor_messages_keeps_messages_and_their_grades() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    migrate_until(&db, 18).await;
    let _store = Store::open(&db).await.unwrap();
    let pool = &SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::new().filename(&db))
        .await
        .unwrap();
    let messages: i64 = sqlx::query_scalar("SELECT count(*) FROM tutor_messages")
        .fetch_one(pool)
        .await
        .unwrap();
    let grades: Vec<(i64, String)> =
        sqlx::query_as("SELECT drill_message_id, answer FROM tutor_drill_grades")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(messages, 1);
    assert_eq!(grades, [(7, "4".to_string())]);
    // The new origin is accepted; a made-up one is still refused.
    sqlx::query("UPDATE tutor_messages SET origin = 'app'")
        .execute(pool)
        .await
        .unwrap();
    assert!(sqlx::query("UPDATE tutor_messages SET origin = 'nobody'")
        .execute(pool)
        .await
        .is_err());
}

#[tokio::test]
async fn rebuilding_the_coach_messages_keeps_them_and_accepts_the_app_origin() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    migrate_until(&db, 19).await;
    let _store = Store::open(&db).await.unwrap();
    let pool = &SqlitePoolOptions::new()
        .connect_with(SqliteConnectOptions::new().filename(&db))
        .await
        .unwrap();
    let kept: Vec<(i64, String, Option<String>)> =
        sqlx::query_as("SELECT id, content, origin FROM coach_messages")
            .fetch_all(pool)
            .await
            .unwrap();
    assert_eq!(
        kept,
        [(
            5,
            "What is your claim?".to_string(),
            Some("offline".to_string())
        )]
    );
    sqlx::query("UPDATE coach_messages SET origin = 'app'")
        .execute(pool)
        .await
        .unwrap();
    assert!(sqlx::query("UPDATE coach_messages SET origin = 'nobody'")
        .execute(pool)
        .await
        .is_err());
}
