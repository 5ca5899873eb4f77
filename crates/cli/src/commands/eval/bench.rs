//! Where an eval run happens: a fresh database in a temporary folder, the profile it
//! runs as, and the model (or the offline guide).

use lantern_core::llm::Llm;
use lantern_llm::Supervisor;
use lantern_store::Store;
use std::path::Path;

/// Where a run happens: a fresh database in a temporary folder, the profile, the model.
pub struct Bench {
    /// The temporary store.
    pub store: Store,
    /// The profile the cases run as.
    pub profile: i64,
    supervisor: Option<Supervisor>,
    _dir: tempfile::TempDir,
}

impl Bench {
    /// A run over `store` as `profile`, answered by `supervisor` (none: the offline
    /// guide), in the temporary folder `dir`.
    pub fn new(
        store: Store,
        profile: i64,
        supervisor: Option<Supervisor>,
        dir: tempfile::TempDir,
    ) -> Self {
        Self {
            store,
            profile,
            supervisor,
            _dir: dir,
        }
    }

    /// The run's temporary folder (database, index).
    pub fn dir(&self) -> &Path {
        self._dir.path()
    }

    /// The model, unless the run scores the offline guide.
    pub fn llm(&self) -> Option<&dyn Llm> {
        self.supervisor.as_ref().map(|s| s as &dyn Llm)
    }
}
