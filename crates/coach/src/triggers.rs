//! What the student's message asks for (spec 000, "ProposedUpdateCard triggers"):
//! confirming a suggestion, or asking for a rewrite — in English and Spanish, with
//! natural variants, regardless of case and accents.

use super::phrase_lists::{split_phrases, STEP_NOUNS};
use lantern_core::text::normalize::{has_phrase, normalize, without_phrases, words};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Phrases that confirm a suggestion.
/// From `words/{en,es}/confirmations.txt`.
static CONFIRMATIONS: LazyLock<Vec<&str>> = LazyLock::new(|| {
    // The longest first, so that "supongo que sí" is taken out whole, not only its "sí".
    let mut phrases: Vec<&str> = word_list!("confirmations").collect();
    phrases.sort_by_key(|p| std::cmp::Reverse(p.split(' ').count()));
    phrases
});

/// Words that may surround a confirmation without adding content.
/// From `words/{en,es}/confirmation-fillers.txt`.
static FILLERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("confirmation-fillers").collect());

/// Most words a confirmation may carry besides confirmation phrases and fillers.
const MAX_EXTRA_WORDS: usize = 2;

/// Words that turn a message into a refusal or a new request.
/// From `words/{en,es}/refusal-words.txt`.
static DISQUALIFIERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("refusal-words").collect());

/// Phrases that answer no ("nope", "not really", "para nada").
/// From `words/{en,es}/declines.txt`.
static DECLINES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("declines").collect());

/// Requests to rewrite that need no context.
/// From `words/{en,es}/rewrite-phrases.txt`.
static REWRITE_ALWAYS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("rewrite-phrases").collect());

/// Verbs that are a rewrite request only when used as one (first word, after a request
/// marker, or before "it"/"my"/"this"…): "improve my claim", not "exercise can improve
/// grades".
/// From `words/{en,es}/rewrite-verbs.txt`.
static REWRITE_VERBS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("rewrite-verbs").collect());

/// Words announcing a request.
/// From `words/{en,es}/request-markers.txt`.
static REQUEST_MARKERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("request-markers").collect());

/// Objects that follow a rewrite verb.
/// From `words/{en,es}/rewrite-objects.txt`.
static REWRITE_OBJECTS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("rewrite-objects").collect());

/// Verbs that ask for a step when a step's name follows them closely ("do the warrant
/// bit for me"), each as its words ("come up with"). From `words/{en,es}/making-verbs.txt`.
static MAKING_VERBS: LazyLock<Vec<Vec<&str>>> =
    LazyLock::new(|| split_phrases(word_list!("making-verbs")));

/// Words that hand the making to the coach ("for me", "tú").
/// From `words/{en,es}/on-my-behalf.txt`.
static ON_MY_BEHALF: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("on-my-behalf").collect());

/// Small words that may stand between a making verb and the step's name ("the", "me",
/// "tú la"). From `words/{en,es}/step-fillers.txt`.
static STEP_FILLERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("step-fillers").collect());

/// Most words between a making verb and the step's name ("do the warrant", "make my
/// whole backing", "haz tú la garantía").
const MAX_WORDS_TO_STEP: usize = 3;

/// Whether `message` confirms or accepts a suggestion ("yes", "that works", "sí, me
/// sirve", …) without refusing or asking for something else.
pub fn is_confirmation(message: &str) -> bool {
    words_beside_yes(message).is_some_and(|extra| extra <= MAX_EXTRA_WORDS)
}

/// How many words `message` holds besides confirmation phrases and fillers, when it
/// holds a confirmation and neither asks nor refuses ("sure thing, go on" → 0, "perfect
/// attendance matters" → 2); `None` otherwise. What is left is new content.
pub(crate) fn words_beside_yes(message: &str) -> Option<usize> {
    // A question ("ok?", "¿vale?") asks; it does not confirm.
    let trimmed = message.trim();
    if trimmed.ends_with('?') || trimmed.starts_with('¿') {
        return None;
    }
    // "100%" is said as "100 percent".
    let text = squeezed(&normalize(&message.replace('%', " percent ")));
    if !CONFIRMATIONS.iter().any(|p| has_phrase(&text, p))
        || DISQUALIFIERS.iter().any(|p| has_phrase(&text, p))
    {
        return None;
    }
    let rest = without_phrases(&text, CONFIRMATIONS.iter().chain(FILLERS.iter()));
    Some(words(&rest).len())
}

