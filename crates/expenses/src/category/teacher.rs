//! The words a teacher adds to the category table without a build: a file
//! [`FILE_NAME`] in Lantern's data folder, one line per category, `category: word, word,
//! …` (the category by its stored name or by any of its names in either language:
//! "food", "comida", "transporte"), `#` starting a comment. Each word counts as an
//! outright word of its category, next to the built-in ones ("mensa" → food). The file
//! is read whole when the expenses page opens; a bad file is refused whole with a coded
//! error naming its line, and the built-in table stays.

use super::table::{category_names, hits};
use crate::contract::Category;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::words::local_file::read_local;
use lantern_core::{Coded, ErrorCode};
use std::path::Path;
use std::sync::{Arc, LazyLock, RwLock};
use thiserror::Error;

/// The file's name in the data folder.
pub const FILE_NAME: &str = "category-words.txt";

/// The most bytes of the file that are read; a longer file is refused.
pub const MAX_FILE_BYTES: usize = 32 * 1024;

/// The most words the file may add, over all categories.
pub const MAX_WORDS: usize = 500;

/// The most characters of one word.
pub const MAX_WORD_CHARS: usize = 40;

/// Why a teacher's category words were refused (the line is 1-based).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CategoryWordsError {
    /// Over [`MAX_FILE_BYTES`].
    #[error("the file is over {MAX_FILE_BYTES} bytes")]
    TooLarge,
    /// Not UTF-8 text, or not readable.
    #[error("the file could not be read as text: {0}")]
    Unreadable(String),
    /// A line without `category:` or without words.
    #[error("line {0}: write \"category: word, word\"")]
    NoWords(usize),
    /// A category that is none of the app's.
    #[error("line {line}: {name:?} is not a category (food, transport, housing, utilities, health, education, leisure, shopping, other)")]
    UnknownCategory {
        /// The line.
        line: usize,
        /// The name written.
        name: String,
    },
    /// A word that is not one word with a letter, or is too long.
    #[error(
        "line {line}: {word:?} is not one word with a letter (at most {MAX_WORD_CHARS} characters)"
    )]
    BadWord {
        /// The line.
        line: usize,
        /// The word written.
        word: String,
    },
    /// Over [`MAX_WORDS`].
    #[error("the file adds more than {MAX_WORDS} words")]
    TooManyWords,
}

impl Coded for CategoryWordsError {
    fn code(&self) -> ErrorCode {
        ErrorCode::ExpenseCategoryWordsInvalid
    }
}

/// A teacher's words by category, normalised (lowercase, no accents).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AddedWords {
    by_category: Vec<(Category, Vec<String>)>,
}

impl AddedWords {
    /// The words of a teacher's file, checked: every line names a category and gives
    /// single words with a letter; the file and its word count are bounded.
    pub fn parse(text: &str) -> Result<Self, CategoryWordsError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(CategoryWordsError::TooLarge);
        }
        let mut added = Self::default();
        let mut count = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = raw.trim();
            if content.is_empty() || content.starts_with('#') {
                continue;
            }
            let (name, list) = content
                .split_once(':')
                .ok_or(CategoryWordsError::NoWords(line))?;
            let category =
                category_called(name).ok_or_else(|| CategoryWordsError::UnknownCategory {
                    line,
                    name: name.trim().to_string(),
                })?;
            let written: Vec<&str> = list
                .split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .collect();
            if written.is_empty() {
                return Err(CategoryWordsError::NoWords(line));
            }
            for word in written {
                let normal = one_word(word).ok_or_else(|| CategoryWordsError::BadWord {
                    line,
                    word: word.to_string(),
                })?;
                count += 1;
                if count > MAX_WORDS {
                    return Err(CategoryWordsError::TooManyWords);
                }
                added.add(category, normal);
            }
        }
        Ok(added)
    }

    fn add(&mut self, category: Category, word: String) {
        match self.by_category.iter_mut().find(|(c, _)| *c == category) {
            Some((_, list)) => list.push(word),
            None => self.by_category.push((category, vec![word])),
        }
    }

    /// How many words the teacher added.
    pub fn len(&self) -> usize {
        self.by_category.iter().map(|(_, w)| w.len()).sum()
    }

    /// Whether the teacher added no word.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many of `said` are among the words added to `category`.
    pub(super) fn hits(&self, said: &[&str], category: Category) -> usize {
        self.by_category
            .iter()
            .filter(|(c, _)| *c == category)
            .map(|(_, keys)| hits(said, keys))
            .sum()
    }
}

