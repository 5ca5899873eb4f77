//! User settings (model, threads, language, theme, last profile, update location), persisted with
//! tauri-plugin-store in `settings.json` in the app's data folder.

use crate::row_id::RowId;
pub use lantern_core::language::Language;
use lantern_models::default_threads;
use serde::{Deserialize, Serialize};
use tauri::{AppHandle, Runtime};
use tauri_plugin_store::StoreExt;

/// The store file.
pub const SETTINGS_FILE: &str = "settings.json";
/// The key the settings live under.
const SETTINGS_KEY: &str = "settings";
/// Most threads the settings accept.
pub const MAX_THREADS: u32 = 64;

/// Colour theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the system.
    #[default]
    System,
    /// Light.
    Light,
    /// Dark.
    Dark,
}

/// Everything the Settings page edits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// The model chosen on the Models page (`pack:NAME` or `imported:ID`); `None` = the
    /// automatic choice.
    pub model: Option<String>,
    /// A GGUF path chosen in Settings before the Models page existed; on start it is
    /// imported (referenced) into the model list, chosen, and cleared.
    pub model_path: Option<String>,
    /// CPU threads for the model.
    pub threads: u32,
    /// Interface language.
    pub language: Language,
    /// Colour theme.
    pub theme: Theme,
    /// The profile in use when the app last ran.
    pub profile_id: Option<RowId>,
    /// Show the tutor's debug drawer (policy, scores, mastery, last turn); off by default.
    pub debug_drawer: bool,
    /// Where updates are read from (a folder or a local-network address), set in the
    /// Updates section; `None` = the location the build came with.
    pub update_location: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            model: None,
            model_path: None,
            threads: default_threads(),
            language: Language::default(),
            theme: Theme::default(),
            profile_id: None,
            debug_drawer: false,
            update_location: None,
        }
    }
}

/// The saved settings, or the defaults when none were saved or they are unreadable.
pub fn load<R: Runtime>(app: &AppHandle<R>) -> Settings {
    let Ok(store) = app.store(SETTINGS_FILE) else {
        return Settings::default();
    };
    store
        .get(SETTINGS_KEY)
        .and_then(|value| match serde_json::from_value(value) {
            Ok(settings) => Some(settings),
            Err(e) => {
                tracing::warn!("settings unreadable, using defaults: {e}");
                None
            }
        })
        .unwrap_or_default()
}

/// Writes `settings` to disk.
pub fn save<R: Runtime>(app: &AppHandle<R>, settings: &Settings) -> Result<(), String> {
    let store = app.store(SETTINGS_FILE).map_err(|e| e.to_string())?;
    let value = serde_json::to_value(settings).map_err(|e| e.to_string())?;
    store.set(SETTINGS_KEY, value);
    store.save().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_take_defaults() {
        let s: Settings = serde_json::from_str(r#"{"language":"es"}"#).unwrap();
        assert_eq!(s.language, Language::Es);
        assert_eq!(s.theme, Theme::System);
        assert!(s.threads >= 1);
    }

    #[test]
    fn field_names_are_camel_case() {
        let json = serde_json::to_value(Settings::default()).unwrap();
        assert!(json.get("modelPath").is_some() && json.get("profileId").is_some());
    }
}
