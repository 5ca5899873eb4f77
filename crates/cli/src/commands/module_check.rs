//! `lantern module check PACK [--json] [--language es]`: every problem and warning of a
//! module pack (folder or zip), read within the import limits as `module import` reads
//! it; nothing is written.

use super::course_report::print_report;
use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_rag::check_module_path;
use std::path::Path;

/// `lantern module check PACK`
pub fn module_check(path: &Path, json: bool, language: Language) -> Result<(), CliError> {
    let report = check_module_path(path)?;
    print_report(&report, json, language)
}
