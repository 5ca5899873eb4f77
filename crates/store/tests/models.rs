//! The model list's rows in a real SQLite file: imports unique by path, removal taking
//! their speeds, speeds kept apart per thread count and CPU, and pairs (a model with its
//! draft) kept apart per draft and refused pairs.

use lantern_store::{NewImportedModel, PairKey, SpeedScope, Store, StoreError};

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

#[tokio::test]
async fn a_pair_s_speed_is_kept_per_draft_and_goes_with_either_model() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let scope = SpeedScope {
        threads: 2,
        cpu: "cpu",
    };
    let draft = store
        .add_imported_model(&gguf("/m/draft.gguf"))
        .await
        .unwrap();
    let draft_key = format!("imported:{}", draft.id);
    let by_import = PairKey {
        model: "pack:writer",
        draft: &draft_key,
    };
    let by_pack = PairKey {
        model: "pack:writer",
        draft: "pack:small",
    };
    store
        .record_model_speed("pack:writer", scope, 100.0, 14.0, None)
        .await
        .unwrap();
    for (pair, decode) in [(by_import, 9.0), (by_pack, 16.0)] {
        store
            .record_pair_speed(pair, scope, 100.0, decode, Some(7))
            .await
            .unwrap();
    }
    let pairs = store.pair_speeds(scope).await.unwrap();
    let speed = |pairs: &lantern_store::ByPair<lantern_store::ModelSpeed>, draft: &str| {
        pairs
            .get(&("pack:writer".to_string(), draft.to_string()))
            .map(|s| s.decode_tps)
    };
    assert_eq!(speed(&pairs, "pack:small"), Some(16.0));
    assert_eq!(speed(&pairs, &draft_key), Some(9.0));
    // A drafted run that fails forgets the pair's older figure; the model's own stays.
    store.forget_pair_speed(by_pack, scope).await.unwrap();
    assert_eq!(
        speed(&store.pair_speeds(scope).await.unwrap(), "pack:small"),
        None
    );
    assert!(store
        .model_speeds(scope)
        .await
        .unwrap()
        .contains_key("pack:writer"));
    // The draft removed: its pairs go with it, the model's own speed stays.
    store.refuse_pair(by_import, "cannot draft").await.unwrap();
    store.remove_imported_model(draft.id).await.unwrap();
    assert!(store.pair_speeds(scope).await.unwrap().is_empty());
    assert!(store.refused_pairs().await.unwrap().is_empty());
    assert!(store
        .model_speeds(scope)
        .await
        .unwrap()
        .contains_key("pack:writer"));
}

#[tokio::test]
async fn a_refused_pair_is_kept_with_its_reason_and_loses_its_speeds() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let scope = SpeedScope {
        threads: 2,
        cpu: "cpu",
    };
    let pair = PairKey {
        model: "pack:writer",
        draft: "pack:small",
    };
    store
        .record_pair_speed(pair, scope, 100.0, 16.0, None)
        .await
        .unwrap();
    store
        .refuse_pair(pair, "it cannot draft for this model: token 7 differs")
        .await
        .unwrap();
    let refused = store.refused_pairs().await.unwrap();
    assert_eq!(
        refused[&("pack:writer".to_string(), "pack:small".to_string())],
        "it cannot draft for this model: token 7 differs"
    );
    assert!(store.pair_speeds(scope).await.unwrap().is_empty());
}
