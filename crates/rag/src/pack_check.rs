//! Checking a course or module pack (folder or zip) without importing it: its files read
//! within the import limits, as an import reads them, then every problem and warning
//! from `lantern_core`'s checkers. Shared by `lantern course|module check` and the app's
//! "Check a pack" dialog. Nothing is written.

use crate::{pdf_pages, PackSource};
use lantern_packs::course::check::{check_course_pack, course_listed_files, PackCheckReport};
use lantern_packs::course::{
    is_video_path, ContentKind, PackError, PackErrorKind, COURSE_FILE, EXAMS_FILE,
};
use lantern_packs::module::check::{check_module_pack, module_listed_files};
use lantern_packs::module::{MAX_MEDIA_BYTES, MODULE_FILE};
use std::path::Path;

/// A missing file is a problem the checker names itself; other read errors are kept.
fn keep_unreadable(unreadable: &mut Vec<PackError>, e: PackError) {
    if e.kind != PackErrorKind::MissingFile {
        unreadable.push(e);
    }
}

/// The text of a listed file: notes and transcripts as text, a PDF's extracted text, a
/// video as nothing (it only has to be there).
fn read_listed(source: &mut PackSource, path: &str) -> Option<Result<String, PackError>> {
    Some(match ContentKind::of(path) {
        Some(ContentKind::Pdf) => source
            .read(path)
            .and_then(|bytes| pdf_pages(path, bytes))
            .map(|pages| pages.join("\n")),
        Some(_) => source.read_text(path),
        None if is_video_path(path) => source.read(path).map(|_| String::new()),
        None => return None,
    })
}

/// Every problem and warning of the course pack at `path`; an error only when the
/// folder or zip itself cannot be opened.
pub fn check_course_path(path: &Path) -> Result<PackCheckReport, PackError> {
    let mut source = PackSource::open(path)?;
    let mut files: Vec<(String, String)> = Vec::new();
    let mut unreadable = Vec::new();
    for name in [COURSE_FILE, EXAMS_FILE] {
        match source.read_text(name) {
            Ok(text) => files.push((name.to_string(), text)),
            Err(e) => keep_unreadable(&mut unreadable, e),
        }
    }
    let text = |name: &str| {
        files
            .iter()
            .find(|(p, _)| p == name)
            .map_or(String::new(), |(_, t)| t.clone())
    };
    let listed = course_listed_files(&text(COURSE_FILE), &text(EXAMS_FILE));
    for listed_path in listed {
        match read_listed(&mut source, &listed_path) {
            Some(Ok(text)) => files.push((listed_path, text)),
            Some(Err(e)) => keep_unreadable(&mut unreadable, e),
            None => {}
        }
    }
    Ok(check_course_pack(&files, &unreadable))
}

/// Every problem and warning of the module pack at `path`; an error only when the
/// folder or zip itself cannot be opened.
pub fn check_module_path(path: &Path) -> Result<PackCheckReport, PackError> {
    let mut source = PackSource::open(path)?;
    let mut files: Vec<(String, String)> = Vec::new();
    let mut unreadable = Vec::new();
    match source.read_text(MODULE_FILE) {
        Ok(text) => files.push((MODULE_FILE.to_string(), text)),
        Err(e) => keep_unreadable(&mut unreadable, e),
    }
    let listed = files
        .first()
        .map_or_else(Vec::new, |(_, t)| module_listed_files(t));
    for media in listed {
        // A media file only has to be there, within its limit.
        match source.read_at_most(&media, MAX_MEDIA_BYTES) {
            Ok(_) => files.push((media, String::new())),
            Err(e) => keep_unreadable(&mut unreadable, e),
        }
    }
    Ok(check_module_pack(&files, &unreadable))
}
