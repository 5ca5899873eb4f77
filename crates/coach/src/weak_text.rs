//! What is weak about a step's text — empty, too short, a question, evidence in the
//! claim, an opinion offered as evidence, an objection offered before the rebuttal, a
//! warrant without a link, a qualifier without a hedge or with a hedge word alone, a
//! rebuttal without an exception — with two short explanations for the student in
//! English or Spanish (the second for when the first was already said). Used for the
//! prompt's hint, the offline guide and the student's own "next step".

use super::reading::mixed_in_reason;
use super::step_checks::{
    fewest_words, has_exception, has_hedge, has_link, is_bare_opinion, is_hedge_alone,
    opens_with_objection, reads_like_grounds,
};
use super::{Language, ToulminStep};
use lantern_core::text::normalize::{normalize, words};

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
    /// An opinion offered as evidence ("Because I think so.").
    OpinionAsEvidence,
    /// An objection to the claim ("some people say…") offered before the rebuttal.
    RebuttalAtOtherStep,
    /// The qualifier is a word of degree alone ("probably"): how sure, not for whom or
    /// when.
    HedgeAlone,
}

/// Every weakness, for tests and lists.
pub const ALL_WEAKNESSES: [Weakness; 11] = [
    Weakness::Empty,
    Weakness::TooShort,
    Weakness::IsQuestion,
    Weakness::ClaimLooksLikeGrounds,
    Weakness::ClaimIncludesReason,
    Weakness::MissingLink,
    Weakness::MissingHedge,
    Weakness::MissingException,
    Weakness::OpinionAsEvidence,
    Weakness::RebuttalAtOtherStep,
    Weakness::HedgeAlone,
];

/// Whether `step` asks for support of the claim, where an opinion is no evidence.
fn needs_support(step: ToulminStep) -> bool {
    matches!(
        step,
        ToulminStep::Grounds
            | ToulminStep::Warrant
            | ToulminStep::GroundsBacking
            | ToulminStep::WarrantBacking
    )
}

