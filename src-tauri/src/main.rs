//! Lantern desktop app entry point.

#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() -> std::process::ExitCode {
    lantern_rag::disable_runtime_telemetry();
    lantern_app_lib::run()
}
