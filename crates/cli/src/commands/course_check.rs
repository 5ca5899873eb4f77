//! `lantern course check PACK [--json] [--language es]`: every problem and warning of a
//! course pack (folder or zip), read within the import limits as `course import` reads
//! it; nothing is written.

use super::coach::parse_language;
use super::course_report::print_report;
use crate::cli_error::CliError;
use clap::Args;
use lantern_core::language::Language;
use lantern_rag::check_course_path;
use std::path::PathBuf;

/// Options of `lantern course check`.
#[derive(Debug, Args)]
pub struct CourseCheckOptions {
    /// The pack's folder or zip file.
    pub path: PathBuf,
    /// Print the report as JSON (problems, warnings, omitted).
    #[arg(long)]
    pub json: bool,
    /// The language of the messages (en, es).
    #[arg(long, value_parser = parse_language, default_value = "en")]
    pub language: Language,
}

/// `lantern course check PACK`
pub fn course_check(options: &CourseCheckOptions) -> Result<(), CliError> {
    let report = check_course_path(&options.path)?;
    print_report(&report, options.json, options.language)
}
