//! Migration 0024 on a real SQLite file written before it: each old report reply's
//! `author` becomes the shared `origin` its row tells, and the changes keep the request
//! they came from (report_messages is altered in place, never rebuilt).

mod common;

use lantern_store::Store;
use std::path::Path;

/// Old replies: (id, author, turn_end, failure), and the origin each must get.
const OLD_REPLIES: [(i64, &str, &str, Option<&str>, &str); 7] = [
    (2, "model", "reply", None, "model"),
    (3, "app", "offline", None, "offline"),
    (
        4,
        "app",
        "modelFailed",
        Some("model_crashed: abort"),
        "afterModelFailure",
    ),
    (
        5,
        "app",
        "modelFailed",
        Some("model_timeout: 30 s"),
        "afterModelFailure",
    ),
    (6, "app", "stepLimit", None, "afterBrokenReply"),
    (7, "app", "repeatedCall", None, "afterBrokenReply"),
    (8, "app", "command", None, "app"),
];

/// Applies the migrations before 0024 to the file at `db` and writes a report with a
/// request, the old replies and a change proposed from the request.
async fn write_before_0024(db: &Path) {
    let pool = common::migrate_until(db, 24).await;
    for sql in [
        "INSERT INTO profiles (id, name) VALUES (1, 'Ana')",
        "INSERT INTO projects (id, profile_id, name) VALUES (1, 1, 'My reports')",
        "INSERT INTO reports (id, profile_id, project_id, title, source_name) VALUES (1, 1, 1, 'Survey', 'survey.md')",
        "INSERT INTO report_messages (id, report_id, role, text) VALUES (1, 1, 'student', 'rename 1 to Scope')",
        "INSERT INTO report_changes (report_id, message_id, op, reason, author) \
         VALUES (1, 1, '{\"kind\":\"update_section\",\"id\":\"s1\",\"title\":\"Scope\"}', 'asked', 'app')",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    for (id, author, end, failure, _) in OLD_REPLIES {
        sqlx::query(
            "INSERT INTO report_messages (id, report_id, role, text, author, turn_end, failure) \
             VALUES (?, 1, 'assistant', 'A reply.', ?, ?, ?)",
        )
        .bind(id)
        .bind(author)
        .bind(end)
        .bind(failure)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
}

#[tokio::test]
async fn old_replies_get_the_origin_their_row_tells_and_changes_keep_their_request() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lantern.db");
    write_before_0024(&db).await;
    let _store = Store::open(&db).await.unwrap();
    let pool = &common::connect(&db).await;
    let origins: Vec<(i64, Option<String>)> =
        sqlx::query_as("SELECT id, origin FROM report_messages ORDER BY id")
            .fetch_all(pool)
            .await
            .unwrap();
    let mut expected = vec![(1, None)];
    expected.extend(OLD_REPLIES.map(|(id, .., origin)| (id, Some(origin.to_string()))));
    assert_eq!(origins, expected);
    let linked: Option<i64> = sqlx::query_scalar("SELECT message_id FROM report_changes")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(linked, Some(1), "the change still names its request");
    let columns: Vec<String> =
        sqlx::query_scalar("SELECT name FROM pragma_table_info('report_messages')")
            .fetch_all(pool)
            .await
            .unwrap();
    assert!(!columns.contains(&"author".to_string()), "{columns:?}");
    assert!(
        sqlx::query("UPDATE report_messages SET origin = 'nobody' WHERE id = 2")
            .execute(pool)
            .await
            .is_err()
    );
}
