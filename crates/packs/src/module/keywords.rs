//! Topic keywords and how a student's words cover topics: case- and accent-insensitive,
//! whole words or the same with `-s`/`-es` (plurals, "owes", "passes out"), `*` at the
//! end for a word prefix, phrases as consecutive words.

use super::ModuleManifest;
use lantern_core::text::normalize::normalize;

/// One keyword, normalised.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyword {
    words: Vec<String>,
    prefix: bool,
}

impl Keyword {
    /// Reads a keyword as written in a pack; `None` when it has nothing to match.
    pub fn parse(written: &str) -> Option<Self> {
        let trimmed = written.trim();
        let (body, prefix) = match trimmed.strip_suffix('*') {
            Some(body) => (body, true),
            None => (trimmed, false),
        };
        let words: Vec<String> = normalize(body)
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect();
        (!words.is_empty()).then_some(Self { words, prefix })
    }

    /// How many words the keyword has ("no hace nada": 3).
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// Whether the keyword occurs in `words` (a normalised text split on spaces): its
    /// words in order, or run together in one word, as students write a compound
    /// ("checkup" for "check-up", "makeup" for "make up").
    pub fn occurs_in(&self, words: &[&str]) -> bool {
        let n = self.words.len();
        let in_order = (0..=words.len().saturating_sub(n)).any(|start| {
            self.words.iter().enumerate().all(|(i, expected)| {
                words
                    .get(start + i)
                    .is_some_and(|w| self.matches(w, expected, i == n - 1))
            })
        });
        in_order
            || (n > 1 && {
                let joined = self.words.concat();
                words.iter().any(|w| self.matches(w, &joined, true))
            })
    }

    /// Whether `word` is the keyword's word `expected`: its prefix when it is the
    /// `last` word of a prefix keyword, else it or its plural.
    fn matches(&self, word: &str, expected: &str, last: bool) -> bool {
        if self.prefix && last {
            word.starts_with(expected)
        } else {
            is_or_plural(word, expected)
        }
    }
}

/// Whether `word` is `keyword` or it with `-s` or `-es` ("redbulls", "exámenes" for
/// "examen", "owes", "passes"): a student names a thing in the plural as often as not.
fn is_or_plural(word: &str, keyword: &str) -> bool {
    word.strip_prefix(keyword)
        .is_some_and(|rest| rest.is_empty() || rest == "s" || rest == "es")
}

/// Ids of the topics of `module` whose keywords (English or Spanish) occur in `text`,
/// in module order.
pub fn topics_in(module: &ModuleManifest, text: &str) -> Vec<String> {
    keyword_hits(module, text)
        .into_iter()
        .map(|(id, _)| id)
        .collect()
}

/// The topics of `module` whose keywords occur in `text`, in module order, each with
/// the words of its longest keyword found: "no hace nada" said outright is three words
/// of evidence, "nada" one.
pub fn keyword_hits(module: &ModuleManifest, text: &str) -> Vec<(String, usize)> {
    let normalized = normalize(text);
    let words: Vec<&str> = normalized.split(' ').filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return Vec::new();
    }
    module
        .topics()
        .filter_map(|topic| {
            topic
                .keywords
                .all()
                .filter_map(Keyword::parse)
                .filter(|k| k.occurs_in(&words))
                .map(|k| k.word_count())
                .max()
                .map(|longest| (topic.id.clone(), longest))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module::testing::module;

    #[test]
    fn matching_ignores_case_accents_and_punctuation() {
        let m = module();
        assert_eq!(topics_in(&m, "My HEART RACES!"), ["heart"]);
        assert_eq!(topics_in(&m, "tengo el CORAZON acelerado"), ["heart"]);
        assert_eq!(
            topics_in(&m, "No puedo dormir por la preocupación"),
            ["worry", "sleep"]
        );
    }

    #[test]
    fn words_match_whole_and_star_matches_a_prefix() {
        let m = module();
        assert!(topics_in(&m, "I feel sleepy").is_empty());
        assert_eq!(topics_in(&m, "I slept badly"), ["sleep"]);
        assert_eq!(topics_in(&m, "breathing helps, I breathe out"), ["breath"]);
    }

    #[test]
    fn a_keyword_matches_its_plural_and_nothing_longer() {
        let m = module();
        assert_eq!(topics_in(&m, "I keep getting racing hearts"), ["heart"]);
        assert!(topics_in(&m, "a racing heartbeat").is_empty());
        assert!(is_or_plural("examenes", "examen"));
        assert!(is_or_plural("cafes", "cafe"));
        assert!(!is_or_plural("cafeteria", "cafe"));
    }

    #[test]
    fn a_phrase_run_together_in_one_word_is_the_phrase() {
        let checkup = Keyword::parse("check-up").unwrap();
        assert!(checkup.occurs_in(&["my", "checkup"]));
        assert!(checkup.occurs_in(&["two", "checkups"]));
        assert!(!checkup.occurs_in(&["checkpoint"]));
        let dye = Keyword::parse("hair dy*").unwrap();
        assert!(dye.occurs_in(&["hairdyes"]));
    }

    #[test]
    fn phrases_need_their_words_in_order() {
        let m = module();
        assert_eq!(topics_in(&m, "in the exam my mind goes blank"), ["blank"]);
        assert!(topics_in(&m, "blank goes mind").is_empty());
        assert!(topics_in(&m, "").is_empty());
    }

    #[test]
    fn a_hit_counts_the_words_of_its_longest_keyword() {
        let m = module();
        assert_eq!(
            keyword_hits(&m, "in the exam my mind goes blank"),
            [("blank".to_string(), 3)]
        );
        assert_eq!(
            keyword_hits(&m, "I slept badly"),
            [("sleep".to_string(), 1)]
        );
    }

    #[test]
    fn keywords_parse_with_and_without_a_star() {
        assert_eq!(Keyword::parse("  "), None);
        assert_eq!(Keyword::parse("*"), None);
        assert!(Keyword::parse("Respiración*")
            .unwrap()
            .occurs_in(&["respiracion", "lenta"]));
    }
}
