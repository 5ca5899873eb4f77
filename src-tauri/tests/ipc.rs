//! Commands through Tauri's real IPC layer on the mock runtime, with the app's real
//! configuration and capabilities.

use lantern_app_lib::{specta_builder, state::AppState};
use tauri::test::{get_ipc_response, mock_builder, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::Manager;

fn invoke(cmd: &str) -> InvokeRequest {
    InvokeRequest {
        cmd: cmd.into(),
        callback: tauri::ipc::CallbackFn(0),
        error: tauri::ipc::CallbackFn(1),
        url: "tauri://localhost".parse().unwrap(),
        body: tauri::ipc::InvokeBody::default(),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    }
}

#[test]
fn app_info_reports_version_profile_and_default_model() {
    let data = tempfile::tempdir().unwrap();
    let state = tauri::async_runtime::block_on(AppState::open(data.path(), None)).unwrap();
    let app = mock_builder()
        .invoke_handler(specta_builder().invoke_handler())
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

#[test]
fn bindings_file_is_fresh() {
    let committed = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/src/bindings.ts");
    let dir = tempfile::tempdir().unwrap();
    let fresh = dir.path().join("bindings.ts");
    specta_builder::<tauri::test::MockRuntime>()
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