/// Most times a letter is written in a row in a word of the lists ("cool", "perfe"):
/// more is stretched for stress ("yesss", "siii", "nooo").
const MOST_REPEATS: usize = 2;

/// `text` with every letter stretched for stress written once ("siiii" → "si").
fn squeezed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = 0;
    let mut last = None;
    for c in text.chars() {
        run = if Some(c) == last { run + 1 } else { 1 };
        last = Some(c);
        out.push(c);
        if run == MOST_REPEATS + 1 && c.is_alphabetic() {
            // The third of a run: the run was stretched, so it stands for one letter.
            for _ in 0..MOST_REPEATS {
                out.pop();
            }
        } else if run > MOST_REPEATS + 1 && c.is_alphabetic() {
            out.pop();
        }
    }
    out
}

/// Whether `message` holds a word of refusal or a no ("not", "but", "nope", "pero"):
/// such a reply is never read as a yes.
pub fn holds_refusal(message: &str) -> bool {
    let text = normalize(message);
    DISQUALIFIERS
        .iter()
        .chain(DECLINES.iter())
        .any(|p| has_phrase(&text, p))
}

/// Whether `message` answers no to the coach's pending question ("nope", "not
/// really", "no way", "para nada", "mejor no") and says nothing else: it takes nothing.
/// A question ("no?") asks; "no, cities should ban cars" is a text.
pub fn is_decline(message: &str) -> bool {
    let trimmed = message.trim();
    if trimmed.ends_with('?') || trimmed.starts_with('¿') || is_confirmation(message) {
        return false;
    }
    let text = squeezed(&normalize(message));
    if !DECLINES.iter().any(|p| has_phrase(&text, p)) {
        return false;
    }
    let rest = without_phrases(&text, DECLINES.iter().chain(FILLERS.iter()));
    words(&rest).len() <= MAX_EXTRA_WORDS
}

/// Whether `message` asks the coach to rewrite or improve the student's text
/// ("rewrite", "improve my claim", "reescribe", "mejóralo", …).
pub fn is_rewrite_request(message: &str) -> bool {
    let text = normalize(message);
    if REWRITE_ALWAYS.iter().any(|p| has_phrase(&text, p)) {
        return true;
    }
    let all = words(&text);
    let asked = REQUEST_MARKERS.iter().any(|p| has_phrase(&text, p));
    if asks_for_a_step(&text, &all, asked) || asks_for_it(&all) {
        return true;
    }
    all.iter().enumerate().any(|(i, word)| {
        REWRITE_VERBS.contains(word)
            && (i == 0
                || asked
                || all
                    .get(i + 1)
                    .is_some_and(|next| REWRITE_OBJECTS.contains(next)))
    })
}

/// Words that stand for the step as a making verb's object ("it", "one", "la"). From
/// `words/{en,es}/step-pronouns.txt`.
static STEP_PRONOUNS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("step-pronouns").collect());

/// Small words a short request holds besides its verb and object: `request-particles.txt`
/// ("just", "u", "tú") and every word of a request marker ("can", "you", "porfa").
static REQUEST_PARTICLES: LazyLock<Vec<&str>> = LazyLock::new(|| {
    word_list!("request-particles")
        .chain(REQUEST_MARKERS.iter().flat_map(|m| m.split(' ')))
        .collect()
});

/// Whether the normalised words `all` ask the coach to make the step without naming it:
/// a making verb whose object is a word standing for the step, apart ("u do it", "make
/// one up for me") or joined to the verb ("hazla tú", "rellénalo"), and nothing else but
/// small words of asking ("can you", "for me", "porfa").
fn asks_for_it(all: &[&str]) -> bool {
    let verb = |w: &str| MAKING_VERBS.iter().any(|v| v.as_slice() == [w]);
    let joined = |w: &str| {
        STEP_PRONOUNS
            .iter()
            .any(|p| w.strip_suffix(p).is_some_and(&verb))
    };
    let asking = |w: &&str| STEP_FILLERS.contains(w) || REQUEST_PARTICLES.contains(w);
    let Some(at) = all.iter().position(|w| verb(w) || joined(w)) else {
        return false;
    };
    let (before, after) = (&all[..at], &all[at + 1..]);
    let object = joined(all[at]) || after.iter().any(|w| STEP_PRONOUNS.contains(w));
    object
        && before.iter().all(asking)
        && after.iter().all(|w| asking(w) || STEP_PRONOUNS.contains(w))
}

