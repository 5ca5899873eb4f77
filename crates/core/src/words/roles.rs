//! A grammar's words as data. Where a reader matches a pattern (a typed command, a day
//! said in words, a line that marks a misconception), the pattern's shape stays in Rust
//! and its words are a list of roles, `role: phrase, phrase, …`, that [`fill`] puts
//! into the shape's `{role}` slots. A phrase whose spaces at its ends matter (`" or "`),
//! or that starts with `#`, is written in double quotes ([`unquoted`]).

use regex::{Captures, Regex};
use std::sync::LazyLock;

/// A list's phrases by role, in the order the list first names each role.
pub type Roles = Vec<(&'static str, Vec<&'static str>)>;

/// The roles of a list of `role: phrase, phrase, …` lines (trimmed, empty phrases left
/// out); a role on several lines, or in several files chained, gathers their phrases.
pub fn roles(entries: impl IntoIterator<Item = &'static str>) -> Roles {
    let mut out: Roles = Vec::new();
    for line in entries {
        let (role, phrases) = line.split_once(':').unwrap_or((line, ""));
        let phrases = phrases.split(',').map(str::trim).filter(|p| !p.is_empty());
        match out.iter_mut().find(|(name, _)| *name == role.trim()) {
            Some((_, list)) => list.extend(phrases),
            None => out.push((role.trim(), phrases.collect())),
        }
    }
    out
}

/// The phrases of `role` (none when the list has no such role).
pub fn phrases<'a>(roles: &'a Roles, role: &str) -> &'a [&'static str] {
    roles
        .iter()
        .find(|(name, _)| *name == role)
        .map_or(&[], |(_, phrases)| phrases.as_slice())
}

/// A regex alternation (`a|b|…`, without the group) of phrases, each matched as
/// written; with `any_space`, a space in a phrase matches any run of white space.
pub fn alternation<I>(phrases: I, any_space: bool) -> String
where
    I: IntoIterator,
    I::Item: AsRef<str>,
{
    phrases
        .into_iter()
        .map(|phrase| regex::escape(phrase.as_ref()))
        .map(|phrase| match any_space {
            true => phrase.replace(' ', r"\s+"),
            false => phrase,
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// `pattern` with each `{role}` (lowercase letters and hyphens) a group of the phrases
/// `phrases_of` gives it, `(?:a|b|…)`, in their order (the first that fits is read): a
/// space in a phrase matches any run of white space, a hyphen a white space or a
/// hyphen. A role with no phrases is a mistake in the lists: it panics, naming it.
pub fn fill(pattern: &str, phrases_of: impl Fn(&str) -> Vec<&'static str>) -> String {
    static ROLE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\{([a-z][a-z-]*)\}").expect("a valid pattern"));
    ROLE.replace_all(pattern, |c: &Captures| {
        let words = phrases_of(&c[1]);
        assert!(!words.is_empty(), "no words for the role {:?}", &c[1]);
        let words = alternation(&words, true).replace(r"\-", r"[\s-]");
        format!("(?:{words})")
    })
    .into_owned()
}

/// `pattern` with each `{role}` filled from `roles` (see [`fill`]).
pub fn fill_from(pattern: &str, roles: &Roles) -> String {
    fill(pattern, |role| phrases(roles, role).to_vec())
}

/// A list's entry without the double quotes that keep its spaces (`"of "` → `of `).
pub fn unquoted(entry: &'static str) -> &'static str {
    entry
        .strip_prefix('"')
        .and_then(|inner| inner.strip_suffix('"'))
        .filter(|inner| !inner.is_empty())
        .unwrap_or(entry)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::lines;

    #[test]
    fn a_role_gathers_its_phrases_over_lines_and_files() {
        let got = roles(
            lines("# a comment\nfood: lunch, dinner\nbus: taxi\n").chain(lines("food: cena\n")),
        );
        assert_eq!(
            got,
            vec![
                ("food", vec!["lunch", "dinner", "cena"]),
                ("bus", vec!["taxi"])
            ]
        );
        assert_eq!(phrases(&got, "bus"), ["taxi"]);
        assert!(phrases(&got, "train").is_empty());
    }

    #[test]
    fn roles_fill_a_pattern_in_order() {
        let roles = roles(lines("undo: undo, take back\nhalf: 50-50, no.\n"));
        assert_eq!(
            fill_from(r"^{undo}\s+{half}\d{1,3}$", &roles),
            r"^(?:undo|take\s+back)\s+(?:50[\s-]50|no\.)\d{1,3}$"
        );
        assert_eq!(alternation(["a b", "c"], false), "a b|c");
    }

    #[test]
    #[should_panic(expected = "no words for the role \"missing\"")]
    fn a_role_the_list_lacks_is_named() {
        fill_from("{missing}", &Vec::new());
    }

    #[test]
    fn quotes_keep_a_phrase_s_spaces() {
        assert_eq!(unquoted("\" or \""), " or ");
        assert_eq!(unquoted("\"#\""), "#");
        assert_eq!(unquoted("or"), "or");
        assert_eq!(unquoted("\""), "\"");
    }
}
