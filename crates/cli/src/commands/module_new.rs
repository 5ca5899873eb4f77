//! `lantern module new FOLDER`: a module pack drafted from a folder of Markdown notes —
//! sections from files or headings, topics from sub-headings — with a REVIEW.md of what
//! to check (docs/module-pack.md, "Writing a module from your notes").

use super::course_notes::{new_pack, NewRequest};
use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_packs::module::authoring::draft_module;
use lantern_packs::module::is_module_id;
use std::path::Path;

/// `lantern module new FOLDER [--out PACK] [--id ID] [--title T] [--language en|es]`
pub fn module_new(
    folder: &Path,
    out: Option<&Path>,
    id: Option<&str>,
    title: Option<&str>,
    language: Option<Language>,
) -> Result<(), CliError> {
    if let Some(id) = id.filter(|id| !is_module_id(id)) {
        return Err(CliError::new(
            ErrorCode::UsageInvalid,
            format!(
                "`{id}` is not a module id: a-z or 0-9 first, then at most 63 of a-z, 0-9 and -"
            ),
        ));
    }
    new_pack(
        NewRequest {
            folder,
            out,
            id: id.map(str::to_string),
            title: title.map(str::to_string),
            language,
        },
        draft_module,
        "module",
    )
}
