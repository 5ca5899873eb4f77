//! The app's words as data: every sentence the backend writes comes from a crate's
//! message files (Project Fluent `.ftl`, one folder per locale, compiled in with
//! `include_str!`), read through [`Words::say`]. A teacher or translator changes a
//! sentence by editing a file; a third language is one more folder of files.

pub mod local_file;
pub mod roles;
mod variables;

use crate::language::Language;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;
pub use variables::variables_of;

/// The locale the others fall back to when a message is missing.
const FALLBACK: &str = "en";

/// One crate's message files: each locale's code with its files' text.
pub type Files = &'static [(&'static str, &'static [&'static str])];

/// A crate's messages in every locale it has files for, parsed on first use.
pub struct Words {
    files: Files,
    parsed: OnceLock<Vec<Locale>>,
}

/// One locale's messages, with the variables each uses.
struct Locale {
    code: &'static str,
    bundle: FluentBundle<FluentResource>,
    variables: BTreeMap<String, BTreeSet<String>>,
    problems: Vec<String>,
}

/// A value for a message's placeable: text, or a number (which plural rules may read).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// Text, placed as it is.
    Text(&'a str),
    /// A number, placed in the locale's digits and used by plural selectors.
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Self::Text(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Self::Text(text)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Self::Number(n as f64)
            }
        }
    )*};
}
number_args!(i32, i64, u32, u64, usize, f32, f64);

impl Words {
    /// The messages of `files` (read when first asked for).
    pub const fn new(files: Files) -> Self {
        Self {
            files,
            parsed: OnceLock::new(),
        }
    }

    /// Message `id` in `language`, its placeables filled from `args`.
    pub fn say(&self, language: Language, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.say_in(language.code(), id, args)
    }

    /// Message `id` in the locale `code` (English where that locale lacks it; the id
    /// itself, logged, where no locale has it).
    pub fn say_in(&self, code: &str, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let locales = self.locales();
        let found = [code, FALLBACK].iter().find_map(|wanted| {
            let locale = locales.iter().find(|l| l.code == *wanted)?;
            let message = locale.bundle.get_message(id)?;
            Some((locale, message.value()?))
        });
        let Some((locale, pattern)) = found else {
            tracing::error!("no message {id} in {code} or {FALLBACK}");
            debug_assert!(false, "no message {id} in {code} or {FALLBACK}");
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(*text),
                Arg::Number(n) => FluentValue::from(*n),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = locale
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        let used = locale.variables.get(id);
        let unused: Vec<&str> = args
            .iter()
            .map(|(name, _)| *name)
            .filter(|name| !used.is_some_and(|u| u.contains(*name)))
            .collect();
        if !errors.is_empty() || !unused.is_empty() {
            tracing::error!(
                "message {id} in {}: {errors:?}; unused {unused:?}",
                locale.code
            );
            debug_assert!(
                false,
                "message {id} in {}: {errors:?}; unused {unused:?}",
                locale.code
            );
        }
        text.into_owned()
    }

    /// The locales this crate has files for.
    pub fn locales_present(&self) -> Vec<&'static str> {
        self.locales().iter().map(|l| l.code).collect()
    }

    /// What is wrong with the files: syntax errors, a message missing from a locale, or
    /// a message whose placeables differ between locales. Empty when all is well.
    pub fn problems(&self) -> Vec<String> {
        let locales = self.locales();
        let mut problems: Vec<String> = locales.iter().flat_map(|l| l.problems.clone()).collect();
        let all: BTreeSet<&String> = locales.iter().flat_map(|l| l.variables.keys()).collect();
        for id in all {
            let mut seen: Option<(&str, &BTreeSet<String>)> = None;
            for locale in locales {
                match locale.variables.get(id) {
                    None => problems.push(format!("{id} is missing in {}", locale.code)),
                    Some(vars) => match seen {
                        Some((first, theirs)) if theirs != vars => problems.push(format!(
                            "{id} uses {vars:?} in {} but {theirs:?} in {first}",
                            locale.code
                        )),
                        Some(_) => {}
                        None => seen = Some((locale.code, vars)),
                    },
                }
            }
        }
        problems
    }

