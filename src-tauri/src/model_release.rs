//! Returns the model worker's memory when the student has not needed it for a while.
//!
//! The worker holds the model's weights, its context and compute buffers: 290 MB for
//! SmolLM2-135M, about 700 MB for Qwen2.5-0.5B. Once no turn has used it for
//! [`release_after`] it is stopped; the status stays `ready` and the next turn starts a
//! fresh worker (0.2–0.4 s with the file already checked, docs/performance.md).

use crate::state::AppState;
use std::time::Duration;
use tauri::{AppHandle, Manager, Runtime};

/// How long an unused worker is kept by default.
const DEFAULT_RELEASE_AFTER: Duration = Duration::from_secs(180);
/// How often the worker's idleness is looked at.
const CHECK_EVERY: Duration = Duration::from_secs(5);
/// Environment variable that sets the delay in seconds (for measurements and tests).
pub const RELEASE_SECS_VARIABLE: &str = "LANTERN_MODEL_RELEASE_SECS";

/// The delay after which an unused worker is stopped: `LANTERN_MODEL_RELEASE_SECS` when
/// it is a whole number of seconds, else three minutes.
pub fn release_after(variable: Option<&str>) -> Duration {
    variable
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(DEFAULT_RELEASE_AFTER, Duration::from_secs)
}

/// Watches the running model for the app's whole life, stopping its worker when idle.
pub fn spawn_idle_release<R: Runtime>(app: &AppHandle<R>) {
    let after = release_after(std::env::var(RELEASE_SECS_VARIABLE).ok().as_deref());
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        loop {
            tokio::time::sleep(CHECK_EVERY).await;
            let Some(llm) = app.state::<AppState>().model.llm() else {
                continue;
            };
            if llm.release_if_idle(after).await {
                tracing::info!("the model worker was idle for {after:?}: stopped");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delay_is_read_from_whole_seconds_or_defaults() {
        assert_eq!(release_after(Some("30")), Duration::from_secs(30));
        assert_eq!(release_after(Some(" 0 ")), Duration::ZERO);
        assert_eq!(release_after(Some("soon")), DEFAULT_RELEASE_AFTER);
        assert_eq!(release_after(Some("-5")), DEFAULT_RELEASE_AFTER);
        assert_eq!(release_after(None), DEFAULT_RELEASE_AFTER);
    }
}