/// The category a teacher's line names: its stored name or one of its names.
fn category_called(name: &str) -> Option<Category> {
    let name = normalize(name);
    let name = name.trim();
    Category::from_name(name).or_else(|| {
        Category::ALL
            .into_iter()
            .find(|c| category_names(*c).contains(&name))
    })
}

/// `word` normalised, when it is one word with a letter and not too long.
fn one_word(word: &str) -> Option<String> {
    let normal = normalize(word);
    let parts = words(&normal);
    match parts.as_slice() {
        [one] if one.chars().count() <= MAX_WORD_CHARS && one.chars().any(char::is_alphabetic) => {
            Some((*one).to_string())
        }
        _ => None,
    }
}

/// The words in use: the teacher's file as last read (none until it is).
static IN_USE: LazyLock<RwLock<Arc<AddedWords>>> = LazyLock::new(RwLock::default);

/// The teacher's words in use.
pub(super) fn added_words() -> Arc<AddedWords> {
    match IN_USE.read() {
        Ok(words) => Arc::clone(&words),
        Err(poisoned) => Arc::clone(&poisoned.into_inner()),
    }
}

/// Uses `bytes`, the teacher's file as just read (None when there is none), from now
/// on: how many words it adds. A bad file (not UTF-8 text, too long, a bad line) is
/// refused whole and no teacher word is used until it is fixed.
pub fn use_file(bytes: Option<&[u8]>) -> Result<usize, CategoryWordsError> {
    let parsed = bytes
        .map(|b| {
            let text = std::str::from_utf8(b)
                .map_err(|e| CategoryWordsError::Unreadable(e.to_string()))?;
            AddedWords::parse(text)
        })
        .transpose();
    let words = parsed.clone().ok().flatten().unwrap_or_default();
    put_in_use(words);
    parsed.map(|added| added.map_or(0, |a| a.len()))
}

/// Reads the teacher's file in `data_dir` (at most one byte over the limit, so a long
/// file is refused, not read whole) and puts its words in use: how many it adds, or
/// why it was refused. No file is no words.
pub fn load_from(data_dir: &Path) -> Result<usize, CategoryWordsError> {
    match read_local(data_dir, FILE_NAME, MAX_FILE_BYTES) {
        Ok(bytes) => use_file(bytes.as_deref()),
        Err(e) => Err(unreadable(e.to_string())),
    }
}

/// The file could not be read (`why`): no teacher word is used until it can be.
pub fn unreadable(why: String) -> CategoryWordsError {
    put_in_use(AddedWords::default());
    CategoryWordsError::Unreadable(why)
}

