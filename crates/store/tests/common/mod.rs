//! What the store's integration tests share to start from a database an earlier version
//! wrote: a pool on a real SQLite file, and the repository's migrations up to a number.

use sqlx::sqlite::{SqliteConnectOptions, SqlitePool, SqlitePoolOptions};
use std::path::Path;

/// A pool on the SQLite file at `db` (created if missing), foreign keys on.
pub async fn connect(db: &Path) -> SqlitePool {
    SqlitePoolOptions::new()
        .connect_with(
            SqliteConnectOptions::new()
                .filename(db)
                .create_if_missing(true)
                .foreign_keys(true),
        )
        .await
        .unwrap()
}

/// Applies the repository's migrations numbered below `before` to the file at `db`; the
/// pool they ran on.
pub async fn migrate_until(db: &Path, before: u32) -> SqlitePool {
    let dir = tempfile::tempdir().unwrap();
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations");
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name[..4].parse::<u32>().unwrap() < before {
            std::fs::copy(&path, dir.path().join(&name)).unwrap();
        }
    }
    let pool = connect(db).await;
    sqlx::migrate::Migrator::new(dir.path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    pool
}
