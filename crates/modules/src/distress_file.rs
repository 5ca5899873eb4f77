//! A school's distress phrases: the file [`FILE_NAME`] in Lantern's data folder, one
//! phrase a line in any language, `#` starting a comment, a final `*` making the last
//! word a prefix. It is read bounded and checked whole: a file over [`MAX_FILE_BYTES`],
//! with more than [`MAX_PHRASES`] phrases, a bad line, bytes that are not UTF-8 text, or
//! a name that is a link, a folder or a device rather than a plain file is refused with
//! a coded error naming what is wrong, in English and Spanish.

use super::keywords::Keyword;
use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::words::local_file::{is_not_a_plain_file, read_local};
use lantern_core::{Coded, ErrorCode};
use std::path::Path;
use thiserror::Error;

/// The school's file in the data folder.
pub const FILE_NAME: &str = "distress-words.txt";

/// The most bytes of the file that are read; a longer file is refused.
pub const MAX_FILE_BYTES: usize = 16 * 1024;

/// The most phrases the file may add.
pub const MAX_PHRASES: usize = 300;

/// The most words of one phrase.
pub const MAX_PHRASE_WORDS: usize = 8;

/// The most characters of one phrase.
pub const MAX_PHRASE_CHARS: usize = 80;

/// Why a school's distress phrases were refused (the line is 1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DistressWordsError {
    /// Over [`MAX_FILE_BYTES`].
    #[error("the file is over {MAX_FILE_BYTES} bytes")]
    TooLarge,
    /// Not UTF-8 text, or not readable.
    #[error("the file could not be read as text: {0}")]
    Unreadable(String),
    /// The name is a link, a folder or a device, not a plain file.
    #[error("the name is a link, a folder or a device, not a plain file")]
    NotAFile,
    /// A phrase without a letter, too long, or a `*` anywhere but at its end.
    #[error("line {0}: write one phrase of at most {MAX_PHRASE_WORDS} words with a letter, a * only at its end")]
    BadPhrase(usize),
    /// Over [`MAX_PHRASES`].
    #[error("the file adds more than {MAX_PHRASES} phrases")]
    TooManyPhrases,
}

impl Coded for DistressWordsError {
    fn code(&self) -> ErrorCode {
        ErrorCode::ModuleDistressWordsInvalid
    }
}

impl DistressWordsError {
    /// What went wrong, for the school, in `language`.
    pub fn message(&self, language: Language) -> String {
        match self {
            Self::TooLarge => say!(
                MESSAGES,
                language,
                "modules-distress-file-too-large",
                max = &MAX_FILE_BYTES.to_string()
            ),
            Self::Unreadable(why) => say!(
                MESSAGES,
                language,
                "modules-distress-file-unreadable",
                why = why
            ),
            Self::NotAFile => say!(MESSAGES, language, "modules-distress-file-not-a-file"),
            Self::BadPhrase(line) => say!(
                MESSAGES,
                language,
                "modules-distress-file-bad-phrase",
                line = &line.to_string(),
                words = &MAX_PHRASE_WORDS.to_string()
            ),
            Self::TooManyPhrases => say!(
                MESSAGES,
                language,
                "modules-distress-file-too-many",
                max = &MAX_PHRASES.to_string()
            ),
        }
    }
}

/// One phrase of a school's file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// Its words, normalised.
    pub words: Vec<String>,
    /// How it is looked for in a message.
    pub(crate) keyword: Keyword,
}

/// One phrase of the school's file, checked: a few words with a letter, a `*` only at
/// its end.
fn phrase(written: &str) -> Option<Phrase> {
    let body = written.strip_suffix('*').unwrap_or(written);
    let normal = normalize(body);
    let words: Vec<String> = normal.split(' ').map(String::from).collect();
    let ok = !body.contains('*')
        && written.chars().count() <= MAX_PHRASE_CHARS
        && normal.chars().any(char::is_alphabetic)
        && words.len() <= MAX_PHRASE_WORDS;
    let keyword = Keyword::parse(written).filter(|_| ok)?;
    Some(Phrase { words, keyword })
}

/// A school's phrases, checked and bounded.
pub fn parse(text: &str) -> Result<Vec<Phrase>, DistressWordsError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(DistressWordsError::TooLarge);
    }
    let mut phrases = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let parsed = phrase(content).ok_or(DistressWordsError::BadPhrase(index + 1))?;
        if phrases.len() == MAX_PHRASES {
            return Err(DistressWordsError::TooManyPhrases);
        }
        phrases.push(parsed);
    }
    Ok(phrases)
}

/// The phrases of the file's bytes (`None`: there is no file, no phrase).
pub fn read_bytes(bytes: Option<&[u8]>) -> Result<Vec<Phrase>, DistressWordsError> {
    let Some(bytes) = bytes else {
        return Ok(Vec::new());
    };
    let text =
        std::str::from_utf8(bytes).map_err(|e| DistressWordsError::Unreadable(e.to_string()))?;
    parse(text)
}

