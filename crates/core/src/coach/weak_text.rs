//! What is weak about a step's text — empty, too short, a question, evidence in the
//! claim, a warrant without a link, a qualifier without a hedge, a rebuttal without an
//! exception — with a short explanation for the student in English or Spanish. Used for
//! the prompt's hint, the offline guide and the student's own "next step".

use super::normalize::{normalize, words};
use super::step_checks::{fewest_words, has_exception, has_hedge, has_link, reads_like_grounds};
use super::{Language, ToulminStep};

/// What is wrong with a step's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weakness {
    /// Nothing written.
    Empty,
    /// Too few words to say anything.
    TooShort,
    /// A question, not a statement.
    IsQuestion,
    /// The claim reads like evidence (a reason or figures), not a position.
    ClaimLooksLikeGrounds,
    /// The warrant does not link the grounds to the claim.
    MissingLink,
    /// The qualifier has no word of degree ("usually", "probably"…).
    MissingHedge,
    /// The rebuttal names no exception ("unless", "except"…).
    MissingException,
}

/// The first weakness of `text` as the element `step`, or `None` when it fits.
pub fn detect_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Some(Weakness::Empty);
    }
    let plain = normalize(trimmed);
    if words(&plain).len() < fewest_words(step) {
        return Some(Weakness::TooShort);
    }
    if trimmed.ends_with('?') {
        return Some(Weakness::IsQuestion);
    }
    match step {
        ToulminStep::Claim => reads_like_grounds(&plain).then_some(Weakness::ClaimLooksLikeGrounds),
        ToulminStep::Warrant => (!has_link(&plain)).then_some(Weakness::MissingLink),
        ToulminStep::Qualifier => (!has_hedge(&plain)).then_some(Weakness::MissingHedge),
        ToulminStep::Rebuttal => (!has_exception(&plain)).then_some(Weakness::MissingException),
        _ => None,
    }
}

impl Weakness {
    /// A stable name for logs and tests.
    pub fn code(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::TooShort => "too_short",
            Self::IsQuestion => "is_question",
            Self::ClaimLooksLikeGrounds => "claim_looks_like_grounds",
            Self::MissingLink => "missing_link",
            Self::MissingHedge => "missing_hedge",
            Self::MissingException => "missing_exception",
        }
    }

    /// One sentence telling the student what to fix.
    pub fn explain(self, language: Language) -> &'static str {
        match (self, language) {
            (Self::Empty, Language::En) => "Nothing is written for this step yet.",
            (Self::Empty, Language::Es) => "Todavía no hay nada escrito en este paso.",
            (Self::TooShort, Language::En) => "It is too short to stand on its own; say a little more.",
            (Self::TooShort, Language::Es) => "Es demasiado breve; desarróllalo un poco más.",
            (Self::IsQuestion, Language::En) => "It is a question; write it as a statement.",
            (Self::IsQuestion, Language::Es) => "Es una pregunta; escríbelo como una afirmación.",
            (Self::ClaimLooksLikeGrounds, Language::En) => {
                "It reads like evidence; the claim should state your position, and the evidence goes in the grounds."
            }
            (Self::ClaimLooksLikeGrounds, Language::Es) => {
                "Parece un dato; la tesis debe expresar tu postura, y los datos van en el siguiente paso."
            }
            (Self::MissingLink, Language::En) => {
                "It does not yet explain why the grounds support the claim (because…, this shows…)."
            }
            (Self::MissingLink, Language::Es) => {
                "Aún no explica por qué los datos apoyan la tesis (porque…, esto demuestra…)."
            }
            (Self::MissingHedge, Language::En) => {
                "Say how strongly you claim it: usually, probably, in most cases…"
            }
            (Self::MissingHedge, Language::Es) => {
                "Indica con qué fuerza lo afirmas: normalmente, probablemente, en la mayoría de los casos…"
            }
            (Self::MissingException, Language::En) => {
                "Name when the claim would not hold: unless…, except when…"
            }
            (Self::MissingException, Language::Es) => {
                "Indica cuándo no se cumpliría la tesis: a menos que…, excepto cuando…"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

    #[test]
    fn evidence_in_the_claim_field_is_flagged() {
        assert_eq!(
            detect_weakness(Claim, "Because 70% of students sleep less than 7 hours."),
            Some(Weakness::ClaimLooksLikeGrounds)
        );
        assert_eq!(
            detect_weakness(
                Claim,
                "Según la OMS, 8 de cada 10 jóvenes no hacen ejercicio."
            ),
            Some(Weakness::ClaimLooksLikeGrounds)
        );
    }

    #[test]
    fn empty_short_and_question_texts_are_weak() {
        assert_eq!(detect_weakness(Grounds, "  "), Some(Weakness::Empty));
        assert_eq!(
            detect_weakness(Claim, "Phones bad"),
            Some(Weakness::TooShort)
        );
        assert_eq!(
            detect_weakness(Claim, "Should schools ban phones in class?"),
            Some(Weakness::IsQuestion)
        );
    }

    #[test]
    fn every_weakness_is_explained_in_both_languages() {
        for w in [
            Weakness::Empty,
            Weakness::TooShort,
            Weakness::IsQuestion,
            Weakness::ClaimLooksLikeGrounds,
            Weakness::MissingLink,
            Weakness::MissingHedge,
            Weakness::MissingException,
        ] {
            assert_ne!(w.explain(Language::En), w.explain(Language::Es));
            assert!(!w.code().is_empty());
        }
    }
}
