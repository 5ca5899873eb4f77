//! The check of a find/replace edit of one section (`replace_in_section`, and the app's
//! own number and phrase edits): `find` is in the section's text exactly once, `replace`
//! differs from it, and every number and content word `replace` brings in is the
//! student's. What passes is the section's text with that one place changed, so every
//! other fact of the section stays — never a body rewritten to change one value.

use super::error::ReportError;
use lantern_core::text::terms::{content_terms, term_keys};
use regex::Regex;
use std::collections::BTreeSet;
use std::ops::Range;
use std::sync::LazyLock;

/// Longest `find` or `replace`, in characters.
pub const MAX_EDIT_CHARS: usize = 300;

/// A number with a unit glued to it ("11cm").
static GLUED_UNIT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(\d)([^\d\s.,])").expect("valid regex"));

/// Why a find/replace edit was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplaceProblem {
    /// `find` is not in the section's text.
    NotFound,
    /// `find` is there this many times.
    Several(usize),
    /// `replace` says what `find` says.
    Same,
    /// `replace` brings in numbers or words the student did not write.
    NotSaid(Vec<String>),
}

impl ReplaceProblem {
    /// The refusal the model reads.
    pub fn for_model(&self) -> ReportError {
        ReportError::ArgumentsInvalid(match self {
            Self::NotFound => "find must be copied exactly from the section's text".into(),
            Self::Several(n) => {
                format!("find is in the section {n} times; copy more words around it")
            }
            Self::Same => "replace must differ from find".into(),
            Self::NotSaid(words) => format!(
                "replace may only bring in the student's words; {} is not",
                words.join(", ")
            ),
        })
    }
}

/// Whether `text[start..end]` stands as whole words: no letter or digit glued to either
/// end where the found text itself starts or ends with one.
fn stands_alone(text: &str, start: usize, end: usize) -> bool {
    let found = &text[start..end];
    let edge = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    let open = !edge(found.chars().next()) || !edge(text[..start].chars().next_back());
    let close = !edge(found.chars().next_back()) || !edge(text[end..].chars().next());
    open && close
}

