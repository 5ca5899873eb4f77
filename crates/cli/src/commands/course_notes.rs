//! `lantern course new` and `lantern module new` on disk: a teacher's notes folder read
//! within the import limits (Markdown and text files only, no links followed, each at
//! most 8 MiB, at most 5,000 notes), and the drafted pack written into a new folder.

use crate::cli_error::CliError;
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_packs::course::authoring::{DraftOptions, PackDraft};
use lantern_packs::import_limits::{
    MAX_CONTENT_FILES, MAX_PACK_BYTES, MAX_TEXT_FILE_BYTES, MAX_ZIP_ENTRIES,
};
use std::path::{Path, PathBuf};

/// Deepest folder of notes read.
const MAX_DEPTH: usize = 16;

/// A folder of notes, read.
struct Notes {
    /// Each note: its path in the folder and its text.
    files: Vec<(String, String)>,
    /// Files that are not notes (pictures, PDFs, links), by path.
    skipped: Vec<String>,
}

fn is_note(path: &Path) -> bool {
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    matches!(extension.as_str(), "md" | "markdown" | "txt")
}

fn io_error(path: &Path, e: std::io::Error) -> CliError {
    CliError::new(
        ErrorCode::FileUnreadable,
        format!("{}: {e}", path.display()),
    )
}

/// The notes of `folder` (not looking into `skip`, the pack being written).
fn read_notes(folder: &Path, skip: Option<&Path>) -> Result<Notes, CliError> {
    let mut notes = Notes {
        files: Vec::new(),
        skipped: Vec::new(),
    };
    let mut bytes = 0u64;
    let mut seen = 0usize;
    let mut stack = vec![(folder.to_path_buf(), 0usize)];
    while let Some((dir, depth)) = stack.pop() {
        for entry in std::fs::read_dir(&dir).map_err(|e| io_error(&dir, e))? {
            let entry = entry.map_err(|e| io_error(&dir, e))?;
            seen += 1;
            if seen > MAX_ZIP_ENTRIES {
                return Err(CliError::new(
                    ErrorCode::ImportTooManyEntries,
                    format!(
                        "{}: more than {MAX_ZIP_ENTRIES} files and folders",
                        folder.display()
                    ),
                ));
            }
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let relative = path
                .strip_prefix(folder)
                .map(|p| p.to_string_lossy().replace('\\', "/"))
                .unwrap_or_else(|_| name.clone());
            let meta = std::fs::symlink_metadata(&path).map_err(|e| io_error(&path, e))?;
            if name.starts_with('.') || skip.is_some_and(|s| s == path) {
                continue;
            }
            if meta.is_dir() && depth < MAX_DEPTH {
                stack.push((path, depth + 1));
            } else if meta.is_file() && is_note(&path) {
                if meta.len() > MAX_TEXT_FILE_BYTES || notes.files.len() >= MAX_CONTENT_FILES {
                    return Err(CliError::new(
                        ErrorCode::ImportTooLarge,
                        format!("{relative}: notes are limited to {MAX_CONTENT_FILES} files of at most 8 MiB"),
                    ));
                }
                bytes += meta.len();
                if bytes > MAX_PACK_BYTES {
                    return Err(CliError::new(
                        ErrorCode::ImportTooLarge,
                        format!("{}: the notes are over 512 MiB", folder.display()),
                    ));
                }
                let raw = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
                let text = String::from_utf8(raw).map_err(|_| {
                    CliError::new(
                        ErrorCode::FileUnreadable,
                        format!("{relative}: not UTF-8 text; save it as UTF-8"),
                    )
                })?;
                notes.files.push((relative, text));
            } else {
                notes.skipped.push(relative);
            }
        }
    }
    notes.skipped.sort();
    Ok(notes)
}

/// Writes `files` into `out`, which must not exist or be empty.
fn write_pack(out: &Path, files: &[(String, String)]) -> Result<(), CliError> {
    let failed = |e: std::io::Error| {
        CliError::new(ErrorCode::ExportFailed, format!("{}: {e}", out.display()))
    };
    if out.exists() {
        let empty = out.is_dir() && std::fs::read_dir(out).map_err(failed)?.next().is_none();
        if !empty {
            return Err(CliError::new(
                ErrorCode::UsageInvalid,
                format!(
                    "{} already exists and is not empty; choose another --out",
                    out.display()
                ),
            ));
        }
    }
    for (relative, text) in files {
        let path = out.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(failed)?;
        }
        lantern_store::write_new_file(&path, text.as_bytes()).map_err(failed)?;
    }
    Ok(())
}

/// A drafter: the notes (path, text) and the teacher's choices in, a pack out.
pub(super) type Drafter = fn(&[(String, String)], &DraftOptions) -> Option<PackDraft>;

/// What `new` was asked for.
pub(super) struct NewRequest<'a> {
    /// The notes folder.
    pub folder: &'a Path,
    /// Where the pack goes (by default beside the folder, named `<folder>-pack`).
    pub out: Option<&'a Path>,
    /// The pack's id.
    pub id: Option<String>,
    /// Its title.
    pub title: Option<String>,
    /// Its language.
    pub language: Option<Language>,
}

/// Drafts a pack from the notes folder with `draft`, writes it and says where. `what`
/// names the pack ("course", "module").
pub(super) fn new_pack(
    request: NewRequest<'_>,
    draft: Drafter,
    what: &str,
) -> Result<(), CliError> {
    let folder = std::fs::canonicalize(request.folder).map_err(|e| {
        CliError::new(
            ErrorCode::FileUnreadable,
            format!("{}: {e}", request.folder.display()),
        )
    })?;
    let name = folder
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let out: PathBuf = request
        .out
        .map(Path::to_path_buf)
        .unwrap_or_else(|| folder.with_file_name(format!("{name}-pack")));
    let skip = std::fs::canonicalize(&out).ok();
    let notes = read_notes(&folder, skip.as_deref())?;
    let options = DraftOptions {
        id: request.id,
        title: request.title,
        language: request.language,
        folder_name: name,
    };
    let drafted = draft(&notes.files, &options).ok_or_else(|| {
        CliError::new(
            ErrorCode::UsageInvalid,
            format!(
                "{}: no Markdown (.md) or text (.txt) notes found",
                folder.display()
            ),
        )
    })?;
    write_pack(&out, &drafted.files)?;
    outln!(
        "drafted {what} `{}` (“{}”, {}): {} parts from {} notes, in {}",
        drafted.id,
        drafted.title,
        drafted.language.code(),
        drafted.parts,
        notes.files.len(),
        out.display()
    );
    if !notes.skipped.is_empty() {
        outln!(
            "not read (only .md, .markdown and .txt notes are): {}",
            notes.skipped.join(", ")
        );
    }
    outln!(
        "next: read {}, then run `lantern {what} check {}`",
        out.join("REVIEW.md").display(),
        out.display()
    );
    Ok(())
}
