//! Standalone speech worker: `lantern-speech-worker '<EngineConfig JSON>'`.
//!
//! The app and the `lantern` CLI embed the same worker; this binary lets the crate's own
//! tests run it without them.

fn main() -> std::process::ExitCode {
    match std::env::args().nth(1) {
        Some(config) => lantern_speech::run_worker(&config),
        None => {
            eprintln!("usage: lantern-speech-worker '<engine config JSON>'");
            std::process::ExitCode::from(2)
        }
    }
}
