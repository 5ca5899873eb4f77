//! What each dialog the app opens is for: its title in the window's language, the file
//! type it offers, whether it picks a folder, one file or several, and the name a save
//! dialog suggests.

use lantern_core::language::Language;
use lantern_core::words::Words;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

/// How a course or module pack arrives: a folder or a .zip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub enum PackKind {
    /// A folder holding the pack.
    Folder,
    /// A .zip of the pack.
    Zip,
}

/// What an open dialog picks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// A course pack.
    Course(PackKind),
    /// A module pack.
    Module(PackKind),
    /// A report to import (Markdown, text or Word).
    Report,
    /// A project's specification files (PDF, Markdown, text).
    Specs,
    /// A GGUF model.
    Model,
    /// Where a student saves their progress (a USB stick's folder).
    HandInFolder,
    /// A folder of hand-ins for a class (a USB stick), searched for `*.progress.json`.
    HandInsFolder,
    /// Hand-in files for a class.
    HandInFiles,
}

/// What an open dialog selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// One folder.
    Folder,
    /// One file.
    File,
    /// One or more files.
    Files,
}

/// A file type a dialog offers, e.g. "GGUF model" with `gguf`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileType {
    /// The name the dialog shows.
    pub name: &'static str,
    /// Extensions without the dot.
    pub extensions: &'static [&'static str],
}

/// The dialogs' words: `src-tauri/words/<locale>/picker.ftl`, compiled in.
static MESSAGES: Words = Words::new(&[
    ("en", &[include_str!("../../words/en/picker.ftl")]),
    ("es", &[include_str!("../../words/es/picker.ftl")]),
]);

/// Message `id` in `language`, kept for the app's life: the dialog builder borrows a
/// title and a file type's name, and there are a few dozen of them, each said once.
fn say(language: Language, id: &'static str) -> &'static str {
    type Said = HashMap<(&'static str, &'static str), &'static str>;
    static SAID: LazyLock<Mutex<Said>> = LazyLock::new(Mutex::default);
    let mut said = SAID.lock().unwrap_or_else(PoisonError::into_inner);
    said.entry((language.code(), id))
        .or_insert_with(|| MESSAGES.say(language, id, &[]).leak())
}

impl Pick {
    /// Whether the dialog picks a folder, a file or several files.
    pub fn target(self) -> Target {
        match self {
            Self::Course(PackKind::Folder)
            | Self::Module(PackKind::Folder)
            | Self::HandInFolder
            | Self::HandInsFolder => Target::Folder,
            Self::Specs | Self::HandInFiles => Target::Files,
            _ => Target::File,
        }
    }

    /// The dialog's title.
    pub fn title(self, language: Language) -> &'static str {
        match self {
            Self::Course(PackKind::Folder) => say(language, "picker-course-folder-title"),
            Self::Course(PackKind::Zip) => say(language, "picker-course-zip-title"),
            Self::Module(PackKind::Folder) => say(language, "picker-module-folder-title"),
            Self::Module(PackKind::Zip) => say(language, "picker-module-zip-title"),
            Self::Report => say(language, "picker-report-title"),
            Self::Specs => say(language, "picker-specs-title"),
            Self::Model => say(language, "picker-model-title"),
            Self::HandInFolder => say(language, "picker-hand-in-folder-title"),
            Self::HandInsFolder => say(language, "picker-hand-ins-folder-title"),
            Self::HandInFiles => say(language, "picker-hand-in-files-title"),
        }
    }

    /// The file type offered; `None` for a folder.
    pub fn file_type(self, language: Language) -> Option<FileType> {
        let (name, extensions): (_, &'static [&'static str]) = match self {
            Self::Course(PackKind::Folder)
            | Self::Module(PackKind::Folder)
            | Self::HandInFolder
            | Self::HandInsFolder => return None,
            Self::Course(PackKind::Zip) => (say(language, "picker-course-pack-type"), &["zip"]),
            Self::Module(PackKind::Zip) => (say(language, "picker-module-pack-type"), &["zip"]),
            Self::Report => (
                say(language, "picker-report-type"),
                &["md", "markdown", "txt", "docx"],
            ),
            Self::Specs => (
                say(language, "picker-specs-type"),
                &["pdf", "md", "markdown", "txt"],
            ),
            Self::Model => (say(language, "picker-model-type"), &["gguf"]),
            Self::HandInFiles => (say(language, "picker-progress-files-type"), &["json"]),
        };
        Some(FileType { name, extensions })
    }
}

/// What a save dialog saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// A coach argument.
    Argument,
    /// A report's accepted version.
    Report,
    /// A class's grid.
    ClassGrid,
    /// One student's summary, made again from their verified hand-in.
    StudentSummary,
}

/// The format of a saved file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveFormat {
    /// Markdown (`.md`).
    Markdown,
    /// Argdown (`.argdown`).
    Argdown,
    /// Word (`.docx`).
    Word,
    /// A table (`.csv`).
    Csv,
    /// A printable page (`.html`).
    Html,
}

/// A save dialog: what is saved, in which format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Save {
    /// What is saved.
    pub what: Saved,
    /// Its format.
    pub format: SaveFormat,
}

/// Most characters of a suggested file name, before its extension.
const MAX_STEM_CHARS: usize = 80;

