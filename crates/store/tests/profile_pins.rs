//! Profile PINs against a real SQLite file: set, check, change and remove (the last two
//! with the current PIN), wrong and malformed PINs, the wait after wrong tries (kept
//! across a restart, not skipped by tries made at once, never longer than five minutes),
//! and the class profile that is created with a PIN and keeps it.

use chrono::{DateTime, Duration, Utc};
use lantern_core::profile_pin::{FREE_FAILURES, MAX_WAIT_SECONDS};
use lantern_core::Coded;
use lantern_store::{ProfileKind, Store, StoreError};
use std::path::PathBuf;

const PIN: &str = "2468";

fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-26T08:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::seconds(seconds)
}

/// A database with profile `Ana` (with `PIN`) and `Ben` (without).
async fn fixture() -> (Store, i64, i64, PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    let ben = store.create_profile("Ben").await.unwrap().id;
    store.set_profile_pin(ana, None, PIN, at(0)).await.unwrap();
    (store, ana, ben, path, dir)
}

fn code<T: std::fmt::Debug>(result: Result<T, impl Coded>) -> &'static str {
    result.expect_err("refused").code().as_str()
}

#[tokio::test]
async fn a_set_pin_is_stored_hashed_and_listed() {
    let (store, ana, ben, _path, _dir) = fixture().await;
    let profiles = store.list_profiles().await.unwrap();
    assert_eq!(
        profiles.iter().map(|p| p.has_pin).collect::<Vec<_>>(),
        [true, false]
    );
    assert!(store.profile_has_pin(ana).await.unwrap());
    assert!(!store.profile_has_pin(ben).await.unwrap());
    store.check_profile_pin(ana, PIN, at(1)).await.unwrap();
    assert_eq!(
        code(store.check_profile_pin(ana, "1111", at(1)).await),
        "profile_pin_wrong"
    );
}

