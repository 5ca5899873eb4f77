//! The note's sentence that gives what a when-, how-much-, how-do-I-know-, what-is- or
//! what-first-question asks for: a time ("¿y cuándo se lo digo?" is answered by "Habla
//! de un problema en cuanto se repite por segunda vez", not by how to end the talk), an
//! amount ("¿cuánta agua le pongo a los fideos?" by the sentence that says how much
//! water, not the one on rice), a sign ("how do I know if I'm drinking enough?" by
//! "…dark urine means you need more water", not by when to drink), what a thing is
//! ("what's an overdraft and is it free money?" by the sentence naming the overdraft,
//! not the one on free advice), what something is called ("is there a name for that" by
//! "Tilt means…"), whether it is all right ("is that bad" by "Gaming alone is fine…"
//! when a sentence says so), what to do instead ("q hago en vez de eso" by "…en lugar de
//! carraspear"), what helps ("whats actually good for back spots" by "A body wash…
//! helps body acne", not by what body acne is), what to do if it does not go away ("y si no se me quita?" by "Llama al
//! 112… si no mejoras en 10 minutos"), whether a claim is true ("mi tia dice q le eche
//! alcohol, es verdad?" by "No uses alcohol…"), how to do something ("como se usa??" by
//! "Para usar el autoinyector, …"), what to do first ("q borro primero?" by "…empieza por
//! los vídeos…", not by how to back up the photos) or what to do about what happened
//! ("…se coló un calcetín rojo nuevo. q hago" by "Si algo blanco sale rosa, no lo
//! seques…", not by why new clothes bleed). A question asks for the kind its
//! question words name; a sentence gives a time when it says a time or a number (a
//! moment, "antes de las cuatro", better than a span, "seis horas"), an amount when it
//! says a number, a sign when it says what something means or shows, a name when it
//! says what something is called, a verdict when it says something is normal, fine or
//! bad, what to do instead when it says what goes in its place, what to do if it lasts
//! when it says "sin mejorar" or "lasts more than", a claim's truth when it denies
//! something the message names, how to do something when its purpose names it, what a
//! thing is when it names it, what to do first when it puts a step first or says to do
//! it at once, what to do about what happened when its condition is the situation told. A
//! pick that gives the kind asked as well as any other sentence stands; one that does
//! not gives way to the offered sentence that gives it best and names the most of the
//! question ([`crate::chosen::instead_of`]).

use super::first_step::{asks_first, chooses_between, gives_first_step, puts_one_before_another};
use super::joiners::CLAUSE_JOINERS;
use super::measures::AMOUNT_QUESTIONS;
use super::question_parts::{is_marked, questions};
use super::ranking::{
    asked_terms, most_named_question_first, named_count, named_question_first, subject_terms,
    INSTEAD_PHRASES, INSTEAD_QUESTIONS,
};
use lantern_core::text::normalize::{ends_with_phrase, has_phrase, normalize, opens_with_phrase};
use lantern_core::text::terms::{term_keys, Term};
use lantern_core::word_list;
use std::sync::LazyLock;

/// Words that ask when ("cuándo", "what time"), `words/<locale>/when-questions.txt`,
/// normalised.
static WHEN_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("when-questions").collect());

/// Words that say when ("antes de", "en cuanto", "every day"),
/// `words/<locale>/time-phrases.txt`, normalised.
static TIME_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("time-phrases").collect());

/// Words that ask how long something lasts or takes ("how long", "cuánto tiempo"),
/// `words/<locale>/duration-questions.txt`, normalised.
static DURATION_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("duration-questions").collect());

/// Units of time a span is given in ("minute", "hora"), `words/<locale>/time-units.txt`,
/// normalised and singular.
static TIME_UNITS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("time-units").collect());

/// The months ("march", "junio"), `words/<locale>/months.txt`, normalised.
static MONTHS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("months").collect());

/// Words that ask how often ("how often", "cada cuánto"),
/// `words/<locale>/often-questions.txt`, normalised.
static OFTEN_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("often-questions").collect());

/// Words that name a period that recurs ("each month", "cada semana"),
/// `words/<locale>/often-phrases.txt`, normalised.
static OFTEN_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("often-phrases").collect());

/// Words that say how many times something recurs ("once", "dos veces por"),
/// `words/<locale>/often-counts.txt`, normalised.
static OFTEN_COUNTS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("often-counts").collect());

/// Words that open a span that recurs ("every", "cada"): "every 3 months",
/// `words/<locale>/often-every.txt`, normalised.
static OFTEN_EVERY: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("often-every").collect());

/// Most words between a word of [`OFTEN_EVERY`] and the end of the span it opens ("every
/// 6 to 12 months").
const EVERY_SPAN_WORDS: usize = 4;

/// Words that ask how to tell whether something is so ("how do I know if", "cómo sé si"),
/// `words/<locale>/sign-questions.txt`, normalised.
static SIGN_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("sign-questions").collect());

/// Words that ask what something is called ("is there a name for", "cómo se llama"),
/// `words/<locale>/name-questions.txt`, normalised.
static NAME_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("name-questions").collect());

/// Words that give something its name ("is called", "means", "se conoce como"),
/// `words/<locale>/name-phrases.txt`, normalised.
static NAME_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("name-phrases").collect());

/// Words that ask what helps with something ("what's good for", "¿qué es bueno para…?"),
/// `words/<locale>/help-questions.txt`, normalised.
static HELP_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("help-questions").collect());

/// Words that say something helps ("helps", "alivia", "is good for"),
/// `words/<locale>/help-phrases.txt`, normalised.
static HELP_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("help-phrases").collect());

/// Words that ask what to do when something does not go away ("what if it doesn't get
/// better", "¿y si no se me pasa?"), `words/<locale>/persist-questions.txt`, normalised.
static PERSIST_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("persist-questions").collect());

/// Words that say what to do when something lasts or does not improve ("lasts more
/// than", "sin mejorar"), `words/<locale>/persist-phrases.txt`, normalised.
static PERSIST_PHRASES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("persist-phrases").collect());

/// Words that ask whether a claim is true ("is that true", "¿es verdad?"),
/// `words/<locale>/truth-questions.txt`, normalised.
static TRUTH_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("truth-questions").collect());

/// Words with which a sentence denies or corrects a claim ("not", "never", "no", "mito"),
/// `words/<locale>/truth-phrases.txt`, normalised.
static TRUTH_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("truth-phrases").collect());

/// Words that ask how to do something ("how do I", "cómo se"),
/// `words/<locale>/how-to-questions.txt`, normalised.
static HOW_TO_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("how-to-questions").collect());

/// Words that open a sentence on what it is for ("to", "para"),
/// `words/<locale>/purpose-openers.txt`, normalised.
static PURPOSE_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("purpose-openers").collect());

/// Words that ask whether something is all right ("is that bad", "¿es normal?"),
/// `words/<locale>/verdict-questions.txt`, normalised.
static VERDICT_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("verdict-questions").collect());

/// Words that say whether something is all right ("is normal", "is fine", "es malo
/// para"), `words/<locale>/verdict-phrases.txt`, normalised.
static VERDICT_PHRASES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("verdict-phrases").collect());

/// Words that say what something shows ("means", "es señal de"),
/// `words/<locale>/sign-phrases.txt`, normalised.
static SIGN_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("sign-phrases").collect());

