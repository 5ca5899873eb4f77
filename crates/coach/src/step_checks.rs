//! Deterministic checks of a step's text: the vocabulary each Toulmin element is
//! recognised by, and whether a text fits its element well enough to move on. What is
//! weak about a text that does not fit is told by [`super::weak_text`].

use super::ToulminStep;
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase, words};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use std::sync::LazyLock;

pub use super::weak_text::{detect_weakness, Weakness};

/// Linking words a warrant uses to connect evidence and claim.
/// From `words/{en,es}/links.txt`.
static LINKS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("links").collect());

/// Words of degree a qualifier uses.
/// From `words/{en,es}/hedges.txt`.
static HEDGES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("hedges").collect());

/// How a student hedges their own answer ("i guess", "supongo"): beside a word of
/// degree it names no case. From `words/{en,es}/self-hedges.txt`.
static SELF_HEDGES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("self-hedges").collect());

/// Markers of an exception a rebuttal uses.
/// From `words/{en,es}/exceptions.txt`.
static EXCEPTIONS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("exceptions").collect());

/// Words a claim starts with when it is really a reason or a source.
/// From `words/{en,es}/reason-openers.txt`.
static REASON_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("reason-openers").collect());

/// An opinion offered as its own evidence ("Because I think so.", "Porque sí."),
/// normalised.
/// From `words/{en,es}/bare-opinions.txt`.
static BARE_OPINIONS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("bare-opinions").collect());

/// Most words a message opening with a bare opinion may have and still be only that.
const BARE_OPINION_WORDS: usize = 6;

/// Words that rate an idea without a fact to check ("important", "necesario").
/// From `words/{en,es}/ratings.txt`.
static RATINGS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("ratings").collect());

/// Words that only make a rating stronger or tag the sentence ("super", "really", "po").
/// From `words/{en,es}/rating-fillers.txt`.
static RATING_FILLERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("rating-fillers").collect());

/// Most words of a text that only rates ("dogs are just really cute and everyone loves
/// them").
const MOST_RATING_WORDS: usize = 12;

/// Most words of a rating that are not ratings, fillers or small words: the thing rated
/// ("dogs are cute"); two ("exercise is good for students") may make a case.
const RATED_THINGS: usize = 1;

/// Words that say how many like the idea ("everyone loves them", "a todo el mundo le
/// encanta"): beside a rating they add no fact. From `words/{en,es}/popularity-words.txt`.
static POPULARITY_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("popularity-words").collect());

/// How an objection to the claim opens ("some people say…", "algunos dicen…"),
/// normalised.
/// From `words/{en,es}/objection-openers.txt`.
static OBJECTION_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-openers").collect());

/// Verbs that report what others say or think ("say", "dicen").
/// From `words/{en,es}/objection-verbs.txt`.
static OBJECTION_VERBS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-verbs").collect());

/// Words that open a group of other people ("some", "algunos").
/// From `words/{en,es}/objection-quantifiers.txt`.
static OBJECTION_QUANTIFIERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-quantifiers").collect());

/// Pronouns by which others speak of themselves ("they", "ellos").
/// From `words/{en,es}/objection-pronouns.txt`.
static OBJECTION_PRONOUNS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-pronouns").collect());

/// Sources whose word is support, not the other side ("studies", "expertos", "we").
/// From `words/{en,es}/authority-words.txt`.
static AUTHORITY_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("authority-words").collect());

/// Modal verbs that make a reported view hypothetical ("might", "podría").
/// From `words/{en,es}/objection-modals.txt`.
static OBJECTION_MODALS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-modals").collect());

/// Speech verbs whose own form makes the view one someone would raise ("los profes
/// dirán que…"). From `words/{en,es}/objection-conditionals.txt`.
static OBJECTION_CONDITIONALS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-conditionals").collect());

/// Words that put the reporters on the other side ("against", "detractores").
/// From `words/{en,es}/other-side-words.txt`.
static OTHER_SIDE_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("other-side-words").collect());

