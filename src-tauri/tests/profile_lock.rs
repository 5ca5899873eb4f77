//! Profile PINs through Tauri's real IPC layer (mock runtime, real configuration and
//! capabilities, the app's command guard): a locked profile's commands are refused
//! before its PIN and run after it; switching to a locked profile needs its PIN; a
//! viewer cannot make itself owner without the expense owner's PIN (its own PIN is not
//! enough); a class profile is created only with a PIN.

use lantern_app_lib::profile_lock::{guard, OPEN_WHILE_LOCKED};
use lantern_app_lib::{lantern_builder, state::AppState, COMMAND_NAMES};
use lantern_store::Store;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::OnceLock;
use tauri::test::{get_ipc_response, mock_builder, MockRuntime};
use tauri::WebviewWindow;

const PIN: &str = "2468";
/// The PIN of the owner of Ana's expenses (not Ana's).
const OWNER_PIN: &str = "8080";

/// Settings files of the mock app (the last profile) go to a private folder, not the
/// home of whoever runs the tests.
fn private_data_home() {
    static HOME: OnceLock<tempfile::TempDir> = OnceLock::new();
    HOME.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        std::env::set_var("XDG_DATA_HOME", dir.path());
        dir
    });
}

mod common;
use common::invoke_with as request;

/// The database in `data` with profiles `Ana` (PIN 2468, made an expenses `viewer` by
/// the owner with `OWNER_PIN`) and `Ben` (no PIN, a `viewer` from before owners had a
/// PIN); returns their ids.
fn seed(data: &Path) -> (i64, i64) {
    tauri::async_runtime::block_on(async {
        let store = Store::open(&data.join("lantern.db")).await.unwrap();
        let ana = store.create_profile("Ana").await.unwrap().id;
        let ben = store.create_profile("Ben").await.unwrap().id;
        store
            .set_profile_pin(ana, None, PIN, chrono::Utc::now())
            .await
            .unwrap();
        let viewer = lantern_store::ExpenseSettings {
            role: lantern_expenses::Role::Viewer,
            currency: lantern_expenses::money::Currency::Gbp,
        };
        store
            .change_expense_settings(ana, viewer, Some(OWNER_PIN), chrono::Utc::now())
            .await
            .unwrap();
        store.set_expense_settings(ben, viewer).await.unwrap();
        store.close().await;
        (ana, ben)
    })
}

/// The app as it starts with `last` as the last profile used, and its window.
fn start(data: &Path, last: i64) -> (tauri::App<MockRuntime>, WebviewWindow<MockRuntime>) {
    private_data_home();
    let state = tauri::async_runtime::block_on(AppState::open(data, None, Some(last))).unwrap();
    let app = mock_builder()
        .plugin(tauri_plugin_store::Builder::new().build())
        .invoke_handler(guard(lantern_builder!(MockRuntime).invoke_handler()))
        .manage(state)
        .build(tauri::generate_context!())
        .expect("app builds with the real config");
    let window = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    (app, window)
}

