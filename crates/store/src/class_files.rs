//! Reading hand-in files from what a teacher picked: files, or folders (a USB stick)
//! searched a few levels deep for `*.progress.json`. Symbolic links are not followed
//! (each file is opened with `O_NOFOLLOW`, so a link swapped in after the folder scan
//! is refused too), only a regular file is read (checked on the opened handle; the open
//! does not wait, so a FIFO cannot hang the import), each file is read up to its limit
//! only, and the number of files is bounded, so a crafted folder costs bounded memory
//! and time.

use lantern_progress::{ProgressError, HANDIN_SUFFIX, MAX_HANDIN_BYTES};
use std::fs::OpenOptions;
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// Most hand-in files read in one import.
pub const MAX_HAND_IN_FILES: usize = 5_000;
/// How deep folders are searched (the picked folder is depth 0).
pub const MAX_FOLDER_DEPTH: usize = 3;

/// A file found, with its bytes or why they could not be read.
pub type HandInFile = (String, Result<Vec<u8>, ProgressError>);

/// The hand-in files under `paths` (files as given; folders searched for
/// `*.progress.json`), in path order, at most [`MAX_HAND_IN_FILES`]. Nothing is read
/// yet: an import reads and stores them one at a time (see [`read_hand_in_file`]), so
/// its memory is one file's, not the folder's.
pub fn find_hand_in_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for path in paths {
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.is_dir() => collect(path, 0, &mut found),
            _ => found.push(path.clone()),
        }
    }
    found.sort();
    found.dedup();
    found.truncate(MAX_HAND_IN_FILES);
    found
}

/// The file at `path`: its name and its bytes (within [`MAX_HANDIN_BYTES`]), or why
/// they could not be read.
pub fn read_hand_in_file(path: &Path) -> HandInFile {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let bytes = read_bounded(path, &name);
    (name, bytes)
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
        } else if !kind.is_dir()
            && !kind.is_symlink()
            && entry.file_name().to_string_lossy().ends_with(HANDIN_SUFFIX)
        {
            // Pipes and devices too: reading them refuses them by name.
            found.push(path);
        }
    }
}

fn read_bounded(path: &Path, name: &str) -> Result<Vec<u8>, ProgressError> {
    let unreadable = |reason: String| ProgressError::Invalid {
        file: name.into(),
        reason,
    };
    let not_regular = || unreadable("not a regular file".into());
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => not_regular(),
            _ => unreadable(e.to_string()),
        })?;
    let meta = file.metadata().map_err(|e| unreadable(e.to_string()))?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > MAX_HANDIN_BYTES {
        return Err(ProgressError::TooLarge {
            file: name.into(),
            bytes: meta.len(),
            limit: MAX_HANDIN_BYTES,
        });
    }
    let mut bytes = Vec::new();
    file.take(MAX_HANDIN_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(e.to_string()))?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every file found under `paths`, read, as an import reads them one at a time.
    fn read_all(paths: &[PathBuf]) -> Vec<HandInFile> {
        find_hand_in_files(paths)
            .iter()
            .map(|p| read_hand_in_file(p))
            .collect()
    }

    #[test]
    fn folders_are_searched_for_hand_ins_and_links_are_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("ana/deep")).unwrap();
        std::fs::write(root.join("ben.progress.json"), b"{}").unwrap();
        std::fs::write(root.join("ana/deep/ana.progress.json"), b"{}").unwrap();
        std::fs::write(root.join("notes.txt"), b"x").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", root.join("evil.progress.json")).unwrap();
        let names: Vec<String> = find_hand_in_files(&[root.to_path_buf()])
            .iter()
            .map(|p| read_hand_in_file(p).0)
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
        let read = read_all(&[link, big]);
        assert!(
            matches!(read[0].1, Err(ProgressError::TooLarge { .. })),
            "big sorts first"
        );
        assert!(matches!(read[1].1, Err(ProgressError::Invalid { .. })));
    }

    /// `read_all(paths)` on another thread, failing after 10 s instead of hanging.
    fn read_within_seconds(paths: Vec<PathBuf>) -> Vec<HandInFile> {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || send.send(read_all(&paths)));
        receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("reading hand-ins hung")
    }

    fn is_not_regular(read: &HandInFile) -> bool {
        matches!(&read.1, Err(ProgressError::Invalid { reason, .. }) if reason == "not a regular file")
    }

    #[test]
    fn a_fifo_named_like_a_hand_in_is_refused_without_hanging() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("a.progress.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        std::fs::write(dir.path().join("b.progress.json"), b"{}").unwrap();

        let in_folder = read_within_seconds(vec![dir.path().to_path_buf()]);
        let names: Vec<&str> = in_folder.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a.progress.json", "b.progress.json"]);
        assert!(is_not_regular(&in_folder[0]), "{:?}", in_folder[0]);
        assert!(matches!(&in_folder[1].1, Ok(bytes) if bytes == b"{}"));

        let picked = read_within_seconds(vec![fifo]);
        assert!(is_not_regular(&picked[0]), "{:?}", picked[0]);
    }
}
