//! What a student's message asks of the module, read by code before any model: move on,
//! go to a section, review progress, open the section's form, a greeting — or an open
//! message the model answers. English and Spanish, case- and accent-insensitive; the
//! phrases are word lists in `crates/modules/words/<locale>/`.

use super::keywords::{topics_in, Keyword};
use super::pack::ModuleManifest;
use super::ranking::says_little_and_names_nothing;
use crate::distress::is_distress;
use lantern_core::text::normalize::{has_phrase, normalize, without_phrases, words};
use lantern_core::text::social::{social_of, Social};
use lantern_core::text::unmarked::unmarked_question;
use lantern_core::word_list;
use std::sync::LazyLock;

/// What the message asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Complete the current section and move to the next.
    Continue,
    /// Make this section (id) current.
    GoTo(String),
    /// Show what has been covered and what remains.
    Review,
    /// Show the current section's form (or the module's first).
    Form,
    /// Words that suggest the student may be in danger, or is at the end of their
    /// strength ([`crate::distress`]): the support message first.
    Crisis,
    /// A greeting, thanks or a request for help.
    Social(Social),
    /// Only an acknowledgement ("ok", "vale", "👍"): nothing to answer.
    Acknowledged,
    /// What the module is about ("what is this about?", "¿de qué va esto?").
    About,
    /// A goodbye ("bye", "hasta luego").
    Farewell,
    /// Anything else: the model answers.
    Open,
}

/// Whole messages that ask to move on (normalised), after optional lead-ins.
static CONTINUE: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("continue").collect());

/// Lead-ins and endings that do not change a continue request (normalised words).
static FILLER: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("filler").collect());

/// Quick-reply openings that move on ("Continue: Sleep and rest").
static CONTINUE_CHIPS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("continue-chips").collect());

/// Phrases that ask to go somewhere (normalised), followed by a section.
static GO_VERBS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("go-verbs").collect());

/// Phrases that ask what the module is about (normalised), `about-module.txt`.
static ABOUT_MODULE: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("about-module").collect());

/// Goodbyes (normalised), `farewells.txt`.
static FAREWELLS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("farewells").collect());

/// Phrases that ask for a review of progress (normalised).
static REVIEW: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("review").collect());

/// Words that name a form (normalised).
static FORM_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("form-words").collect());

/// Phrases that suggest a student may be in danger (normalised; `*` ends a prefix).
static CRISIS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("crisis").collect());

/// Words that name a section by its number, "section 3" (normalised).
static SECTION_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("section-words").collect());

/// Words that name a section only before its number, "part 2" (normalised).
static PART_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("part-words").collect());

/// Words that turn a quick reply into a question about its topic (normalised).
static ABOUT_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("about-words").collect());

/// The longest message, in words, still read as a navigation request.
const SHORT: usize = 9;

/// The longest message, in words, still read as a request for help with the app.
const HELP_WORDS: usize = 4;

/// Words and phrases by which thanks goes on about the help. From
/// `words/{en,es}/thanks-tails.txt`.
static THANKS_TAILS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("thanks-tails").collect());

/// How many opening words of a longer message are read for thanks.
const THANKS_OPENING_WORDS: usize = 3;

/// Thanks that goes on about the help ("ok cool thanks, that actually helps", "gracias,
/// me has ayudado un montón", "ya me siento menos perdido"): its opening words thank,
/// and everything after them is fillers and words or phrases about the help. "thanks,
/// how do I report it?" asks, and so does "muchas gracias, ya me siento perdido".
fn thanks_then_talk(normalized: &str) -> bool {
    let all = words(normalized);
    let at = THANKS_OPENING_WORDS.min(all.len());
    let rest = all[at..].join(" ");
    social_of(&all[..at].join(" ")) == Some(Social::Thanks)
        && without_phrases(&rest, THANKS_TAILS.iter().chain(FILLER.iter())).is_empty()
}

/// Words that keep something to answer in a message that thanks ("thanks, but it still
/// hurts", "gracias, también me sangran"): `words/{en,es}/thanks-but.txt`.
static THANKS_BUT: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("thanks-but").collect());

