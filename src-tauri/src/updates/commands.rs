//! Commands of the Updates section of Settings.

use super::config::BuildUpdateConfig;
use super::views::{UpdateCheckView, UpdatesStatus};
use crate::error::IpcError;
use crate::settings;
use crate::state::AppState;
use lantern_core::ErrorCode;
use lantern_updates::{
    install, installed_from_package, CheckOutcome, UpdateChecker, UpdateError, UpdateLocation,
};
use tauri::{AppHandle, Manager, Runtime, State};

fn current_version<R: Runtime>(app: &AppHandle<R>) -> String {
    app.package_info().version.to_string()
}

/// The location to check: the one set in Settings, else the build's.
fn location_text<R: Runtime>(app: &AppHandle<R>, build: &BuildUpdateConfig) -> String {
    settings::load(app)
        .update_location
        .filter(|l| !l.trim().is_empty())
        .unwrap_or_else(|| build.location.clone())
}

/// The running binary, when the `lantern` package installed it (only then can it be
/// the privileged installer).
async fn can_install() -> Result<std::path::PathBuf, UpdateError> {
    let exe =
        std::env::current_exe().map_err(|e| UpdateError::InstallUnavailable(e.to_string()))?;
    installed_from_package(&exe).await?;
    Ok(exe)
}

async fn status<R: Runtime>(app: &AppHandle<R>) -> UpdatesStatus {
    let build = BuildUpdateConfig::read(app);
    let key = build.key();
    UpdatesStatus {
        current_version: current_version(app),
        key_id: key.as_ref().ok().map(|k| k.id().to_string()),
        key_error: key.err().map(IpcError::from),
        location: location_text(app, &build),
        build_location: build.location,
        install_error: can_install().await.err().map(IpcError::from),
    }
}

/// The update key, the location checked and whether this copy can install updates.
#[tauri::command]
#[specta::specta]
pub async fn updates_status<R: Runtime>(app: AppHandle<R>) -> UpdatesStatus {
    status(&app).await
}

/// Sets the update location (a folder or a local-network address; empty: the build's).
#[tauri::command]
#[specta::specta]
pub async fn updates_set_location<R: Runtime>(
    app: AppHandle<R>,
    location: String,
) -> Result<UpdatesStatus, IpcError> {
    let location = location.trim().to_string();
    if !location.is_empty() {
        UpdateLocation::parse(&location)?;
    }
    let mut saved = settings::load(&app);
    saved.update_location = Some(location).filter(|l| !l.is_empty());
    settings::save(&app, &saved).map_err(|e| IpcError::new(ErrorCode::SettingsSaveFailed, e))?;
    Ok(status(&app).await)
}

/// Checks the location: a newer package is copied to this laptop and verified against
/// the build's key before it is shown; anything else is refused with its code.
#[tauri::command]
#[specta::specta]
pub async fn updates_check<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<UpdateCheckView, IpcError> {
    let build = BuildUpdateConfig::read(&app);
    let key = build.key()?;
    let text = location_text(&app, &build);
    if text.trim().is_empty() {
        return Err(UpdateError::LocationInvalid(String::new()).into());
    }
    let location = UpdateLocation::parse(&text)?;
    let cache = app
        .path()
        .app_cache_dir()
        .map_err(|e| IpcError::internal(e.to_string()))?
        .join("updates");
    let mut offer = state.updates.offer.lock().await;
    *offer = None;
    let outcome = UpdateChecker::new(key, current_version(&app), cache)
        .check(&location)
        .await?;
    let view = UpdateCheckView::from(&outcome);
    if let CheckOutcome::Available(verified) = outcome {
        *offer = Some(verified);
    }
    Ok(view)
}

/// Installs the offer of the last check: after an administrator authorises it, the
/// installed binary, as root, copies the package out of reach, verifies it again,
/// refuses an older version and installs exactly those bytes with apt.
#[tauri::command]
#[specta::specta]
pub async fn updates_install<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<(), IpcError> {
    let key = BuildUpdateConfig::read(&app).key()?;
    let exe = can_install().await?;
    let mut offer = state.updates.offer.lock().await;
    let Some(verified) = offer.as_ref() else {
        return Err(UpdateError::InstallFailed("check for updates first".into()).into());
    };
    install(verified, &key, &exe).await?;
    *offer = None;
    Ok(())
}
