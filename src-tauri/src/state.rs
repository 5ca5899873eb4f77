//! What the commands share: the database, the active profile, the model pack and the
//! model service.

use crate::clock::AppClock;
use crate::library::Library;
use crate::model::{worker_program, ModelService, WORKER_FLAG};
use crate::turns::TurnRegistry;
use lantern_core::clock::Clock;
use lantern_core::pack::{candidate_dirs, locate_pack, Manifest, PACK_DIR_VARIABLE};
use lantern_models::{ModelLibrary, WorkerCommand};
use lantern_store::{Profile, Store, StoreError, FIRST_PROFILE_NAME};
use std::path::{Path, PathBuf};
use std::sync::RwLock;

/// The profile in use, and whether the window may act for it.
#[derive(Debug, Clone)]
struct Active {
    profile: Profile,
    /// False while the profile waits for its PIN (at start, or after it was locked).
    unlocked: bool,
}

/// Shared app state, managed by Tauri.
pub struct AppState {
    /// The SQLite database.
    pub store: Store,
    /// The profile in use; see [`crate::profile_lock`] for what runs while it is locked.
    active: RwLock<Active>,
    /// The model pack folder, if a complete one was found.
    pub pack_dir: Option<PathBuf>,
    /// The language model running now.
    pub model: ModelService,
    /// Every model the app can run (pack and imports) and the automatic choice.
    pub models: ModelLibrary,
    /// The GGUF last picked and checked on the Models page, the one an import brings in.
    pub checked_model: crate::models::CheckedModel,
    /// The hand-in last shown to the student, the one "Save" writes.
    pub hand_in: crate::progress::pending::PendingHandIn,
    /// The pack last checked without problems, the one "Import" brings in.
    pub checked_pack: crate::commands::checked_pack::CheckedPack,
    /// The course library and its search index.
    pub library: Library,
    /// The streamed turns running now.
    pub turns: TurnRegistry,
    /// Where time comes from (lockouts, re-checks, recency).
    pub clock: AppClock,
    /// The verified update offer of the last check.
    pub updates: crate::updates::UpdateState,
    /// Voice input: the speech worker and the recording or transcription running.
    pub voice: crate::voice::VoiceState,
}

impl AppState {
    /// Opens the database in `data_dir`, selects the profile `profile_id` (or the first
    /// one, creating it on first run) — locked until its PIN is entered when it has one —
    /// and looks for the model pack.
    pub async fn open(
        data_dir: &Path,
        resource_dir: Option<PathBuf>,
        profile_id: Option<i64>,
    ) -> Result<Self, StoreError> {
        let store = Store::open(&data_dir.join("lantern.db")).await?;
        let first = store.ensure_profile(FIRST_PROFILE_NAME).await?;
        let profile = match profile_id {
            Some(id) => store
                .list_profiles()
                .await?
                .into_iter()
                .find(|p| p.id == id)
                .unwrap_or(first),
            None => first,
        };
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
            store: store.clone(),
            active: RwLock::new(Active {
                unlocked: !profile.has_pin,
                profile,
            }),
            library: Library::new(pack_dir.clone(), data_dir.join(lantern_rag::INDEX_DIR_NAME)),
            models: ModelLibrary::new(
                store.clone(),
                pack_dir.clone(),
                data_dir,
                WorkerCommand {
                    program: worker_program().map_err(|e| StoreError::Open(e.to_string()))?,
                    args: vec![WORKER_FLAG.into()],
                },
            ),
            voice: crate::voice::VoiceState::new(
                pack_dir.as_deref(),
                worker_program().map_err(|e| StoreError::Open(e.to_string()))?,
            ),
            pack_dir,
            model: ModelService::new(data_dir.join(lantern_llm::verified::RECORD_FILE)),
            turns: TurnRegistry::default(),
            clock: AppClock::from_env(),
            updates: crate::updates::UpdateState::default(),
            checked_model: crate::models::CheckedModel::default(),
            hand_in: crate::progress::pending::PendingHandIn::default(),
            checked_pack: crate::commands::checked_pack::CheckedPack::default(),
        })
    }

    fn active(&self) -> Active {
        match self.active.read() {
            Ok(a) => a.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn set_active(&self, active: Active) {
        match self.active.write() {
            Ok(mut a) => *a = active,
            Err(poisoned) => *poisoned.into_inner() = active,
        }
    }

    /// The profile in use.
    pub fn profile(&self) -> Profile {
        self.active().profile
    }

    /// Whether the profile in use waits for its PIN (then only the commands of
    /// [`crate::profile_lock::OPEN_WHILE_LOCKED`] run).
    pub fn is_locked(&self) -> bool {
        !self.active().unlocked
    }

    /// Makes `profile` the one in use once it is unlocked: at once when it has no PIN,
    /// else with `pin` (checked by the store, which counts wrong tries). On a refusal
    /// the profile in use and its lock stay as they were.
    pub async fn open_profile(
        &self,
        profile: Profile,
        pin: Option<&str>,
    ) -> Result<(), StoreError> {
        self.store
            .unlock_profile(profile.id, pin, self.clock.now())
            .await?;
        self.set_active(Active {
            profile,
            unlocked: true,
        });
        Ok(())
    }

    /// Locks the profile in use until its PIN is entered again.
    pub fn lock(&self) {
        let mut active = self.active();
        active.unlocked = false;
        self.set_active(active);
    }
}