/// The phrases of the school's file in `data_dir`: only a plain file is read (a link
/// could point anywhere, a pipe would never end), at most one byte over the limit, so a
/// long file is refused, not read whole. No file is no phrase.
pub fn read_file(data_dir: &Path) -> Result<Vec<Phrase>, DistressWordsError> {
    let bytes = read_local(data_dir, FILE_NAME, MAX_FILE_BYTES).map_err(|e| {
        if is_not_a_plain_file(&e) {
            DistressWordsError::NotAFile
        } else {
            DistressWordsError::Unreadable(e.to_string())
        }
    })?;
    read_bytes(bytes.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A fresh folder under the system's temporary folder, removed when dropped.
    struct Folder(std::path::PathBuf);

    impl Folder {
        fn new(name: &str) -> Self {
            let path = std::env::temp_dir()
                .join(format!("lantern-distress-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&path);
            std::fs::create_dir_all(&path).expect("a folder");
            Self(path)
        }

        fn file(&self) -> std::path::PathBuf {
            self.0.join(FILE_NAME)
        }
    }

    impl Drop for Folder {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn no_file_is_no_phrase_and_a_good_one_is_read() {
        let dir = Folder::new("good");
        assert_eq!(read_file(&dir.0), Ok(Vec::new()));
        std::fs::write(dir.file(), "# centro\nestoy hecho polvo\n").expect("written");
        let read = read_file(&dir.0).expect("read");
        assert_eq!(read[0].words, ["estoy", "hecho", "polvo"]);
    }

    #[test]
    fn a_sparse_gigabyte_file_is_refused_without_reading_it_whole() {
        let dir = Folder::new("huge");
        let file = std::fs::File::create(dir.file()).expect("created");
        file.set_len(1 << 30).expect("a sparse 1 GiB file");
        assert_eq!(read_file(&dir.0), Err(DistressWordsError::TooLarge));
    }

    #[test]
    fn a_file_of_too_many_phrases_is_refused() {
        let dir = Folder::new("many");
        let lines: String = (0..=MAX_PHRASES).map(|i| format!("frase {i}\n")).collect();
        std::fs::write(dir.file(), lines).expect("written");
        assert_eq!(read_file(&dir.0), Err(DistressWordsError::TooManyPhrases));
    }

    #[test]
    fn bytes_that_are_not_text_are_refused() {
        let dir = Folder::new("bytes");
        std::fs::write(dir.file(), b"hecho \xff polvo\n").expect("written");
        let refused = read_file(&dir.0).unwrap_err();
        assert!(matches!(refused, DistressWordsError::Unreadable(_)));
        assert_eq!(refused.code(), ErrorCode::ModuleDistressWordsInvalid);
    }

    #[test]
    fn a_bad_line_is_named() {
        let dir = Folder::new("line");
        std::fs::write(dir.file(), "ok phrase\n***\n").expect("written");
        let refused = read_file(&dir.0).unwrap_err();
        assert_eq!(refused, DistressWordsError::BadPhrase(2));
        assert!(refused.message(Language::Es).contains('2'));
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_refused_even_to_a_good_file() {
        let dir = Folder::new("link");
        let target = dir.0.join("elsewhere.txt");
        std::fs::write(&target, "estoy hecho polvo\n").expect("written");
        std::os::unix::fs::symlink(&target, dir.file()).expect("a link");
        assert_eq!(read_file(&dir.0), Err(DistressWordsError::NotAFile));
    }

    #[test]
    fn a_folder_by_that_name_is_refused() {
        let dir = Folder::new("folder");
        std::fs::create_dir(dir.file()).expect("a folder");
        let refused = read_file(&dir.0).unwrap_err();
        assert_eq!(refused, DistressWordsError::NotAFile);
        assert_ne!(refused.message(Language::En), refused.message(Language::Es));
    }

    #[test]
    fn every_refusal_is_written_in_english_and_spanish() {
        for e in [
            DistressWordsError::TooLarge,
            DistressWordsError::Unreadable("x".into()),
            DistressWordsError::NotAFile,
            DistressWordsError::BadPhrase(3),
            DistressWordsError::TooManyPhrases,
        ] {
            assert_ne!(e.message(Language::En), e.message(Language::Es), "{e:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, .. ProptestConfig::default() })]

        /// Any text: no panic, and what is accepted is bounded, each phrase a few
        /// normalised words with a letter.
        #[test]
        fn any_text_is_accepted_only_within_bounds(text in "\\PC{0,400}") {
            if let Ok(phrases) = parse(&text) {
                prop_assert!(phrases.len() <= MAX_PHRASES);
                for p in &phrases {
                    prop_assert!(!p.words.is_empty() && p.words.len() <= MAX_PHRASE_WORDS);
                    prop_assert!(p.words.iter().any(|w| w.chars().any(char::is_alphabetic)));
                    for w in &p.words {
                        prop_assert_eq!(&normalize(w), w);
                    }
                }
            }
        }

        /// Lines of words are accepted, every phrase counted.
        #[test]
        fn well_formed_lines_are_accepted(
            lines in proptest::collection::vec(proptest::collection::vec("[a-z]{1,8}", 1..6), 0..40)
        ) {
            let text: String = lines.iter().map(|ws| format!("{}\n", ws.join(" "))).collect();
            prop_assert_eq!(parse(&text).map(|p| p.len()), Ok(lines.len()));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

        /// The reader, on any bytes in the file: no panic; accepted only when they are
        /// text within the bounds; refused with a coded error otherwise.
        #[test]
        fn the_reader_takes_any_bytes_without_panicking(
            bytes in proptest::collection::vec(any::<u8>(), 0..600)
        ) {
            let dir = Folder::new("any");
            std::fs::write(dir.file(), &bytes).expect("written");
            match read_file(&dir.0) {
                Ok(phrases) => {
                    prop_assert!(std::str::from_utf8(&bytes).is_ok());
                    prop_assert!(phrases.len() <= MAX_PHRASES);
                }
                Err(e) => prop_assert!(!e.message(Language::En).is_empty()),
            }
        }
    }
}
