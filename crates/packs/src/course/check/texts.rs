//! The files a check was given: their text by path, and the paths that could not be read
//! (already reported, so never reported missing as well).

use crate::course::{PackError, PackErrorKind};
use crate::messages::both;
use std::collections::{HashMap, HashSet};

/// A pack's files as a check reads them.
pub(crate) struct Texts<'a> {
    text: HashMap<&'a str, &'a str>,
    failed: HashSet<&'a str>,
}

/// Whether a listed file is there.
pub(crate) enum Found<'a> {
    /// Its text.
    Text(&'a str),
    /// It could not be read; that is reported already.
    Failed,
    /// It is not in the pack.
    Missing,
}

impl<'a> Texts<'a> {
    /// `files` (path, text) and the errors of those that could not be read.
    pub fn new(files: &'a [(String, String)], unreadable: &'a [PackError]) -> Self {
        Self {
            text: files
                .iter()
                .map(|(p, t)| (p.as_str(), t.as_str()))
                .collect(),
            failed: unreadable.iter().map(|e| e.file.as_str()).collect(),
        }
    }

    /// The file at `path`.
    pub fn get(&self, path: &str) -> Found<'a> {
        match self.text.get(path) {
            Some(text) => Found::Text(text),
            None if self.failed.contains(path) => Found::Failed,
            None => Found::Missing,
        }
    }
}

/// `pack_missing_file` for `path`, listed at `field` of `file`.
pub(crate) fn missing(file: &str, field: String, path: &str) -> PackError {
    let (en, es) = both!("packs-check-missing", path = path);
    PackError::field(PackErrorKind::MissingFile, file, field, en).with_es(es)
}

/// `pack_missing_file` for a pack's own manifest.
pub(crate) fn missing_manifest(file: &str) -> PackError {
    let (en, es) = both!("packs-check-missing-manifest");
    PackError::file(PackErrorKind::MissingFile, file, en).with_es(es)
}
