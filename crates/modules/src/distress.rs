//! Distress: a student at the end of their strength ("no sirvo para nada", "I give
//! up") gets the module's support message before anything else. The phrases are a
//! word list (`crates/modules/words/<locale>/distress.txt`) that a school extends
//! without a build: a file [`FILE_NAME`] in Lantern's data folder, one phrase a line in
//! any language, `#` starting a comment, a final `*` making the last word a prefix. The
//! file is read (bounded) when a module session opens; a bad file is refused whole
//! with a coded error naming its line, and the built-in list stays.

use super::keywords::Keyword;
use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::word_list;
use lantern_core::words::local_file::read_local;
use lantern_core::{Coded, ErrorCode};
use std::path::Path;
use std::sync::{Arc, LazyLock, RwLock};
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

/// The built-in phrases, every language's.
static BUILT_IN: LazyLock<Vec<Keyword>> =
    LazyLock::new(|| word_list!("distress").filter_map(Keyword::parse).collect());

/// Why a school's distress phrases were refused (the line is 1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DistressWordsError {
    /// Over [`MAX_FILE_BYTES`].
    #[error("the file is over {MAX_FILE_BYTES} bytes")]
    TooLarge,
    /// Not UTF-8 text, or not readable.
    #[error("the file could not be read as text: {0}")]
    Unreadable(String),
    /// A phrase without a letter, too long, or a `*` anywhere but at its end.
    #[error("line {0}: write one phrase of at most {MAX_PHRASE_WORDS} words with a letter, a * only at its end")]
    BadPhrase(usize),
    /// Over [`MAX_PHRASES`].
    #[error("the file adds more than {MAX_PHRASES} phrases")]
    TooManyPhrases,
}

impl Coded for DistressWordsError {
    fn code(&self) -> ErrorCode {
        match self {
            Self::TooLarge => ErrorCode::ImportTooLarge,
            Self::Unreadable(_) => ErrorCode::PackUnreadable,
            Self::BadPhrase(_) | Self::TooManyPhrases => ErrorCode::PackInvalidField,
        }
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
    keyword: Keyword,
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

/// The school's phrases in use: its file as last read (none until it is).
static IN_USE: LazyLock<RwLock<Arc<Vec<Phrase>>>> = LazyLock::new(RwLock::default);

fn put_in_use(phrases: Vec<Phrase>) {
    match IN_USE.write() {
        Ok(mut in_use) => *in_use = Arc::new(phrases),
        Err(poisoned) => *poisoned.into_inner() = Arc::new(phrases),
    }
}

fn school_phrases() -> Arc<Vec<Phrase>> {
    match IN_USE.read() {
        Ok(phrases) => Arc::clone(&phrases),
        Err(poisoned) => Arc::clone(&poisoned.into_inner()),
    }
}

/// Uses `bytes`, the school's file as just read (None when there is none), from now on:
/// how many phrases it adds. A bad file is refused whole and none of its phrases is used
/// until it is fixed.
pub fn use_file(bytes: Option<&[u8]>) -> Result<usize, DistressWordsError> {
    let parsed = bytes
        .map(|b| {
            let text = std::str::from_utf8(b)
                .map_err(|e| DistressWordsError::Unreadable(e.to_string()))?;
            parse(text)
        })
        .transpose();
    put_in_use(parsed.clone().ok().flatten().unwrap_or_default());
    parsed.map(|p| p.map_or(0, |p| p.len()))
}

/// Reads the school's file in `data_dir` (at most one byte over the limit, so a long
/// file is refused, not read whole) and puts its phrases in use: how many it adds, or
/// why it was refused. No file is no phrase.
pub fn load_from(data_dir: &Path) -> Result<usize, DistressWordsError> {
    match read_local(data_dir, FILE_NAME, MAX_FILE_BYTES) {
        Ok(bytes) => use_file(bytes.as_deref()),
        Err(e) => {
            put_in_use(Vec::new());
            Err(DistressWordsError::Unreadable(e.to_string()))
        }
    }
}

/// Whether the normalised words `said` hold a distress phrase, built-in or the
/// school's.
pub fn is_distress(said: &[&str]) -> bool {
    BUILT_IN.iter().any(|k| k.occurs_in(said))
        || school_phrases().iter().any(|p| p.keyword.occurs_in(said))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::text::normalize::words;
    use proptest::prelude::*;

    fn distress(text: &str) -> bool {
        let normal = normalize(text);
        is_distress(&words(&normal))
    }

    #[test]
    fn no_sirvo_para_nada_is_distress() {
        assert!(distress("no sirvo para nada"));
    }

    #[test]
    fn im_useless_is_distress() {
        assert!(distress("I'm useless"));
    }

    #[test]
    fn i_cant_do_this_anymore_is_distress() {
        assert!(distress("I can't do this anymore"));
    }

    #[test]
    fn quiero_rendirme_is_distress() {
        assert!(distress("quiero rendirme"));
    }

    #[test]
    fn agobiadisimo_y_no_puedo_mas_is_distress() {
        assert!(distress("estoy agobiadísimo y no puedo más"));
    }

    #[test]
    fn me_rindo_is_distress() {
        assert!(distress("he suspendido otra vez, me rindo"));
    }

    #[test]
    fn no_valgo_para_estudiar_is_distress() {
        assert!(distress("no valgo para estudiar"));
    }

    #[test]
    fn ya_no_puedo_mas_con_todo_is_distress() {
        assert!(distress("ya no puedo más con todo"));
    }

    #[test]
    fn i_give_up_im_too_stupid_is_distress() {
        assert!(distress("I give up, I'm just too stupid"));
    }

    #[test]
    fn a_mild_worry_is_not_distress() {
        assert!(!distress("este tema me agobia un poco"));
    }

    #[test]
    fn a_little_tired_is_not_distress() {
        assert!(!distress("estoy un poco cansado"));
    }

    #[test]
    fn a_schools_phrase_counts_and_a_bad_file_is_refused_naming_its_line() {
        assert!(!distress("estoy hecho polvo"));
        assert_eq!(
            use_file(Some("# centro\nestoy hecho polvo\n".as_bytes())),
            Ok(1)
        );
        assert!(distress("hoy estoy hecho polvo"));
        let bad = use_file(Some(b"ok phrase\n***\n")).unwrap_err();
        assert_eq!(bad, DistressWordsError::BadPhrase(2));
        assert_eq!(bad.code(), ErrorCode::PackInvalidField);
        assert!(bad.message(Language::Es).contains('2'));
        assert!(!distress("hoy estoy hecho polvo"));
        assert!(use_file(Some(b"hecho \xff polvo")).is_err());
        assert_eq!(use_file(None), Ok(0));
        // One test: the file in use is shared.
        let dir = std::env::temp_dir().join(format!("lantern-distress-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a folder");
        let file = std::fs::File::create(dir.join(FILE_NAME)).expect("created");
        file.set_len(1 << 30).expect("a sparse 1 GiB file");
        assert_eq!(load_from(&dir), Err(DistressWordsError::TooLarge));
        std::fs::remove_file(dir.join(FILE_NAME)).expect("removed");
        assert_eq!(load_from(&dir), Ok(0));
        std::fs::remove_dir(&dir).ok();
    }

    #[test]
    fn the_refusal_is_written_in_english_and_spanish() {
        let e = DistressWordsError::TooManyPhrases;
        assert_ne!(e.message(Language::En), e.message(Language::Es));
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
}
