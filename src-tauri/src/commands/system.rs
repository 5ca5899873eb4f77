//! Commands about the app itself.

use crate::error::IpcError;
use crate::state::AppState;
use lantern_core::clock::Clock;
use lantern_core::pack::{Manifest, Role};
use serde::Serialize;

/// What the status bar shows at start-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    /// App version.
    pub version: String,
    /// Name of the active profile.
    pub profile_name: String,
    /// Model pack folder, if one was found.
    pub model_pack: Option<String>,
    /// Name of the default language model.
    pub default_model: String,
    /// The app clock's time now (RFC 3339), so countdowns agree with the lockouts.
    pub now: String,
}

/// The app's version, profile and model pack.
#[tauri::command]
#[specta::specta]
pub async fn app_info(state: tauri::State<'_, AppState>) -> Result<AppInfo, IpcError> {
    let manifest = Manifest::bundled();
    Ok(AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
        profile_name: state.profile().name,
        model_pack: state.pack_dir.as_ref().map(|p| p.display().to_string()),
        default_model: manifest
            .default_for(Role::Llm)
            .map(|m| m.name.clone())
            .unwrap_or_default(),
        now: state.clock.now().to_rfc3339(),
    })
}
