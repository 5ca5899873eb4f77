//! Integration tests against a real SQLite file in a temporary folder.

use lantern_core::Coded;
use lantern_store::{Store, StoreError};

async fn temp_store() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&dir.path().join("data/lantern.db"))
        .await
        .expect("open");
    (dir, store)
}

#[tokio::test]
async fn profiles_survive_reopening() {
    let (dir, store) = temp_store().await;
    store.create_profile("Ana").await.unwrap();
    store.create_profile("Bongani").await.unwrap();
    store.close().await;

    let reopened = Store::open(&dir.path().join("data/lantern.db"))
        .await
        .unwrap();
    let names: Vec<_> = reopened
        .list_profiles()
        .await
        .unwrap()
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Ana", "Bongani"]);
}

#[tokio::test]
async fn duplicate_names_are_refused_regardless_of_case() {
    let (_dir, store) = temp_store().await;
    store.create_profile("Ana").await.unwrap();
    let err = store.create_profile(" ana ").await.unwrap_err();
    assert!(matches!(err, StoreError::DuplicateProfile(_)));
    assert_eq!(err.code(), "profile_name_taken");
}

#[tokio::test]
async fn ensure_profile_creates_only_once() {
    let (_dir, store) = temp_store().await;
    let first = store.ensure_profile("Student").await.unwrap();
    let second = store.ensure_profile("Other").await.unwrap();
    assert_eq!(first, second);
    assert_eq!(store.list_profiles().await.unwrap().len(), 1);
}

#[tokio::test]
async fn unopenable_path_gives_a_coded_error() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("file");
    std::fs::write(&blocker, b"not a folder").unwrap();
    let err = Store::open(&blocker.join("lantern.db")).await.unwrap_err();
    assert_eq!(err.code(), "store_open_failed");
}
