//! The words of a sentence a gap-fill blanks (issue #47): the ones that name what its
//! unit teaches — a term its author marked in bold, a tag, a named concept, a term of a
//! misconception, a word of the title — never its first word, a function word, a
//! number or a date.

use super::claim::misconception_claim;
use super::numbers::is_number_or_date;
use crate::course::Unit;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{content_terms, is_stop_word, term_keys};
use lantern_core::word_list;
use std::cmp::Reverse;
use std::collections::BTreeSet;
use std::sync::LazyLock;

/// Fewest letters of a key word that is not a name.
const MIN_TERM_CHARS: usize = 4;
/// Fewest letters of a name ("USA", "NATO").
const MIN_NAME_CHARS: usize = 3;

/// Where `words` first stand in `sentence` as whole words (not inside a longer word).
pub(super) fn whole_word_at(sentence: &str, words: &str) -> Option<usize> {
    if words.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(at) = sentence[from..].find(words) {
        let start = from + at;
        let end = start + words.len();
        let before = sentence[..start].chars().next_back();
        let after = sentence[end..].chars().next();
        let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
        if boundary(before) && boundary(after) {
            return Some(start);
        }
        from = end;
    }
    None
}

/// Words that name no idea of their own ("example", "way"), never a key term
/// (`words/<locale>/plain-words.txt`).
static PLAIN_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("plain-words").collect());

/// Whether `words` could name an idea: not a function word, a plain word, a number or a
/// date.
pub(super) fn names_an_idea(words: &str) -> bool {
    let n = normalize(words);
    !is_stop_word(&n) && !PLAIN_WORDS.contains(&n.as_str()) && !is_number_or_date(words)
}

/// Lowercase words that may stand inside a name ("of", "de"), never "and"
/// (`words/<locale>/name-joiners.txt`).
static NAME_JOINERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("name-joiners").collect());

/// Words of a sentence a blank may hold, where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyTerm<'s> {
    /// Byte offset in the sentence.
    pub at: usize,
    /// The words as written.
    pub text: &'s str,
}

/// A word of a sentence without the punctuation around it or a possessive "'s".
#[derive(Debug, Clone, Copy)]
struct Word<'s> {
    at: usize,
    text: &'s str,
    /// Punctuation stood before it ("(Newcomen").
    opened: bool,
    /// Punctuation or a possessive followed it ("Britain,", "Watt's").
    closed: bool,
    /// It follows a full stop or a colon, so its capital says nothing ("example. Simplify").
    starts_clause: bool,
}

impl Word<'_> {
    fn norm(&self) -> String {
        normalize(self.text)
    }
    fn capital(&self) -> bool {
        !self.starts_clause
            && self.text.chars().next().is_some_and(char::is_uppercase)
            && !is_stop_word(&self.norm())
    }
}

fn words(sentence: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut after_stop = false;
    for raw in sentence.split_whitespace() {
        let at = from + sentence[from..].find(raw).unwrap_or(0);
        from = at + raw.len();
        let opened_text = raw.trim_start_matches(|c: char| !c.is_alphanumeric());
        let lead = raw.len() - opened_text.len();
        let mut text = opened_text.trim_end_matches(|c: char| !c.is_alphanumeric());
        for possessive in ["'s", "’s"] {
            text = text.strip_suffix(possessive).unwrap_or(text);
        }
        if !text.is_empty() {
            out.push(Word {
                at: at + lead,
                text,
                opened: lead > 0,
                closed: text.len() < opened_text.len(),
                starts_clause: after_stop,
            });
        }
        after_stop = raw.ends_with(['.', ':', '!', '?']);
    }
    out
}

