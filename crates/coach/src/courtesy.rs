//! Thanks, greetings and goodbyes: a message that is only a courtesy is answered by the
//! app, whatever words of politeness or about the help surround it ("muchas gracias, me
//! has ayudado un montón", "ok thats it for today thanks bye"); thanks followed by a text
//! ("thanks, phones help us learn") is that text.

use lantern_core::text::normalize::{has_phrase, without_phrases, words};
use lantern_core::text::social::{social_of, Social};
use lantern_core::word_list;
use std::sync::LazyLock;

/// How many opening words of a longer message are read for thanks or a greeting.
const COURTESY_OPENING_WORDS: usize = 3;

/// Words that may stand beside thanks or a greeting without adding anything
/// ("thank you so much", "ok, muchas gracias").
/// From `words/{en,es}/social-words.txt`.
static SOCIAL_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("social-words").collect());

/// The thanks or greeting `plain` (normalised) is, when it is only that: at most two
/// words, or nothing beside them but [`SOCIAL_WORDS`] — "hi, phones should be banned" is
/// a text.
pub(crate) fn courtesy_of(plain: &str) -> Option<Social> {
    let all = words(plain);
    // Thanks may go on in words that add nothing ("muchas gracias, me has ayudado un
    // montón"): read by its opening words.
    let opening = all[..all.len().min(COURTESY_OPENING_WORDS)].join(" ");
    social_of(plain)
        .or_else(|| social_of(&opening))
        .filter(|s| matches!(s, Social::Thanks | Social::Greeting))
        .filter(|_| all.len() <= 2 || all.iter().all(|w| SOCIAL_WORDS.contains(w)))
}

/// Words by which a student, after thanks, speaks of the help or of understanding.
/// From `words/{en,es}/understanding-words.txt`.
static UNDERSTANDING_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("understanding-words").collect());

/// Thanks followed by talk about the help or about understanding ("thanks so much for
/// helping with this part, i had no idea what backing even meant"): a courtesy, though
/// longer than one. Thanks followed by a text ("thanks, phones help us learn") is not.
pub(crate) fn thanks_then_talk(plain: &str) -> bool {
    let all = words(plain);
    let opening = all[..all.len().min(COURTESY_OPENING_WORDS)].join(" ");
    social_of(&opening) == Some(Social::Thanks)
        && all[COURTESY_OPENING_WORDS.min(all.len())..]
            .iter()
            .any(|w| UNDERSTANDING_WORDS.contains(w))
}

/// Goodbyes, the longest first (so "see you tomorrow" is taken off whole, not as "see
/// you"). From `words/{en,es}/farewells.txt`.
static FAREWELLS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    let mut all: Vec<&str> = word_list!("farewells").collect();
    all.sort_by_key(|f| std::cmp::Reverse(f.len()));
    all
});

/// Most words of a goodbye with thanks that is still only a courtesy.
const MOST_FAREWELL_WORDS: usize = 10;

/// A short goodbye with thanks ("ok thats it for today thanks bye", "bueno, listo por
/// hoy, gracias, chau"): a courtesy, whatever it says of the session.
pub(crate) fn thanks_and_goodbye(plain: &str) -> bool {
    let all = words(plain);
    all.len() <= MOST_FAREWELL_WORDS
        && FAREWELLS.iter().any(|f| has_phrase(plain, f))
        && all.iter().any(|w| social_of(w) == Some(Social::Thanks))
}

/// The words of a short message beside its goodbye (`plain`, normalised: "listo, chao"
/// → "listo", "bye" → ""), when it holds one and is short enough to be only a goodbye;
/// `None` otherwise. What is left says whether it is ([`crate::reading::message_kind`]).
pub(crate) fn beside_farewell(plain: &str) -> Option<String> {
    (words(plain).len() <= MOST_FAREWELL_WORDS && FAREWELLS.iter().any(|f| has_phrase(plain, f)))
        .then(|| without_phrases(plain, FAREWELLS.iter()).trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_goodbye_for_today_with_thanks_is_a_courtesy() {
        assert!(thanks_and_goodbye("ok im done for today cheers"));
        assert!(thanks_and_goodbye("gracias lo dejo por hoy"));
        assert!(!thanks_and_goodbye("im done with the claim"));
    }

    #[test]
    fn a_goodbye_leaves_the_words_beside_it() {
        assert_eq!(beside_farewell("listo chao").as_deref(), Some("listo"));
        assert_eq!(beside_farewell("bye").as_deref(), Some(""));
        assert_eq!(
            beside_farewell("ok see you tomorrow").as_deref(),
            Some("ok")
        );
        assert_eq!(beside_farewell("the claim is done"), None);
    }
}
