//! What is weak about a step's text — empty, too short, a question, evidence in the
//! claim, a warrant without a link, a qualifier without a hedge, a rebuttal without an
//! exception — with a short explanation for the student in English or Spanish. Used for
//! the prompt's hint, the offline guide and the student's own "next step".

use super::reading::mixed_in_reason;
use super::step_checks::{fewest_words, has_exception, has_hedge, has_link, reads_like_grounds};
use super::{Language, ToulminStep};
use crate::text::normalize::{normalize, words};

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
    /// The claim has a reason mixed in ("… because …"), which belongs in the grounds.
    ClaimIncludesReason,
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
        ToulminStep::Claim if reads_like_grounds(&plain) => Some(Weakness::ClaimLooksLikeGrounds),
        ToulminStep::Claim => mixed_in_reason(step, trimmed).map(|_| Weakness::ClaimIncludesReason),
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
            Self::ClaimIncludesReason => "claim_includes_reason",
            Self::MissingLink => "missing_link",
            Self::MissingHedge => "missing_hedge",
            Self::MissingException => "missing_exception",
        }
    }

    /// Words a reply that names this weakness uses (any one, case- and
    /// accent-insensitive): how the eval recognises that the weakness was named.
    pub fn keywords(self, language: Language) -> &'static [&'static str] {
        match (self, language) {
            (Self::Empty, Language::En) => &["nothing", "empty", "write"],
            (Self::Empty, Language::Es) => &["nada", "vacio", "escribe"],
            (Self::TooShort, Language::En) => &[
                "short",
                "say more",
                "a little more",
                "more detail",
                "expand",
            ],
            (Self::TooShort, Language::Es) => {
                &["breve", "corto", "desarroll", "mas detalle", "un poco mas"]
            }
            (Self::IsQuestion, Language::En) => &["question", "statement"],
            (Self::IsQuestion, Language::Es) => &["pregunta", "afirmacion"],
            (Self::ClaimLooksLikeGrounds, Language::En) => {
                &["evidence", "grounds", "position", "data"]
            }
            (Self::ClaimLooksLikeGrounds, Language::Es) => {
                &["dato", "prueba", "postura", "evidencia"]
            }
            (Self::ClaimIncludesReason, Language::En) => &["reason", "because", "grounds"],
            (Self::ClaimIncludesReason, Language::Es) => &["razon", "porque", "datos", "motivo"],
            (Self::MissingLink, Language::En) => &[
                "link",
                "connect",
                "why the",
                "support the claim",
                "this shows",
            ],
            (Self::MissingLink, Language::Es) => &[
                "relacion",
                "conect",
                "por que los datos",
                "apoyan la tesis",
                "demuestra",
            ],
            (Self::MissingHedge, Language::En) => &[
                "how strongly",
                "usually",
                "probably",
                "in most cases",
                "always",
            ],
            (Self::MissingHedge, Language::Es) => &[
                "con que fuerza",
                "normalmente",
                "probablemente",
                "la mayoria",
                "siempre",
            ],
            (Self::MissingException, Language::En) => {
                &["exception", "unless", "not hold", "except"]
            }
            (Self::MissingException, Language::Es) => {
                &["excepcion", "a menos", "no se cumpl", "excepto", "salvo"]
            }
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
            (Self::ClaimIncludesReason, Language::En) => {
                "Your claim has a reason mixed in (the part after \"because\"); the claim states your position, and the reason goes in the grounds."
            }
            (Self::ClaimIncludesReason, Language::Es) => {
                "Tu tesis mezcla una razón (lo que va después de \"porque\"); la tesis expresa tu postura, y la razón va en los datos."
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
            Weakness::ClaimIncludesReason,
            Weakness::MissingLink,
            Weakness::MissingHedge,
            Weakness::MissingException,
        ] {
            assert_ne!(w.explain(Language::En), w.explain(Language::Es));
            assert!(!w.code().is_empty());
        }
    }
}