/// Words that ask what something is ("what's", "qué es"),
/// `words/<locale>/definition-questions.txt`, normalised.
static DEFINITION_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("definition-questions").collect());

/// Words that ask what to do about what happened ("qué hago", "what should I do"),
/// `words/<locale>/remedy-questions.txt`, normalised.
static REMEDY_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("remedy-questions").collect());

/// Words that open a condition ("si", "if", "cuando"),
/// `words/<locale>/condition-openers.txt`, normalised.
static CONDITION_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("condition-openers").collect());

/// Fewest of a message's terms a sentence's condition names for it to be the
/// message's situation ([`meets_the_situation`]): one, since "If you lose your passport
/// abroad" is the situation of "¿qué hago si pierdo el pasaporte?" (over the case files,
/// a condition naming one term was the expected answer 12 times in 14; two asked for
/// found only 4).
const SITUATION_TERMS: usize = 1;

/// Most words a definition question asks about ("money muling").
const DEFINED_WORDS: usize = 2;

/// Numbers written as words ("dos", "media", "twenty"), `words/<locale>/number-words.txt`,
/// normalised.
static NUMBER_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("number-words").collect());

/// What a question asks for.
#[derive(Debug, Clone)]
enum Kind {
    /// When: a moment, a time of day, how soon.
    Time,
    /// How much, how many: a number.
    Amount,
    /// How long something lasts or takes: a number in a unit of time.
    Duration,
    /// How often: a frequency ("once a month").
    Often,
    /// How to tell whether something is so: what shows it.
    Sign,
    /// What something is called: the sentence that names it.
    Name,
    /// Whether something is all right: the sentence that says it is normal, fine or bad,
    /// or that says not to, naming something of what the message says (its terms).
    Verdict(Vec<Term>),
    /// What to do in place of something: the sentence that says what to do instead.
    Instead,
    /// What helps with something: the sentence that says what helps ("A body wash with
    /// salicylic acid helps body acne" for "whats actually good for back spots").
    Helps,
    /// What to do when something does not go away: the sentence that says what to do
    /// when it lasts or does not improve.
    Persist,
    /// Whether a claim is true: the sentence that denies or corrects it, naming
    /// something of what the message says (its terms).
    Truth(Vec<Term>),
    /// How to do what the question names (its terms after the words that ask): the
    /// sentence whose purpose names it ("¿cómo se usa?" → "Para usar el autoinyector,
    /// …").
    HowTo(Vec<Term>),
    /// What a thing is: the thing named (its content terms).
    Definition(Vec<Term>),
    /// What to do first: the step that goes before the others, or what to do at once;
    /// `true` when the question chooses between things it names ("cuál hago
    /// primero", "which one first"), which a sentence putting one before another
    /// answers best.
    First(bool),
    /// What to do about the situation the message tells (its terms): the sentence whose
    /// condition is that situation.
    Remedy(Vec<Term>),
}

/// Whether the question `q` (normalised) opens with one of `phrases`, or does after one
/// word ("y cuándo…", "so when…"): "¿qué hago cuando no me duermo?" asks what to do.
fn opens_with(q: &str, phrases: &[&str]) -> bool {
    let after_one = q.split_once(' ').map_or("", |(_, rest)| rest);
    opens_with_phrase(q, phrases) || opens_with_phrase(after_one, phrases)
}

/// What the definition question `q` (normalised) asks about: the content terms after
/// its opening, alone or after a joining word ("whats an overdraft", "y qué es la
/// fianza"; not "por qué es…"), up to a word joining another clause, when they are one
/// or two ("what is the best way to start" asks more than what a thing is).
fn defined(q: &str) -> Option<Vec<Term>> {
    let words: Vec<&str> = q.split(' ').collect();
    // After a word joining it to the talk ("y qué es…"), not after any ("por qué es…").
    let skip = usize::from(words.first().is_some_and(|w| CLAUSE_JOINERS.contains(w)));
    let rest = words[skip..].join(" ");
    let start = DEFINITION_QUESTIONS
        .iter()
        .filter(|p| opens_with_phrase(&rest, &[**p]))
        .map(|p| skip + p.split(' ').count())
        .max()?;
    let asked: Vec<&str> = words[start..]
        .iter()
        .take_while(|w| !CLAUSE_JOINERS.contains(w))
        .copied()
        .collect();
    let terms = asked_terms(&asked.join(" "));
    (1..=DEFINED_WORDS).contains(&terms.len()).then_some(terms)
}

/// What `message` asks for: the kind of its first question naming one. A when-question
/// opens with its question word, as does a definition question ([`defined`]); a
/// how-do-I-know- or how-much-question names it anywhere, or, without a question mark,
/// opens with it ("cuanto rato lo tengo que sacar al dia") or names a phrase of two words
/// or more of it anywhere ("y si como algo sin querer cuanto tarda en salir la
/// reaccion"), as does a how-often question. Asking what if something does not go away
/// comes before asking what to do instead; asking whether a claim is true, then how to
/// do something, before asking whether it is all right. Asking what helps comes before
/// asking what a thing is ("¿qué es bueno para un tirón?" asks what helps).
/// Asking how to tell comes before asking how often, which comes before asking how much
/// ("how do I know if I drink enough water?" asks for a sign, "¿cada cuánto?" how often),
/// which comes before asking what to do first ("how heavy should I start with?" asks a
/// weight); a question asking what to do first does not ask what a thing is ("¿qué es lo
/// primero que hago?").
fn asked_kind(message: &str) -> Option<Kind> {
    let marked = is_marked(message);
    questions(message).iter().find_map(|q| {
        let names = |phrases: &[&str]| {
            if marked {
                phrases.iter().any(|w| has_phrase(q, w))
            } else {
                opens_with(q, phrases)
                    || phrases.iter().any(|w| w.contains(' ') && has_phrase(q, w))
            }
        };
        // Asked after what it is about too, without a question mark ("…q hago").
        let names_or_ends = |phrases: &[&str]| names(phrases) || ends_with_phrase(q, phrases);
        if marked && opens_with(q, &WHEN_QUESTIONS) {
            Some(Kind::Time)
        } else if names(&NAME_QUESTIONS) {
            Some(Kind::Name)
        } else if names_or_ends(&HELP_QUESTIONS) {
            Some(Kind::Helps)
        } else if let Some(terms) = defined(q).filter(|_| !asks_first(q, marked)) {
            Some(Kind::Definition(terms))
        } else if names(&SIGN_QUESTIONS) {
            Some(Kind::Sign)
        } else if names(&OFTEN_QUESTIONS) {
            Some(Kind::Often)
        } else if names(&DURATION_QUESTIONS) {
            Some(Kind::Duration)
        } else if names(&AMOUNT_QUESTIONS) {
            Some(Kind::Amount)
        } else if asks_first(q, marked) {
            Some(Kind::First(chooses_between(q)))
        } else if names_or_ends(&PERSIST_QUESTIONS) {
            Some(Kind::Persist)
        } else if names_or_ends(&INSTEAD_QUESTIONS) {
            Some(Kind::Instead)
        } else if names_or_ends(&REMEDY_QUESTIONS) {
            Some(Kind::Remedy(asked_terms(message)))
        } else if names_or_ends(&TRUTH_QUESTIONS) {
            Some(Kind::Truth(subject_terms(message)))
        } else if let Some(terms) = how_to(q) {
            Some(Kind::HowTo(terms))
        } else if names_or_ends(&VERDICT_QUESTIONS) {
            Some(Kind::Verdict(subject_terms(message)))
        } else {
            None
        }
    })
}

