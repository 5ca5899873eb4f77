//! Writing a file at a place someone else can write to (a shared USB stick, a folder the
//! user picked) without ever following a link planted there. The bytes go to a new file
//! with an unpredictable name in the destination folder (`tempfile`: created with
//! `O_CREAT|O_EXCL`, which refuses any existing name, a link included), are flushed to
//! disk, and the file is renamed into place: a rename replaces a link at the destination
//! instead of writing through it, and a kill mid-write leaves no half file under the name.

use std::fs::File;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Writes `bytes` to `path` as a new regular file (replacing whatever was there, a
/// planted link included, never its target); see [`write_new_file_with`].
pub fn write_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_new_file_with(path, |file| file.write_all(bytes))
}

/// Creates a new file beside `path` under a random hidden name (`.lantern-XXXXXX.part`),
/// lets `write` fill it, flushes it to disk and renames it to `path`. When `write` or a
/// step fails, the temporary file is removed and `path` is left as it was. The file gets
/// the permissions a plain create would (`0666` less the umask).
pub fn write_new_file_with<T>(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<T>,
) -> io::Result<T> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".lantern-")
        .suffix(".part")
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)?;
    let value = write(temporary.as_file_mut())?;
    temporary.as_file().sync_all()?;
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A folder with `victim` (the student's database, say) outside it.
    fn shared_stick() -> (tempfile::TempDir, tempfile::TempDir, std::path::PathBuf) {
        let (stick, home) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let victim = home.path().join("lantern.db");
        std::fs::write(&victim, b"the student's database").unwrap();
        (stick, home, victim)
    }

    fn assert_untouched_and_written(victim: &Path, written: &Path) {
        assert_eq!(std::fs::read(victim).unwrap(), b"the student's database");
        let meta = std::fs::symlink_metadata(written).unwrap();
        assert!(meta.file_type().is_file(), "a regular file, not the link");
        assert_eq!(std::fs::read(written).unwrap(), b"new bytes");
    }

    #[test]
    fn a_link_planted_at_the_final_name_is_replaced_not_followed() {
        let (stick, _home, victim) = shared_stick();
        let path = stick.path().join("ana-algebra-2026-11-29.progress.json");
        symlink(&victim, &path).unwrap();
        write_new_file(&path, b"new bytes").unwrap();
        assert_untouched_and_written(&victim, &path);
    }

    #[test]
    fn a_link_planted_at_the_old_predictable_part_name_is_not_followed() {
        let (stick, _home, victim) = shared_stick();
        let path = stick.path().join("ana-algebra-2026-11-29.progress.json");
        for planted in [
            ".ana-algebra-2026-11-29.progress.json.part",
            "ana-algebra-2026-11-29.progress.partial",
            "ana-algebra-2026-11-29.progress.json.tmp",
        ] {
            symlink(&victim, stick.path().join(planted)).unwrap();
        }
        write_new_file(&path, b"new bytes").unwrap();
        assert_untouched_and_written(&victim, &path);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary_behind() {
        let stick = tempfile::tempdir().unwrap();
        let path = stick.path().join("report.md");
        std::fs::write(&path, b"old").unwrap();
        let failed = write_new_file_with(&path, |file| {
            file.write_all(b"half")?;
            Err::<(), _>(io::Error::other("stick pulled out"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(stick.path()).unwrap().count(), 1);
    }
}