/// Words by which a claim takes a position ("should", "deberían", "better").
/// From `words/{en,es}/position-words.txt`.
static POSITION_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("position-words").collect());

/// How a reply to the other side's view opens ("but", "pero eso se arregla").
/// From `words/{en,es}/reply-openers.txt`.
static REPLY_OPENERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("reply-openers").collect());

/// People close to the student ("my dad", "mis padres"), whose reported view may be
/// either side. From `words/{en,es}/close-people.txt`.
static CLOSE_PEOPLE: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("close-people").collect());

/// Most words between someone close and the speech verb ("my parents always say").
const MAX_WORDS_TO_VERB: usize = 2;

/// Most words before the speech verb of a reported view ("a lot of teachers reckon").
const MAX_REPORTER_WORDS: usize = 5;

/// A warrant whose new words (those not in the claim) come this much or more from the
/// grounds only repeats the grounds: numerator and denominator.
const REPEATED_SHARE: (usize, usize) = (1, 2);

/// The content words of `text`, normalised (no stop words, no one- or two-letter words).
fn content_words(text: &str) -> Vec<String> {
    words(&normalize(text))
        .into_iter()
        .filter(|w| w.chars().count() > 2 && !lantern_core::text::terms::is_stop_word(w))
        .map(str::to_string)
        .collect()
}

/// Whether `warrant` only repeats `grounds`: half or more of its content words that
/// are not the `claim`'s are the grounds' ("The numbers show it because our town had 40
/// crashes…"), so it says nothing about why the grounds prove the claim.
pub fn repeats_grounds(warrant: &str, grounds: &str, claim: &str) -> bool {
    let theirs = content_words(grounds);
    let claimed = content_words(claim);
    let new: Vec<String> = content_words(warrant)
        .into_iter()
        .filter(|w| !claimed.contains(w))
        .collect();
    let (part, whole) = REPEATED_SHARE;
    let repeated = new.iter().filter(|w| theirs.contains(w)).count();
    !theirs.is_empty() && !new.is_empty() && repeated * whole >= new.len() * part
}

/// Fewest words a text for `step` needs to say anything.
pub fn fewest_words(step: ToulminStep) -> usize {
    match step {
        ToulminStep::Qualifier => 1,
        ToulminStep::Claim | ToulminStep::Warrant | ToulminStep::Rebuttal => 4,
        _ => 5,
    }
}

fn any_phrase(normalized: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has_phrase(normalized, p))
}

/// Whether the normalised text links evidence and claim ("because", "so", "por lo
/// tanto"…).
pub fn has_link(normalized: &str) -> bool {
    any_phrase(normalized, &LINKS)
}

/// Whether the normalised text opens with a link word ("so more lives…", "así que…").
pub fn opens_with_link(normalized: &str) -> bool {
    opens_with_phrase(normalized, &LINKS)
}

/// Whether the normalised `text` ends with a hedge ("primaria tal vez"): a detail ending
/// so names no case, only how sure the student is.
pub fn ends_with_hedge(normalized: &str) -> bool {
    HEDGES
        .iter()
        .any(|h| normalized == *h || normalized.ends_with(&format!(" {h}")))
}

/// Whether the normalised `text` followed by `next` ends with a hedge of several words
/// that `text` alone cuts in two ("primaria tal" + "vez").
pub fn cuts_a_hedge(normalized: &str, next: &str) -> bool {
    let joined = format!("{normalized} {next}");
    HEDGES
        .iter()
        .filter(|h| h.contains(' '))
        .any(|h| joined.ends_with(&format!(" {h}")) && !normalized.ends_with(&format!(" {h}")))
}

/// Whether the normalised text has a word of degree ("usually", "probablemente"…).
pub fn has_hedge(normalized: &str) -> bool {
    any_phrase(normalized, &HEDGES)
}

/// Whether the normalised text names an exception ("unless", "a menos que"…).
pub fn has_exception(normalized: &str) -> bool {
    any_phrase(normalized, &EXCEPTIONS)
}

