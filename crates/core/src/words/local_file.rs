//! A word file a teacher or a school keeps in Lantern's data folder (category words for
//! the expense assistant, distress phrases for the modules): read bounded, so a huge or
//! endless file is refused after one byte over its limit, never read whole.

use std::io::{ErrorKind, Read};
use std::path::Path;

/// The bytes of `data_dir/name`, at most `max_bytes + 1` of them (one over the limit
/// tells the caller the file is too long); `None` when there is no such file.
pub fn read_local(
    data_dir: &Path,
    name: &str,
    max_bytes: usize,
) -> std::io::Result<Option<Vec<u8>>> {
    let limit = u64::try_from(max_bytes.saturating_add(1)).unwrap_or(u64::MAX);
    let mut bytes = Vec::new();
    match std::fs::File::open(data_dir.join(name)) {
        Ok(file) => {
            file.take(limit).read_to_end(&mut bytes)?;
            Ok(Some(bytes))
        }
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
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
}