fn put_in_use(words: AddedWords) {
    match IN_USE.write() {
        Ok(mut in_use) => *in_use = Arc::new(words),
        Err(poisoned) => *poisoned.into_inner() = Arc::new(words),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::category::guess_category;
    use proptest::prelude::*;

    #[test]
    fn a_line_adds_words_to_a_category_named_in_either_language() {
        let added = AddedWords::parse("# my class\nfood: mensa, Tuckshop\ntransporte: vélo\n")
            .expect("a good file");
        assert_eq!(added.len(), 3);
        assert_eq!(added.hits(&["mensa"], Category::Food), 1);
        assert_eq!(added.hits(&["velos"], Category::Transport), 1);
    }

    #[test]
    fn a_bad_line_is_refused_naming_it() {
        assert_eq!(
            AddedWords::parse("food: mensa\nsnacks: crisps"),
            Err(CategoryWordsError::UnknownCategory {
                line: 2,
                name: "snacks".into()
            })
        );
        assert_eq!(
            AddedWords::parse("food mensa"),
            Err(CategoryWordsError::NoWords(1))
        );
        assert_eq!(
            AddedWords::parse("food: ,"),
            Err(CategoryWordsError::NoWords(1))
        );
        assert_eq!(
            AddedWords::parse("food: ice cream"),
            Err(CategoryWordsError::BadWord {
                line: 1,
                word: "ice cream".into()
            })
        );
        assert_eq!(
            AddedWords::parse("food: 42"),
            Err(CategoryWordsError::BadWord {
                line: 1,
                word: "42".into()
            })
        );
    }

    #[test]
    fn a_huge_file_in_the_data_folder_is_refused_after_reading_one_byte_over_the_limit() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let file = std::fs::File::create(dir.path().join(FILE_NAME)).expect("created");
        file.set_len(1 << 30).expect("a sparse 1 GiB file");
        assert!(load_from(dir.path()).is_err());
        std::fs::remove_file(dir.path().join(FILE_NAME)).expect("removed");
        assert_eq!(load_from(dir.path()).ok(), Some(0));
    }

    #[test]
    fn the_file_and_its_words_are_bounded() {
        let long = format!("food: {}", "a,".repeat(MAX_FILE_BYTES));
        assert_eq!(AddedWords::parse(&long), Err(CategoryWordsError::TooLarge));
        let many = format!("food: {}", vec!["ab"; MAX_WORDS + 1].join(","));
        assert_eq!(
            AddedWords::parse(&many),
            Err(CategoryWordsError::TooManyWords)
        );
        let word = "a".repeat(MAX_WORD_CHARS + 1);
        assert!(AddedWords::parse(&format!("food: {word}")).is_err());
    }

    #[test]
    fn a_file_in_use_guides_the_guess_and_a_bad_one_is_dropped() {
        assert_eq!(guess_category("zorblax"), Category::Other);
        assert_eq!(use_file(Some(b"leisure: zorblax")), Ok(1));
        assert_eq!(guess_category("zorblax night"), Category::Leisure);
        assert!(use_file(Some(b"leisure zorblax")).is_err());
        assert_eq!(guess_category("zorblax"), Category::Other);
        assert_eq!(use_file(Some(b"leisure: zorblax")), Ok(1));
        assert!(use_file(Some(b"leisure: zorbl\xffax")).is_err());
        assert_eq!(guess_category("zorblax"), Category::Other);
        assert_eq!(use_file(Some(b"leisure: zorblax")), Ok(1));
        assert!(matches!(
            unreadable("denied".into()),
            CategoryWordsError::Unreadable(_)
        ));
        assert_eq!(guess_category("zorblax"), Category::Other);
        assert_eq!(use_file(None), Ok(0));
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2_000, .. ProptestConfig::default() })]

        /// Any text: no panic, and what is accepted is bounded and made of single
        /// normalised words with a letter.
        #[test]
        fn any_text_is_accepted_only_within_bounds(text in "\\PC{0,400}") {
            if let Ok(added) = AddedWords::parse(&text) {
                prop_assert!(added.len() <= MAX_WORDS);
                for (_, list) in &added.by_category {
                    for word in list {
                        prop_assert!(!word.contains(' ') && !word.is_empty());
                        prop_assert!(word.chars().count() <= MAX_WORD_CHARS);
                        prop_assert!(word.chars().any(char::is_alphabetic));
                        prop_assert_eq!(&normalize(word), word);
                    }
                }
            }
        }

        /// Lines built from the format are accepted with every word counted.
        #[test]
        fn well_formed_lines_are_accepted(
            lines in proptest::collection::vec(
                (0usize..9, proptest::collection::vec("[a-z]{1,12}", 1..6)),
                0..20,
            )
        ) {
            let text: String = lines
                .iter()
                .map(|(c, ws)| format!("{}: {}\n", Category::ALL[*c].as_str(), ws.join(", ")))
                .collect();
            let total: usize = lines.iter().map(|(_, ws)| ws.len()).sum();
            prop_assert_eq!(AddedWords::parse(&text).map(|a| a.len()), Ok(total));
        }
    }
}