/// Whether the normalised text is only an opinion offered as its own evidence
/// ("because i think so").
pub fn is_bare_opinion(normalized: &str) -> bool {
    let count = words(normalized).len();
    BARE_OPINIONS.iter().any(|p| {
        normalized == *p
            || (normalized.starts_with(&format!("{p} ")) && count <= BARE_OPINION_WORDS)
    })
}

/// Words that name where something was read or heard ("website", "artículo").
/// From `words/{en,es}/source-nouns.txt`.
static SOURCE_NOUNS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("source-nouns").collect());

/// Words that say what a source found ("says", "showed", "según"): with one, the text
/// reports a finding. From `words/{en,es}/finding-words.txt`.
static FINDING_WORDS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("finding-words").collect());

/// Whether the normalised `word` says what a source found ("says", "dijo", "según").
pub fn is_finding_word(word: &str) -> bool {
    FINDING_WORDS.contains(&word)
}

/// Most words of a text that only names a source ("an article on the bbc news website").
const MOST_SOURCE_WORDS: usize = 8;

/// Whether the normalised text only names where evidence comes from ("the british red
/// cross website", "un artículo de la BBC"): a few words, a word for a source, and no
/// figure or word saying what the source found.
pub fn names_only_a_source(normalized: &str) -> bool {
    let all = words(normalized);
    all.len() <= MOST_SOURCE_WORDS
        && all.iter().any(|w| SOURCE_NOUNS.contains(w))
        && !all.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()))
        && !FINDING_WORDS.iter().any(|f| has_phrase(normalized, f))
}

/// Whether the normalised text only rates the idea or the one thing it names ("porque
/// es súper importante po", "because its really good", "dogs are just really cute and
/// everyone loves them"): a rating, and besides it only small words, words that make it
/// stronger or say how many like it, and at most one other word — the thing rated — no
/// fact, figure or case to check.
pub fn is_bare_rating(normalized: &str) -> bool {
    let all = words(normalized);
    let rates_or_fills = |w: &&str| {
        RATINGS.contains(w)
            || RATING_FILLERS.contains(w)
            || POPULARITY_WORDS.contains(w)
            || lantern_core::text::terms::is_stop_word(w)
    };
    let figure = all.iter().any(|w| w.chars().any(|c| c.is_ascii_digit()));
    all.len() <= MOST_RATING_WORDS
        && !figure
        && all.iter().any(|w| RATINGS.contains(w))
        && all.iter().filter(|w| !rates_or_fills(w)).count() <= RATED_THINGS
}

/// Whether the normalised text opens with an objection to the claim ("some people
/// say…"), or raises a drawback for some people ([`raises_a_drawback`]): a rebuttal,
/// wherever it is offered.
pub fn opens_with_objection(normalized: &str) -> bool {
    opens_with_phrase(normalized, &OBJECTION_OPENERS)
        || reports_others_view(normalized)
        || raises_a_drawback(normalized)
}

/// Words that end a point made against what came before ("…scared of them though"),
/// from `words/{en,es}/contrast-tails.txt`.
static CONTRAST_TAILS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("contrast-tails").collect());

/// Whether the normalised text raises a drawback for a group of people against the
/// student's side: a group word first or second ("some people…", "a lot of kids…") and
/// a contrast at its end ("some people are allergic to dogs or scared of them though").
/// Without the contrast, "some students learn better with a dog" is support.
fn raises_a_drawback(normalized: &str) -> bool {
    let grouped = words(normalized)
        .iter()
        .take(2)
        .any(|w| OBJECTION_QUANTIFIERS.contains(w));
    grouped
        && CONTRAST_TAILS
            .iter()
            .any(|t| normalized.ends_with(&format!(" {t}")))
}

