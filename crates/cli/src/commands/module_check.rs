//! `lantern module check PACK [--json] [--language es]`: every problem and warning of a
//! module pack (folder or zip), read within the import limits as `module import` reads
//! it; nothing is written.

use super::course_report::{keep_unreadable, print_report};
use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_core::modules::check::{check_module_pack, module_listed_files};
use lantern_core::modules::pack::{MAX_MEDIA_BYTES, MODULE_FILE};
use lantern_rag::PackSource;
use std::path::Path;

/// `lantern module check PACK`
pub fn module_check(path: &Path, json: bool, language: Language) -> Result<(), CliError> {
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
    let report = check_module_pack(&files, &unreadable);
    print_report(&report, json, language)
}
