//! The school's distress phrases in the app: `distress-words.txt` in Lantern's data
//! folder, read (bounded, a plain file only) before each module turn and put in use by
//! [`lantern_modules::distress`]; a bad file comes back as a coded error the module page
//! shows with the turn, and the built-in phrases stay.

use crate::error::IpcError;
use lantern_modules::distress;
use std::path::Path;

/// Reads the school's file in `data_dir` and puts its phrases in use: the refusal, if
/// any.
pub fn refresh(data_dir: &Path) -> Option<IpcError> {
    distress::load_from(data_dir).err().map(IpcError::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_modules::distress_file::FILE_NAME;

    #[test]
    fn a_missing_file_is_no_problem_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert_eq!(refresh(dir.path()), None);
        std::fs::write(dir.path().join(FILE_NAME), "ok phrase\n***\n").expect("written");
        let refused = refresh(dir.path()).expect("a refusal");
        assert!(refused.message.contains("line 2"), "{}", refused.message);
        std::fs::write(dir.path().join(FILE_NAME), "estoy hecho polvo\n").expect("written");
        assert_eq!(refresh(dir.path()), None);
    }
}