/// Whether `sentence` opens on a condition ([`CONDITION_OPENERS`]) that names
/// [`SITUATION_TERMS`] or more of `terms`, a message's: "Si algo blanco sale rosa, no lo
/// seques…" is what to do when "las camisetas blancas salieron rosas". The condition
/// runs to the sentence's first comma.
fn meets_the_situation(sentence: &str, terms: &[Term]) -> bool {
    let condition = sentence.split([',', ':', ';']).next().unwrap_or_default();
    opens_with_phrase(&normalize(condition), &CONDITION_OPENERS)
        && named_count(condition, terms) >= SITUATION_TERMS
}

/// What the how-to question `q` (normalised) asks how to do: the terms after its asking
/// words, wherever they are ("el doctor me dio una pluma, cómo se usa" → "usa"), when
/// something follows them.
fn how_to(q: &str) -> Option<Vec<Term>> {
    let padded = format!(" {q} ");
    let after = HOW_TO_QUESTIONS
        .iter()
        .filter_map(|p| Some(padded.find(&format!(" {p} "))? + p.len() + 1))
        .max()?;
    let terms = asked_terms(&padded[after..]);
    (!terms.is_empty()).then_some(terms)
}

/// Whether `sentence` opens on what it is for ([`PURPOSE_OPENERS`]) and that purpose,
/// up to its first comma, names one of `terms`: "Para usar el autoinyector, quita el
/// tapón…" says how to use it.
fn serves_the_purpose(sentence: &str, terms: &[Term]) -> bool {
    let purpose = normalize(sentence.split([',', ':', ';']).next().unwrap_or_default());
    // The verb asked and the purpose's verb, each first after its opening words.
    let asked = terms.first().map(|t| t.word.as_str()).unwrap_or_default();
    let same_verb = |verb: &str| shares_a_root(verb, asked) || shares_a_root(asked, verb);
    let verb = PURPOSE_OPENERS.iter().find_map(|p| {
        opens_with_phrase(&purpose, &[*p])
            .then(|| purpose.split(' ').nth(p.split(' ').count()))
            .flatten()
    });
    verb.is_some_and(|v| named_count(&purpose, terms) >= 1 || same_verb(v))
}

/// Fewest characters a word's root keeps in [`shares_a_root`].
const ROOT_CHARS: usize = 2;

/// Whether `other` opens with `word` short of its last letter, a short verb's root the
/// stemmer leaves whole ("usa" and "usar", "pone" and "ponerlo").
fn shares_a_root(word: &str, other: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars.len() > ROOT_CHARS
        && other.starts_with(&chars[..chars.len() - 1].iter().collect::<String>())
}

/// Whether the normalised text `normal` gives a span of time: a number, in digits or a
/// word, followed by a unit of time ("after 1 hour", "un descanso de 10 minutos", "a
/// 10-minute break"), or two months joined by one word ("de marzo a junio", "march to
/// june"); "two people searching" gives none.
fn says_a_span(normal: &str) -> bool {
    let words: Vec<&str> = normal
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let months = words
        .windows(3)
        .any(|three| MONTHS.contains(&three[0]) && MONTHS.contains(&three[2]));
    months
        || words.windows(2).any(|pair| {
            let number = is_a_number(pair[0]);
            let singular = pair[1].strip_suffix('s').unwrap_or(pair[1]);
            number && (TIME_UNITS.contains(&pair[1]) || TIME_UNITS.contains(&singular))
        })
}

/// Whether the normalised `word` is a number: digits or a number word.
fn is_a_number(word: &str) -> bool {
    (!word.is_empty() && word.chars().all(|c| c.is_ascii_digit())) || NUMBER_WORDS.contains(&word)
}

/// Whether the normalised text `normal` gives a span that recurs: a word of
/// [`OFTEN_EVERY`] followed by a span of time ([`says_a_span`]: "every 6 to 12 months",
/// "cada 3 meses", "every two weeks"), which says how often as a count does; "each of
/// the 3 months" gives none.
fn says_a_recurring_span(normal: &str) -> bool {
    let words: Vec<&str> = normal.split_whitespace().collect();
    (1..words.len()).any(|at| {
        let span = &words[at..words.len().min(at + EVERY_SPAN_WORDS)];
        OFTEN_EVERY.contains(&words[at - 1])
            && is_a_number(words[at])
            && says_a_span(&span.join(" "))
    })
}

/// Whether the normalised text `normal` says a number: a digit or a number word.
fn says_a_number(normal: &str) -> bool {
    normal.chars().any(|c| c.is_ascii_digit()) || NUMBER_WORDS.iter().any(|w| has_phrase(normal, w))
}

/// How well `sentence` gives what a question of `kind` asks for: for a time, a phrase
/// that says when ("antes de las cuatro", "after a week") best (2), a number alone
/// ("seis horas", a span rather than a moment) next (1); for how long, a number in a
/// unit of time ("after 1 hour") best (2), any number next (1); for an amount, a number (1);
/// for a sign, a phrase that says what something means or shows (1); for what something
/// is called, a phrase that names it ("is called", "se conoce como", 1); for whether it
/// is all right, one that says so ("is fine", "es normal", 1); for what to do instead,
/// one that says what goes in its place ("instead of", "en lugar de", 1); for what helps,
/// one that says something helps ("helps", "alivia", 1); for how often,
/// how many times ("once a month", "dos veces por semana") or a span that recurs
/// ("every 3 months") best (2), a recurring period ("each month", "cada semana") next
/// (1); for what a thing is, naming every word of it
/// (1); for what to do first among things the question names, putting one before
/// another ("el vino … va antes que la grasa") best (2); for what to do first, putting a
/// step first or saying to do it at once (1); for what to do about what happened, a
/// condition that is the situation told ([`meets_the_situation`], 1); 0 for none.
fn how_well(kind: &Kind, sentence: &str) -> u8 {
    let normal = normalize(sentence);
    let says = |phrases: &[&str]| phrases.iter().any(|w| has_phrase(&normal, w));
    match kind {
        Kind::Time if says(&TIME_PHRASES) => MOMENT,
        Kind::Duration if says_a_span(&normal) => 2,
        Kind::Time | Kind::Amount | Kind::Duration => u8::from(says_a_number(&normal)),
        Kind::Sign => u8::from(says(&SIGN_PHRASES)),
        Kind::Name => u8::from(says(&NAME_PHRASES)),
        Kind::Verdict(terms) => u8::from(
            says(&VERDICT_PHRASES) || (says(&TRUTH_PHRASES) && named_count(sentence, terms) >= 2),
        ),
        Kind::Instead => u8::from(says(&INSTEAD_PHRASES)),
        Kind::Helps => u8::from(says(&HELP_PHRASES)),
        Kind::Persist => u8::from(says(&PERSIST_PHRASES)),
        Kind::Truth(terms) => u8::from(says(&TRUTH_PHRASES) && named_count(sentence, terms) >= 1),
        Kind::Often if says(&OFTEN_COUNTS) || says_a_recurring_span(&normal) => 2,
        Kind::Often => u8::from(says(&OFTEN_PHRASES)),
        Kind::Definition(terms) => {
            let keys = term_keys(sentence);
            u8::from(terms.iter().all(|t| t.in_keys(&keys)))
        }
        Kind::First(true) if puts_one_before_another(&normal) => 2,
        Kind::First(_) => u8::from(gives_first_step(&normal)),
        Kind::Remedy(terms) => u8::from(meets_the_situation(sentence, terms)),
        Kind::HowTo(terms) => u8::from(serves_the_purpose(sentence, terms)),
    }
}

