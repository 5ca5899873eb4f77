//! Reading the files of a course or module pack from a folder or a `.zip`, within the
//! import limits (`lantern_packs::import_limits`): opening checks a zip's directory,
//! entry count, declared total and links; then only the files the manifest names are
//! read, lazily, each once, at most its limit, all of them within the pack's total.

use crate::folder_pack::read_confined;
use crate::zip_pack::ZipPack;
use lantern_packs::course::{PackError, PackErrorKind};
use lantern_packs::import_limits::{
    max_file_bytes, ByteBudget, MAX_PACK_BYTES, MAX_TEXT_FILE_BYTES,
};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// Where a pack's files are.
enum Files {
    /// A folder, by its canonical path.
    Folder(PathBuf),
    /// A zip, with its paths made relative to the pack root.
    Zip(ZipPack),
}

/// A course or module pack's files, read on demand.
pub struct PackSource {
    files: Files,
    budget: ByteBudget,
    read: HashSet<String>,
}

impl PackSource {
    /// Opens the folder or zip at `path` (for a zip: its directory only).
    pub fn open(path: &Path) -> Result<Self, PackError> {
        let label = path.display().to_string();
        if !path.exists() {
            return Err(PackError::file(
                PackErrorKind::NotFound,
                label,
                "no such file or folder",
            ));
        }
        let files = if path.is_dir() {
            let root = std::fs::canonicalize(path)
                .map_err(|e| PackError::file(PackErrorKind::Unreadable, &label, e.to_string()))?;
            Files::Folder(root)
        } else {
            let mut zip = ZipPack::open(path)?;
            zip.entries = strip_common_folder(std::mem::take(&mut zip.entries));
            Files::Zip(zip)
        };
        Ok(Self {
            files,
            budget: ByteBudget::new(MAX_PACK_BYTES),
            read: HashSet::new(),
        })
    }

    /// The bytes of `relative` (a path inside the pack), at most its limit by type
    /// ([`max_file_bytes`]); `pack_missing_file` when it is not there.
    pub fn read(&mut self, relative: &str) -> Result<Vec<u8>, PackError> {
        self.read_at_most(relative, max_file_bytes(relative))
    }

    /// The bytes of `relative`, at most `max`. Each path is read once: a second read is
    /// `import_duplicate_path`.
    pub fn read_at_most(&mut self, relative: &str, max: u64) -> Result<Vec<u8>, PackError> {
        if !self.read.insert(relative.to_string()) {
            return Err(PackError::file(
                PackErrorKind::DuplicatePath,
                relative,
                "is named more than once",
            ));
        }
        let bytes = match &mut self.files {
            Files::Folder(root) => read_confined(root, relative, max)?,
            Files::Zip(zip) => {
                let Some(&(index, _)) = zip.entries.get(relative) else {
                    return Err(PackError::file(
                        PackErrorKind::MissingFile,
                        relative,
                        "not in the pack",
                    ));
                };
                zip.read(index, relative, max)?
            }
        };
        self.budget
            .spend(relative, bytes.len() as u64, "the pack's files")?;
        Ok(bytes)
    }

    /// The text of `relative`, which must be UTF-8 and at most [`MAX_TEXT_FILE_BYTES`].
    pub fn read_text(&mut self, relative: &str) -> Result<String, PackError> {
        String::from_utf8(self.read_at_most(relative, MAX_TEXT_FILE_BYTES)?).map_err(|_| {
            PackError::file(
                PackErrorKind::InvalidField,
                relative,
                "the file is not UTF-8 text",
            )
        })
    }
}

/// The manifests a pack may have at its root: a course's or a module's.
const MANIFESTS: [&str; 2] = ["course.json", "module.json"];

/// Zips often hold one top-level folder; paths are made relative to it so the manifest
/// (`course.json`, `module.json`) is found either way.
fn strip_common_folder<T>(files: HashMap<String, T>) -> HashMap<String, T> {
    if MANIFESTS.iter().any(|m| files.contains_key(*m)) {
        return files;
    }
    let prefix = files
        .keys()
        .find(|name| {
            MANIFESTS.iter().any(|m| name.ends_with(&format!("/{m}")))
                && name.matches('/').count() == 1
        })
        .map(|name| format!("{}/", name.split('/').next().unwrap_or_default()));
    match prefix {
        Some(prefix) => files
            .into_iter()
            .filter_map(|(name, value)| name.strip_prefix(&prefix).map(|n| (n.to_string(), value)))
            .collect(),
        None => files,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::Coded;

    #[test]
    fn a_single_top_level_folder_is_stripped() {
        let files = HashMap::from([
            ("algebra/course.json".to_string(), 1),
            ("algebra/units/a.md".to_string(), 2),
        ]);
        let stripped = strip_common_folder(files);
        assert!(stripped.contains_key("course.json") && stripped.contains_key("units/a.md"));
    }

    #[test]
    fn missing_paths_and_files_are_coded() {
        let err = PackSource::open(Path::new("/nonexistent/pack"))
            .err()
            .unwrap();
        assert_eq!(err.code(), "pack_not_found");
        let dir = tempfile::tempdir().unwrap();
        let mut source = PackSource::open(dir.path()).unwrap();
        assert_eq!(
            source.read("course.json").unwrap_err().code(),
            "pack_missing_file"
        );
        let not_zip = dir.path().join("pack.zip");
        std::fs::write(&not_zip, b"plain text").unwrap();
        assert_eq!(
            PackSource::open(&not_zip).err().unwrap().code(),
            "pack_unreadable"
        );
    }

    #[test]
    fn a_file_is_read_once() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.md"), b"# A").unwrap();
        let mut source = PackSource::open(dir.path()).unwrap();
        assert_eq!(source.read("a.md").unwrap(), b"# A");
        assert_eq!(
            source.read("a.md").unwrap_err().code(),
            "import_duplicate_path"
        );
    }

    #[test]
    fn a_file_over_its_limit_is_refused_from_its_metadata() {
        let dir = tempfile::tempdir().unwrap();
        let big = std::fs::File::create(dir.path().join("a.md")).unwrap();
        big.set_len(MAX_TEXT_FILE_BYTES + 1).unwrap();
        let mut source = PackSource::open(dir.path()).unwrap();
        assert_eq!(
            source.read_text("a.md").unwrap_err().code(),
            "import_too_large"
        );
    }
}
