//! Commands through Tauri's real IPC layer on the mock runtime, with the app's real
//! configuration, capabilities and command guard (`profile_lock::guard`).

use lantern_app_lib::profile_lock::guard;
use lantern_app_lib::{lantern_builder, specta_builder, state::AppState};
use tauri::test::{get_ipc_response, mock_builder};
use tauri::webview::InvokeRequest;
use tauri::Manager;

mod common;
use common::invoke_with;

fn invoke(cmd: &str) -> InvokeRequest {
    invoke_with(cmd, serde_json::Value::Null)
}

#[test]
fn app_info_reports_version_profile_and_default_model() {
    let data = tempfile::tempdir().unwrap();
    let state = tauri::async_runtime::block_on(AppState::open(data.path(), None, None)).unwrap();
    let app = mock_builder()
        .invoke_handler(guard(
            lantern_builder!(tauri::test::MockRuntime).invoke_handler(),
        ))
        .manage(state)
        .build(tauri::generate_context!())
        .expect("app builds with the real config");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    let info: serde_json::Value = get_ipc_response(&webview, invoke("app_info"))
        .expect("app_info succeeds")
        .deserialize()
        .unwrap();
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info["profileName"], "Student");
    assert_eq!(info["defaultModel"], "smollm2-135m-instruct");
    assert!(app.try_state::<AppState>().is_some());
}

/// The app on the mock runtime with a fresh database in `data` (no model pack), and its
/// main window.
fn mock_app(
    data: &std::path::Path,
) -> (
    tauri::App<tauri::test::MockRuntime>,
    tauri::WebviewWindow<tauri::test::MockRuntime>,
) {
    let state = tauri::async_runtime::block_on(AppState::open(data, None, None)).unwrap();
    let app = mock_builder()
        .invoke_handler(guard(
            lantern_builder!(tauri::test::MockRuntime).invoke_handler(),
        ))
        .manage(state)
        .build(tauri::generate_context!())
        .expect("app builds with the real config");
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    (app, webview)
}

/// The `code` of a command's error.
fn error_code(
    webview: &tauri::WebviewWindow<tauri::test::MockRuntime>,
    request: InvokeRequest,
) -> String {
    let err = get_ipc_response(webview, request).expect_err("the command fails");
    err["code"].as_str().expect("a coded error").to_string()
}

#[test]
fn tutor_commands_answer_through_ipc_with_coded_errors() {
    let data = tempfile::tempdir().unwrap();
    let (_app, webview) = mock_app(data.path());
    let empty = |cmd: &str| -> serde_json::Value {
        get_ipc_response(&webview, invoke(cmd))
            .unwrap_or_else(|e| panic!("{cmd} fails: {e}"))
            .deserialize()
            .unwrap()
    };
    assert_eq!(empty("tutor_courses"), serde_json::json!([]));
    assert_eq!(empty("tutor_threads"), serde_json::json!([]));
    let unknown_course = serde_json::json!({ "courseId": "no-such-course", "language": null });
    assert_eq!(
        error_code(&webview, invoke_with("tutor_create", unknown_course)),
        "tutor_course_not_found"
    );
    for cmd in ["tutor_open", "tutor_debug", "tutor_delete"] {
        assert_eq!(
            error_code(&webview, invoke_with(cmd, serde_json::json!({ "id": 42 }))),
            "tutor_thread_not_found",
            "{cmd}"
        );
    }
}

#[test]
fn voice_commands_say_what_is_missing_and_refuse_to_stop_nothing() {
    let data = tempfile::tempdir().unwrap();
    let (_app, webview) = mock_app(data.path());
    let status: serde_json::Value = get_ipc_response(&webview, invoke("voice_status"))
        .expect("voice_status answers")
        .deserialize()
        .unwrap();
    assert_eq!(status["maxSeconds"], 30);
    assert_eq!(
        status["model"], "whisper-base",
        "the developer pack has the speech model"
    );
    for cmd in ["voice_stop", "voice_cancel"] {
        assert_eq!(
            error_code(&webview, invoke(cmd)),
            "voice_not_recording",
            "{cmd}"
        );
    }
    // Start agrees with status: without a microphone both say so, with one it records.
    let start = invoke_with(
        "voice_start",
        serde_json::json!({ "language": "es", "onEvent": "__CHANNEL__:1" }),
    );
    if status["available"] == true {
        assert!(get_ipc_response(&webview, start).is_ok());
        assert!(
            get_ipc_response(&webview, invoke("voice_cancel")).is_ok(),
            "the recording is discarded"
        );
    } else {
        assert_eq!(status["error"]["code"], "voice_no_microphone");
        assert_eq!(error_code(&webview, start), "voice_no_microphone");
    }
}

#[test]
fn a_tutor_turn_refuses_empty_input_and_unknown_threads_before_it_starts() {
    let data = tempfile::tempdir().unwrap();
    let (_app, webview) = mock_app(data.path());
    // A channel id the mock window does not listen on: nothing may be sent to it.
    let send = |input: serde_json::Value| {
        invoke_with(
            "tutor_send",
            serde_json::json!({ "id": 42, "input": input, "onEvent": "__CHANNEL__:1" }),
        )
    };
    let empty = serde_json::json!({ "text": "  ", "latex": null, "clientEvent": null });
    assert_eq!(error_code(&webview, send(empty)), "tutor_message_empty");
    let typed =
        serde_json::json!({ "text": "what is a slope?", "latex": null, "clientEvent": null });
    assert_eq!(error_code(&webview, send(typed)), "tutor_thread_not_found");
    let event = serde_json::json!({
        "text": null,
        "latex": null,
        "clientEvent": { "type": "REQUEST_DRILL", "unitId": "ALG-01" }
    });
    assert_eq!(error_code(&webview, send(event)), "tutor_thread_not_found");
}

#[test]
fn bindings_file_is_fresh() {
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/bindings.ts");
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("bindings.ts");
    specta_builder()
        .export(specta_typescript::Typescript::default(), &fresh)
        .expect("export bindings");
    let fresh = std::fs::read_to_string(fresh).unwrap();
    if std::env::var_os("LANTERN_UPDATE_BINDINGS").is_some() {
        std::fs::write(committed, &fresh).unwrap();
    }
    let current = std::fs::read_to_string(committed).unwrap_or_default();
    assert!(
        current == fresh,
        "ui/src/bindings.ts is stale: run `LANTERN_UPDATE_BINDINGS=1 cargo test -p lantern-app --test ipc`"
    );
}

/// Names of the commands the generated bindings call.
fn commands_in_bindings() -> std::collections::BTreeSet<String> {
    let bindings = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ui/src/bindings.ts"
    ))
    .unwrap();
    // Calls look like `__TAURI_INVOKE("name"` or `__TAURI_INVOKE<Type>("name"`.
    bindings
        .split("__TAURI_INVOKE")
        .filter(|rest| rest.starts_with('(') || rest.starts_with('<'))
        .filter_map(|rest| {
            rest.split_once("(\"")
                .and_then(|(_, call)| call.split('"').next())
        })
        .map(str::to_string)
        .collect()
}

/// The capability file is checked against the UI in `window_access.rs`.
#[test]
fn registered_commands_match_command_names() {
    use lantern_app_lib::COMMAND_NAMES;
    let declared: std::collections::BTreeSet<String> =
        COMMAND_NAMES.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        commands_in_bindings(),
        declared,
        "registered commands vs COMMAND_NAMES (build.rs)"
    );
}