impl Save {
    /// The dialog's title.
    pub fn title(self, language: Language) -> &'static str {
        match self.what {
            Saved::Argument => say(language, "picker-save-argument-title"),
            Saved::Report => say(language, "picker-save-report-title"),
            Saved::ClassGrid => say(language, "picker-save-class-grid-title"),
            Saved::StudentSummary => say(language, "picker-save-student-summary-title"),
        }
    }

    /// The file type offered.
    pub fn file_type(self, language: Language) -> FileType {
        let (name, extensions): (_, &'static [&'static str]) = match self.format {
            SaveFormat::Markdown => ("Markdown", &["md"]),
            SaveFormat::Argdown => ("Argdown", &["argdown"]),
            SaveFormat::Word => (say(language, "picker-word-type"), &["docx"]),
            SaveFormat::Csv => (say(language, "picker-csv-type"), &["csv"]),
            SaveFormat::Html => (say(language, "picker-html-type"), &["html"]),
        };
        FileType { name, extensions }
    }

    /// The file name the dialog suggests: `title` without characters a file name cannot
    /// hold, or "argument" / "report" in the window's language, with the extension.
    pub fn file_name(self, title: &str, language: Language) -> String {
        let mut stem = String::new();
        for c in title.chars() {
            let unsafe_char =
                c.is_control() || matches!(c, '\\' | '/' | ':' | '*' | '?' | '"' | '<' | '>' | '|');
            if !unsafe_char {
                stem.push(c);
            } else if !stem.ends_with('-') {
                stem.push('-');
            }
        }
        let stem: String = stem
            .trim_matches(|c: char| c.is_whitespace() || c == '.' || c == '-')
            .chars()
            .take(MAX_STEM_CHARS)
            .collect();
        let stem = match stem.trim_end() {
            "" => match self.what {
                Saved::Argument => say(language, "picker-argument-file"),
                Saved::Report => say(language, "picker-report-file"),
                Saved::ClassGrid => say(language, "picker-class-grid-file"),
                Saved::StudentSummary => say(language, "picker-student-summary-file"),
            },
            kept => kept,
        };
        format!("{stem}.{}", self.file_type(language).extensions[0])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    lantern_core::words_are_whole!(MESSAGES);

    const EVERY_PICK: [Pick; 10] = [
        Pick::HandInFolder,
        Pick::HandInsFolder,
        Pick::HandInFiles,
        Pick::Course(PackKind::Folder),
        Pick::Course(PackKind::Zip),
        Pick::Module(PackKind::Folder),
        Pick::Module(PackKind::Zip),
        Pick::Report,
        Pick::Specs,
        Pick::Model,
    ];

    #[test]
    fn folders_offer_no_file_type_and_files_offer_one() {
        for pick in EVERY_PICK {
            for language in [Language::En, Language::Es] {
                let offered = pick.file_type(language);
                assert_eq!(
                    offered.is_none(),
                    pick.target() == Target::Folder,
                    "{pick:?}"
                );
                assert!(offered.is_none_or(|t| !t.extensions.is_empty() && !t.name.is_empty()));
            }
        }
    }

    #[test]
    fn every_title_is_in_both_languages() {
        for pick in EVERY_PICK {
            assert_ne!(
                pick.title(Language::En),
                pick.title(Language::Es),
                "{pick:?}"
            );
        }
        let save = Save {
            what: Saved::Report,
            format: SaveFormat::Word,
        };
        assert_eq!(save.title(Language::Es), "Exportar el informe");
        assert_eq!(save.file_type(Language::Es).name, "Documento de Word");
    }

    #[test]
    fn only_specifications_and_hand_in_files_pick_several_files() {
        let several: Vec<_> = EVERY_PICK
            .into_iter()
            .filter(|p| p.target() == Target::Files)
            .collect();
        assert_eq!(several, [Pick::HandInFiles, Pick::Specs]);
    }

    #[test]
    fn a_suggested_name_holds_no_path_or_reserved_characters() {
        let save = Save {
            what: Saved::Argument,
            format: SaveFormat::Argdown,
        };
        assert_eq!(
            save.file_name("Homework: yes/no?", Language::En),
            "Homework- yes-no.argdown"
        );
        assert_eq!(
            save.file_name("../../.ssh/id_rsa", Language::En),
            "ssh-id_rsa.argdown"
        );
        assert_eq!(save.file_name("a\u{0}b\nc", Language::En), "a-b-c.argdown");
    }

    #[test]
    fn an_empty_title_gets_a_name_in_the_windows_language() {
        let report = Save {
            what: Saved::Report,
            format: SaveFormat::Markdown,
        };
        assert_eq!(report.file_name("  ", Language::Es), "informe.md");
        assert_eq!(report.file_name("///", Language::En), "report.md");
        let argument = Save {
            what: Saved::Argument,
            format: SaveFormat::Markdown,
        };
        assert_eq!(argument.file_name("", Language::En), "argument.md");
    }

    #[test]
    fn a_long_title_is_cut() {
        let save = Save {
            what: Saved::Report,
            format: SaveFormat::Word,
        };
        let name = save.file_name(&"é".repeat(500), Language::En);
        assert_eq!(name.chars().count(), MAX_STEM_CHARS + ".docx".len());
    }
}