    /// Every message id, in the first locale's files.
    pub fn ids(&self) -> Vec<String> {
        self.locales()
            .first()
            .map(|l| l.variables.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The placeables message `id` uses (in the first locale that has it).
    pub fn variables(&self, id: &str) -> Option<BTreeSet<String>> {
        self.locales()
            .iter()
            .find_map(|l| l.variables.get(id).cloned())
    }

    fn locales(&self) -> &[Locale] {
        self.parsed.get_or_init(|| {
            self.files
                .iter()
                .map(|(code, texts)| parse(code, texts))
                .collect()
        })
    }
}

/// A locale's files parsed into one bundle (placeables not wrapped in bidi marks: the
/// words go into plain text, not a page).
fn parse(code: &'static str, texts: &[&'static str]) -> Locale {
    let langid: LanguageIdentifier = code.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![langid]);
    bundle.set_use_isolating(false);
    let mut problems = Vec::new();
    let mut variables = BTreeMap::new();
    for text in texts {
        let resource = match FluentResource::try_new((*text).to_string()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                problems.extend(errors.iter().map(|e| format!("{code}: {e:?}")));
                resource
            }
        };
        variables.extend(variables_of(&resource));
        if let Err(errors) = bundle.add_resource(resource) {
            problems.extend(errors.iter().map(|e| format!("{code}: {e}")));
        }
    }
    Locale {
        code,
        bundle,
        variables,
        problems,
    }
}

/// The entries of a word list file (one phrase per line; blank lines and lines starting
/// with `#` are left out), trimmed.
pub fn lines(text: &'static str) -> impl Iterator<Item = &'static str> {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// `word_files!("name")`: the text of the calling crate's word list `name` in every
/// locale, `[words/en/<name>.txt, words/es/<name>.txt]` (from its manifest folder, so the
/// macro reads the same files from any module).
#[macro_export]
macro_rules! word_files {
    ($name:literal) => {
        [
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/words/en/",
                $name,
                ".txt"
            )),
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/words/es/",
                $name,
                ".txt"
            )),
        ]
    };
}

/// `word_list!("name")`: the entries of the calling crate's word list `name` in every
/// locale, English's first, as an iterator of `&'static str` — for a list the readers
/// use whatever the conversation's language (a student may answer "yes" in a Spanish
/// thread). Collect it once, into a `LazyLock`, where it is read often.
#[macro_export]
macro_rules! word_list {
    ($name:literal) => {
        $crate::word_files!($name)
            .into_iter()
            .flat_map($crate::words::lines)
    };
}

/// `say!(WORDS, language, "id", name = value, …)`: message `id` of `WORDS` in
/// `language`, each `name = value` filling the placeable `{ $name }`.
#[macro_export]
macro_rules! say {
    ($words:expr, $language:expr, $id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $words.say(
            $language,
            $id,
            &[$((stringify!($name), $crate::words::Arg::from($value))),*],
        )
    };
}

/// Tests that a crate's message files are whole: every message in every language, with
/// the same placeables in each, and every message id named in the crate's Rust code
/// (written in full, as `"id"`, so a reader can find where each sentence is used).
#[macro_export]
macro_rules! words_are_whole {
    ($words:expr) => {
        #[test]
        fn every_message_is_in_every_language_with_the_same_placeables() {
            let problems = $words.problems();
            assert!(problems.is_empty(), "{problems:#?}");
        }

        #[test]
        fn every_message_is_used_in_the_code() {
            fn read(dir: &std::path::Path, code: &mut String) {
                for entry in std::fs::read_dir(dir).unwrap().flatten() {
                    let path = entry.path();
                    if path.is_dir() {
                        read(&path, code);
                    } else if path.extension().is_some_and(|e| e == "rs") {
                        code.push_str(&std::fs::read_to_string(&path).unwrap());
                    }
                }
            }
            let mut code = String::new();
            read(
                &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
                &mut code,
            );
            let unused: Vec<String> = $words
                .ids()
                .into_iter()
                .filter(|id| !code.contains(&format!("\"{id}\"")))
                .collect();
            assert!(unused.is_empty(), "messages no code uses: {unused:?}");
        }
    };
}

#[cfg(test)]
mod tests;