/// The bytes of the database at `path` and of its companion files in `dir` (whatever
/// the write-ahead log still holds). SQLite checkpoints and removes the log as the last
/// connection closes, which sqlx may finish on its own thread after `close` returns: a
/// file that vanishes while being read means its bytes moved, so everything is read again.
fn database_bytes(dir: &std::path::Path, path: &std::path::Path) -> Vec<u8> {
    for _ in 0..50 {
        let mut bytes = Vec::new();
        let mut vanished = false;
        for entry in std::fs::read_dir(dir).unwrap() {
            let file = entry.unwrap().path();
            if !file.to_string_lossy().starts_with(&*path.to_string_lossy()) {
                continue;
            }
            match std::fs::read(&file) {
                Ok(read) => bytes.extend(read),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => vanished = true,
                Err(e) => panic!("cannot read {}: {e}", file.display()),
            }
        }
        if !vanished {
            return bytes;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the database files kept changing while being read");
}

#[tokio::test]
async fn the_digits_are_never_stored() {
    let (store, _, _, path, dir) = fixture().await;
    store.close().await;
    let bytes = database_bytes(dir.path(), &path);
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("$argon2id$"), "a PHC string is stored");
    assert!(!text.contains(PIN));
}

#[tokio::test]
async fn malformed_pins_are_refused_everywhere() {
    let (store, ana, ben, _path, _dir) = fixture().await;
    for bad in ["", "123", "12345678901234", "12a4", " 2468", "2468\n"] {
        assert_eq!(
            code(store.set_profile_pin(ben, None, bad, at(0)).await),
            "profile_pin_invalid",
            "{bad:?}"
        );
        assert_eq!(
            code(store.check_profile_pin(ana, bad, at(0)).await),
            "profile_pin_invalid",
            "{bad:?}"
        );
    }
    assert!(!store.profile_has_pin(ben).await.unwrap());
    // A malformed PIN is not a guess: it does not count towards the wait.
    for _ in 0..10 {
        let _ = store.check_profile_pin(ana, "x", at(1)).await;
    }
    store.check_profile_pin(ana, PIN, at(1)).await.unwrap();
}

#[tokio::test]
async fn a_profile_opens_without_pin_only_when_it_has_none() {
    let (store, ana, ben, _path, _dir) = fixture().await;
    store.unlock_profile(ben, None, at(0)).await.unwrap();
    assert_eq!(
        code(store.unlock_profile(ana, None, at(0)).await),
        "profile_locked"
    );
    assert_eq!(
        code(store.unlock_profile(ana, Some("0000"), at(0)).await),
        "profile_pin_wrong"
    );
    store.unlock_profile(ana, Some(PIN), at(0)).await.unwrap();
}

#[tokio::test]
async fn changing_the_pin_needs_the_current_one() {
    let (store, ana, _, _path, _dir) = fixture().await;
    assert_eq!(
        code(store.set_profile_pin(ana, None, "1357", at(0)).await),
        "profile_locked"
    );
    assert_eq!(
        code(
            store
                .set_profile_pin(ana, Some("9999"), "1357", at(0))
                .await
        ),
        "profile_pin_wrong"
    );
    store.check_profile_pin(ana, PIN, at(0)).await.unwrap();
    store
        .set_profile_pin(ana, Some(PIN), "1357", at(0))
        .await
        .unwrap();
    assert_eq!(
        code(store.check_profile_pin(ana, PIN, at(0)).await),
        "profile_pin_wrong"
    );
    store.check_profile_pin(ana, "1357", at(0)).await.unwrap();
}

#[tokio::test]
async fn removing_the_pin_needs_it_and_then_the_profile_opens_freely() {
    let (store, ana, _, _path, _dir) = fixture().await;
    assert_eq!(
        code(store.remove_profile_pin(ana, "0000", at(0)).await),
        "profile_pin_wrong"
    );
    assert!(store.profile_has_pin(ana).await.unwrap());
    store.remove_profile_pin(ana, PIN, at(0)).await.unwrap();
    assert!(!store.profile_has_pin(ana).await.unwrap());
    store.unlock_profile(ana, None, at(0)).await.unwrap();
    assert_eq!(
        code(store.check_profile_pin(ana, PIN, at(0)).await),
        "profile_pin_required"
    );
}

#[tokio::test]
async fn a_pin_for_a_missing_profile_is_not_found() {
    let (store, _, _, _path, _dir) = fixture().await;
    assert_eq!(
        code(store.set_profile_pin(999, None, PIN, at(0)).await),
        "profile_not_found"
    );
}

/// Makes the free wrong tries, at `when`.
async fn use_up_free_tries(store: &Store, profile: i64, when: DateTime<Utc>) {
    for _ in 0..FREE_FAILURES {
        assert_eq!(
            code(store.check_profile_pin(profile, "0000", when).await),
            "profile_pin_wrong"
        );
    }
}

#[tokio::test]
async fn wrong_tries_make_the_next_wait_and_the_wait_survives_a_restart() {
    let (store, ana, _, path, _dir) = fixture().await;
    use_up_free_tries(&store, ana, at(0)).await;
    // Even the right PIN waits now, and the wait is said in seconds.
    let refused = store.check_profile_pin(ana, PIN, at(10)).await.unwrap_err();
    assert_eq!(refused.code().as_str(), "profile_pin_throttled");
    assert!(refused.to_string().contains("20 s"), "{refused}");

    store.close().await;
    let store = Store::open(&path).await.unwrap();
    assert_eq!(
        code(store.check_profile_pin(ana, PIN, at(29)).await),
        "profile_pin_throttled"
    );
    // After the wait one more wrong try earns a longer one (60 s).
    assert_eq!(
        code(store.check_profile_pin(ana, "0000", at(30)).await),
        "profile_pin_wrong"
    );
    assert_eq!(
        code(store.check_profile_pin(ana, PIN, at(89)).await),
        "profile_pin_throttled"
    );
    // The right PIN after the wait opens and clears the count.
    store.check_profile_pin(ana, PIN, at(90)).await.unwrap();
    use_up_free_tries(&store, ana, at(91)).await;
}

#[tokio::test]
async fn tries_made_at_once_cannot_skip_the_wait() {
    let (store, ana, _, _path, _dir) = fixture().await;
    let tries = (0..12).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.check_profile_pin(ana, "0000", at(0)).await })
    });
    let mut codes = Vec::new();
    for t in tries {
        codes.push(code(t.await.unwrap()));
    }
    let wrong = codes.iter().filter(|c| **c == "profile_pin_wrong").count();
    assert_eq!(wrong, FREE_FAILURES as usize, "{codes:?}");
    assert!(codes
        .iter()
        .all(|c| matches!(*c, "profile_pin_wrong" | "profile_pin_throttled")));
}

