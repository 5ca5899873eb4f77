//! The lock of a profile with a PIN: until its PIN is entered (at start, or after the
//! student locked it), the window may call only the commands that lead out of the lock.
//! Every other command — each one that reads or changes a profile's work, and any
//! command added later — is refused with `profile_locked` before it runs.

use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::ErrorCode;
use tauri::ipc::Invoke;
use tauri::{Manager, Runtime};

/// The commands that run while the profile in use is locked: what the lock screen
/// shows (version, model state, language and theme, the profiles) and what leaves it
/// (opening a profile with its PIN, creating one, stopping a running turn).
pub const OPEN_WHILE_LOCKED: &[&str] = &[
    "app_info",
    "model_status",
    "get_settings",
    "list_profiles",
    "create_profile",
    "switch_profile",
    "cancel_turn",
];

/// Wraps the app's command `handler`: while the profile in use is locked, a command
/// outside [`OPEN_WHILE_LOCKED`] is answered with `profile_locked` and never reaches it.
pub fn guard<R: Runtime>(
    handler: impl Fn(Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke: Invoke<R>| {
        let locked = invoke
            .message
            .webview_ref()
            .try_state::<AppState>()
            .is_some_and(|state| state.is_locked());
        if locked && !OPEN_WHILE_LOCKED.contains(&invoke.message.command()) {
            invoke.resolver.reject(IpcError::new(
                ErrorCode::ProfileLocked,
                "this profile is locked: enter its PIN",
            ));
            return true;
        }
        handler(invoke)
    }
}
