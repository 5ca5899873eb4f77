//! Commands for profiles of students sharing the laptop.

use crate::error::IpcError;
use crate::row_id::RowId;
use crate::settings;
use crate::state::AppState;
use lantern_core::ErrorCode;
use lantern_store::Profile;
use serde::Serialize;
use tauri::{AppHandle, Runtime, State};

/// A profile as the UI sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct ProfileView {
    /// Database id.
    pub id: RowId,
    /// Display name.
    pub name: String,
    /// Whether it is the profile in use.
    pub active: bool,
}

fn view(profile: Profile, active_id: i64) -> ProfileView {
    ProfileView {
        active: profile.id == active_id,
        id: profile.id.into(),
        name: profile.name,
    }
}

/// Every profile, oldest first, with the active one marked.
#[tauri::command]
#[specta::specta]
pub async fn list_profiles(state: State<'_, AppState>) -> Result<Vec<ProfileView>, IpcError> {
    let active = state.profile().id;
    Ok(state
        .store
        .list_profiles()
        .await?
        .into_iter()
        .map(|p| view(p, active))
        .collect())
}

/// Creates a profile (it does not become active).
#[tauri::command]
#[specta::specta]
pub async fn create_profile(
    state: State<'_, AppState>,
    name: String,
) -> Result<ProfileView, IpcError> {
    let active = state.profile().id;
    Ok(view(state.store.create_profile(&name).await?, active))
}

/// Makes the profile `id` the active one, also for the next start.
#[tauri::command]
#[specta::specta]
pub async fn switch_profile<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
) -> Result<ProfileView, IpcError> {
    let profile = state
        .store
        .list_profiles()
        .await?
        .into_iter()
        .find(|p| p.id == id.0)
        .ok_or_else(|| {
            IpcError::new(
                ErrorCode::ProfileNotFound,
                format!("no profile has the id {}", id.0),
            )
        })?;
    let mut saved = settings::load(&app);
    saved.profile_id = Some(id);
    settings::save(&app, &saved).map_err(|e| IpcError::new(ErrorCode::SettingsSaveFailed, e))?;
    state.set_profile(profile.clone());
    Ok(view(profile, id.0))
}
