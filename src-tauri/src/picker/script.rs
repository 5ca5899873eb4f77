//! Debug builds only: the answer of every dialog read from a file instead of shown, so the
//! WebDriver tests (which cannot drive a native dialog) and the IPC tests can pick files.
//! Release builds do not have this module: the variable means nothing to them.

use std::path::PathBuf;

/// The variable naming the script file: `LANTERN_TEST_PICK=/tmp/picks`.
pub const PICK_SCRIPT_VARIABLE: &str = "LANTERN_TEST_PICK";

/// A file whose lines are the paths the next dialog answers with, read at each dialog; an
/// empty or missing file is a cancelled dialog.
#[derive(Debug, Clone)]
pub struct ScriptedPicks(PathBuf);

impl ScriptedPicks {
    /// Dialogs answered from `file`.
    pub fn new(file: impl Into<PathBuf>) -> Self {
        Self(file.into())
    }

    /// The script named by [`PICK_SCRIPT_VARIABLE`], when it is set.
    pub fn from_env() -> Option<Self> {
        std::env::var_os(PICK_SCRIPT_VARIABLE).map(Self::new)
    }

    /// The paths the file holds now, one a line; none when it is empty or missing.
    pub fn answer(&self) -> Vec<PathBuf> {
        std::fs::read_to_string(&self.0)
            .unwrap_or_default()
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(PathBuf::from)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_line_is_a_path_and_no_file_is_a_cancel() {
        let dir = tempfile::tempdir().unwrap();
        let script = ScriptedPicks::new(dir.path().join("picks"));
        assert!(script.answer().is_empty());
        std::fs::write(dir.path().join("picks"), "/a/b.md\n\n  /c d.pdf  \n").unwrap();
        assert_eq!(
            script.answer(),
            [PathBuf::from("/a/b.md"), PathBuf::from("/c d.pdf")]
        );
    }
}