/// Whether the normalised text opens by reporting what other people say or think,
/// the other side's view: one to five words, none a source or the student's side,
/// then a speech verb, with a group word first or second ("some drivers say…", "a lot
/// of teachers reckon…", "algunos padres dicen…"), "they" just after ("shop owners
/// say they would lose…"), a modal just before ("teachers might say…", "alguien podría
/// decir…") or in the verb ("los profes dirán…"), or a word of the other side ("people
/// against this say…"). "Studies
/// say…" and "teachers say students are tired" are support.
fn reports_others_view(normalized: &str) -> bool {
    let all = words(normalized);
    let Some(at) = all
        .iter()
        .take(MAX_REPORTER_WORDS + 1)
        .position(|w| OBJECTION_VERBS.contains(w))
    else {
        return false;
    };
    let reporters = &all[..at];
    if reporters.is_empty() || reporters.iter().any(|w| AUTHORITY_WORDS.contains(w)) {
        return false;
    }
    let grouped = reporters
        .iter()
        .take(2)
        .any(|w| OBJECTION_QUANTIFIERS.contains(w));
    let about_themselves = all
        .iter()
        .skip(at + 1)
        .take(2)
        .any(|w| OBJECTION_PRONOUNS.contains(w));
    // "teachers might say…", "alguien podría decir…", "los profes dirán…": a view
    // someone would raise.
    let hypothetical = reporters
        .last()
        .is_some_and(|w| OBJECTION_MODALS.contains(w))
        || OBJECTION_CONDITIONALS.contains(&all[at]);
    let against = reporters.iter().any(|w| OTHER_SIDE_WORDS.contains(w));
    grouped || about_themselves || hypothetical || against
}

/// Words by which a text speaks for the student. From `words/{en,es}/own-voice.txt`.
static OWN_VOICE: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("own-voice").collect());

/// Whether the normalised text speaks in the student's own voice: a word for the student
/// among its first two ("I asked everyone in my form group", "en mi clase…").
pub fn speaks_for_the_student(normalized: &str) -> bool {
    words(normalized)
        .iter()
        .take(2)
        .any(|w| OWN_VOICE.contains(w))
}

/// The words of authority `text` names that are no word for the student ("survey",
/// "estudio", not "we"), normalised.
pub fn authorities(text: &str) -> Vec<String> {
    let plain = normalize(text);
    AUTHORITY_WORDS
        .iter()
        .filter(|w| !OWN_VOICE.contains(w) && has_phrase(&plain, w))
        .map(|w| w.to_string())
        .collect()
}

/// The sources `text` names: its words of authority that are no word for the student
/// ("survey", "estudio", not "we") and its names (a capitalised word that does not open
/// a sentence: "the NHS", "la Universidad de Granada"), normalised.
pub fn named_sources(text: &str) -> Vec<String> {
    let mut out = authorities(text);
    for sentence in sentences(text) {
        out.extend(
            sentence
                .split_whitespace()
                .skip(1)
                .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
                .map(normalize)
                .filter(|w| w.chars().count() > 1),
        );
    }
    out
}

/// Whether the normalised text opens with the view of someone close to the student
/// ("my dad thinks it's up to parents…", "mis padres dicen que…"): it may be the other
/// side or support, so the student is asked which.
pub fn reports_a_close_view(normalized: &str) -> bool {
    CLOSE_PEOPLE.iter().any(|person| {
        normalized
            .strip_prefix(person)
            .and_then(|rest| rest.strip_prefix(' '))
            .is_some_and(|rest| {
                words(rest)
                    .iter()
                    .take(MAX_WORDS_TO_VERB + 1)
                    .any(|w| OBJECTION_VERBS.contains(w))
            })
    })
}

/// How a text reporting what unnamed people say opens ("apparently…", "dicen que…").
/// From `words/{en,es}/hearsay-openers.txt`.
static HEARSAY_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("hearsay-openers").collect());

/// Whether the normalised text reports, with no figure, what unnamed people say
/// ("apparently shops are scared of getting sued", "dicen que la gente igual compra por
/// fuera"): it may be either side, so the student is asked which. "apparently 30 % of
/// food is wasted" reports a figure: evidence.
pub fn reports_hearsay(normalized: &str) -> bool {
    opens_with_phrase(normalized, &HEARSAY_OPENERS)
        && !normalized.chars().any(|c| c.is_ascii_digit())
}

