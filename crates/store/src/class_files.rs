//! Reading hand-in files from what a teacher picked: files, or folders (a USB stick)
//! searched a few levels deep for `*.progress.json`. Symbolic links are not followed,
//! each file is read up to its limit only, and the number of files is bounded, so a
//! crafted folder costs bounded memory and time.

use lantern_core::progress::{ProgressError, HANDIN_SUFFIX, MAX_HANDIN_BYTES};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Most hand-in files read in one import.
pub const MAX_HAND_IN_FILES: usize = 5_000;
/// How deep folders are searched (the picked folder is depth 0).
pub const MAX_FOLDER_DEPTH: usize = 3;

/// A file found, with its bytes or why they could not be read.
pub type HandInFile = (String, Result<Vec<u8>, ProgressError>);

/// The hand-in files under `paths` (files as given; folders searched for
/// `*.progress.json`), in path order, at most [`MAX_HAND_IN_FILES`].
pub fn read_hand_in_files(paths: &[PathBuf]) -> Vec<HandInFile> {
    let mut found = Vec::new();
    for path in paths {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => collect(path, 0, &mut found),
            Ok(meta) if meta.is_file() => found.push(path.clone()),
            _ => found.push(path.clone()),
        }
    }
    found.sort();
    found.dedup();
    found.truncate(MAX_HAND_IN_FILES);
    found
        .into_iter()
        .map(|path| {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            let bytes = read_bounded(&path, &name);
            (name, bytes)
        })
        .collect()
}

fn collect(folder: &Path, depth: usize, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        if found.len() >= MAX_HAND_IN_FILES {
            return;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if kind.is_dir() && depth < MAX_FOLDER_DEPTH {
            collect(&path, depth + 1, found);
        } else if kind.is_file() && entry.file_name().to_string_lossy().ends_with(HANDIN_SUFFIX) {
            found.push(path);
        }
    }
}

fn read_bounded(path: &Path, name: &str) -> Result<Vec<u8>, ProgressError> {
    let unreadable = |reason: String| ProgressError::Invalid {
        file: name.into(),
        reason,
    };
    let meta = std::fs::symlink_metadata(path).map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(unreadable("not a regular file".into()));
    }
    if meta.len() > MAX_HANDIN_BYTES {
        return Err(ProgressError::TooLarge {
            file: name.into(),
            bytes: meta.len(),
            limit: MAX_HANDIN_BYTES,
        });
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(MAX_HANDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(e.to_string()))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_searched_for_hand_ins_and_links_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("ana/deep")).unwrap();
        std::fs::write(root.join("ben.progress.json"), b"{}").unwrap();
        std::fs::write(root.join("ana/deep/ana.progress.json"), b"{}").unwrap();
        std::fs::write(root.join("notes.txt"), b"x").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", root.join("evil.progress.json")).unwrap();
        let names: Vec<String> = read_hand_in_files(&[root.to_path_buf()])
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, ["ana.progress.json", "ben.progress.json"]);
    }

    #[test]
    fn a_picked_link_or_oversized_file_is_refused_with_its_code() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.progress.json");
        std::os::unix::fs::symlink("/etc/passwd", &link).unwrap();
        let big = dir.path().join("big.progress.json");
        std::fs::File::create(&big)
            .unwrap()
            .set_len(MAX_HANDIN_BYTES + 1)
            .unwrap();
        let read = read_hand_in_files(&[link, big]);
        assert!(
            matches!(read[0].1, Err(ProgressError::TooLarge { .. })),
            "big sorts first"
        );
        assert!(matches!(read[1].1, Err(ProgressError::Invalid { .. })));
    }
}
