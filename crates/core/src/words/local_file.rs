//! A word file a teacher or a school keeps in Lantern's data folder (category words for
//! the expense assistant, distress phrases for the modules): read bounded, so a huge or
//! endless file is refused after one byte over its limit, never read whole; and only a
//! plain file — a link could point anywhere, and a pipe or a device would never end.

use std::fs::OpenOptions;
use std::io::{Error, ErrorKind, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Why a word file was refused before it was read: it is a link, a folder, a pipe or a
/// device, not a plain file.
#[derive(Debug, thiserror::Error)]
#[error("{0} is not a plain file (a link, a folder, a pipe or a device)")]
pub struct NotAPlainFile(pub String);

/// Whether `error` (from [`read_local`]) says the file is not a plain file.
pub fn is_not_a_plain_file(error: &Error) -> bool {
    error.get_ref().is_some_and(|e| e.is::<NotAPlainFile>())
}

/// The bytes of `data_dir/name`, at most `max_bytes + 1` of them (one over the limit
/// tells the caller the file is too long); `None` when there is no such file. A link is
/// never followed and a pipe never waited on (the file is opened with `O_NOFOLLOW` and
/// `O_NONBLOCK`, then refused unless it is a plain file): [`NotAPlainFile`].
pub fn read_local(
    data_dir: &Path,
    name: &str,
    max_bytes: usize,
) -> std::io::Result<Option<Vec<u8>>> {
    let not_plain = || Error::new(ErrorKind::InvalidInput, NotAPlainFile(name.to_string()));
    let opened = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(data_dir.join(name));
    let file = match opened {
        Ok(file) => file,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(not_plain()),
        Err(e) => return Err(e),
    };
    if !file.metadata()?.is_file() {
        return Err(not_plain());
    }
    let limit = u64::try_from(max_bytes.saturating_add(1)).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes)?;
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_is_none_and_a_huge_one_is_cut_one_byte_over() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert!(read_local(dir.path(), "words.txt", 8).unwrap().is_none());
        let file = std::fs::File::create(dir.path().join("words.txt")).expect("created");
        file.set_len(1 << 30).expect("a sparse 1 GiB file");
        let read = read_local(dir.path(), "words.txt", 8).unwrap().unwrap();
        assert_eq!(read.len(), 9);
    }

    #[test]
    fn a_link_to_a_good_file_is_refused_not_followed() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join("real.txt"), "food: mensa\n").expect("written");
        std::os::unix::fs::symlink(dir.path().join("real.txt"), dir.path().join("words.txt"))
            .expect("a link");
        let refused = read_local(dir.path(), "words.txt", 64).unwrap_err();
        assert!(is_not_a_plain_file(&refused), "{refused}");
    }

    #[test]
    fn a_pipe_is_refused_at_once_not_waited_on() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let made = std::process::Command::new("mkfifo")
            .arg(dir.path().join("words.txt"))
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let refused = read_local(dir.path(), "words.txt", 64).unwrap_err();
        assert!(is_not_a_plain_file(&refused), "{refused}");
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(dir.path().join("words.txt")).expect("a folder");
        let refused = read_local(dir.path(), "words.txt", 64).unwrap_err();
        assert!(is_not_a_plain_file(&refused), "{refused}");
    }
}
