//! `lantern course check PACK [--json] [--language es]`: every problem and warning of a
//! course pack (folder or zip), read within the import limits as `course import` reads
//! it; nothing is written.

use super::coach::parse_language;
use super::course_report::{keep_unreadable, print_report};
use crate::cli_error::CliError;
use clap::Args;
use lantern_core::course::check::{check_course_pack, course_listed_files};
use lantern_core::course::{is_video_path, ContentKind, PackError, COURSE_FILE, EXAMS_FILE};
use lantern_core::language::Language;
use lantern_rag::{pdf_pages, PackSource};
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

/// `lantern course check PACK`
pub fn course_check(options: &CourseCheckOptions) -> Result<(), CliError> {
    let mut source = PackSource::open(&options.path)?;
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
            .map_or("", |(_, t)| t.as_str())
    };
    let listed = course_listed_files(text(COURSE_FILE), text(EXAMS_FILE));
    for path in listed {
        match read_listed(&mut source, &path) {
            Some(Ok(text)) => files.push((path, text)),
            Some(Err(e)) => keep_unreadable(&mut unreadable, e),
            None => {}
        }
    }
    let report = check_course_pack(&files, &unreadable);
    print_report(&report, options.json, options.language)
}