/// Every place `needle` starts in `haystack`, overlapping ones included.
fn starts(haystack: &str, needle: &str) -> Vec<usize> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = haystack[from..].find(needle) {
        let at = from + i;
        out.push(at);
        from = at + haystack[at..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// Where `find` stands in `body` as whole words (overlapping places counted): exactly
/// as written, else (when it is nowhere as written) ignoring case.
pub fn places(body: &str, find: &str) -> Vec<usize> {
    if find.is_empty() {
        return Vec::new();
    }
    let exact: Vec<usize> = starts(body, find)
        .into_iter()
        .filter(|&at| stands_alone(body, at, at + find.len()))
        .collect();
    if !exact.is_empty() {
        return exact;
    }
    let (lower, wanted) = (body.to_lowercase(), find.to_lowercase());
    if lower.len() != body.len() || wanted.len() != find.len() {
        return Vec::new();
    }
    starts(&lower, &wanted)
        .into_iter()
        .filter(|&at| stands_alone(body, at, at + find.len()))
        .collect()
}

/// `body` with `find` (there once, as whole words) replaced by `replace`, when the edit
/// brings in only words of `message`; else why not.
pub fn replaced_body(
    body: &str,
    find: &str,
    replace: &str,
    message: &str,
) -> Result<String, ReplaceProblem> {
    let find = find.trim();
    let replace = replace.trim();
    let at = match places(body, find).as_slice() {
        [] => return Err(ReplaceProblem::NotFound),
        [at] => *at,
        many => return Err(ReplaceProblem::Several(many.len())),
    };
    if find == replace {
        return Err(ReplaceProblem::Same);
    }
    // A unit glued to its number ("11cm") still says the number.
    let message = GLUED_UNIT.replace_all(message, "$1 $2");
    let known: BTreeSet<String> = term_keys(find)
        .union(&term_keys(&message))
        .cloned()
        .collect();
    let mut not_said: Vec<String> = content_terms(replace)
        .into_iter()
        .filter(|t| !t.in_keys(&known))
        .map(|t| t.word)
        .collect();
    // Digits glued to letters ("0a") are numbers too.
    let digits = |t: &str| -> BTreeSet<String> {
        t.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    };
    let said_digits: BTreeSet<String> = digits(find).union(&digits(&message)).cloned().collect();
    not_said.extend(digits(replace).difference(&said_digits).cloned());
    not_said.dedup();
    if !not_said.is_empty() {
        return Err(ReplaceProblem::NotSaid(not_said));
    }
    let new = format!("{}{replace}{}", &body[..at], &body[at + find.len()..]);
    let new = tidy_gap(&new, at, replace.is_empty());
    if new == body {
        return Err(ReplaceProblem::Same);
    }
    Ok(new)
}

/// The byte spans of the words (runs without white space) of `text`.
pub fn word_spans(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                spans.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push(s..text.len());
    }
    spans
}

/// Where `old` and `new` differ, in whole words: the range of `old` and the range of
/// `new` between the words they begin and end with alike (one shared word kept when
/// one side would be empty, so words taken out or put in are shown with a neighbour);
/// `None` when they have the same words.
pub fn changed_words(old: &str, new: &str) -> Option<(Range<usize>, Range<usize>)> {
    let (a, b) = (word_spans(old), word_spans(new));
    let same = |i: usize, j: usize| old[a[i].clone()] == new[b[j].clone()];
    let mut head = 0;
    while head < a.len() && head < b.len() && same(head, head) {
        head += 1;
    }
    if head == a.len() && head == b.len() {
        return None;
    }
    let mut tail = 0;
    while tail < a.len() - head
        && tail < b.len() - head
        && same(a.len() - 1 - tail, b.len() - 1 - tail)
    {
        tail += 1;
    }
    if head == a.len() - tail || head == b.len() - tail {
        if head > 0 {
            head -= 1;
        } else {
            tail = tail.saturating_sub(1);
        }
    }
    let span = |spans: &[Range<usize>], end: usize| -> Range<usize> {
        let last = spans.len() - tail;
        if last <= head {
            let at = spans.get(head).map_or(end, |s| s.start);
            return at..at;
        }
        spans[head].start..spans[last - 1].end
    };
    Some((span(&a, old.len()), span(&b, new.len())))
}

/// After words are taken out at `at`, the two spaces left around the gap become one.
fn tidy_gap(text: &str, at: usize, removed: bool) -> String {
    if !removed {
        return text.to_string();
    }
    let (head, tail) = text.split_at(at);
    if head.ends_with(' ') && (tail.starts_with(' ') || tail.starts_with([',', '.', ';'])) {
        return format!("{}{tail}", &head[..head.len() - 1]);
    }
    if head.is_empty() || head.ends_with('\n') {
        return format!("{head}{}", tail.trim_start_matches(' '));
    }
    text.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The digits of each number of a text ("7,2" is "7" and "2").
    fn digit_runs(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    }

    const PROCEDURE: &str = "Each sheet was dipped in the water for 10 seconds, then held above the beaker to drip for 30 seconds.";

    #[test]
    fn the_one_place_found_is_replaced_and_nothing_else() {
        let done = replaced_body(
            PROCEDURE,
            "10 seconds",
            "15 seconds",
            "dipped for 15 seconds not 10",
        );
        assert_eq!(
            done.unwrap(),
            PROCEDURE.replace("for 10 seconds", "for 15 seconds")
        );
    }

    #[test]
    fn find_must_be_there_exactly_once_as_whole_words() {
        assert_eq!(
            replaced_body(PROCEDURE, "seconds", "minutes", "minutes"),
            Err(ReplaceProblem::Several(2))
        );
        assert_eq!(
            replaced_body(PROCEDURE, "20 seconds", "25 seconds", "25"),
            Err(ReplaceProblem::NotFound)
        );
        assert_eq!(
            replaced_body("| 148 | 48 |", "48", "53", "53"),
            Ok("| 148 | 53 |".into())
        );
    }

    #[test]
    fn replace_must_differ_from_find() {
        assert_eq!(
            replaced_body(PROCEDURE, "10 seconds", "10 seconds", "10 seconds"),
            Err(ReplaceProblem::Same)
        );
    }

    #[test]
    fn every_new_number_and_word_comes_from_the_message() {
        assert_eq!(
            replaced_body(PROCEDURE, "10 seconds", "12 seconds", "make it 15"),
            Err(ReplaceProblem::NotSaid(vec!["12".into()]))
        );
        assert_eq!(
            replaced_body(PROCEDURE, "the beaker", "the large beaker", "it was 500 ml"),
            Err(ReplaceProblem::NotSaid(vec!["large".into()]))
        );
        assert!(replaced_body(PROCEDURE, "the beaker", "the large beaker", "a large one").is_ok());
        assert!(replaced_body(PROCEDURE, "10 seconds", "12 seconds", "it was 12s").is_ok());
    }

    #[test]
    fn the_sections_other_numbers_stay_where_they_were() {
        let body = "We cut each sheet to 10 cm by 10 cm and dipped it for 10 seconds.";
        let done = replaced_body(body, "10 seconds", "15 seconds", "15 seconds not 10");
        assert_eq!(
            done.unwrap(),
            "We cut each sheet to 10 cm by 10 cm and dipped it for 15 seconds."
        );
    }

    #[test]
    fn the_words_that_differ_are_found_whole() {
        let (old, new) = changed_words("| C | 2 | 48 |", "| C | 2 | 53 |").unwrap();
        assert_eq!((old, new), (10..12, 10..12));
        let (was, now) = ("were fairly reliable", "were reliable");
        let (old, new) = changed_words(was, now).unwrap();
        assert_eq!((&was[old], &now[new]), ("were fairly", "were"));
        let was = "it is the best value.";
        let now = "it is the best value for money.";
        let (old, new) = changed_words(was, now).unwrap();
        assert_eq!((&was[old], &now[new]), ("value.", "value for money."));
        assert_eq!(changed_words("same", "same"), None);
    }

    #[test]
    fn a_word_taken_out_leaves_one_space() {
        assert_eq!(
            replaced_body(
                "were fairly reliable because",
                "fairly",
                "",
                "take out fairly"
            ),
            Ok("were reliable because".into())
        );
    }

    proptest! {
        /// Whatever is asked, an accepted edit changes the text only where `find` was,
        /// into `replace`, and brings in no number the message lacks.
        #[test]
        fn an_accepted_edit_changes_only_the_place_found(
            words in proptest::collection::vec("[a-z]{1,6}|[0-9]{1,3}", 1..12),
            from in 0usize..12,
            len in 1usize..4,
            replace in "[a-z0-9 ]{0,12}",
            message in "[a-z0-9 ]{0,20}",
        ) {
            let body = words.join(" ");
            let from = from.min(words.len() - 1);
            let to = (from + len).min(words.len());
            let find = words[from..to].join(" ");
            if let Ok(new) = replaced_body(&body, &find, &replace, &message) {
                let at = places(&body, &find)[0];
                prop_assert!(new.starts_with(body[..at].trim_end()));
                prop_assert!(new.ends_with(body[at + find.len()..].trim_start()));
                prop_assert_ne!(&new, &body);
                let allowed: BTreeSet<String> = digit_runs(&find)
                    .into_iter()
                    .chain(digit_runs(&message))
                    .chain(digit_runs(&body))
                    .collect();
                for n in digit_runs(&new) {
                    prop_assert!(allowed.contains(&n), "{n} in {new}");
                }
                let numbers_kept = digit_runs(&replace)
                    .iter()
                    .all(|n| digit_runs(&message).contains(n) || digit_runs(&find).contains(n));
                prop_assert!(numbers_kept);
            }
        }
    }
}