/// The sentences of `offered` that give best what the when-, how-much-, how-do-I-know-
/// or what-is-question of `message` asks ([`how_well`]); empty when it asks none of these
/// or no sentence gives it.
pub fn best_givers(offered: &[String], message: &str) -> Vec<String> {
    let Some(kind) = asked_kind(message) else {
        return Vec::new();
    };
    let best = offered
        .iter()
        .map(|s| how_well(&kind, s))
        .max()
        .unwrap_or(0);
    offered
        .iter()
        .filter(|s| best > 0 && how_well(&kind, s) == best)
        .cloned()
        .collect()
}

/// How well a sentence saying a moment ("before four", "until about 4 months") answers
/// a when-question: better than a span ([`how_well`]).
const MOMENT: u8 = 2;

/// What a when-, how-much-, how-do-I-know- or what-is-question makes of the model's
/// pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The pick gives the kind asked as well as any offered sentence: it answers what was
    /// asked, and the readers of words and meaning do not trade it for another ("¿y a
    /// qué hora es mejor?" keeps "…sea antes de las cuatro" against "…mira si mejora",
    /// which only shares a word).
    Stands,
    /// The sentence that gives the kind asked better answers instead.
    Instead(String),
}

/// What the when-, how-much-, how-do-I-know- or what-is-question of `message` makes of
/// `pick`, one of `offered` (a note's sentences, in its order): when the pick gives the
/// kind asked less well than another sentence ([`how_well`]: "hasta qué hora puedo tomar
/// café" is answered by "…después de las cinco de la tarde", not by "…seis horas o
/// más"), of the sentences that give it best, the one naming the most of the question
/// (the first on a tie). A number, a frequency, a sign or a first step about less of what
/// is asked does not answer either ("how often should I go?" about the dentist →
/// "…every 6 to 12 months", not "Brush twice a day…"): a pick that gives it as well but names less of what the
/// question asks about than another that gives it gives way to the one that names the
/// most ("how long should the warm up be" → "…five to ten minutes warming up", not
/// "…weaker for the next half hour"; "¿a cuántos grados la pongo pa gastar menos?" →
/// "Bajar de 40 a 30 grados ahorra…", not the wool sentence that only says 30 grados). So
/// does a moment ("Till when do I hold the head like that?" → "…their neck muscles are
/// weak until about 4 months", not "…before every feed"), the words that ask when
/// ("hasta qué hora") aside; a span is left to the pick, since any number gives one.
/// When the question names no more in one sentence than in the pick, the student's
/// message before it (`earlier`) does: "¿y en cuánto tiempo sana completo?" after "me
/// perforé la lengua" is answered by the sentence on the tongue, not the first span of
/// the note.
/// `None` when `message` asks none of these or no offered sentence gives what it asks.
pub fn verdict(
    pick: &str,
    offered: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<Verdict> {
    let kind = asked_kind(message)?;
    let mut givers = best_givers(offered, message);
    let best = how_well(&kind, givers.first()?);
    if how_well(&kind, pick) >= best {
        let weighs_subject = matches!(
            kind,
            Kind::Amount
                | Kind::Duration
                | Kind::Often
                | Kind::Sign
                | Kind::First(_)
                | Kind::Truth(_)
                | Kind::Verdict(_)
        ) || (matches!(kind, Kind::Time) && best == MOMENT);
        if !weighs_subject {
            return Some(Verdict::Stands);
        }
        let pick_names = named_question_first(pick, message, subject_terms);
        let best = most_named_question_first(&givers, message, subject_terms);
        return match best.filter(|(_, n)| *n > pick_names) {
            Some((at, _)) => Some(Verdict::Instead(givers.swap_remove(at))),
            // A denial is in most notes' sentences: one naming no more than another
            // leaves the choice to the other readers.
            None if matches!(kind, Kind::Truth(_) | Kind::Verdict(_)) => None,
            None => Some(
                named_in_the_talk(pick, &givers, message, earlier)
                    .map_or(Verdict::Stands, Verdict::Instead),
            ),
        };
    }
    // Of the sentences that give it, the one naming the most of the question; on a tie,
    // the one naming the most of the talk before it; else the first.
    let most = givers
        .iter()
        .map(|s| named_question_first(s, message, asked_terms))
        .max()
        .unwrap_or_default();
    let tied = naming_as_much(&givers, message, asked_terms, most);
    let in_the_talk = earlier.and_then(|e| most_named_question_first(&tied, e, subject_terms));
    let at = in_the_talk.map_or(0, |(at, _)| at);
    Some(Verdict::Instead(tied[at].clone()))
}

/// The sentence of `givers` that names as much of `message` as `pick` does and more of
/// what the student's message before (`earlier`) was about ([`subject_terms`]), the
/// most first; `None` without one.
fn named_in_the_talk(
    pick: &str,
    givers: &[String],
    message: &str,
    earlier: Option<&str>,
) -> Option<String> {
    let earlier = earlier?;
    let pick_names = named_question_first(pick, message, subject_terms);
    let tied = naming_as_much(givers, message, subject_terms, pick_names);
    let in_the_talk = named_question_first(pick, earlier, subject_terms);
    most_named_question_first(&tied, earlier, subject_terms)
        .filter(|(_, n)| *n > in_the_talk)
        .map(|(at, _)| tied[at].clone())
}

/// The sentences of `givers` naming just `named` of `message`
/// ([`named_question_first`], as `terms` reads it).
fn naming_as_much(
    givers: &[String],
    message: &str,
    terms: fn(&str) -> Vec<Term>,
    named: (usize, usize),
) -> Vec<String> {
    givers
        .iter()
        .filter(|s| named_question_first(s, message, terms) == named)
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(sentences: &[&str]) -> Vec<String> {
        sentences.iter().map(|s| s.to_string()).collect()
    }

    /// The sentence that answers instead of `pick`, if any.
    fn instead(pick: &str, offered: &[String], message: &str) -> Option<String> {
        match verdict(pick, offered, message, None) {
            Some(Verdict::Instead(sentence)) => Some(sentence),
            _ => None,
        }
    }

    #[test]
    fn an_hour_or_a_night_that_recurs_says_how_often() {
        let back = "Keep well back from the speakers, because every time you double your distance the sound drops by about 6 decibels.";
        let rest = "Take a 10-minute break somewhere quiet every hour, so that your ears can rest.";
        let doctor = "Ringing or muffled hearing after a gig is a sign of damage, and if it lasts more than 2 days you should see a doctor.";
        let offered = note(&[back, rest, doctor]);
        let asked = "¿cada cuánto debería alejarme un rato del escenario?";
        assert_eq!(instead(doctor, &offered, asked).as_deref(), Some(rest));
        assert_eq!(verdict(rest, &offered, asked, None), Some(Verdict::Stands));
    }

    #[test]
    fn a_how_to_question_is_answered_by_the_sentence_for_its_purpose() {
        let what =
            "El autoinyector es un bolígrafo con una aguja escondida que se clava en el muslo.";
        let how =
            "Para usar el autoinyector, quita el tapón de seguridad y apoya la punta en el muslo.";
        let after = "Tras usar el autoinyector, llama al 112.";
        let offered = note(&[what, how, after]);
        let asked = "el doctor me dio una como pluma esa, como se usa??";
        assert_eq!(instead(after, &offered, asked).as_deref(), Some(how));
        let english = note(&[
            "The pen hides a needle.",
            "To use the pen, pull off the cap.",
        ]);
        assert_eq!(
            instead("The pen hides a needle.", &english, "how do i use it").as_deref(),
            Some("To use the pen, pull off the cap.")
        );
        let other = "Para animar en un partido, grita en frases cortas.";
        assert!(!serves_the_purpose(other, &asked_terms("usa")));
    }

    #[test]
    fn what_if_it_does_not_go_away_is_answered_by_what_to_do_when_it_lasts() {
        let sit = "En una crisis, siéntate recto y usa tu inhalador de rescate.";
        let call = "Llama al 112 si no puedes hablar o si no mejoras en 10 minutos.";
        let offered = note(&[sit, call]);
        assert_eq!(
            instead(sit, &offered, "y si no se me quita?").as_deref(),
            Some(call)
        );
        let rest = "Rest your voice for a day.";
        let doctor = "If the hoarseness lasts more than 2 weeks, see a doctor.";
        let english = note(&[rest, doctor]);
        let asked = "and what if it doesnt go away";
        assert_eq!(instead(rest, &english, asked).as_deref(), Some(doctor));
    }

    #[test]
    fn whether_a_claim_is_true_is_answered_by_the_sentence_denying_it() {
        let dry = "Seca el piercing a toquecitos con papel de cocina.";
        let wash = "Lávalo dos veces al día con suero fisiológico.";
        let alcohol = "No uses alcohol ni agua oxigenada, porque resecan la piel.";
        let offered = note(&[wash, dry, alcohol]);
        let asked = "mi tia dice q le eche alcohol pa q sane mas rapido, es verdad?";
        assert_eq!(instead(wash, &offered, asked).as_deref(), Some(alcohol));
        // A denial naming nothing the claim says does not answer it.
        let drinks = note(&[
            "Alcohol makes your body lose water faster.",
            "Never leave your drink alone.",
        ]);
        let asked = "My guy talk say cold beer go cool body pass water, na true?";
        assert_eq!(
            verdict(
                "Alcohol makes your body lose water faster.",
                &drinks,
                asked,
                None
            ),
            None
        );
        // Two denials naming as much: the other readers choose.
        let vape = "El vapeo irrita la garganta aunque no sea humo.";
        let others = "El humo de los demás irrita la voz aunque tú no fumes.";
        let smoke = note(&[vape, others]);
        let asked = "el bajista dice q el vaper no te hace nada a la voz, es asi?";
        assert_eq!(verdict(others, &smoke, asked, None), None);
    }

    #[test]
    fn two_months_joined_give_a_span() {
        let season = "La fiebre del heno es una alergia al polen, que en España suele ser peor de marzo a junio.";
        let pills =
            "Los antihistamínicos funcionan mejor si empiezas a tomarlos antes de la temporada.";
        let offered = note(&[pills, season]);
        assert_eq!(
            instead(pills, &offered, "y cuanto dura?").as_deref(),
            Some(season)
        );
        assert!(says_a_span("from march to june"));
        assert!(!says_a_span("you may feel it in june"));
    }

    #[test]
    fn a_question_without_its_mark_asks_what_its_words_ask_anywhere_in_it() {
        let what = "Una alergia alimentaria es una reacción del sistema de defensas.";
        let when = "Los síntomas suelen empezar entre unos minutos y 2 horas después de comer.";
        let offered = note(&[what, when]);
        let asked = "y si como algo sin querer cuanto tarda en salir la reaccion";
        assert_eq!(instead(what, &offered, asked).as_deref(), Some(when));
    }

    #[test]
    fn a_span_that_recurs_says_how_often_and_what_is_asked_about_decides() {
        let brush = "Brush twice a day for 2 minutes each time.";
        let visits = "See a dentist for a check-up every 6 to 12 months, even when nothing hurts.";
        let offered = note(&[brush, visits]);
        let asked = "i havent been in 3 yrs. how often r u actually supposed to go to the dentist";
        assert_eq!(instead(brush, &offered, asked).as_deref(), Some(visits));
        let cepillo = "Cambia el cepillo cada 3 meses, o antes si las cerdas se abren.";
        let dientes = "Cepíllate los dientes dos veces al día.";
        let spanish = note(&[dientes, cepillo]);
        let asked = "oye cada cuanto hay q cambiar el cepillo?";
        assert_eq!(instead(dientes, &spanish, asked).as_deref(), Some(cepillo));
        assert!(says_a_recurring_span("every two weeks"));
        assert!(!says_a_recurring_span("each of the 3 months"));
    }

    #[test]
    fn the_message_before_names_what_a_question_naming_little_asks_about() {
        let lobe = "Un piercing en el lóbulo de la oreja tarda unas 6 a 8 semanas en curar.";
        let tongue =
            "La lengua cura en unas 4 a 6 semanas, aunque se hincha los primeros 3 a 5 días.";
        let offered = note(&[lobe, tongue]);
        let asked = "y en cuanto tiempo sana completo?";
        let earlier = Some("wey me perfore la lengua antier y la tengo toda inflada");
        assert_eq!(
            verdict(lobe, &offered, asked, earlier),
            Some(Verdict::Instead(tongue.to_string()))
        );
        // A pick giving no span gives way to the one of the talk too.
        let inside = "El interior del agujero tarda más en curar que la piel de fuera.";
        let with_inside = note(&[lobe, tongue, inside]);
        assert_eq!(
            verdict(inside, &with_inside, asked, earlier),
            Some(Verdict::Instead(tongue.to_string()))
        );
        // Without the talk, the pick stands; a question naming the place decides alone.
        assert_eq!(verdict(lobe, &offered, asked, None), Some(Verdict::Stands));
        let named = "y cuanto tarda en curar el lobulo?";
        assert_eq!(
            verdict(lobe, &offered, named, earlier),
            Some(Verdict::Stands)
        );
    }

    #[test]
    fn a_deadline_says_when() {
        let proof = "Si te han timado, haz capturas del chat antes de que el timador lo borre.";
        let claim = "Abre una reclamación en la app en las primeras 48 horas después de recibir el paquete.";
        let offered = note(&[proof, claim]);
        let asked = "hasta cuando tengo pa quejarme en la app?";
        assert_eq!(instead(proof, &offered, asked).as_deref(), Some(claim));
        let wait = "Keep the tooth moist while you wait.";
        let see = "See a dentist within 30 to 60 minutes.";
        let asked = "when do i have to get to the dentist?";
        assert_eq!(
            instead(wait, &note(&[wait, see]), asked).as_deref(),
            Some(see)
        );
    }

    #[test]
    fn a_how_long_question_is_answered_by_a_number_of_a_unit_of_time() {
        let meet = "If you lose your friends, go to the meeting point you agreed and wait there, because two people searching for each other often keep missing each other.";
        let steward =
            "If you still cannot find a friend after 1 hour, tell a steward or the welfare tent.";
        let offered = note(&[meet, steward]);
        let asked = "How long I should wait before telling someone?";
        assert_eq!(instead(meet, &offered, asked).as_deref(), Some(steward));
        assert_eq!(
            verdict(steward, &offered, asked, None),
            Some(Verdict::Stands)
        );
        assert!(says_a_span("un descanso de 10 minutos"));
        assert!(says_a_span("take a 10-minute break"));
        assert!(says_a_span("espera dos horas"));
        assert!(says_a_span("tarda 3 meses"));
        assert!(says_a_span("dura 1 mes"));
        assert!(!says_a_span("entre las 12 y las 16 h"));
        assert!(!says_a_span("two people searching"));
    }

    #[test]
    fn a_range_of_clock_hours_says_a_moment() {
        let hours =
            "Entre las 12 y las 16 h el sol quema más, así que en esas horas busca la sombra.";
        let depth = "En el agua también te quemas, porque a medio metro llega cerca del 40 % de los rayos UV.";
        let offered = note(&[depth, hours]);
        let asked = "what time is the sun the worst??";
        assert_eq!(instead(depth, &offered, asked).as_deref(), Some(hours));
    }

    #[test]
    fn a_pick_giving_the_time_asked_as_well_as_any_answers_what_was_asked() {
        let before_four = "Si duermes siesta, que sea antes de las cuatro.";
        let improves = "Deja las siestas y mira si mejora.";
        let offered = note(&[before_four, improves]);
        let asked = "y a que hora es mejor?";
        assert_eq!(
            verdict(before_four, &offered, asked, None),
            Some(Verdict::Stands)
        );
        assert_eq!(
            verdict(improves, &offered, asked, None),
            Some(Verdict::Instead(before_four.to_string()))
        );
        // A question asking neither: no verdict.
        let neither = "¿está mal dormir siesta?";
        assert_eq!(verdict(before_four, &offered, neither, None), None);
    }

    #[test]
    fn a_moment_naming_what_a_when_question_asks_about_answers_instead() {
        let offered = note(&[
            "Always support a baby's head and neck when you hold them, because their neck muscles are weak until about 4 months.",
            "Test a few drops of milk on the inside of your wrist before every feed.",
        ]);
        let asked = "Till when I have to hold the head like that?";
        assert_eq!(
            instead(&offered[1], &offered, asked).as_ref(),
            Some(&offered[0])
        );
    }

    #[test]
    fn a_moment_answers_a_when_question_better_than_a_span() {
        let offered = note(&[
            "No tomes café después de las cinco de la tarde.",
            "La cafeína sigue en tu cuerpo seis horas o más.",
        ]);
        let asked = "hasta q hora puedo tomar cafe entonces?";
        assert_eq!(
            instead(&offered[1], &offered, asked).as_ref(),
            Some(&offered[0])
        );
        // With no moment offered, the span gives what is asked.
        let spans = note(&[&offered[1], "Una bebida energética tiene dos cafés."]);
        assert_eq!(
            verdict(&spans[0], &spans, asked, None),
            Some(Verdict::Stands)
        );
    }

    fn talking() -> Vec<String> {
        note(&[
            "Habla de un problema en cuanto se repite por segunda vez, antes de que el enfado se acumule.",
            "Hazlo cara a cara y en un momento tranquilo, no por el grupo de WhatsApp.",
            "Termina con un acuerdo concreto para ver si funciona.",
        ])
    }

    #[test]
    fn a_when_question_is_answered_by_the_sentence_saying_when() {
        let offered = talking();
        let answer = instead(
            &offered[2],
            &offered,
            "y cuando se lo digo? ya van como 5 veces",
        );
        assert_eq!(answer.as_ref(), Some(&offered[0]));
    }

    #[test]
    fn a_how_much_question_is_answered_by_the_sentence_with_a_number() {
        let offered = note(&[
            "El arroz blanco se deja a fuego lento con la tapa puesta.",
            "La pasta se cuece en mucha agua hirviendo con sal, un litro por cada 100 gramos.",
            "Nap for twenty minutes at most.",
        ]);
        let answer = instead(
            &offered[0],
            &offered,
            "y cuánta agua le pongo a los fideos?",
        );
        assert_eq!(answer.as_ref(), Some(&offered[1]));
        // "How" with a measure asks for a number too.
        let weights = note(&[
            "Learn each movement with a light weight first.",
            "Choose a weight you can lift about ten times in a row.",
        ]);
        let answer = instead(&weights[0], &weights, "how heavy should I start with?");
        assert_eq!(answer.as_ref(), Some(&weights[1]));
        // Without a question mark, a message opening with the question word asks; of
        // the sentences with a number, the one naming the question's words.
        let answer = instead(&offered[0], &offered, "how long should I nap");
        assert_eq!(answer.as_ref(), Some(&offered[2]));
    }

    #[test]
    fn a_how_do_i_know_question_is_answered_by_the_sentence_saying_what_shows_it() {
        let offered = note(&[
            "Drink a glass of water an hour or two before you train.",
            "For exercise shorter than an hour, plain water is all you need.",
            "Your urine should be pale yellow: dark urine means you need more water.",
        ]);
        let answer = instead(&offered[0], &offered, "how do i know if im drinking enough");
        assert_eq!(answer.as_ref(), Some(&offered[2]));
        let spanish = note(&[
            "Riega la planta una vez por semana.",
            "Si las hojas se ponen amarillas, es señal de que le sobra agua.",
        ]);
        let answer = instead(
            &spanish[0],
            &spanish,
            "¿y cómo sé si la estoy regando de más?",
        );
        assert_eq!(answer.as_ref(), Some(&spanish[1]));
        // Asking how to tell comes before asking how much.
        let answer = instead(
            &offered[1],
            &offered,
            "how do I know if I drink enough water?",
        );
        assert_eq!(answer.as_ref(), Some(&offered[2]));
    }

    #[test]
    fn a_question_asking_what_something_is_called_is_answered_by_the_sentence_naming_it() {
        let offered = note(&[
            "Stop after 2 or 3 losses in a row and take a 10-minute break.",
            "Playing worse and worse after losing is called tilt.",
        ]);
        let message = "u lose one game and keep losing more n more, is there a name for that lol";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
        let spanish = note(&[
            "Para la próxima vez, pon un límite de gasto.",
            "Gastar para recuperar lo perdido se conoce como perseguir pérdidas.",
        ]);
        let message = "y eso de gastar más pa recuperar lo q perdí, cómo se llama?";
        assert_eq!(
            instead(&spanish[0], &spanish, message).as_ref(),
            Some(&spanish[1])
        );
    }

    #[test]
    fn whether_something_is_all_right_is_answered_by_a_sentence_saying_not_to_do_it() {
        let offered = note(&[
            "Earwax is normal and useful, because it traps dust and germs.",
            "Do not put cotton buds in your ear canal, because they push wax deeper.",
        ]);
        let message = "i clean my ears with cotton buds every day, is that bad?";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
        // Saying not to do something else is no verdict on it.
        let offered = note(&[
            "Pitch your tent away from paths.",
            "Never leave your phone in your tent.",
        ]);
        let message = "is it ok to put the tent beside the toilets?";
        assert_eq!(instead(&offered[0], &offered, message), None);
    }

    #[test]
    fn how_loud_in_numbers_asks_an_amount() {
        let offered = note(&[
            "Loud sound harms your hearing because it damages the hair cells.",
            "Sound at 85 dB is safe for up to about 8 hours.",
        ]);
        let message = "bhai how loud is too loud actually, like in numbers";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
    }

    #[test]
    fn whether_something_is_all_right_is_answered_by_the_sentence_saying_so() {
        let offered = note(&[
            "If you mostly game because you feel lonely, invite a school friend to play.",
            "Gaming alone is fine for relaxing, as long as you still see friends each week.",
        ]);
        let message = "tbh i mostly play on my own now cos my mates are into footy. is that bad";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
        let spanish = note(&[
            "Los primeros días la zona puede estar roja.",
            "Que te lata un poco al tocarla es normal.",
        ]);
        let message = "me late la oreja, es normal??";
        assert_eq!(
            instead(&spanish[0], &spanish, message).as_ref(),
            Some(&spanish[1])
        );
        // A note saying nothing of the kind leaves the pick.
        let none = note(&[
            "Only get into a licensed taxi.",
            "Text someone when you get in.",
        ]);
        assert_eq!(
            instead(&none[0], &none, "some guy offers lifts, is that ok"),
            None
        );
    }

    #[test]
    fn what_to_do_instead_is_answered_by_the_sentence_saying_what_in_its_place() {
        let offered = note(&[
            "Carraspear golpea las cuerdas vocales y las irrita.",
            "Cuando notes algo pegado, traga saliva en lugar de carraspear.",
        ]);
        let message = "ya y entonces q hago en vez de eso";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
        let english = note(&[
            "Shouting strains your voice.",
            "Clap or use a drum instead of shouting the whole game.",
        ]);
        let message = "ok so what else can i do to cheer?";
        assert_eq!(
            instead(&english[0], &english, message).as_ref(),
            Some(&english[1])
        );
    }

    #[test]
    fn whether_a_remedy_works_is_answered_by_the_sentence_correcting_the_claim() {
        let offered = note(&[
            "Toothpaste seems to dry a spot only because it irritates the skin.",
            "Toothpaste does not treat spots, and it can burn the skin.",
        ]);
        let message =
            "my mam says put toothpaste on a spot before bed, does it actually work or nah";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
    }

    #[test]
    fn what_helps_is_answered_by_the_sentence_saying_what_helps() {
        let offered = note(&[
            "Spots on the back and chest are body acne.",
            "A body wash with salicylic acid helps body acne.",
        ]);
        let message = "whats actually good for back spots tho i cant even reach half of it lol";
        assert_eq!(
            instead(&offered[0], &offered, message).as_ref(),
            Some(&offered[1])
        );
        let spanish = note(&[
            "Un tirón es un músculo que se estira de más.",
            "El calor alivia más que el frío un tirón muscular.",
        ]);
        let message = "¿y qué es bueno para un tirón?";
        assert_eq!(
            instead(&spanish[0], &spanish, message).as_ref(),
            Some(&spanish[1])
        );
    }

    #[test]
    fn a_what_is_question_is_answered_by_the_sentence_naming_the_thing() {
        let offered = note(&[
            "Buy now, pay later splits a price into payments.",
            "An overdraft lets your account go below zero.",
            "If you owe money, talk to a free debt advice service.",
        ]);
        let asked = "whats an overdraft and is it free money";
        assert_eq!(
            instead(&offered[2], &offered, asked).as_ref(),
            Some(&offered[1])
        );
        assert_eq!(
            verdict(&offered[1], &offered, asked, None),
            Some(Verdict::Stands)
        );
        let spanish = note(&[
            "Paga siempre con recibo.",
            "La fianza es el dinero que te devuelven al irte.",
        ]);
        let answer = instead(&spanish[0], &spanish, "oye, ¿y qué es la fianza?");
        assert_eq!(answer.as_ref(), Some(&spanish[1]));
        // A question asking more than what one thing is names no kind, nor does a
        // why-question ("¿por qué es…?").
        let best_way = "what is the best way to start saving money?";
        assert_eq!(verdict(&offered[0], &offered, best_way, None), None);
        let why = "¿por qué es la fianza?";
        assert_eq!(verdict(&spanish[0], &spanish, why, None), None);
    }

    #[test]
    fn a_unit_said_with_a_or_one_is_an_amount() {
        let offered = note(&[
            "Your payslip shows your gross pay and your net pay.",
            "Keep your payslips for at least a year.",
        ]);
        let answer = instead(&offered[0], &offered, "how long do i keep them for");
        assert_eq!(answer.as_ref(), Some(&offered[1]));
    }

    #[test]
    fn how_often_asks_for_a_frequency_not_any_amount() {
        let offered = note(&[
            "A simple split is half on needs and a fifth into savings.",
            "Check your budget once a month.",
        ]);
        let answer = instead(&offered[0], &offered, "how often should i look at it");
        assert_eq!(answer.as_ref(), Some(&offered[1]));
        // How many times answers better than a period that recurs.
        let offered = note(&[
            "A budget starts with what comes in each month.",
            "Check your budget once a month.",
        ]);
        let answer = instead(&offered[0], &offered, "how often should i look at it");
        assert_eq!(answer.as_ref(), Some(&offered[1]));
        let spanish = note(&[
            "Ahorra una parte fija.",
            "Revisa tu presupuesto una vez al mes.",
        ]);
        let answer = instead(&spanish[0], &spanish, "¿con qué frecuencia lo miro?");
        assert_eq!(answer.as_ref(), Some(&spanish[1]));
    }

    #[test]
    fn a_number_about_something_else_gives_way_to_one_about_what_is_asked() {
        let offered = note(&[
            "Spend five to ten minutes warming up with light movement.",
            "Holding a stretch on cold muscles can make them weaker for the next half hour.",
        ]);
        let asked = "how long should the warm up be";
        assert_eq!(
            instead(&offered[1], &offered, asked).as_ref(),
            Some(&offered[0])
        );
        assert_eq!(
            verdict(&offered[0], &offered, asked, None),
            Some(Verdict::Stands)
        );
        // A pick naming what is asked about stands.
        let stretch = "how long should I hold a stretch?";
        assert_eq!(
            verdict(&offered[1], &offered, stretch, None),
            Some(Verdict::Stands)
        );
    }

    #[test]
    fn a_pick_giving_the_kind_asked_stands() {
        let offered = talking();
        assert_eq!(
            verdict(&offered[0], &offered, "¿cuándo se lo digo?", None),
            Some(Verdict::Stands)
        );
    }

    #[test]
    fn a_when_that_is_not_asked_names_no_kind() {
        let offered = talking();
        // The question is "¿está mal?"; "cuando" tells the situation.
        let situation = "cuando llego de clase me echo una siesta de dos horas, ¿está mal?";
        // No question mark, and "cuando" opens a statement.
        let statement = "cuando estoy agobiada me como todo lo que pillo";
        for message in [situation, statement] {
            assert_eq!(
                verdict(&offered[2], &offered, message, None),
                None,
                "{message}"
            );
        }
    }

    #[test]
    fn no_sentence_giving_the_kind_leaves_the_pick() {
        let offered = note(&["Hazlo cara a cara.", "Describe lo que pasa."]);
        assert_eq!(
            verdict(&offered[1], &offered, "¿cuánto tiempo?", None),
            None
        );
    }

    #[test]
    fn a_what_first_question_is_answered_by_the_sentence_putting_a_step_first() {
        let space = note(&[
            "Sube las fotos a la nube y bórralas del móvil cuando la copia esté completa.",
            "Para liberar espacio, empieza por los vídeos que te llegan por WhatsApp.",
        ]);
        let asked = "weon no me queda espacio en el celu, q borro primero?";
        assert_eq!(instead(&space[0], &space, asked).as_ref(), Some(&space[1]));
        // Doing it at once is what to do first too, and an order word ending a clause.
        let wet = note(&[
            "Water resistance fades with the years.",
            "If your phone gets wet, switch it off straight away.",
        ]);
        let pool = "my phone fell in the pool what do i do first";
        assert_eq!(instead(&wet[0], &wet, pool).as_ref(), Some(&wet[1]));
        let login = note(&[
            "Two-step login asks for a code after your password.",
            "Turn it on first for your email.",
        ]);
        let asked = "ok im setting up two-step login, which account do i start with";
        assert_eq!(instead(&login[0], &login, asked).as_ref(), Some(&login[1]));
        let debts = note(&[
            "Lend only what you could lose.",
            "Pay back the smallest debt first, then stop borrowing.",
        ]);
        let asked = "i owe 3 friends money, who do i pay back first?";
        assert_eq!(instead(&debts[0], &debts, asked).as_ref(), Some(&debts[1]));
    }

    #[test]
    fn a_which_first_question_is_answered_by_the_sentence_putting_one_before_another() {
        let stains = note(&[
            "Trata la mancha cuanto antes, sin frotar.",
            "El café se aclara con agua fría y va antes que el aceite, porque se fija al secarse.",
        ]);
        let asked = "y encima le cayo aceite a la falda, cual hago primero";
        assert_eq!(
            instead(&stains[0], &stains, asked).as_ref(),
            Some(&stains[1])
        );
        // What to do first, choosing nothing: doing it at once answers as well.
        let alone = "se me mancho la falda, que hago primero?";
        assert_eq!(
            verdict(&stains[0], &stains, alone, None),
            Some(Verdict::Stands)
        );
    }

    #[test]
    fn what_to_do_about_what_happened_is_the_sentence_whose_condition_it_is() {
        let burnt = note(&[
            "Las ollas nuevas de hierro se oxidan si no las secas, así que sécalas al fuego.",
            "Si una olla se quema por dentro, no la frotes: hierve agua con bicarbonato y déjala una hora.",
        ]);
        let asked = "se me quemo el arroz y la olla esta negra por dentro. q hago";
        assert_eq!(instead(&burnt[0], &burnt, asked).as_ref(), Some(&burnt[1]));
        assert_eq!(
            verdict(&burnt[1], &burnt, asked, None),
            Some(Verdict::Stands)
        );
        // A condition naming one word of it is the situation told: "If you lose your
        // passport abroad…" for "¿qué hago si pierdo el pasaporte?".
        let asked = "la olla esta negra, q hago";
        assert_eq!(instead(&burnt[0], &burnt, asked).as_ref(), Some(&burnt[1]));
        // "what to do" asks it too.
        let eyes = note(&[
            "Follow the 20-20-20 rule while you play.",
            "If headaches keep coming back, book an eye test.",
        ]);
        let asked = "headache is coming almost daily now after playing, what to do";
        assert_eq!(instead(&eyes[0], &eyes, asked).as_ref(), Some(&eyes[1]));
        // One naming nothing of it is not.
        let asked = "la sarten nueva esta fea, q hago";
        assert_eq!(verdict(&burnt[0], &burnt, asked, None), None);
    }

    #[test]
    fn of_the_sentences_giving_the_kind_the_one_naming_the_question_answers() {
        let cutting = note(&[
            "Pon el esqueje en un vaso de agua y cambia el agua cada 3 días.",
            "Las raíces salen en 2 a 4 semanas.",
        ]);
        let asked = "ya lo meti en un vaso con agua, cuanto se demora en echar raiz?";
        let pick = "Corta el tallo bajo un nudo.".to_string();
        let offered = [pick.clone(), cutting[0].clone(), cutting[1].clone()];
        assert_eq!(instead(&pick, &offered, asked).as_ref(), Some(&cutting[1]));
    }

    #[test]
    fn an_amount_naming_more_of_what_is_asked_answers_instead_of_one_naming_less() {
        let heat = note(&[
            "La lana va en frío o a 30 grados, porque con calor encoge.",
            "Bajar de 40 a 30 grados gasta casi la mitad de luz.",
        ]);
        let asked = "a cuantos grados la pongo entonces pa gastar menos";
        assert_eq!(instead(&heat[0], &heat, asked).as_ref(), Some(&heat[1]));
        assert_eq!(verdict(&heat[1], &heat, asked, None), Some(Verdict::Stands));
    }

    #[test]
    fn a_pick_naming_the_question_stands_against_one_naming_the_situation() {
        let cutting = note(&[
            "Pon el esqueje en un vaso de agua y cambia el agua cada 3 días.",
            "Las raíces salen en 2 a 4 semanas.",
        ]);
        let asked = "ya lo meti en un vaso con agua, cuanto se demora en echar raiz?";
        assert_eq!(
            verdict(&cutting[1], &cutting, asked, None),
            Some(Verdict::Stands)
        );
    }

    #[test]
    fn a_household_measure_said_with_one_is_an_amount() {
        let load = note(&[
            "Wait for a full load, because two half loads use more water.",
            "Pon la dosis del envase, un tapón por carga: más detergente no lava mejor.",
        ]);
        let asked = "how much detergent should i put in?";
        assert_eq!(instead(&load[0], &load, asked).as_ref(), Some(&load[1]));
    }

    #[test]
    fn first_naming_a_thing_in_a_series_asks_and_gives_no_first_step() {
        let lesson = note(&[
            "Before your first lesson, check your licence has arrived.",
            "At first the pedals feel odd, so go slowly.",
            "Suspender una asignatura en primero es frecuente.",
        ]);
        // "first" before a noun asks nothing of the kind.
        let asked = "is it normal to be nervous on my first lesson?";
        assert_eq!(verdict(&lesson[0], &lesson, asked, None), None);
        // Before a noun, after "at" or after "en", no sentence puts a step first.
        let first = "what do i do first?";
        assert_eq!(verdict(&lesson[0], &lesson, first, None), None);
    }

    #[test]
    fn a_first_step_about_something_else_gives_way_to_the_one_about_what_is_asked() {
        let allergies = note(&[
            "Lava las tablas y prepara primero el plato sin el alérgeno.",
            "Si a alguien se le hinchan los labios, llama al 112 enseguida.",
        ]);
        let asked = "a mi prima se le están hinchando los labios, q hago primero??";
        assert_eq!(
            instead(&allergies[0], &allergies, asked).as_ref(),
            Some(&allergies[1])
        );
        assert_eq!(
            verdict(&allergies[1], &allergies, asked, None),
            Some(Verdict::Stands)
        );
    }
}
