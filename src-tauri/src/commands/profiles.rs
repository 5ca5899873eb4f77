//! Commands for profiles of students sharing the laptop.

use crate::error::IpcError;
use crate::row_id::RowId;
use crate::settings;
use crate::state::AppState;
use lantern_core::clock::Clock;
use lantern_core::ErrorCode;
use lantern_store::{Profile, ProfileKind};
use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Runtime, State};

/// What a profile is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum ProfileKindView {
    /// A student's: the five workspaces, and handing in.
    Student,
    /// A class's: the Class workspace only.
    Class,
}

impl From<ProfileKind> for ProfileKindView {
    fn from(kind: ProfileKind) -> Self {
        match kind {
            ProfileKind::Student => Self::Student,
            ProfileKind::Class => Self::Class,
        }
    }
}

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
    /// Whether opening it needs its PIN.
    pub has_pin: bool,
    /// Whether it is the profile in use and waits for its PIN (the window shows the
    /// lock screen; every other command is refused).
    pub locked: bool,
    /// A student's or a class's.
    pub kind: ProfileKindView,
}

/// `profile` as the UI sees it, given the app's state.
pub(crate) fn view(profile: Profile, state: &AppState) -> ProfileView {
    let active = profile.id == state.profile().id;
    ProfileView {
        active,
        locked: active && state.is_locked(),
        has_pin: profile.has_pin,
        kind: profile.kind.into(),
        id: profile.id.into(),
        name: profile.name,
    }
}

/// Every profile, oldest first, with the active one marked.
#[tauri::command]
#[specta::specta]
pub async fn list_profiles(state: State<'_, AppState>) -> Result<Vec<ProfileView>, IpcError> {
    Ok(state
        .store
        .list_profiles()
        .await?
        .into_iter()
        .map(|p| view(p, &state))
        .collect())
}

/// The profile with id `id`.
pub(crate) async fn profile_with_id(state: &AppState, id: i64) -> Result<Profile, IpcError> {
    state
        .store
        .list_profiles()
        .await?
        .into_iter()
        .find(|p| p.id == id)
        .ok_or_else(|| {
            IpcError::new(
                ErrorCode::ProfileNotFound,
                format!("no profile has the id {id}"),
            )
        })
}

/// Creates a profile of `kind` (it does not become active), locked with `pin` when one
/// is given. A class profile needs one (`class_profile_pin_required`, nothing created).
#[tauri::command]
#[specta::specta]
pub async fn create_profile(
    state: State<'_, AppState>,
    name: String,
    kind: ProfileKindView,
    pin: Option<String>,
) -> Result<ProfileView, IpcError> {
    let kind = match kind {
        ProfileKindView::Student => ProfileKind::Student,
        ProfileKindView::Class => ProfileKind::Class,
    };
    let created = state
        .store
        .create_profile_of_kind(&name, kind, pin.as_deref(), state.clock.now())
        .await?;
    Ok(view(created, &state))
}

/// Makes the profile `id` the active one, also for the next start. A profile with a
/// PIN needs it as `pin` (`profile_locked` without it, `profile_pin_wrong` or
/// `profile_pin_throttled` when refused); this is also how the lock screen unlocks the
/// profile in use. A refusal changes nothing.
#[tauri::command]
#[specta::specta]
pub async fn switch_profile<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    pin: Option<String>,
) -> Result<ProfileView, IpcError> {
    let profile = profile_with_id(&state, id.0).await?;
    state.open_profile(profile.clone(), pin.as_deref()).await?;
    let mut saved = settings::load(&app);
    saved.profile_id = Some(id);
    settings::save(&app, &saved).map_err(|e| IpcError::new(ErrorCode::SettingsSaveFailed, e))?;
    Ok(view(profile, &state))
}
