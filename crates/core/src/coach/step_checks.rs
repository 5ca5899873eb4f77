//! Deterministic checks of a step's text: whether it fits the Toulmin element well
//! enough to move on, and if not, what is weak about it (used for the prompt hint, the
//! offline guide and the student's own "next step").

use super::normalize::{has_phrase, normalize, words};
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

/// Linking words a warrant uses to connect evidence and claim.
const LINKS: &[&str] = &[
    "because",
    "since",
    "so",
    "therefore",
    "thus",
    "hence",
    "means",
    "shows",
    "show",
    "if",
    "when",
    "leads",
    "lead",
    "causes",
    "cause",
    "which",
    "that is why",
    "as a result",
    "this is why",
    "implies",
    "suggests",
    "porque",
    "ya que",
    "puesto que",
    "por lo tanto",
    "significa",
    "demuestra",
    "muestra",
    "si",
    "cuando",
    "entonces",
    "por eso",
    "lo que",
    "implica",
    "asi que",
    "provoca",
    "causa",
    "hace que",
    "de modo que",
];

/// Words of degree a qualifier uses.
const HEDGES: &[&str] = &[
    "usually",
    "probably",
    "likely",
    "most",
    "many",
    "often",
    "generally",
    "typically",
    "possibly",
    "perhaps",
    "maybe",
    "some",
    "mostly",
    "almost",
    "tend",
    "tends",
    "may",
    "might",
    "could",
    "in general",
    "in most cases",
    "certainly",
    "always",
    "rarely",
    "normalmente",
    "generalmente",
    "probablemente",
    "posiblemente",
    "quizas",
    "tal vez",
    "la mayoria",
    "casi",
    "a menudo",
    "suele",
    "suelen",
    "en general",
    "muchos",
    "muchas",
    "puede",
    "pueden",
    "podria",
    "seguramente",
    "siempre",
    "rara vez",
    "algunos",
];

/// Markers of an exception a rebuttal uses.
const EXCEPTIONS: &[&str] = &[
    "unless",
    "except",
    "however",
    "but",
    "although",
    "though",
    "if not",
    "when not",
    "in cases where",
    "only if",
    "would not",
    "wouldn t",
    "does not",
    "doesn t",
    "not if",
    "a menos que",
    "excepto",
    "salvo",
    "sin embargo",
    "pero",
    "aunque",
    "si no",
    "cuando no",
    "no se cumple",
    "no funciona",
    "en casos",
];

/// Words a claim starts with when it is really a reason or a source.
const REASON_OPENERS: &[&str] = &[
    "because",
    "since",
    "according to",
    "studies show",
    "research shows",
    "porque",
    "ya que",
    "segun",
    "los estudios",
];

fn fewest_words(step: ToulminStep) -> usize {
    match step {
        ToulminStep::Qualifier => 1,
        ToulminStep::Claim | ToulminStep::Rebuttal => 4,
        _ => 5,
    }
}

fn any_phrase(text: &str, phrases: &[&str]) -> bool {
    phrases.iter().any(|p| has_phrase(text, p))
}

/// The first weakness of `text` as the element `step`, or `None` when it fits.
pub fn detect_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Some(Weakness::Empty);
    }
    let plain = normalize(trimmed);
    let all = words(&plain);
    if all.len() < fewest_words(step) {
        return Some(Weakness::TooShort);
    }
    if trimmed.ends_with('?') {
        return Some(Weakness::IsQuestion);
    }
    match step {
        ToulminStep::Claim => {
            let figures = all
                .iter()
                .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
                .count();
            let opens_with_reason = REASON_OPENERS
                .iter()
                .any(|p| plain == *p || plain.starts_with(&format!("{p} ")));
            (opens_with_reason || figures >= 2).then_some(Weakness::ClaimLooksLikeGrounds)
        }
        ToulminStep::Warrant => (!any_phrase(&plain, LINKS)).then_some(Weakness::MissingLink),
        ToulminStep::Qualifier => (!any_phrase(&plain, HEDGES)).then_some(Weakness::MissingHedge),
        ToulminStep::Rebuttal => {
            (!any_phrase(&plain, EXCEPTIONS)).then_some(Weakness::MissingException)
        }
        _ => None,
    }
}

/// Whether `text` fits the element `step` well enough to move on.
pub fn passes_step_heuristics(step: ToulminStep, text: &str) -> bool {
    detect_weakness(step, text).is_none()
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
    fn a_warrant_must_link_grounds_and_claim() {
        assert_eq!(
            detect_weakness(Warrant, "Students like weekends a lot."),
            Some(Weakness::MissingLink)
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
    fn a_qualifier_needs_a_word_of_degree() {
        assert!(passes_step_heuristics(Qualifier, "Probably"));
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
