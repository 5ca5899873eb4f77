//! The GGUF the student last picked and checked on the Models page: the only file an
//! import may bring in, so the window never names a model path.

use std::path::PathBuf;
use std::sync::Mutex;

/// The file of the last successful check, until it is imported or another is picked.
#[derive(Debug, Default)]
pub struct CheckedModel(Mutex<Option<PathBuf>>);

impl CheckedModel {
    /// Remembers `path` (`None`: forgets the last one).
    pub fn set(&self, path: Option<PathBuf>) {
        *self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = path;
    }

    /// The checked file, if any.
    pub fn get(&self) -> Option<PathBuf> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_check_replaces_the_last_and_none_forgets_it() {
        let checked = CheckedModel::default();
        assert_eq!(checked.get(), None);
        checked.set(Some("/a.gguf".into()));
        checked.set(Some("/b.gguf".into()));
        assert_eq!(checked.get(), Some(PathBuf::from("/b.gguf")));
        checked.set(None);
        assert_eq!(checked.get(), None);
    }
}