/// Whether the normalised `text` (its `all` words) asks the coach to make a step: a
/// making verb, then only small words ("the", "me", "tú la"), then a step's name, asked
/// as a request (the verb first, a request marker, or "for me"/"tú"): "can u do the
/// warrant bit for me", "pon tú la tesis"; not "give students a reason to walk".
fn asks_for_a_step(text: &str, all: &[&str], asked: bool) -> bool {
    let handed = ON_MY_BEHALF.iter().any(|p| has_phrase(text, p));
    (0..all.len()).any(|i| {
        MAKING_VERBS.iter().any(|verb| {
            let after = i + verb.len();
            let end = all.len().min(after + MAX_WORDS_TO_STEP + 1);
            let window = all.get(after..end).unwrap_or_default();
            let step_at = window.iter().position(|w| STEP_NOUNS.contains(w));
            let only_small_words_before =
                |at: usize| window[..at].iter().all(|w| STEP_FILLERS.contains(w));
            all[i..].starts_with(verb)
                && (i == 0 || asked || handed)
                && step_at.is_some_and(only_small_words_before)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_confirmations_are_detected() {
        for m in [
            "yes",
            "ok",
            "that works",
            "use that",
            "sí",
            "me sirve",
            "definitivamente está bien",
        ] {
            assert!(is_confirmation(m), "{m}");
        }
    }

    #[test]
    fn natural_confirmations_are_detected_regardless_of_case_and_accents() {
        for m in [
            "Yes!",
            "OK, that works.",
            "Sounds good to me",
            "Perfect, use it",
            "SI",
            "Sí, está bien",
            "Vale, úsalo",
            "de acuerdo",
        ] {
            assert!(is_confirmation(m), "{m}");
        }
    }

    #[test]
    fn common_variants_in_both_languages_are_detected() {
        for m in [
            "okay",
            "sure",
            "sounds good",
            "perfect",
            "go with that",
            "looks good",
            "I agree",
            "De acuerdo.",
            "vale",
            "claro",
            "¡Perfecto!",
            "Está bien",
            "úsalo",
        ] {
            assert!(is_confirmation(m), "{m}");
            assert!(!is_rewrite_request(m), "{m}");
        }
        for m in [
            "can you reword it?",
            "make it better",
            "polish it",
            "redacta mi tesis",
            "mejóralo",
            "corrige",
            "reformula esto",
        ] {
            assert!(is_rewrite_request(m), "{m}");
            assert!(!is_confirmation(m), "{m}");
        }
    }

    #[test]
    fn refusals_and_new_content_are_not_confirmations() {
        for m in [
            "no",
            "not ok",
            "that doesn't work",
            "yes but change the second part",
            "no me sirve",
            "sí, pero cámbialo",
            "Schools should ban phones because they distract students",
            "si los estudiantes duermen más, rinden mejor",
            "",
        ] {
            assert!(!is_confirmation(m), "{m}");
        }
    }

    #[test]
    fn yes_in_its_common_forms_is_a_confirmation() {
        for m in [
            "definitely",
            "sure",
            "of course",
            "yep",
            "yeah go on",
            "exacto",
            "claro",
            "vale",
            "por supuesto",
            "sí claro",
            "Absolutely!",
            "spot on",
            "go for it",
            "me vale",
            "hecho",
            "yeah thats what i meant",
            "that's right",
            "mhm",
            "eso mismo",
            "tal cual",
            "100%",
            "ya",
            "cien por cien",
            "ándale",
            "correctísimo",
            "perfe",
            "mmm bueno, supongo que sí",
            "i guess so",
        ] {
            assert!(is_confirmation(m), "{m}");
            assert!(!is_decline(m), "{m}");
        }
    }

    #[test]
    fn no_in_its_common_forms_is_a_decline_and_a_no_with_content_is_not() {
        for m in [
            "no",
            "nope",
            "not really",
            "no way",
            "para nada",
            "nel",
            "mejor no",
            "No, thanks.",
            "definitely not",
            "i'd rather not",
            "no me convence",
            "paso",
            "no, espera, quiero cambiarlo",
            "no wait, I want to change it",
        ] {
            assert!(is_decline(m), "{m}");
            assert!(!is_confirmation(m), "{m}");
        }
        for m in [
            "no?",
            "no, cities should ban cars from their centres",
            "yes",
            "si dormimos mas atendemos mejor en clase",
            "not every city has good buses, so it depends",
        ] {
            assert!(!is_decline(m), "{m}");
        }
    }

    #[test]
    fn an_unaccented_si_opening_a_clause_is_if_not_yes() {
        for m in [
            "si dormimos mas atendemos mejor en clase, asi que empezar tarde ayuda",
            "si empiezan a las nueve dormimos mas",
        ] {
            assert!(!is_confirmation(m), "{m}");
        }
        assert!(is_confirmation("si, claro"));
    }

    #[test]
    fn a_question_is_not_a_confirmation() {
        for m in [
            "ok?",
            "Yes?",
            "¿vale?",
            "¿Sí?",
            "sounds good?",
            "  perfect ? ",
        ] {
            assert!(!is_confirmation(m), "{m}");
        }
    }

    #[test]
    fn the_specs_rewrite_requests_are_detected() {
        for m in [
            "rewrite",
            "improve",
            "rephrase",
            "fix",
            "help me word",
            "reescribe",
            "mejora",
            "arregla",
        ] {
            assert!(is_rewrite_request(m), "{m}");
        }
    }

    #[test]
    fn natural_rewrite_requests_are_detected() {
        for m in [
            "Can you improve my claim?",
            "please fix it",
            "Could you reword this",
            "make it stronger",
            "Mejóralo por favor",
            "¿Puedes mejorar mi tesis?",
            "Corrige esto",
            "REESCRIBE la garantía",
            "could you write the warrant for me please",
            "¿me escribes tú la garantía?",
            "write me a better one",
            "can u do the warrant bit for me",
            "make the whole backing for me",
            "pon tú la tesis",
            "¿me puedes hacer la refutación?",
            "give me a reason plz",
            "u do it",
            "make one up for me",
            "fill it in for me",
            "could you have a go at the warrant",
            "can you suggest a warrant",
            "hazla tú",
            "ponla tú porfa",
            "rellénalo tú",
            "invéntate una",
            "can you think of a backing for me",
            "could you find me a source",
            "¿se te ocurre un respaldo?",
            "búscame tú una fuente",
        ] {
            assert!(is_rewrite_request(m), "{m}");
        }
    }

    #[test]
    fn content_that_mentions_improving_is_not_a_rewrite_request() {
        for m in [
            "Exercise can improve grades",
            "Fixed costs rise every year",
            "Sleep mejora la memoria de los estudiantes",
            "Students write better after a break",
            "Los alumnos escriben mejor después de descansar",
            "yes",
            "we make the claim stronger with data",
            "Studies make the claim that sleep matters",
            "I think this part is good",
            "les da a los alumnos una razón para ir",
            "give students a reason to walk to school",
            "Schools give you a reason to stay after class",
            "Schools should make it compulsory",
            "do it for the planet",
            "hazlo por el planeta",
            "I can't find a source for this",
            "schools should create more clubs",
            "pienso que los exámenes agobian",
        ] {
            assert!(!is_rewrite_request(m), "{m}");
        }
    }

    #[test]
    fn a_yes_or_no_stretched_for_stress_is_read_as_written_once() {
        for message in ["yesss", "siiii", "okkk thanks", "sipo", "simón"] {
            assert!(is_confirmation(message), "{message}");
        }
        for message in ["nooo", "nahhh"] {
            assert!(is_decline(message), "{message}");
        }
        assert_eq!(squeezed("cool, perfe, 1000"), "cool, perfe, 1000");
    }
}
