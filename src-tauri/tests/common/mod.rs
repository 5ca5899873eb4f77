//! What the IPC test files share: a request as the window sends it.

use tauri::test::INVOKE_KEY;
use tauri::webview::InvokeRequest;

/// The request the window sends for command `cmd` with JSON arguments `args`.
pub fn invoke_with(cmd: &str, args: serde_json::Value) -> InvokeRequest {
    InvokeRequest {
        cmd: cmd.into(),
        callback: tauri::ipc::CallbackFn(0),
        error: tauri::ipc::CallbackFn(1),
        url: "tauri://localhost".parse().unwrap(),
        body: tauri::ipc::InvokeBody::Json(args),
        headers: Default::default(),
        invoke_key: INVOKE_KEY.to_string(),
    }
}