/// The first weakness of `text` as the element `step`, or `None` when it fits.
pub fn detect_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Some(Weakness::Empty);
    }
    let plain = normalize(trimmed);
    if step != ToulminStep::Rebuttal && opens_with_objection(&plain) {
        return Some(Weakness::RebuttalAtOtherStep);
    }
    if needs_support(step) && is_bare_opinion(&plain) {
        return Some(Weakness::OpinionAsEvidence);
    }
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
        ToulminStep::Qualifier if !has_hedge(&plain) => Some(Weakness::MissingHedge),
        ToulminStep::Qualifier => is_hedge_alone(&plain).then_some(Weakness::HedgeAlone),
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
            Self::OpinionAsEvidence => "opinion_as_evidence",
            Self::RebuttalAtOtherStep => "rebuttal_at_other_step",
            Self::HedgeAlone => "hedge_alone",
        }
    }

    /// Words a reply that names this weakness uses (any one, case- and
    /// accent-insensitive): how the eval recognises that the weakness was named.
    pub fn keywords(self, language: Language) -> &'static [&'static str] {
        match (self, language) {
            (Self::Empty, Language::En) => &["nothing", "empty", "write", "blank"],
            (Self::Empty, Language::Es) => &["nada", "vacio", "escribe", "en blanco"],
            (Self::TooShort, Language::En) => &[
                "short",
                "say more",
                "a little more",
                "more detail",
                "expand",
                "few more words",
            ],
            (Self::TooShort, Language::Es) => &[
                "breve",
                "corto",
                "desarroll",
                "mas detalle",
                "un poco mas",
                "unas palabras mas",
            ],
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
            (Self::OpinionAsEvidence, Language::En) => &["opinion"],
            (Self::OpinionAsEvidence, Language::Es) => &["opinion"],
            (Self::RebuttalAtOtherStep, Language::En) => &["rebuttal", "objection"],
            (Self::RebuttalAtOtherStep, Language::Es) => &["refutacion", "objecion"],
            (Self::HedgeAlone, Language::En) => &["for whom", "where it holds", "alone"],
            (Self::HedgeAlone, Language::Es) => &["para quien", "donde se cumple", "sola"],
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
            (Self::OpinionAsEvidence, Language::En) => {
                "That is your opinion offered as evidence; give a fact, a figure or an example someone else could check."
            }
            (Self::OpinionAsEvidence, Language::Es) => {
                "Eso es tu opinión presentada como prueba; da un hecho, una cifra o un ejemplo que otra persona pueda comprobar."
            }
            (Self::RebuttalAtOtherStep, Language::En) => {
                "That is an objection someone against your claim would raise; keep it for the rebuttal, the last step."
            }
            (Self::RebuttalAtOtherStep, Language::Es) => {
                "Eso es una objeción de alguien en contra de tu tesis; guárdala para la refutación, el último paso."
            }
            (Self::HedgeAlone, Language::En) => {
                "A hedge word alone says how sure you are, not for whom or when the claim holds (probably, in most lessons)."
            }
            (Self::HedgeAlone, Language::Es) => {
                "Una palabra de matiz sola dice cuánto estás seguro, no para quién o cuándo se cumple la tesis (probablemente, en la mayoría de las clases)."
            }
        }
    }

    /// The same point in other words, for when [`Weakness::explain`] was already said.
    pub fn explain_again(self, language: Language) -> &'static str {
        match (self, language) {
            (Self::Empty, Language::En) => "This step is still blank.",
            (Self::Empty, Language::Es) => "Este paso de tu argumento sigue en blanco.",
            (Self::TooShort, Language::En) => "A few more words would make clear what you mean.",
            (Self::TooShort, Language::Es) => "Con unas palabras más quedaría claro qué quieres decir.",
            (Self::IsQuestion, Language::En) => "Turn the question into a statement you can defend.",
            (Self::IsQuestion, Language::Es) => "Convierte la pregunta en una afirmación que puedas defender.",
            (Self::ClaimLooksLikeGrounds, Language::En) => {
                "Those facts are good evidence; keep them for the grounds and state the position they lead to."
            }
            (Self::ClaimLooksLikeGrounds, Language::Es) => {
                "Esos datos sirven como prueba; guárdalos para el siguiente paso y di qué postura defiendes."
            }
            (Self::ClaimIncludesReason, Language::En) => {
                "Keep the reason for the grounds step; the claim is only your position."
            }
            (Self::ClaimIncludesReason, Language::Es) => {
                "Guarda la razón para el paso de los datos; la tesis es solo tu postura."
            }
            (Self::MissingLink, Language::En) => {
                "Say how the grounds connect to the claim, for example with \"this shows that…\"."
            }
            (Self::MissingLink, Language::Es) => {
                "Di cómo se conectan los datos con la tesis, por ejemplo con «esto demuestra que…»."
            }
            (Self::MissingHedge, Language::En) => {
                "Add a word that shows how sure you are, such as usually or probably."
            }
            (Self::MissingHedge, Language::Es) => {
                "Añade una palabra que muestre tu seguridad, como normalmente o probablemente."
            }
            (Self::MissingException, Language::En) => {
                "Think of a case where your claim would not hold, and start it with unless."
            }
            (Self::MissingException, Language::Es) => {
                "Piensa en un caso en que tu tesis no se cumpliría y empiézalo con «a menos que»."
            }
            (Self::OpinionAsEvidence, Language::En) => {
                "An opinion cannot prove itself; name something you saw, counted or read."
            }
            (Self::OpinionAsEvidence, Language::Es) => {
                "Una opinión no se demuestra a sí misma; di algo que viste, contaste o leíste."
            }
            (Self::RebuttalAtOtherStep, Language::En) => {
                "Objections come last, in the rebuttal; for now, build your own side."
            }
            (Self::RebuttalAtOtherStep, Language::Es) => {
                "Las objeciones van al final, en la refutación; ahora construye tu propia postura."
            }
            (Self::HedgeAlone, Language::En) => {
                "Say for whom or when it holds, not only how sure you are."
            }
            (Self::HedgeAlone, Language::Es) => {
                "Di para quién o cuándo se cumple, no solo cuánto estás seguro."
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
    fn every_weakness_is_explained_twice_in_both_languages_with_its_keywords() {
        use lantern_core::text::normalize::normalize;
        for w in ALL_WEAKNESSES {
            for language in [Language::En, Language::Es] {
                for text in [w.explain(language), w.explain_again(language)] {
                    let plain = normalize(text);
                    assert!(
                        w.keywords(language)
                            .iter()
                            .any(|k| plain.contains(&normalize(k))),
                        "{text}"
                    );
                }
                assert_ne!(w.explain(language), w.explain_again(language));
            }
            assert_ne!(w.explain(Language::En), w.explain(Language::Es));
            assert!(!w.code().is_empty());
        }
    }

    #[test]
    fn an_opinion_as_grounds_is_named_as_one_not_as_too_short() {
        assert_eq!(
            detect_weakness(Grounds, "Because I think so."),
            Some(Weakness::OpinionAsEvidence)
        );
        assert_eq!(
            detect_weakness(Grounds, "Porque yo lo digo."),
            Some(Weakness::OpinionAsEvidence)
        );
    }

    #[test]
    fn an_objection_before_the_rebuttal_is_named_as_one() {
        assert_eq!(
            detect_weakness(Grounds, "some people say phones distract"),
            Some(Weakness::RebuttalAtOtherStep)
        );
        assert_eq!(
            detect_weakness(Grounds, "algunos dicen que los deberes enseñan disciplina"),
            Some(Weakness::RebuttalAtOtherStep)
        );
        assert_eq!(
            detect_weakness(
                Rebuttal,
                "Some people say phones distract, unless they are off."
            ),
            None
        );
    }

    #[test]
    fn a_scoped_qualifier_fits_and_a_hedge_alone_does_not() {
        assert_eq!(
            detect_weakness(Qualifier, "probably, in most lessons"),
            None
        );
        assert_eq!(
            detect_weakness(Qualifier, "probablemente, en la mayoría de las clases"),
            None
        );
        assert_eq!(
            detect_weakness(Qualifier, "probably"),
            Some(Weakness::HedgeAlone)
        );
    }
}
