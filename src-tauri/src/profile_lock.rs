//! The lock of a profile with a PIN: until its PIN is entered (at start, or after the
//! student locked it), the window may call only the commands that lead out of the lock.
//! Every other command — each one that reads or changes a profile's work, and any
//! command added later — is refused with `profile_locked` before it runs.

use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::ErrorCode;
use lantern_store::ProfileKind;
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

/// Commands (by name prefix) only a student's profile runs: the five loops, voice and
/// handing in. A class profile studies nothing.
pub const STUDENT_ONLY: &[&str] = &[
    "coach_",
    "tutor_",
    "reports_",
    "expenses_",
    "modules_",
    "voice_",
    "progress_",
];

/// Commands (by name prefix) only a class profile runs.
pub const CLASS_ONLY: &[&str] = &["class_"];

/// Why `command` may not run for a profile of `kind`, if it may not.
pub fn refused_for_kind(kind: ProfileKind, command: &str) -> Option<IpcError> {
    let (prefixes, message) = match kind {
        ProfileKind::Class => (
            STUDENT_ONLY,
            "a class profile studies nothing and hands nothing in: open a student's profile",
        ),
        ProfileKind::Student => (
            CLASS_ONLY,
            "this is a student's profile: open (or create) a class profile to see a class",
        ),
    };
    prefixes
        .iter()
        .any(|p| command.starts_with(p))
        .then(|| IpcError::new(ErrorCode::ClassProfileRequired, message))
}

/// Wraps the app's command `handler`: while the profile in use is locked, a command
/// outside [`OPEN_WHILE_LOCKED`] is answered with `profile_locked` and never reaches it;
/// a command for the other kind of profile (see [`refused_for_kind`]) is answered with
/// `class_profile_required`.
pub fn guard<R: Runtime>(
    handler: impl Fn(Invoke<R>) -> bool + Send + Sync + 'static,
) -> impl Fn(Invoke<R>) -> bool + Send + Sync + 'static {
    move |invoke: Invoke<R>| {
        let state = invoke.message.webview_ref().try_state::<AppState>();
        let locked = state.as_ref().is_some_and(|state| state.is_locked());
        let command = invoke.message.command();
        if locked && !OPEN_WHILE_LOCKED.contains(&command) {
            invoke.resolver.reject(IpcError::new(
                ErrorCode::ProfileLocked,
                "this profile is locked: enter its PIN",
            ));
            return true;
        }
        if let Some(refusal) = state.and_then(|s| refused_for_kind(s.profile().kind, command)) {
            invoke.resolver.reject(refusal);
            return true;
        }
        handler(invoke)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command_names::COMMAND_NAMES;

    #[test]
    fn a_class_profile_runs_no_loop_and_a_student_profile_no_class_command() {
        for name in COMMAND_NAMES {
            let class = refused_for_kind(ProfileKind::Class, name).is_some();
            let student = refused_for_kind(ProfileKind::Student, name).is_some();
            assert!(!(class && student), "{name} runs for no profile");
            if name.starts_with("tutor_") || name.starts_with("progress_") {
                assert!(class && !student, "{name}");
            }
            if name.starts_with("class_") {
                assert!(student && !class, "{name}");
            }
        }
        for shared in [
            "app_info",
            "list_profiles",
            "switch_profile",
            "models_list",
            "get_settings",
            "list_courses",
        ] {
            assert!(
                refused_for_kind(ProfileKind::Class, shared).is_none(),
                "{shared}"
            );
        }
        let e = refused_for_kind(ProfileKind::Class, "coach_send").unwrap();
        assert_eq!(e.code, ErrorCode::ClassProfileRequired);
    }
}