/// Whether the normalised text opens as a reply to the other side's view ("but there
/// are buses…", "pero eso se arregla…").
pub fn opens_with_reply(normalized: &str) -> bool {
    opens_with_phrase(normalized, &REPLY_OPENERS)
}

/// Words that grant the other side's point before answering it ("even if", "aunque").
/// From `words/{en,es}/concessions.txt`.
static CONCESSIONS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("concessions").collect());

/// Words after a reply opener where a concession may start ("but honestly even if…").
const CONCESSION_WITHIN: usize = 3;

/// Whether the normalised text answers the other side by granting its point after a
/// reply opener ("but honestly even if teachers are busy, one lesson a year…", "pero
/// aunque cueste, …"): a reply to the other side's view at any step.
pub fn concedes_in_reply(normalized: &str) -> bool {
    after_reply_opener(normalized).is_some_and(|rest| {
        let all = words(rest);
        (0..CONCESSION_WITHIN.min(all.len())).any(|start| {
            let from = all[start..].join(" ");
            opens_with_phrase(&from, &CONCESSIONS)
        })
    })
}

/// What follows the reply opener `normalized` starts with ("but my dad says…" → "my
/// dad says…"), the longest opener taken off; `None` when it opens with none.
pub fn after_reply_opener(normalized: &str) -> Option<&str> {
    REPLY_OPENERS
        .iter()
        .filter_map(|p| normalized.strip_prefix(p)?.strip_prefix(' '))
        .min_by_key(|rest| rest.len())
}

/// Whether the normalised qualifier is only single words of degree ("probably", "very
/// probably", "mostly i guess"): it says how sure, not for whom or when ("in most cases"
/// names cases).
pub fn is_hedge_alone(normalized: &str) -> bool {
    let mut rest = format!(" {normalized} ");
    for own in SELF_HEDGES.iter() {
        rest = rest.replace(&format!(" {own} "), " ");
    }
    for hedge in HEDGES.iter().filter(|h| !h.contains(' ')) {
        rest = rest.replace(&format!(" {hedge} "), " ");
    }
    words(&rest).iter().all(|w| {
        lantern_core::text::terms::is_stop_word(w) || w.chars().all(|c| !c.is_alphanumeric())
    })
}

/// Whether a normalised claim reads like evidence: it opens with a reason or a source
/// ("because…", "according to…", "según…") or is full of figures.
pub fn reads_like_grounds(normalized: &str) -> bool {
    let figures = words(normalized)
        .iter()
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
        .count();
    let opens_with_reason = opens_with_phrase(normalized, &REASON_OPENERS);
    opens_with_reason || figures >= 2
}

/// Whether `text` fits the element `step` well enough to move on: long enough, a
/// statement rather than a question, and — for the claim, warrant, qualifier and
/// rebuttal — shaped like that element.
pub fn passes_step_heuristics(step: ToulminStep, text: &str) -> bool {
    detect_weakness(step, text).is_none()
}

