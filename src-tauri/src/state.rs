//! What the commands share: the database, the active profile and the model pack.

use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_store::{Profile, Store, StoreError};
use std::path::{Path, PathBuf};

/// Name of the profile created on first run.
const FIRST_PROFILE_NAME: &str = "Student";

/// Shared app state, managed by Tauri.
pub struct AppState {
    /// The SQLite database.
    pub store: Store,
    /// The profile in use.
    pub profile: Profile,
    /// The model pack folder, if a complete one was found.
    pub pack_dir: Option<PathBuf>,
}

impl AppState {
    /// Opens the database in `data_dir` and looks for the model pack.
    pub async fn open(data_dir: &Path, resource_dir: Option<PathBuf>) -> Result<Self, StoreError> {
        let store = Store::open(&data_dir.join("lantern.db")).await?;
        let profile = store.ensure_profile(FIRST_PROFILE_NAME).await?;
        let installed: Vec<PathBuf> = resource_dir
            .map(|r| r.join("models"))
            .into_iter()
            .chain(std::iter::once(data_dir.join("models")))
            .collect();
        let overridden = std::env::var_os(PACK_DIR_VARIABLE).map(PathBuf::from);
        let pack_dir = locate_pack(
            &Manifest::bundled(),
            &candidate_dirs(overridden, &installed),
            Path::exists,
        );
        Ok(Self {
            store,
            profile,
            pack_dir,
        })
    }
}