/// The words `from..=to` of `sentence` as one term.
fn span<'s>(sentence: &'s str, ws: &[Word<'s>], from: usize, to: usize) -> KeyTerm<'s> {
    let end = ws[to].at + ws[to].text.len();
    KeyTerm {
        at: ws[from].at,
        text: &sentence[ws[from].at..end],
    }
}

/// Whether a word of the sentence is one of `keys` (a term's match keys).
fn in_keys(word: &Word<'_>, keys: &BTreeSet<String>) -> bool {
    content_terms(word.text)
        .iter()
        .any(|t| !t.is_number && t.in_keys(keys))
}

/// The words of a tag or a title, "_" and "-" read as spaces.
fn parts(name: &str) -> Vec<String> {
    name.replace(['_', '-'], " ")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Where the words of `phrase` (two or more) stand together in the sentence.
fn phrase_spans<'s>(sentence: &'s str, ws: &[Word<'s>], phrase: &[String]) -> Vec<KeyTerm<'s>> {
    let matches = |w: &Word<'_>, part: &String| {
        let keys = term_keys(part);
        if keys.is_empty() {
            w.norm() == normalize(part)
        } else {
            in_keys(w, &keys)
        }
    };
    if phrase.len() < 2 || ws.len() < phrase.len() {
        return Vec::new();
    }
    (0..=ws.len() - phrase.len())
        .filter(|&i| {
            let run = &ws[i..i + phrase.len()];
            run.iter().zip(phrase).all(|(w, p)| matches(w, p))
                && run[..run.len() - 1].iter().all(|w| !w.closed)
                && run[1..].iter().all(|w| !w.opened)
        })
        .map(|i| span(sentence, ws, i, i + phrase.len() - 1))
        .collect()
}

/// The single words of the sentence that are one of `keys`, not one of `except`.
fn key_words<'s>(
    sentence: &'s str,
    ws: &[Word<'s>],
    keys: &BTreeSet<String>,
    except: &BTreeSet<String>,
) -> Vec<KeyTerm<'s>> {
    (0..ws.len())
        .filter(|&i| {
            ws[i].text.chars().count() >= MIN_TERM_CHARS
                && in_keys(&ws[i], keys)
                && !in_keys(&ws[i], except)
        })
        .map(|i| span(sentence, ws, i, i))
        .collect()
}

/// Names in the sentence: runs of capitalised words ("James Watt", "Estates-General"),
/// a name joiner allowed between two ("Declaration of Independence", not "Churchill and
/// Stalin"), cut at punctuation; several words first.
fn names<'s>(sentence: &'s str, ws: &[Word<'s>]) -> (Vec<KeyTerm<'s>>, Vec<KeyTerm<'s>>) {
    let (mut several, mut one) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < ws.len() {
        if !ws[i].capital() {
            i += 1;
            continue;
        }
        let mut last = i;
        let mut k = i + 1;
        while k < ws.len() && !ws[k - 1].closed && !ws[k].opened {
            let joins = NAME_JOINERS.contains(&ws[k].text)
                && ws
                    .get(k + 1)
                    .is_some_and(|n| n.capital() && !ws[k].closed && !n.opened);
            if ws[k].capital() {
                last = k;
            } else if !joins {
                break;
            }
            k += 1;
        }
        let name = span(sentence, ws, i, last);
        if last > i {
            several.push(name);
        } else if name.text.chars().count() >= MIN_NAME_CHARS {
            one.push(name);
        }
        i = last + 1;
    }
    (several, one)
}

/// Whether a term of several words starts and ends with words that name something
/// (a tag "virus_no" does not blank "virus no", the negation with it).
fn whole_words(term: &str) -> bool {
    let words: Vec<&str> = term.split_whitespace().collect();
    match words.as_slice() {
        [first, .., last] => names_an_idea(first) && names_an_idea(last),
        _ => true,
    }
}

/// Whether `term` is part of one of `names` but not all of it ("States" of "United
/// States").
fn splits(names: &[KeyTerm<'_>], term: &KeyTerm<'_>) -> bool {
    let end = term.at + term.text.len();
    names.iter().any(|n| {
        let name_end = n.at + n.text.len();
        n.at <= term.at && end <= name_end && n.text.len() > term.text.len()
    })
}

/// The key terms of `sentence` for `unit`, best first: the terms its author marked
/// (`marked`, bold in the notes), the unit's tags (a whole tag phrase before a tag's
/// words), names of several words, terms of its misconceptions, words of its title,
/// one-word names — longest first within each; never at the sentence's start (a blank
/// there reads as a riddle), never a word that names no idea, a number or a date.
pub fn key_terms<'s>(sentence: &'s str, unit: &Unit, marked: &[String]) -> Vec<KeyTerm<'s>> {
    let ws = words(sentence);
    let title = term_keys(&unit.title);
    let tags: Vec<Vec<String>> = unit.tags.iter().map(|t| parts(t)).collect();
    let tag_keys: BTreeSet<String> = tags.iter().flatten().flat_map(|p| term_keys(p)).collect();
    let misconception_keys: BTreeSet<String> = unit
        .misconceptions
        .iter()
        .flat_map(|m| term_keys(&misconception_claim(&m.text)))
        .collect();
    let (several, one) = names(sentence, &ws);
    // A name the sentence opens with is not blanked, but no word of it is either.
    let whole_names = several.clone();
    let marked_spans = marked
        .iter()
        .filter_map(|m| {
            let at = whole_word_at(sentence, m.trim())?;
            Some(KeyTerm {
                at,
                text: &sentence[at..at + m.trim().len()],
            })
        })
        .collect();
    let groups: [Vec<KeyTerm<'s>>; 7] = [
        marked_spans,
        tags.iter()
            .flat_map(|t| phrase_spans(sentence, &ws, t))
            .collect(),
        key_words(sentence, &ws, &tag_keys, &title),
        several,
        key_words(sentence, &ws, &misconception_keys, &BTreeSet::new()),
        key_words(sentence, &ws, &title, &BTreeSet::new()),
        one,
    ];
    let mut out: Vec<KeyTerm<'s>> = Vec::new();
    for mut group in groups {
        group.sort_by_key(|t| Reverse(t.text.chars().count()));
        for term in group {
            let fit = term.at > 0
                && names_an_idea(term.text)
                && whole_words(term.text)
                && !splits(&whole_names, &term)
                && !out.iter().any(|o| o.text == term.text);
            if fit {
                out.push(term);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Misconception;

    fn unit() -> Unit {
        Unit {
            id: "IR-03".into(),
            title: "Steam power".into(),
            anchor: String::new(),
            tags: vec!["steam_engine".into(), "rotary_motion".into()],
            misconceptions: vec![Misconception {
                tag: "trains".into(),
                text: "Believes steam engines were first built to pull trains.".into(),
            }],
            content: vec![],
            drills: vec![],
        }
    }

    fn texts(sentence: &str, marked: &[&str]) -> Vec<String> {
        let marked: Vec<String> = marked.iter().map(|m| m.to_string()).collect();
        key_terms(sentence, &unit(), &marked)
            .iter()
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn a_tag_phrase_comes_before_a_name_and_a_name_before_a_title_word() {
        let got = texts(
            "In 1781 James Watt's steam engines gave rotary motion to the mills of Britain.",
            &[],
        );
        assert_eq!(
            got,
            [
                "steam engines",
                "rotary motion",
                "engines",
                "rotary",
                "motion",
                "James Watt",
                "steam",
                "Britain"
            ]
        );
    }

    #[test]
    fn a_marked_term_comes_first_and_numbers_dates_and_the_first_word_never() {
        let got = texts(
            "Steam pumps drained the mines after October 1712, said the Newcomen records.",
            &["Newcomen records"],
        );
        assert_eq!(got.first().map(String::as_str), Some("Newcomen records"));
        assert!(got
            .iter()
            .all(|t| !t.contains("October") && !t.contains("1712")));
        assert!(!got.contains(&"Steam".to_string()), "{got:?}");
    }

    #[test]
    fn a_plain_word_or_a_capital_after_a_full_stop_is_no_key_term() {
        let mut u = unit();
        u.misconceptions = vec![Misconception {
            tag: "unlike".into(),
            text: "Adds unlike terms, for example writing $3x + 2y = 5xy$.".into(),
        }];
        let got: Vec<&str> = key_terms("Worked example. Simplify unlike terms first.", &u, &[])
            .iter()
            .map(|t| t.text)
            .collect();
        assert_eq!(got, ["unlike", "terms"]);
    }

    #[test]
    fn no_word_of_a_name_alone_and_no_phrase_ending_in_a_function_word() {
        let mut u = unit();
        u.tags = vec!["satellite_states".into(), "virus_no".into()];
        let got = texts(
            "United States forces left, and the satellite states stayed.",
            &[],
        );
        assert!(!got.contains(&"States".to_string()), "{got:?}");
        u.title = "Viruses".into();
        let got: Vec<&str> = key_terms("Los virus no son células vivas.", &u, &[])
            .iter()
            .map(|t| t.text)
            .collect();
        assert!(!got.contains(&"virus no"), "{got:?}");
    }

    #[test]
    fn names_stop_at_punctuation_and_may_join_with_a_function_word() {
        let s = "The war pitted Britain, France and the Declaration of Independence against Churchill and Stalin.";
        let ws = words(s);
        let (several, one) = names(s, &ws);
        let several: Vec<&str> = several.iter().map(|t| t.text).collect();
        let one: Vec<&str> = one.iter().map(|t| t.text).collect();
        assert_eq!(several, ["Declaration of Independence"]);
        assert_eq!(one, ["Britain", "France", "Churchill", "Stalin"]);
    }
}
