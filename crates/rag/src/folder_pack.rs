//! A file of a folder pack, read within the import limits: its canonical path must be
//! the path written in the pack (no symbolic link on the way, nothing outside the
//! folder), its size is checked from metadata before reading, and no more than that
//! size is read.

use lantern_packs::course::{PackError, PackErrorKind};
use lantern_packs::import_limits::{check_real_path, check_size, lexical_path, link_refused};
use std::io::Read;
use std::path::Path;

/// The bytes of `relative` in the folder whose canonical path is `root`, if it is a
/// regular file of at most `max` bytes reached without a link.
pub(crate) fn read_confined(root: &Path, relative: &str, max: u64) -> Result<Vec<u8>, PackError> {
    let unreadable =
        |e: std::io::Error| PackError::file(PackErrorKind::Unreadable, relative, e.to_string());
    let missing = || PackError::file(PackErrorKind::MissingFile, relative, "not in the pack");
    let expected = lexical_path(root, relative);
    let real = match std::fs::canonicalize(&expected) {
        Ok(real) => real,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // A dangling link is a link all the same.
            return match std::fs::symlink_metadata(&expected) {
                Ok(meta) if meta.file_type().is_symlink() => Err(link_refused(relative)),
                _ => Err(missing()),
            };
        }
        Err(e) => return Err(unreadable(e)),
    };
    check_real_path(relative, &expected, &real)?;
    let meta = std::fs::metadata(&real).map_err(unreadable)?;
    if !meta.is_file() {
        return Err(missing());
    }
    check_size(relative, meta.len(), max)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    std::fs::File::open(&real)
        .and_then(|f| f.take(meta.len() + 1).read_to_end(&mut bytes))
        .map_err(unreadable)?;
    check_size(relative, bytes.len() as u64, meta.len())?;
    Ok(bytes)
}