/// Thanks that closes a message asking nothing after a few words about nothing in the
/// notes ("vale vale, me la pondré. graciaaas", "ok will do, thanks"): its last clause
/// thanks, and what comes before it says little and names nothing any topic uses. A
/// question ("gracias, ¿y si vuelve a pasar?"), a word that keeps something to answer
/// ("it still hurts a lot when i chew, thanks") or words about a topic ("my heart races
/// before every single exam, thanks") make it a message to answer.
fn closing_thanks(module: &ModuleManifest, text: &str, normalized: &str) -> bool {
    let clauses: Vec<&str> = text
        .split([',', '.', '!', ';', '\n'])
        .filter(|c| !normalize(c).is_empty())
        .collect();
    let Some((last, before)) = clauses.split_last() else {
        return false;
    };
    let asks = text.contains('?') || unmarked_question(text).is_some();
    let more = THANKS_BUT.iter().any(|w| has_phrase(normalized, w));
    !asks
        && !more
        && social_of(&normalize(last)) == Some(Social::Thanks)
        && says_little_and_names_nothing(module, &before.join(", "))
}

/// Strips filler words from both ends.
fn core_words(normalized: &str) -> String {
    let mut list = words(normalized);
    while list.first().is_some_and(|w| FILLER.contains(w)) {
        list.remove(0);
    }
    while list.last().is_some_and(|w| FILLER.contains(w)) {
        list.pop();
    }
    list.join(" ")
}

/// The words of `normalized` between its first and its last.
fn inner_words(normalized: &str) -> impl Iterator<Item = &str> {
    let list = words(normalized);
    let inner = list.len().saturating_sub(2);
    list.into_iter().skip(1).take(inner)
}

fn is_continue(text: &str, normalized: &str) -> bool {
    let core = core_words(normalized);
    if CONTINUE.contains(&core.as_str()) || asks_to_move_on(&core) {
        return true;
    }
    // A quick reply such as "Continue: Sleep and rest" (its colon tells it from "next
    // time I will save").
    let chip = text
        .split_once(':')
        .is_some_and(|(before, _)| CONTINUE_CHIPS.contains(&normalize(before).as_str()));
    chip && words(normalized).len() <= SHORT
        && !inner_words(normalized).any(|w| ABOUT_WORDS.contains(&w))
}

/// Small words a short request to move on holds besides its continue phrase ("ok what's
/// next", "done with this, next", "pasemos a lo siguiente"), `continue-fillers.txt`.
static CONTINUE_FILLERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("continue-fillers").collect());

/// Whether `core` (normalised, fillers off both ends) is a short request to move on by
/// its shape: a continue phrase and nothing else but small words of asking.
fn asks_to_move_on(core: &str) -> bool {
    if words(core).len() > SHORT {
        return false;
    }
    let found = CONTINUE
        .iter()
        .any(|p| !p.is_empty() && has_phrase(core, p));
    found
        && words(&without_phrases(core, CONTINUE.iter()))
            .iter()
            .all(|w| CONTINUE_FILLERS.contains(w))
}

/// The section a message names: "section 3" / "sección 3", or its whole title.
fn named_section(module: &ModuleManifest, normalized: &str) -> Option<String> {
    let sections = module.sections();
    let list = words(normalized);
    for (i, word) in list.iter().enumerate() {
        if SECTION_WORDS.contains(word) || PART_WORDS.contains(word) {
            if let Some(n) = list.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
                if let Some(at) = n.checked_sub(1).and_then(|i| sections.get(i)) {
                    return Some(at.section.id.clone());
                }
            }
        }
    }
    sections
        .iter()
        .filter(|s| has_phrase(normalized, &normalize(&s.section.title)))
        .max_by_key(|s| s.section.title.len())
        .map(|s| s.section.id.clone())
}

