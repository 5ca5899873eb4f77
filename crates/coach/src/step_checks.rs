//! Deterministic checks of a step's text: the vocabulary each Toulmin element is
//! recognised by, and whether a text fits its element well enough to move on. What is
//! weak about a text that does not fit is told by [`super::weak_text`].

use super::ToulminStep;
use lantern_core::text::normalize::{has_phrase, opens_with_phrase, words};
use lantern_core::word_list;
use std::sync::LazyLock;

pub use super::weak_text::{detect_weakness, Weakness};

/// Linking words a warrant uses to connect evidence and claim.
/// From `words/{en,es}/links.txt`.
static LINKS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("links").collect());

/// Words of degree a qualifier uses.
/// From `words/{en,es}/hedges.txt`.
static HEDGES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("hedges").collect());

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

/// How an objection to the claim opens ("some people say…", "algunos dicen…"),
/// normalised.
/// From `words/{en,es}/objection-openers.txt`.
static OBJECTION_OPENERS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("objection-openers").collect());

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

/// Whether the normalised text opens with an objection to the claim ("some people
/// say…"): a rebuttal, wherever it is offered.
pub fn opens_with_objection(normalized: &str) -> bool {
    opens_with_phrase(normalized, &OBJECTION_OPENERS)
}

/// Whether the normalised qualifier is only single words of degree ("probably", "very
/// probably"): it says how sure, not for whom or when ("in most cases" names cases).
pub fn is_hedge_alone(normalized: &str) -> bool {
    let mut rest = format!(" {normalized} ");
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

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

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
    fn a_hedge_alone_says_no_scope() {
        assert!(is_hedge_alone("probably"));
        assert!(is_hedge_alone("very probably"));
        assert!(!is_hedge_alone("probably in most lessons"));
        assert!(!is_hedge_alone("in most cases"));
        assert!(!is_hedge_alone("probablemente en la mayoria de las clases"));
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
}
