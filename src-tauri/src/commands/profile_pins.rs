//! Commands for the PIN of the profile in use: set or change it, remove it, lock the
//! profile. Only the profile in use, once unlocked, can change its own PIN; changing or
//! removing one needs the current PIN.

use super::profiles::{profile_with_id, view, ProfileView};
use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::clock::Clock;
use lantern_core::profile_pin::PinError;
use tauri::State;

/// The profile in use as the UI sees it, read again after a change.
async fn current(state: &AppState) -> Result<ProfileView, IpcError> {
    Ok(view(
        profile_with_id(state, state.profile().id).await?,
        state,
    ))
}

/// Sets the PIN of the profile in use to `new_pin` (4 to 12 digits); when it already
/// has one, `current_pin` must be it.
#[tauri::command]
#[specta::specta]
pub async fn profile_set_pin(
    state: State<'_, AppState>,
    current_pin: Option<String>,
    new_pin: String,
) -> Result<ProfileView, IpcError> {
    let profile = state.profile().id;
    state
        .store
        .set_profile_pin(profile, current_pin.as_deref(), &new_pin, state.clock.now())
        .await?;
    current(&state).await
}

/// Removes the PIN of the profile in use after checking `current_pin`.
#[tauri::command]
#[specta::specta]
pub async fn profile_remove_pin(
    state: State<'_, AppState>,
    current_pin: String,
) -> Result<ProfileView, IpcError> {
    let profile = state.profile().id;
    state
        .store
        .remove_profile_pin(profile, &current_pin, state.clock.now())
        .await?;
    current(&state).await
}

/// Locks the profile in use (a student leaving the laptop): the window shows the lock
/// screen until its PIN is entered. A profile without a PIN cannot be locked
/// (`profile_pin_required`).
#[tauri::command]
#[specta::specta]
pub async fn profile_lock(state: State<'_, AppState>) -> Result<ProfileView, IpcError> {
    if !state.store.profile_has_pin(state.profile().id).await? {
        return Err(PinError::Required.into());
    }
    state.lock();
    current(&state).await
}
