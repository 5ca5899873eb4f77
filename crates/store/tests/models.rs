//! The model list's rows in a real SQLite file: imports unique by path, removal taking
//! their speeds, and speeds kept apart per thread count and CPU.

use lantern_store::{NewImportedModel, SpeedScope, Store, StoreError};

fn gguf(path: &str) -> NewImportedModel {
    NewImportedModel {
        path: path.into(),
        copied: false,
        name: "Tiny".into(),
        architecture: "llama".into(),
        size_bytes: 100,
        ram_bytes: 200,
        chat_template: true,
    }
}

#[tokio::test]
async fn an_import_is_listed_once_and_removed_with_its_speeds() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let first = store.add_imported_model(&gguf("/m/a.gguf")).await.unwrap();
    assert!(matches!(
        store.add_imported_model(&gguf("/m/a.gguf")).await,
        Err(StoreError::ModelAlreadyImported(_))
    ));
    let scope = SpeedScope {
        threads: 2,
        cpu: "cpu",
    };
    let key = format!("imported:{}", first.id);
    store
        .record_model_speed(&key, scope, 100.0, 20.0, Some(5))
        .await
        .unwrap();
    assert_eq!(store.imported_models().await.unwrap(), vec![first.clone()]);
    assert_eq!(store.remove_imported_model(first.id).await.unwrap(), first);
    assert!(store.model_speeds(scope).await.unwrap().is_empty());
    assert!(matches!(
        store.remove_imported_model(first.id).await,
        Err(StoreError::ModelNotImported(_))
    ));
}

#[tokio::test]
async fn speeds_are_kept_per_thread_count_and_cpu_and_replaced_when_measured_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let two = SpeedScope {
        threads: 2,
        cpu: "cpu",
    };
    let four = SpeedScope {
        threads: 4,
        cpu: "cpu",
    };
    let other = SpeedScope {
        threads: 2,
        cpu: "another cpu",
    };
    store
        .record_model_speed("pack:a", two, 100.0, 20.0, None)
        .await
        .unwrap();
    store
        .record_model_speed("pack:a", two, 110.0, 25.0, None)
        .await
        .unwrap();
    store
        .record_model_speed("pack:a", four, 200.0, 40.0, None)
        .await
        .unwrap();
    assert_eq!(
        store.model_speeds(two).await.unwrap()["pack:a"].decode_tps,
        25.0
    );
    assert_eq!(
        store.model_speeds(four).await.unwrap()["pack:a"].decode_tps,
        40.0
    );
    assert!(store.model_speeds(other).await.unwrap().is_empty());
}
