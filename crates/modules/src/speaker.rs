//! Who a message quotes: "coach says no slushies before games…" asks about slushies,
//! not about coaches, and "la profe de teatro nos hace tirar aire con los labios…" about
//! the lip trill, not about teachers. The words naming who speaks (or has the student
//! do something) are not keywords said outright.

use lantern_core::text::normalize::{normalize, words};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words telling what someone else says or has the student do, normalised:
/// `words/<locale>/reporting-verbs.txt`.
static REPORTING: LazyLock<Vec<Vec<&'static str>>> = LazyLock::new(|| {
    word_list!("reporting-verbs")
        .map(|p| p.split(' ').collect())
        .collect()
});

/// Words that open a new clause inside a sentence ("and", "pero"), normalised:
/// `words/<locale>/clause-joiners.txt`.
static JOINERS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("clause-joiners").collect());

/// Marks that end a clause.
const CLAUSE_ENDS: [char; 7] = [',', '.', ';', ':', '!', '?', '\n'];

/// Most words naming who speaks: "the swimming coach at my club" is as long as it gets.
const MOST_SPEAKER_WORDS: usize = 5;

/// `message` without the words naming who it quotes: in each clause (up to a mark that
/// ends one, or a joining word), the words before a reporting verb, when there are at
/// most [`MOST_SPEAKER_WORDS`] of them. Normalised.
pub(crate) fn without_speaker(message: &str) -> String {
    message
        .split(|c: char| CLAUSE_ENDS.contains(&c))
        .map(|clause| clause_without_speaker(&normalize(clause)))
        .filter(|clause| !clause.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One normalised clause without the words before its first reporting verb.
fn clause_without_speaker(clause: &str) -> String {
    let list = words(clause);
    let start_of = |at: usize| {
        list[..at]
            .iter()
            .rposition(|w| JOINERS.contains(w))
            .map_or(0, |j| j + 1)
    };
    let speaker = (1..list.len()).find_map(|at| {
        let reports = REPORTING
            .iter()
            .any(|phrase| list[at..].starts_with(phrase));
        let from = start_of(at);
        (reports && at > from && at - from <= MOST_SPEAKER_WORDS).then_some(from..at)
    });
    match speaker {
        Some(range) => list
            .iter()
            .enumerate()
            .filter(|(i, _)| !range.contains(i))
            .map(|(_, w)| *w)
            .collect::<Vec<_>>()
            .join(" "),
        None => list.join(" "),
    }
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
