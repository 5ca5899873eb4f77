//! `lantern course new FOLDER`: a course pack drafted from a folder of Markdown notes,
//! with a REVIEW.md of what to check (docs/course-pack.md, "Your first course in 20
//! minutes").

use super::coach::parse_language;
use super::course_notes::{new_pack, NewRequest};
use crate::cli_error::CliError;
use clap::Args;
use lantern_core::language::Language;
use lantern_core::pack_id::is_pack_id;
use lantern_core::ErrorCode;
use lantern_packs::course::authoring::draft_course;
use std::path::PathBuf;

/// Options of `lantern course new`.
#[derive(Debug, Args)]
pub struct CourseNewOptions {
    /// The folder of notes (.md, .markdown, .txt; subfolders too).
    pub folder: PathBuf,
    /// Where to write the pack (a new or empty folder); by default `<FOLDER>-pack`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The course id (letters, digits, `.`, `_`, `-`); by default made from the title.
    #[arg(long)]
    pub id: Option<String>,
    /// The course title; by default the notes' own title or the folder's name.
    #[arg(long)]
    pub title: Option<String>,
    /// The language of the notes (en, es); by default told from the notes.
    #[arg(long, value_parser = parse_language)]
    pub language: Option<Language>,
}

/// `lantern course new FOLDER`
pub fn course_new(options: &CourseNewOptions) -> Result<(), CliError> {
    if let Some(id) = options.id.as_deref().filter(|id| !is_pack_id(id)) {
        return Err(CliError::new(
            ErrorCode::UsageInvalid,
            format!("`{id}` is not a course id: a letter or digit, then at most 63 letters, digits, `.`, `_` or `-`"),
        ));
    }
    new_pack(
        NewRequest {
            folder: &options.folder,
            out: options.out.as_deref(),
            id: options.id.clone(),
            title: options.title.clone(),
            language: options.language,
        },
        draft_course,
        "course",
    )
}