/// Reads what `text` asks of `module`.
pub fn read_intent(module: &ModuleManifest, text: &str) -> Intent {
    let normalized = normalize(text);
    let short = words(&normalized).len() <= SHORT;
    let list = words(&normalized);
    if CRISIS
        .iter()
        .filter_map(|p| Keyword::parse(p))
        .any(|k| k.occurs_in(&list))
        || is_distress(&list)
    {
        return Intent::Crisis;
    }
    if is_continue(text, &normalized) {
        return Intent::Continue;
    }
    if short {
        let asks_to_go = GO_VERBS
            .iter()
            .any(|v| normalized.starts_with(v) || has_phrase(&normalized, v));
        if let Some(section) = named_section(module, &normalized) {
            let whole_title = module
                .section(&section)
                .is_some_and(|s| normalize(&s.section.title) == core_words(&normalized));
            if asks_to_go || whole_title || list.first().is_some_and(|w| SECTION_WORDS.contains(w))
            {
                return Intent::GoTo(section);
            }
        }
        if REVIEW.iter().any(|p| has_phrase(&normalized, p)) {
            return Intent::Review;
        }
        if ABOUT_MODULE.iter().any(|p| has_phrase(&normalized, p)) {
            return Intent::About;
        }
        let core = core_words(&normalized);
        if FAREWELLS.iter().any(|p| core == *p) {
            return Intent::Farewell;
        }
        if FORM_WORDS.iter().any(|p| has_phrase(&normalized, p)) {
            return Intent::Form;
        }
    }
    if thanks_then_talk(&normalized) || closing_thanks(module, text, &normalized) {
        return Intent::Social(Social::Thanks);
    }
    match social_of(&normalized) {
        // "can you help me calm down before exams?" is a question for the module, and so
        // is a short cry for help that names a topic: "afónica. ayuda".
        Some(Social::Help)
            if words(&normalized).len() > HELP_WORDS || !topics_in(module, text).is_empty() =>
        {
            Intent::Open
        }
        Some(social) => Intent::Social(social),
        // Nothing but filler words, or no word at all (an emoji).
        None if core_words(&normalized).is_empty() => Intent::Acknowledged,
        None => Intent::Open,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::language::Language;
    use lantern_packs::module::testing::module;

    fn intent(text: &str) -> Intent {
        read_intent(&module(), text)
    }

    #[test]
    fn thanks_that_goes_on_about_the_help_is_thanks() {
        for text in [
            "ok cool thanks, that actually helps",
            "thanks, that's really useful!",
            "gracias, me has ayudado un montón",
            "jaja ok gracias, ya me siento menos perdido",
            "thanks, I feel a lot less lost now",
            "cheers legend, he's heaps better now 🙌",
            "gracias!! ya está re bien",
            "vale gracias tio, me has salvado 🙌",
            "gracias, me salvaste la vida",
            "thanks, you saved me",
            "cheers, you're a lifesaver",
            "cheers, that's actually really useful x",
            "gracias, me has ayudado un montón, besos",
        ] {
            assert_eq!(intent(text), Intent::Social(Social::Thanks), "{text}");
        }
        assert_eq!(
            intent("thanks, how do I stop my heart racing?"),
            Intent::Open
        );
        assert_eq!(
            intent("gracias, ya me siento menos perdido pero ¿y el corazón?"),
            Intent::Open
        );
        for closing in [
            "vale vale, me la pondré. graciaaas",
            "ok will do, thanks!!",
            "perfecto, lo hago así. gracias 🙏",
        ] {
            assert_eq!(intent(closing), Intent::Social(Social::Thanks), "{closing}");
        }
        for asks in [
            "it still hurts a lot when i chew, thanks",
            "my heart races before every single exam, thanks",
            "vale, gracias. ¿y si vuelve a pasar?",
        ] {
            assert_eq!(intent(asks), Intent::Open, "{asks}");
        }
        for lost in [
            "muchas gracias, ya me siento perdido",
            "thanks a lot, now I feel lost",
            "cheers, he's fine now but what if he pulls again?",
            "thanks, you saved me, but what if he asks again?",
        ] {
            assert_eq!(intent(lost), Intent::Open, "{lost}");
        }
    }

    #[test]
    fn moving_on_is_read_in_either_language_and_from_the_quick_reply() {
        for text in [
            "next",
            "Continue.",
            "ok, next please",
            "Siguiente",
            "sigamos",
            "Continue: Your thoughts",
            "Continuar: Tu plan",
            "vamos al siguiente tema",
        ] {
            assert_eq!(intent(text), Intent::Continue, "{text}");
        }
        assert_eq!(
            intent("what comes next after the exam when my heart races?"),
            Intent::Open
        );
    }

    #[test]
    fn the_continue_quick_reply_moves_on_in_every_language() {
        for language in [Language::En, Language::Es] {
            let chip = crate::replies::continue_chip(language, "Your plan");
            assert_eq!(intent(&chip), Intent::Continue, "{chip}");
        }
    }

    #[test]
    fn a_section_is_reached_by_number_or_title() {
        assert_eq!(intent("go to section 3"), Intent::GoTo("plan".into()));
        assert_eq!(intent("sección 2"), Intent::GoTo("mind".into()));
        assert_eq!(
            intent("let's talk about your plan"),
            Intent::GoTo("plan".into())
        );
        assert_eq!(intent("Your thoughts"), Intent::GoTo("mind".into()));
        assert_eq!(intent("go to section 9"), Intent::Open);
        assert_eq!(intent("go to part 3"), Intent::GoTo("plan".into()));
        assert_eq!(intent("ir a la parte 2"), Intent::GoTo("mind".into()));
    }

    #[test]
    fn what_the_module_is_about_a_goodbye_and_a_laugh_are_read() {
        for asked in ["what is this module about?", "¿de qué va esto?"] {
            assert_eq!(intent(asked), Intent::About, "{asked}");
        }
        for bye in ["bye!", "ok bye", "hasta luego", "adiós"] {
            assert_eq!(intent(bye), Intent::Farewell, "{bye}");
        }
        for laugh in ["lol", "jajaja"] {
            assert_eq!(intent(laugh), Intent::Acknowledged, "{laugh}");
        }
        assert_eq!(intent("i'm lost"), Intent::Social(Social::Help));
        assert_eq!(intent("¿cuánto me queda?"), Intent::Review);
        assert_eq!(intent("bye the way, is sleep important?"), Intent::Open);
    }

    #[test]
    fn a_short_request_to_move_on_is_read_by_its_shape() {
        for asked in [
            "ok what's next",
            "done with this, next",
            "can we go on",
            "pasemos a lo siguiente",
            "ya he terminado con esto, siguiente",
        ] {
            assert_eq!(intent(asked), Intent::Continue, "{asked}");
        }
        for not_moving in ["what's next after saving money?", "next time I will save"] {
            assert_ne!(intent(not_moving), Intent::Continue, "{not_moving}");
        }
    }

    #[test]
    fn a_quick_reply_asking_about_its_topic_does_not_move_on() {
        assert_ne!(
            intent("Continue: more about your thoughts"),
            Intent::Continue
        );
        assert_ne!(intent("Continuar: dime sobre tu plan"), Intent::Continue);
    }

    #[test]
    fn reviews_and_forms_are_asked_for_briefly() {
        assert_eq!(intent("What have we covered?"), Intent::Review);
        assert_eq!(intent("¿cómo voy?"), Intent::Review);
        assert_eq!(intent("can I do the self-check?"), Intent::Form);
        assert_eq!(intent("quiero el cuestionario"), Intent::Form);
    }

    #[test]
    fn danger_comes_first() {
        assert_eq!(intent("next. honestly I want to die"), Intent::Crisis);
        assert_eq!(intent("a veces pienso en quitarme la vida"), Intent::Crisis);
        assert_eq!(intent("siguiente. me rindo"), Intent::Crisis);
        assert_eq!(intent("estoy un poco cansado"), Intent::Open);
    }

    #[test]
    fn wishing_to_be_gone_is_danger() {
        for text in [
            "nobody would even notice if i was gone",
            "everyone would be better off without me",
            "sometimes i just want to disappear",
            "a veces pienso que estarían mejor sin mí",
            "nadie me echaría de menos",
        ] {
            assert_eq!(intent(text), Intent::Crisis, "{text}");
        }
        assert_eq!(intent("my bag disappeared at school"), Intent::Open);
    }

    #[test]
    fn greetings_are_social_and_questions_are_open() {
        assert_eq!(intent("hello!"), Intent::Social(Social::Greeting));
        assert_eq!(intent("gracias"), Intent::Social(Social::Thanks));
        assert_eq!(intent("help"), Intent::Social(Social::Help));
        for ack in ["ok", "vale", "👍", "ok!", "yeah ok", "genial"] {
            assert_eq!(intent(ack), Intent::Acknowledged, "{ack}");
        }
        assert_eq!(intent("ok, why?"), Intent::Open);
        assert_eq!(
            intent("can you help me calm down before my exams?"),
            Intent::Open
        );
        assert_eq!(intent("why do I freeze in exams?"), Intent::Open);
    }

    #[test]
    fn a_short_cry_for_help_naming_a_topic_is_a_question() {
        assert_eq!(intent("racing heart. help"), Intent::Open);
        assert_eq!(intent("corazón acelerado, ayuda"), Intent::Open);
        assert_eq!(intent("help!"), Intent::Social(Social::Help));
    }
}
