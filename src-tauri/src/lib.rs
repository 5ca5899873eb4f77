//! Lantern's desktop shell: a thin layer of Tauri commands over the core.
//!
//! Commands live in [`commands`], one module per area; the state they share is
//! [`state::AppState`]; failures cross the bridge as [`error::IpcError`].

pub mod commands;
pub mod error;
pub mod state;

use tauri::{Manager, Runtime};

/// The typed command registry; also exports `ui/src/bindings.ts`.
pub fn specta_builder<R: Runtime>() -> tauri_specta::Builder<R> {
    tauri_specta::Builder::<R>::new()
        .commands(tauri_specta::collect_commands![commands::system::app_info])
}

/// Starts the app; returns a failure exit code instead of panicking.
pub fn run() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("LANTERN_LOG"))
        .init();
    let specta = specta_builder::<tauri::Wry>();
    let result = tauri::Builder::default()
        .plugin(tauri_plugin_store::Builder::new().build())
        .invoke_handler(specta.invoke_handler())
        .setup(move |app| {
            specta.mount_events(app);
            let data_dir = app.path().app_data_dir()?;
            let resource_dir = app.path().resource_dir().ok();
            let state =
                tauri::async_runtime::block_on(state::AppState::open(&data_dir, resource_dir))?;
            app.manage(state);
            Ok(())
        })
        .run(tauri::generate_context!());
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error[app_start_failed]: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
