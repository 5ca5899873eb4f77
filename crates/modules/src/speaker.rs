//! Who a message quotes: "coach says no slushies before games…" asks about slushies,
//! not about coaches, and "la profe de teatro nos hace tirar aire con los labios…" about
//! the lip trill, not about teachers. The words naming who speaks (or has the student
//! do something) are not keywords said outright.

use super::joiners::CLAUSE_JOINERS;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::polarity::clauses;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words telling what someone else says or has the student do, normalised:
/// `words/<locale>/reporting-verbs.txt`.
static REPORTING: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    word_list!("reporting-verbs")
        .map(|p| p.split(' ').collect())
        .collect()
});

/// Most words naming who speaks: "the swimming coach at my club" is as long as it gets.
const MOST_SPEAKER_WORDS: usize = 5;

/// `message` without the words naming who it quotes: in each clause (up to a mark that
/// ends one, or a joining word), the words before a reporting verb, when there are at
/// most [`MOST_SPEAKER_WORDS`] of them. Normalised.
pub(crate) fn without_speaker(message: &str) -> String {
    clauses(message)
        .into_iter()
        .map(|clause| clause_without_speaker(&normalize(clause)))
        .filter(|clause| !clause.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One normalised clause without the words before its first reporting verb.
fn clause_without_speaker(clause: &str) -> String {
    let list = words(clause);
    let speaker = (1..list.len())
        .filter(|&at| REPORTING.iter().any(|p| list[at..].starts_with(p)))
        .find_map(|at| {
            // Who speaks starts after the last word joining a clause before the verb.
            let from = list[..at]
                .iter()
                .rposition(|w| CLAUSE_JOINERS.contains(w))
                .map_or(0, |j| j + 1);
            (at > from && at - from <= MOST_SPEAKER_WORDS).then_some(from..at)
        })
        .unwrap_or_default();
    list.iter()
        .enumerate()
        .filter(|(i, _)| !speaker.contains(i))
        .map(|(_, w)| *w)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_a_message_quotes_is_left_out() {
        assert_eq!(
            without_speaker("also coach says no slushies before games, is that true??"),
            "says no slushies before games is that true"
        );
        assert_eq!(
            without_speaker("canto en una banda y el bajista dice q el vaper no hace nada"),
            "canto en una banda y dice q el vaper no hace nada"
        );
        assert_eq!(
            without_speaker("la profe de teatro nos hace tirar aire con los labios"),
            "nos hace tirar aire con los labios"
        );
    }

    #[test]
    fn a_message_quoting_no_one_is_whole() {
        assert_eq!(
            without_speaker("my coach shouts all day, is it bad?"),
            "my coach shouts all day is it bad"
        );
        // Too many words before the verb to be who speaks.
        assert_eq!(
            without_speaker("every single one of the kids in my class says it"),
            "every single one of the kids in my class says it"
        );
    }
}
