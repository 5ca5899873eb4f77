//! The word lists the report editor reads the student's words with:
//! `crates/reports/words/<locale>/<list>.txt`, one phrase per line, compiled in. A request
//! is read in every language the app speaks whatever the conversation's language, so a
//! list is its locales' files chained. A grammar's words (`commands.txt`) are a list of
//! roles, `role: phrase, phrase, …`, that [`fill`] puts into the grammar's patterns.

use regex::Regex;
use std::sync::LazyLock;

/// A list's phrases by role, in the order the list gives them.
pub type Roles = Vec<(&'static str, Vec<&'static str>)>;

/// A regex alternation (`a|b|…`, without the group) of a list's phrases,
/// each matched as written; with `any_space`, a space in a phrase matches any run of
/// white space.
pub fn alternation(phrases: impl IntoIterator<Item = &'static str>, any_space: bool) -> String {
    phrases
        .into_iter()
        .map(|phrase| {
            let escaped = regex::escape(phrase);
            if any_space {
                escaped.replace(' ', r"\s+")
            } else {
                escaped
            }
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The roles of a list of `role: phrase, phrase, …` lines.
pub fn roles(entries: impl IntoIterator<Item = &'static str>) -> Roles {
    entries
        .into_iter()
        .filter_map(|line| line.split_once(':'))
        .map(|(role, phrases)| {
            let phrases = phrases.split(',').map(str::trim).filter(|p| !p.is_empty());
            (role.trim(), phrases.collect())
        })
        .collect()
}

/// The phrases of `role` (none when the list has no such role).
pub fn phrases<'a>(roles: &'a Roles, role: &str) -> &'a [&'static str] {
    roles
        .iter()
        .find(|(name, _)| *name == role)
        .map_or(&[], |(_, phrases)| phrases.as_slice())
}

/// `pattern` with each `{role}` (lowercase letters and hyphens) made a group of that
/// role's phrases, `(?:a|b|…)`, a space in a phrase matching any run of white space.
/// A role the list lacks is a mistake in the list: it panics, naming the role.
pub fn fill(pattern: &str, roles: &Roles) -> String {
    static ROLE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\{([a-z][a-z-]*)\}").expect("valid regex"));
    ROLE.replace_all(pattern, |c: &regex::Captures| {
        let role = &c[1];
        let phrases = phrases(roles, role);
        assert!(!phrases.is_empty(), "the word list has no role {role:?}");
        format!("(?:{})", alternation(phrases.iter().copied(), true))
    })
    .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::word_files;
    use lantern_core::words::lines;

    #[test]
    fn every_list_has_phrases_in_every_locale() {
        for files in [
            word_files!("addition-words"),
            word_files!("commands"),
            word_files!("ordinals"),
            word_files!("polite-requests"),
            word_files!("question-words"),
            word_files!("rewrite-words"),
            word_files!("section-filler"),
            word_files!("shorter-words"),
            word_files!("spec-words"),
            word_files!("title-words"),
            word_files!("to-english"),
            word_files!("to-spanish"),
        ] {
            for file in files {
                assert!(lines(file).next().is_some(), "{file}");
            }
        }
    }

    #[test]
    fn phrases_are_matched_as_written() {
        let file = "# comment\nmás corto\ncan you\n";
        assert_eq!(alternation(lines(file), false), "más corto|can you");
        assert_eq!(alternation(lines(file), true), r"más\s+corto|can\s+you");
    }

    #[test]
    fn roles_fill_a_pattern_in_order() {
        let roles = roles(lines("# comment\nundo: undo, take back\nthat: that\n"));
        assert_eq!(
            fill(r"^{undo}(?:\s+{that})?\d{1,3}\p{L}$", &roles),
            r"^(?:undo|take\s+back)(?:\s+(?:that))?\d{1,3}\p{L}$"
        );
    }
}
