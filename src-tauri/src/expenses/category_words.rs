//! The teacher's category words in the app: `category-words.txt` in Lantern's data
//! folder, read (bounded) each time the expenses page opens and put in use by
//! [`lantern_expenses::category::teacher`]; a bad file comes back as a coded error the
//! page shows, and the built-in table stays.

use crate::error::IpcError;
use lantern_expenses::category::teacher;
use std::path::Path;

/// Reads the teacher's file in `data_dir` (bounded) and puts its words in use: the
/// refusal, if any.
pub fn refresh(data_dir: &Path) -> Option<IpcError> {
    teacher::load_from(data_dir).err().map(IpcError::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::ErrorCode;
    use lantern_expenses::category::teacher::FILE_NAME;

    #[test]
    fn a_missing_file_is_no_problem_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert_eq!(refresh(dir.path()), None);
        std::fs::write(dir.path().join(FILE_NAME), "snacks: crisps\n").expect("written");
        let refused = refresh(dir.path()).expect("a refusal");
        assert_eq!(refused.code, ErrorCode::ExpenseCategoryWordsInvalid);
        assert!(refused.message.contains("line 1"), "{}", refused.message);
        std::fs::write(dir.path().join(FILE_NAME), "food: mensa\n").expect("written");
        assert_eq!(refresh(dir.path()), None);
        std::fs::remove_file(dir.path().join(FILE_NAME)).expect("removed");
        assert_eq!(refresh(dir.path()), None);
    }
}