/// Whether `text` is a strong attempt at `step`, one the app proposes even on the
/// step's first message (spec 000, trigger 4): it passes the step's checks and has what
/// the step's checks do not ask for — a claim takes a position ("should", "deberían"),
/// grounds give a figure, a backing names a source or a year. The other steps' checks
/// already ask for their shape (a link, a hedge, an exception).
pub fn is_strong_attempt(step: ToulminStep, text: &str) -> bool {
    if !passes_step_heuristics(step, text) {
        return false;
    }
    let plain = normalize(text);
    let has_figure = text.chars().any(|c| c.is_ascii_digit());
    match step {
        ToulminStep::Claim => POSITION_WORDS.iter().any(|w| has_phrase(&plain, w)),
        ToulminStep::Grounds => has_figure,
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking => {
            has_figure || AUTHORITY_WORDS.iter().any(|w| has_phrase(&plain, w))
        }
        ToulminStep::Warrant | ToulminStep::Qualifier | ToulminStep::Rebuttal => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

    #[test]
    fn a_strong_attempt_has_what_its_step_needs_beyond_the_checks() {
        assert!(is_strong_attempt(
            Claim,
            "Schools should not set homework on weekends."
        ));
        assert!(is_strong_attempt(
            Claim,
            "Los institutos deberían empezar más tarde."
        ));
        assert!(!is_strong_attempt(Claim, "I want to talk about homework."));
        assert!(is_strong_attempt(
            Grounds,
            "Our town centre had 40 crashes with cars last year."
        ));
        assert!(!is_strong_attempt(
            Grounds,
            "Lots of people get hurt by cars in town."
        ));
        assert!(is_strong_attempt(
            GroundsBacking,
            "The numbers are from the local police report."
        ));
        assert!(!is_strong_attempt(Claim, "Why should schools ban phones?"));
    }

    #[test]
    fn a_clear_position_is_a_claim() {
        assert!(passes_step_heuristics(
            Claim,
            "Schools should not set homework on weekends."
        ));
        assert!(passes_step_heuristics(
            Claim,
            "Las escuelas deberían prohibir los móviles en clase."
        ));
    }

    #[test]
    fn a_warrant_must_link_grounds_and_claim() {
        assert_eq!(
            detect_weakness(Warrant, "Students like weekends a lot."),
            Some(Weakness::MissingLink)
        );
        assert_eq!(
            detect_weakness(Warrant, "libraries are nice places"),
            Some(Weakness::MissingLink),
            "four words without a link lack the link, not length"
        );
        assert!(passes_step_heuristics(
            Warrant,
            "Tired students learn less, so homework that costs sleep hurts learning."
        ));
        assert!(passes_step_heuristics(
            Warrant,
            "El descanso mejora la memoria, por lo tanto rinden más."
        ));
    }

    #[test]
    fn an_opinion_is_no_evidence_in_either_language() {
        assert!(is_bare_opinion("because i think so"));
        assert!(is_bare_opinion("porque yo lo digo"));
        assert!(!is_bare_opinion(
            "because i think so many students sleep less than seven hours every night"
        ));
    }

    #[test]
    fn an_objection_opens_with_what_others_say() {
        assert!(opens_with_objection("some people say phones distract"));
        assert!(opens_with_objection(
            "algunos dicen que los deberes ensenan"
        ));
        assert!(!opens_with_objection("phones help some people say more"));
    }

    #[test]
    fn a_group_reported_as_saying_something_is_the_other_side() {
        for text in [
            "some drivers say they need their car to get to work",
            "shop owners say they would lose customers if people cant drive in",
            "algunos padres dicen que asi los chavales se acostarian mas tarde",
            "many parents think it is too late",
            "a lot of teachers reckon there is no time in the timetable",
            "hay gente que dice que si es gratis los museos se quedan sin dinero",
            "opponents would say uniforms look smart",
            "teachers might say uniforms help focus",
            "people against this say uniforms are cheaper",
            "you could argue uniforms save time in the morning",
            "mucha gente piensa que el movil es util",
            "los que estan en contra dicen que es exagerado",
            "alguien podria decir que asi se comunican",
            "los profes diran que sin examen no se sabe quien ha estudiado",
            "la direccion pensaria que sale caro",
            "teachers are gonna say it costs too much",
            "some people are allergic to dogs or scared of them though",
            "a lot of kids are scared of dogs tho",
            "algunos alumnos tienen alergia a los perros eso si",
        ] {
            assert!(opens_with_objection(text), "{text}");
        }
        for text in [
            "studies say teenagers need nine hours of sleep",
            "teachers say students are tired in the morning",
            "we think cities need fewer cars",
            "los expertos dicen que dormir mas ayuda",
            "cars make the air dirty",
            "our science teacher says gardens teach biology",
            "we could say uniforms cost too much",
            "studies might say otherwise but our survey found 3000 pounds",
            "yo diria que los examenes agobian",
            "los estudios diran lo que quieran pero el 90 por ciento se agobia",
            "some students learn better with a dog in the room",
        ] {
            assert!(!opens_with_objection(text), "{text}");
        }
    }

    #[test]
    fn the_sources_a_text_names_are_its_authorities_and_names() {
        assert_eq!(
            named_sources("The NHS says people who cook eat more vegetables."),
            ["nhs"]
        );
        assert_eq!(
            named_sources("Un estudio de la Universidad de Granada lo dice."),
            ["estudio", "universidad", "granada"]
        );
        assert!(named_sources("In our year only 5 of 28 can cook.").is_empty());
        // A word that opens a later sentence is no name.
        assert!(named_sources("Few swim now. When it is free, more do.").is_empty());
    }

    #[test]
    fn a_text_in_the_students_own_voice_speaks_for_the_student() {
        for text in [
            "i asked everyone in my form group myself last week",
            "in our school 5 of 28 can cook",
            "en mi clase 9 de cada 10 se agobian",
            "yo lo pregunte en clase",
        ] {
            assert!(speaks_for_the_student(text), "{text}");
        }
        for text in [
            "looking after a garden would take time away from maths",
            "parents are afraid their children will get hurt",
            "los trabajadores de la biblioteca no quieren perder su dia",
        ] {
            assert!(!speaks_for_the_student(text), "{text}");
        }
    }

    #[test]
    fn the_view_of_someone_close_is_a_close_view_and_a_teachers_is_not() {
        for text in [
            "my dad thinks its up to parents not the government",
            "my mum says gardens cost too much to keep going",
            "my parents always say that",
            "mis padres dicen que a los 16 no sabes lo suficiente de politica",
            "mi abuela piensa que los museos son caros",
        ] {
            assert!(reports_a_close_view(text), "{text}");
        }
        for text in [
            "our science teacher says gardens teach biology",
            "my dad works at a museum",
            "some people say it is too late",
            "mi padre trabaja en un museo y dice que van pocos jovenes",
        ] {
            assert!(!reports_a_close_view(text), "{text}");
        }
    }

    #[test]
    fn a_warrant_that_only_repeats_the_grounds_is_told_apart_from_a_link() {
        let grounds =
            "Our town centre had 40 crashes with cars last year, most of them near schools.";
        let claim = "Cities should ban cars from their centres.";
        assert!(repeats_grounds(
            "The numbers show that your claim is true because our town centre had 40 crashes with cars last year.",
            grounds,
            claim
        ));
        assert!(!repeats_grounds(
            "Fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer.",
            grounds,
            claim
        ));
        assert!(!repeats_grounds(
            "Fewer cars means fewer crashes.",
            "",
            claim
        ));
    }

    #[test]
    fn a_reply_to_the_other_side_opens_with_but() {
        assert!(opens_with_reply(
            "but there are buses and bikes they could use"
        ));
        assert!(opens_with_reply(
            "pero eso se arregla si dejan el movil fuera"
        ));
        assert!(!opens_with_reply("buses and bikes are cheaper"));
        assert!(opens_with_reply("that s true but it costs a lot"));
        assert!(opens_with_reply(
            "eso es verdad pero hay telefono en secretaria"
        ));
        // What the student would answer the one who objects.
        assert!(opens_with_reply("i d tell him a free pool costs less"));
        assert!(opens_with_reply("le diria que bastan dos horas"));
    }

    #[test]
    fn hearsay_without_a_figure_may_be_either_side() {
        assert!(reports_hearsay(
            "apparently shops are scared of getting sued"
        ));
        assert!(reports_hearsay(
            "dicen que la gente igual va a comprar por fuera"
        ));
        assert!(!reports_hearsay(
            "apparently 30 percent of food is thrown away"
        ));
        assert!(!reports_hearsay("shops throw away bread every night"));
    }

    #[test]
    fn a_hedge_alone_says_no_scope() {
        assert!(is_hedge_alone("probably"));
        assert!(is_hedge_alone("very probably"));
        assert!(!is_hedge_alone("probably in most lessons"));
        assert!(!is_hedge_alone("in most cases"));
        assert!(!is_hedge_alone("probablemente en la mayoria de las clases"));
    }

    #[test]
    fn words_that_narrow_the_claim_are_words_of_degree() {
        for scoped in [
            "al menos en las elecciones municipales",
            "sobre todo si en el instituto se explica antes",
            "especially in schools with a garden",
        ] {
            assert!(has_hedge(&normalize(scoped)), "{scoped}");
            assert!(!is_hedge_alone(&normalize(scoped)), "{scoped}");
        }
    }

    #[test]
    fn a_qualifier_needs_a_word_of_degree() {
        assert_eq!(
            detect_weakness(Qualifier, "Probably"),
            Some(Weakness::HedgeAlone)
        );
        assert!(passes_step_heuristics(
            Qualifier,
            "probably, in most lessons"
        ));
        assert!(passes_step_heuristics(
            Qualifier,
            "En la mayoría de los casos"
        ));
        assert_eq!(
            detect_weakness(Qualifier, "Yes definitely true"),
            Some(Weakness::MissingHedge)
        );
    }

    #[test]
    fn a_rebuttal_needs_an_exception() {
        assert!(passes_step_heuristics(
            Rebuttal,
            "Unless the homework is optional reading."
        ));
        assert!(passes_step_heuristics(
            Rebuttal,
            "A menos que la tarea sea voluntaria."
        ));
        for text in [
            "A no ser que la universidad pida una nota de examen.",
            "Solo si el instituto tiene cocina.",
            "Apart from schools with no kitchen.",
        ] {
            assert!(passes_step_heuristics(Rebuttal, text), "{text}");
        }
        assert_eq!(
            detect_weakness(Rebuttal, "Homework is very important for everyone."),
            Some(Weakness::MissingException)
        );
    }

    #[test]
    fn backings_need_substance() {
        assert_eq!(
            detect_weakness(GroundsBacking, "A survey"),
            Some(Weakness::TooShort)
        );
        assert!(passes_step_heuristics(
            WarrantBacking,
            "Sleep research from several universities links rest to memory."
        ));
    }

    #[test]
    fn a_rating_alone_is_no_fact() {
        for text in [
            "porque es super importante po",
            "because its really really good",
            "es muy necesario",
            // The one thing rated, and how many like it, add no fact.
            "dogs are just really cute and everyone loves them",
            "los perros son geniales y a todo el mundo le encantan",
        ] {
            assert!(is_bare_rating(&normalize(text)), "{text}");
        }
        for text in [
            "because it is important for 3 in 10 kids",
            "because its good for kids who cannot swim",
            "dogs lower stress in students",
        ] {
            assert!(!is_bare_rating(&normalize(text)), "{text}");
        }
    }

    #[test]
    fn a_hedge_the_student_puts_on_their_answer_names_no_case() {
        assert!(is_hedge_alone(&normalize("mostly i guess")));
        assert!(is_hedge_alone(&normalize("casi siempre, supongo")));
        assert!(!is_hedge_alone(&normalize("mostly in big schools i guess")));
    }

    #[test]
    fn a_reply_granting_the_other_sides_point_is_a_reply() {
        assert!(concedes_in_reply(&normalize(
            "but honestly even if teachers are busy, one lesson a year is not much"
        )));
        assert!(concedes_in_reply(&normalize(
            "pero aunque cueste dinero, se ahorra en multas"
        )));
        // "Pero igual…" (but still) grants it too.
        assert!(concedes_in_reply(&normalize(
            "pero igual los santuarios también pueden cuidar especies en peligro"
        )));
        assert!(!concedes_in_reply(&normalize("but only in most schools")));
        assert!(!concedes_in_reply(&normalize(
            "even if it rains, pools stay open"
        )));
    }

    #[test]
    fn a_source_named_alone_is_not_yet_evidence() {
        for text in ["the british red cross website", "un articulo de la bbc"] {
            assert!(names_only_a_source(&normalize(text)), "{text}");
        }
        for text in [
            "the red cross website says 1 in 10 adults know cpr",
            "según la web de la OMS casi nadie sabe hacerlo",
            "most kids in my class watch videos",
        ] {
            assert!(!names_only_a_source(&normalize(text)), "{text}");
        }
    }
}
