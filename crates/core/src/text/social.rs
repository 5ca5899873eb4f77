//! Greetings, thanks and requests for help, read by code so they get a fitting answer
//! instead of being taken for a request ("What can you do?" is not an expense called
//! "do") or guessed at by a small model. Shared by the expense assistant and modules.

use crate::text::normalize::{has_phrase, words};
use std::sync::LazyLock;

/// A message that is conversation, not a request about money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Social {
    /// "hi", "hola".
    Greeting,
    /// "thanks", "gracias".
    Thanks,
    /// "what can you do?", "ayuda".
    Help,
}

/// Phrases asking what the assistant does (`words/<locale>/help.txt`, normalised).
static HELP: LazyLock<Vec<&'static str>> = LazyLock::new(|| crate::word_list!("help").collect());
/// Openings of a greeting (`greetings.txt`).
static GREETINGS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("greetings").collect());
/// Words of thanks (`thanks.txt`).
static THANKS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| crate::word_list!("thanks").collect());

/// The longest greeting or thanks, in words, that is still only that.
const SHORT: usize = 5;

/// `normalized` with each word's stretched letters written once, as casual writing
/// stretches them ("holaa", "graaacias", "thankss" → "hola", "gracias", "thanks"): a run of
/// three or more of one letter, and a doubled last letter.
fn unstretched(normalized: &str) -> String {
    words(normalized)
        .iter()
        .map(|word| unstretched_word(word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One word of [`unstretched`].
fn unstretched_word(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::new();
    let mut at = 0;
    while at < chars.len() {
        let letter = chars[at];
        let run = chars[at..].iter().take_while(|c| **c == letter).count();
        let last = at + run == chars.len();
        let stretched = run >= 3 || (run == 2 && last && chars.len() > 2);
        out.extend(std::iter::repeat_n(letter, if stretched { 1 } else { run }));
        at += run;
    }
    out
}

/// What kind of conversation `normalized` is, if it is only conversation (stretched
/// letters read as written once).
pub fn social_of(normalized: &str) -> Option<Social> {
    let plain = unstretched(normalized);
    let says = |phrases: &[&str]| {
        phrases
            .iter()
            .any(|p| has_phrase(normalized, p) || has_phrase(&plain, p))
    };
    let short = words(normalized).len() <= SHORT;
    if says(&HELP) {
        Some(Social::Help)
    } else if short && says(&THANKS) {
        Some(Social::Thanks)
    } else if short && says(&GREETINGS) {
        Some(Social::Greeting)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::normalize::normalize;

    fn social(text: &str) -> Option<Social> {
        social_of(&normalize(text))
    }

    #[test]
    fn help_greetings_and_thanks_are_read_in_either_language() {
        assert_eq!(social("What can you do?"), Some(Social::Help));
        assert_eq!(social("¿Qué puedes hacer?"), Some(Social::Help));
        assert_eq!(social("Hi there!"), Some(Social::Greeting));
        assert_eq!(social("Buenos días"), Some(Social::Greeting));
        assert_eq!(social("Thanks a lot"), Some(Social::Thanks));
        assert_eq!(social("Gracias"), Some(Social::Thanks));
    }

    #[test]
    fn greetings_as_students_text_them_are_greetings() {
        for short in [
            "hiya 👋",
            "heya",
            "sup",
            "wassup guys",
            "holis",
            "wenas",
            "buen dia",
        ] {
            assert_eq!(social(short), Some(Social::Greeting), "{short}");
        }
    }

    #[test]
    fn thanks_as_students_text_it_is_thanks() {
        for short in [
            "thx",
            "ty!",
            "tysm",
            "thank u so much",
            "grax",
            "mil gracias",
        ] {
            assert_eq!(social(short), Some(Social::Thanks), "{short}");
        }
    }

    #[test]
    fn stretched_letters_are_read_as_written_once() {
        assert_eq!(
            unstretched("holaa graaacias thankss hiii"),
            "hola gracias thanks hi"
        );
        assert_eq!(unstretched("llama perro creer"), "llama perro creer");
        assert_eq!(social("holaa"), Some(Social::Greeting));
        assert_eq!(social("graciaaas!!"), Some(Social::Thanks));
    }

    #[test]
    fn a_long_message_that_starts_politely_is_not_only_conversation() {
        assert_eq!(
            social("hi I paid for the electricity bill today at the shop"),
            None
        );
        assert_eq!(social("lunch at the cafe"), None);
    }
}
