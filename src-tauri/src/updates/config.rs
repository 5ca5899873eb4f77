//! What the build says about updates, from `plugins.updater` in its Tauri config
//! (`scripts/release.sh` writes it): the minisign public key (base64 of the `.pub`
//! file, as Tauri's updater holds it) and a default location. A build without a key
//! accepts no update.

use lantern_updates::{UpdateError, UpdateKey};
use tauri::{AppHandle, Runtime};

/// The build's update settings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BuildUpdateConfig {
    /// The public key text, empty when the build has none.
    pub pubkey: String,
    /// The location configured at build time, empty when none.
    pub location: String,
}

impl BuildUpdateConfig {
    /// Reads `plugins.updater` from the app's config.
    pub fn read<R: Runtime>(app: &AppHandle<R>) -> Self {
        Self::from_config(app.config())
    }

    /// Reads `plugins.updater` from a build's config (the privileged installer has no
    /// running app, only the config compiled into the binary).
    pub fn from_config(config: &tauri::Config) -> Self {
        let section = config.plugins.0.get("updater");
        let text = |field: &str| {
            section
                .and_then(|s| s.get(field))
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .trim()
                .to_string()
        };
        Self {
            pubkey: text("pubkey"),
            location: text("location"),
        }
    }

    /// The key updates must be signed with.
    pub fn key(&self) -> Result<UpdateKey, UpdateError> {
        UpdateKey::parse(&self.pubkey)
    }
}
