//! Standalone model worker: `lantern-llm-worker '<EngineConfig JSON>'`.
//!
//! The app and the `lantern` CLI embed the same worker; this binary lets the runtime's
//! own tests and benchmarks run it without them.

fn main() -> std::process::ExitCode {
    match std::env::args().nth(1) {
        Some(config) => lantern_llm::run_worker(&config),
        None => {
            eprintln!("usage: lantern-llm-worker '<engine config JSON>'");
            std::process::ExitCode::from(2)
        }
    }
}