fn ok(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Value {
    get_ipc_response(window, request(cmd, args))
        .unwrap_or_else(|e| panic!("{cmd} fails: {e}"))
        .deserialize()
        .unwrap()
}

fn code(window: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> String {
    let err = get_ipc_response(window, request(cmd, args)).expect_err(&format!("{cmd} is refused"));
    err["code"]
        .as_str()
        .unwrap_or_else(|| panic!("{cmd}: not a coded error: {err}"))
        .to_string()
}

fn active(window: &WebviewWindow<MockRuntime>) -> Value {
    let profiles = ok(window, "list_profiles", json!({}));
    profiles
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["active"] == true)
        .cloned()
        .unwrap()
}

#[test]
fn a_locked_profile_refuses_every_other_command_until_its_pin() {
    let data = tempfile::tempdir().unwrap();
    let (ana, _) = seed(data.path());
    let (_app, window) = start(data.path(), ana);

    let shown = active(&window);
    assert_eq!(
        (shown["name"].as_str(), shown["locked"].as_bool()),
        (Some("Ana"), Some(true))
    );
    assert_eq!(shown["hasPin"], true);
    // Every command outside the lock screen's few, whatever its arguments.
    let refused: Vec<&str> = COMMAND_NAMES
        .iter()
        .copied()
        .filter(|c| !OPEN_WHILE_LOCKED.contains(c))
        .collect();
    assert!(refused.len() > 60, "{refused:?}");
    for cmd in &refused {
        assert_eq!(code(&window, cmd, json!({})), "profile_locked", "{cmd}");
    }

    assert_eq!(
        code(&window, "switch_profile", json!({ "id": ana, "pin": null })),
        "profile_locked"
    );
    assert_eq!(
        code(
            &window,
            "switch_profile",
            json!({ "id": ana, "pin": "1111" })
        ),
        "profile_pin_wrong"
    );
    assert_eq!(
        code(&window, "switch_profile", json!({ "id": ana, "pin": "12" })),
        "profile_pin_invalid"
    );
    assert_eq!(code(&window, "expenses_state", json!({})), "profile_locked");

    let opened = ok(&window, "switch_profile", json!({ "id": ana, "pin": PIN }));
    assert_eq!(opened["locked"], false);
    assert_eq!(
        ok(&window, "expenses_state", json!({}))["settings"]["role"],
        "viewer"
    );
    assert_eq!(ok(&window, "coach_list", json!({})), json!([]));

    // Locking again (a student leaving the laptop) brings the refusals back.
    assert_eq!(ok(&window, "profile_lock", json!({}))["locked"], true);
    assert_eq!(code(&window, "coach_list", json!({})), "profile_locked");
}

#[test]
fn the_last_profile_reopens_only_without_a_pin() {
    let data = tempfile::tempdir().unwrap();
    let (ana, ben) = seed(data.path());
    let (app, window) = start(data.path(), ben);
    let shown = active(&window);
    assert_eq!(
        (shown["name"].as_str(), shown["locked"].as_bool()),
        (Some("Ben"), Some(false))
    );
    assert_eq!(ok(&window, "coach_list", json!({})), json!([]));
    drop((app, window));

    let (_app, window) = start(data.path(), ana);
    assert_eq!(active(&window)["locked"], true);
    assert_eq!(code(&window, "coach_list", json!({})), "profile_locked");
}

#[test]
fn switching_to_a_locked_profile_needs_its_pin() {
    let data = tempfile::tempdir().unwrap();
    let (ana, ben) = seed(data.path());
    let (_app, window) = start(data.path(), ben);
    // The crafted call: another student asks for Ana's profile without (or with a wrong) PIN.
    assert_eq!(
        code(&window, "switch_profile", json!({ "id": ana })),
        "profile_locked"
    );
    assert_eq!(
        code(
            &window,
            "switch_profile",
            json!({ "id": ana, "pin": "0000" })
        ),
        "profile_pin_wrong"
    );
    let still = active(&window);
    assert_eq!(
        (still["name"].as_str(), still["locked"].as_bool()),
        (Some("Ben"), Some(false))
    );
    assert_eq!(ok(&window, "app_info", json!({}))["profileName"], "Ben");

    let opened = ok(&window, "switch_profile", json!({ "id": ana, "pin": PIN }));
    assert_eq!(
        (opened["name"].as_str(), opened["active"].as_bool()),
        (Some("Ana"), Some(true))
    );
    assert_eq!(ok(&window, "app_info", json!({}))["profileName"], "Ana");
    // A profile without a PIN opens as before.
    assert_eq!(
        ok(&window, "switch_profile", json!({ "id": ben }))["name"],
        "Ben"
    );
}

#[test]
fn a_viewer_cannot_make_itself_owner_with_its_own_pin() {
    let data = tempfile::tempdir().unwrap();
    let (ana, ben) = seed(data.path());
    let (_app, window) = start(data.path(), ana);
    ok(&window, "switch_profile", json!({ "id": ana, "pin": PIN }));
    let owner = json!({ "role": "owner", "currency": "GBP" });
    let set = |pin: Value| json!({ "settings": owner, "ownerPin": pin });
    assert_eq!(
        ok(&window, "expenses_state", json!({}))["ownerHasPin"],
        true
    );

    // The crafted calls: the viewer asks to be owner without a PIN, or with the PIN that
    // opens its own profile.
    assert_eq!(
        code(&window, "expenses_set_settings", set(Value::Null)),
        "expense_owner_pin_required"
    );
    assert_eq!(
        code(&window, "expenses_set_settings", set(json!(PIN))),
        "expense_owner_pin_wrong"
    );
    assert_eq!(
        ok(&window, "expenses_state", json!({}))["settings"]["role"],
        "viewer"
    );
    // The currency alone needs no PIN.
    let euros = json!({ "settings": { "role": "viewer", "currency": "EUR" }, "ownerPin": null });
    assert_eq!(
        ok(&window, "expenses_set_settings", euros)["currency"],
        "EUR"
    );
    assert_eq!(
        ok(&window, "expenses_set_settings", set(json!(OWNER_PIN)))["role"],
        "owner"
    );

    // A viewer from before owners had a PIN: its next change chooses the owner's PIN.
    ok(&window, "switch_profile", json!({ "id": ben }));
    assert_eq!(
        ok(&window, "expenses_state", json!({}))["ownerHasPin"],
        false
    );
    assert_eq!(
        ok(&window, "expenses_set_settings", set(json!(OWNER_PIN)))["role"],
        "owner"
    );
    let viewer = json!({ "settings": { "role": "viewer", "currency": "GBP" }, "ownerPin": "1111" });
    assert_eq!(
        code(&window, "expenses_set_settings", viewer),
        "expense_owner_pin_wrong"
    );
}

#[test]
fn the_profile_in_use_sets_changes_and_removes_its_pin() {
    let data = tempfile::tempdir().unwrap();
    let (_, ben) = seed(data.path());
    let (_app, window) = start(data.path(), ben);
    assert_eq!(
        code(&window, "profile_lock", json!({})),
        "profile_pin_required"
    );
    assert_eq!(
        code(&window, "profile_set_pin", json!({ "newPin": "12ab" })),
        "profile_pin_invalid"
    );
    assert_eq!(
        ok(&window, "profile_set_pin", json!({ "newPin": "1234" }))["hasPin"],
        true
    );
    // Changing needs the current PIN.
    assert_eq!(
        code(&window, "profile_set_pin", json!({ "newPin": "5678" })),
        "profile_locked"
    );
    assert_eq!(
        code(
            &window,
            "profile_set_pin",
            json!({ "currentPin": "9999", "newPin": "5678" })
        ),
        "profile_pin_wrong"
    );
    ok(
        &window,
        "profile_set_pin",
        json!({ "currentPin": "1234", "newPin": "5678" }),
    );
    assert_eq!(
        code(
            &window,
            "profile_remove_pin",
            json!({ "currentPin": "1234" })
        ),
        "profile_pin_wrong"
    );
    assert_eq!(
        ok(
            &window,
            "profile_remove_pin",
            json!({ "currentPin": "5678" })
        )["hasPin"],
        false
    );
}

#[test]
fn a_class_profile_runs_only_class_commands_and_a_student_none() {
    let data = tempfile::tempdir().unwrap();
    let (_, ben) = seed(data.path());
    let class = tauri::async_runtime::block_on(async {
        let store = Store::open(&data.path().join("lantern.db")).await.unwrap();
        let id = store
            .create_profile_of_kind(
                "Biology 9B",
                lantern_store::ProfileKind::Class,
                Some(PIN),
                chrono::Utc::now(),
            )
            .await
            .unwrap()
            .id;
        store.close().await;
        id
    });
    let (_app, window) = start(data.path(), ben);
    let filter = json!({ "filter": { "courseId": null, "since": null, "until": null } });
    assert_eq!(
        code(&window, "class_view", filter.clone()),
        "class_profile_required"
    );
    assert_eq!(ok(&window, "coach_list", json!({})), json!([]));

    let opened = ok(
        &window,
        "switch_profile",
        json!({ "id": class, "pin": PIN }),
    );
    assert_eq!(opened["kind"], "class");
    assert_eq!(
        code(&window, "profile_remove_pin", json!({ "currentPin": PIN })),
        "class_profile_pin_required"
    );
    assert_eq!(ok(&window, "class_view", filter)["course"], Value::Null);
    for cmd in [
        "coach_list",
        "tutor_threads",
        "expenses_state",
        "progress_preview",
    ] {
        assert_eq!(
            code(&window, cmd, json!({})),
            "class_profile_required",
            "{cmd}"
        );
    }
    assert!(
        ok(&window, "list_profiles", json!({}))
            .as_array()
            .unwrap()
            .len()
            == 3
    );
}

#[test]
fn a_class_profile_is_created_only_with_a_pin() {
    let data = tempfile::tempdir().unwrap();
    let (_, ben) = seed(data.path());
    let (_app, window) = start(data.path(), ben);
    let create = |pin: Value| json!({ "name": "Biology 9B", "kind": "class", "pin": pin });
    // The crafted call: a class profile without a PIN (or with a malformed one).
    assert_eq!(
        code(&window, "create_profile", create(Value::Null)),
        "class_profile_pin_required"
    );
    assert_eq!(
        code(&window, "create_profile", create(json!("13"))),
        "profile_pin_invalid"
    );
    assert_eq!(
        ok(&window, "list_profiles", json!({}))
            .as_array()
            .unwrap()
            .len(),
        2
    );
    let class = ok(&window, "create_profile", create(json!("1357")));
    assert_eq!(
        (class["kind"].clone(), class["hasPin"].clone()),
        (json!("class"), json!(true))
    );
    assert_eq!(
        code(
            &window,
            "switch_profile",
            json!({ "id": class["id"], "pin": null })
        ),
        "profile_locked"
    );
    ok(
        &window,
        "switch_profile",
        json!({ "id": class["id"], "pin": "1357" }),
    );
}
