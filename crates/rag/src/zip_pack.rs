//! A pack's `.zip`, read within the import limits: its directory is read within
//! [`MAX_ZIP_DIRECTORY_BYTES`], its entry count and declared total are checked before any
//! entry is opened, links are refused, and then only the entries asked for are read,
//! each at most its declared size and its limit.

use lantern_packs::course::{PackError, PackErrorKind};
use lantern_packs::import_limits::{
    check_entries, check_size, directory_too_large, ByteBudget, MeteredReader, MAX_PACK_BYTES,
    MAX_ZIP_DIRECTORY_BYTES,
};
use std::collections::HashMap;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// An opened pack zip: entry names (as `/`-separated paths) and their index.
pub(crate) struct ZipPack {
    archive: zip::ZipArchive<MeteredReader<File>>,
    label: String,
    /// Path in the zip → (entry index, declared size).
    pub(crate) entries: HashMap<String, (usize, u64)>,
}

fn unreadable(label: &str, e: impl std::fmt::Display) -> PackError {
    PackError::file(PackErrorKind::Unreadable, label, e.to_string())
}

impl ZipPack {
    /// Opens the zip at `path`, checking its directory, entry count, declared total and
    /// links before anything else is read.
    pub(crate) fn open(path: &Path) -> Result<Self, PackError> {
        let label = path.display().to_string();
        let file = File::open(path).map_err(|e| unreadable(&label, e))?;
        let allowance = Arc::new(AtomicU64::new(MAX_ZIP_DIRECTORY_BYTES));
        let metered = MeteredReader::new(file, Arc::clone(&allowance));
        let mut archive = zip::ZipArchive::new(metered).map_err(|e| {
            if allowance.load(Ordering::Relaxed) == 0 {
                directory_too_large(&label)
            } else {
                unreadable(&label, format!("not a zip archive ({e})"))
            }
        })?;
        allowance.store(u64::MAX, Ordering::Relaxed);
        check_entries(&label, archive.len())?;
        let mut entries = HashMap::new();
        let mut declared = ByteBudget::new(MAX_PACK_BYTES);
        for i in 0..archive.len() {
            let entry = archive.by_index_raw(i).map_err(|e| unreadable(&label, e))?;
            if entry.is_symlink() {
                return Err(PackError::field(
                    PackErrorKind::Symlink,
                    &label,
                    entry.name(),
                    "is a symbolic link; links are not followed",
                ));
            }
            declared.spend(&label, entry.size(), "the sizes its files declare")?;
            if entry.is_dir() || entry.enclosed_name().is_none() {
                continue;
            }
            let name = entry.name().replace('\\', "/");
            if entries.insert(name.clone(), (i, entry.size())).is_some() {
                return Err(PackError::field(
                    PackErrorKind::DuplicatePath,
                    &label,
                    name,
                    "the zip holds this path twice",
                ));
            }
        }
        Ok(Self {
            archive,
            label,
            entries,
        })
    }

    /// The bytes of the entry at `index` (shown as `name`): at most `max` and never more
    /// than it declares.
    pub(crate) fn read(
        &mut self,
        index: usize,
        name: &str,
        max: u64,
    ) -> Result<Vec<u8>, PackError> {
        let entry = self
            .archive
            .by_index(index)
            .map_err(|e| unreadable(&self.label, e))?;
        let declared = entry.size();
        check_size(name, declared, max)?;
        let mut bytes = Vec::with_capacity(usize::try_from(declared).unwrap_or(0));
        entry
            .take(declared + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| unreadable(name, e))?;
        if bytes.len() as u64 > declared {
            return Err(PackError::file(
                PackErrorKind::TooLarge,
                name,
                format!("holds more than the {declared} bytes the zip declares"),
            ));
        }
        Ok(bytes)
    }
}
