//! Reading the files of a course pack from a folder or a `.zip`.

use lantern_core::course::{PackError, PackErrorKind};
use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Largest file read from a pack (a guard against zip bombs and stray videos).
const MAX_FILE_BYTES: u64 = 64 << 20;

/// A course pack's files.
pub enum PackSource {
    /// A folder; paths are relative to it.
    Folder(PathBuf),
    /// A zip archive read into memory: path (relative to the pack root) → bytes.
    Zip(HashMap<String, Vec<u8>>),
}

fn unreadable(path: &Path, e: impl std::fmt::Display) -> PackError {
    PackError::file(
        PackErrorKind::Unreadable,
        path.display().to_string(),
        e.to_string(),
    )
}

impl PackSource {
    /// Opens the folder or zip at `path`.
    pub fn open(path: &Path) -> Result<Self, PackError> {
        if !path.exists() {
            return Err(PackError::file(
                PackErrorKind::NotFound,
                path.display().to_string(),
                "no such file or folder",
            ));
        }
        if path.is_dir() {
            return Ok(Self::Folder(path.to_path_buf()));
        }
        let file = std::fs::File::open(path).map_err(|e| unreadable(path, e))?;
        let mut archive = zip::ZipArchive::new(file)
            .map_err(|e| unreadable(path, format!("not a zip archive ({e})")))?;
        let mut files = HashMap::new();
        for i in 0..archive.len() {
            let mut entry = archive.by_index(i).map_err(|e| unreadable(path, e))?;
            if entry.is_dir() {
                continue;
            }
            let Some(name) = entry
                .enclosed_name()
                .map(|p| p.to_string_lossy().replace('\\', "/"))
            else {
                continue;
            };
            if entry.size() > MAX_FILE_BYTES {
                return Err(unreadable(
                    path,
                    format!("{name} is larger than {} MB", MAX_FILE_BYTES >> 20),
                ));
            }
            let mut bytes = Vec::new();
            entry
                .by_ref()
                .take(MAX_FILE_BYTES)
                .read_to_end(&mut bytes)
                .map_err(|e| unreadable(path, e))?;
            files.insert(name, bytes);
        }
        Ok(Self::Zip(strip_common_folder(files)))
    }

    /// The bytes of `relative` (a path inside the pack), or `pack_missing_file`.
    pub fn read(&self, relative: &str) -> Result<Vec<u8>, PackError> {
        let missing = || PackError::file(PackErrorKind::MissingFile, relative, "not in the pack");
        match self {
            Self::Folder(root) => {
                let path = root.join(relative);
                if !path.is_file() {
                    return Err(missing());
                }
                std::fs::read(&path).map_err(|e| unreadable(&path, e))
            }
            Self::Zip(files) => files.get(relative).cloned().ok_or_else(missing),
        }
    }

    /// The text of `relative`, which must be UTF-8.
    pub fn read_text(&self, relative: &str) -> Result<String, PackError> {
        String::from_utf8(self.read(relative)?).map_err(|_| {
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
fn strip_common_folder(files: HashMap<String, Vec<u8>>) -> HashMap<String, Vec<u8>> {
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
            .filter_map(|(name, bytes)| name.strip_prefix(&prefix).map(|n| (n.to_string(), bytes)))
            .collect(),
        None => files,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_top_level_folder_is_stripped() {
        let files = HashMap::from([
            ("algebra/course.json".to_string(), vec![1]),
            ("algebra/units/a.md".to_string(), vec![2]),
        ]);
        let stripped = strip_common_folder(files);
        assert!(stripped.contains_key("course.json") && stripped.contains_key("units/a.md"));
    }

    #[test]
    fn missing_paths_and_files_are_coded() {
        use lantern_core::Coded;
        let err = PackSource::open(Path::new("/nonexistent/pack"))
            .err()
            .unwrap();
        assert_eq!(err.code(), "pack_not_found");
        let dir = tempfile::tempdir().unwrap();
        let source = PackSource::open(dir.path()).unwrap();
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
}