/// The seconds a `profile_pin_throttled` refusal names.
fn wait_of(refused: &StoreError) -> i64 {
    assert_eq!(
        refused.code().as_str(),
        "profile_pin_throttled",
        "{refused}"
    );
    let text = refused.to_string();
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no seconds in {text:?}"))
}

/// Issue #44: a classmate's wrong PINs lock the owner out for minutes, not an hour.
#[tokio::test]
async fn after_twenty_wrong_pins_the_right_one_opens_within_five_minutes() {
    let (store, ana, _, _path, _dir) = fixture().await;
    // The crafted input: 20 wrong PINs, each as soon as the profile takes one.
    let mut now = at(0);
    let mut wrong = 0;
    while wrong < 20 {
        match store.check_profile_pin(ana, "0000", now).await {
            Err(e) if e.code().as_str() == "profile_pin_wrong" => wrong += 1,
            Err(e) => now += Duration::seconds(wait_of(&e)),
            Ok(()) => panic!("a wrong PIN opened the profile"),
        }
    }
    // The owner comes back at once: the wait is at most five minutes …
    let refused = store.check_profile_pin(ana, PIN, now).await.unwrap_err();
    let wait = wait_of(&refused);
    assert!(
        wait <= MAX_WAIT_SECONDS && MAX_WAIT_SECONDS == 300,
        "{wait}"
    );
    assert_eq!(
        code(
            store
                .check_profile_pin(ana, PIN, now + Duration::seconds(wait - 1))
                .await
        ),
        "profile_pin_throttled"
    );
    // … and then the right PIN opens, and the count starts again.
    let later = now + Duration::seconds(wait);
    store.unlock_profile(ana, Some(PIN), later).await.unwrap();
    use_up_free_tries(&store, ana, later).await;
}

#[tokio::test]
async fn a_class_profile_is_created_only_with_a_pin_and_keeps_it() {
    let (store, _, _, _path, _dir) = fixture().await;
    // The crafted input: a class profile without a PIN, or with a malformed one.
    assert_eq!(
        code(
            store
                .create_profile_of_kind("Biology 9B", ProfileKind::Class, None, at(0))
                .await
        ),
        "class_profile_pin_required"
    );
    assert_eq!(
        code(
            store
                .create_profile_of_kind("Biology 9B", ProfileKind::Class, Some("12"), at(0))
                .await
        ),
        "profile_pin_invalid"
    );
    assert!(store.profile_named("Biology 9B").await.is_err());

    let class = store
        .create_profile_of_kind("Biology 9B", ProfileKind::Class, Some("1357"), at(0))
        .await
        .unwrap();
    assert!(class.has_pin);
    assert!(store.profile_named("Biology 9B").await.unwrap().has_pin);
    assert_eq!(
        code(store.unlock_profile(class.id, None, at(0)).await),
        "profile_locked"
    );
    store
        .unlock_profile(class.id, Some("1357"), at(0))
        .await
        .unwrap();
    store.ensure_class(class.id).await.unwrap();
    // It can change its PIN, never drop it.
    assert_eq!(
        code(store.remove_profile_pin(class.id, "1357", at(0)).await),
        "class_profile_pin_required"
    );
    store
        .set_profile_pin(class.id, Some("1357"), "9753", at(0))
        .await
        .unwrap();
    assert!(store.profile_has_pin(class.id).await.unwrap());
    // A student's profile may still be made with a PIN, or without.
    let cleo = store
        .create_profile_of_kind("Cleo", ProfileKind::Student, Some("8642"), at(0))
        .await
        .unwrap();
    assert!(cleo.has_pin);
}

/// A class profile made before class profiles needed a PIN opens, but its class shows
/// only once it has one.
#[tokio::test]
async fn a_class_profile_without_a_pin_is_asked_for_one() {
    let (store, _, _, path, _dir) = fixture().await;
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query("INSERT INTO profiles (name, kind) VALUES ('Old class', 'class')")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
    let old = store.profile_named("Old class").await.unwrap().id;
    store.unlock_profile(old, None, at(0)).await.unwrap();
    assert_eq!(
        code(store.ensure_class(old).await),
        "class_profile_pin_required"
    );
    assert_eq!(
        code(store.class_remove_student(old, "0123").await),
        "class_profile_pin_required"
    );
    store
        .set_profile_pin(old, None, "1357", at(0))
        .await
        .unwrap();
    store.ensure_class(old).await.unwrap();
}
