//! What is weak about a step's text — empty, too short, a question, evidence in the
//! claim, an opinion offered as evidence, an objection offered before the rebuttal, a
//! warrant without a link, a qualifier without a hedge or with a hedge word alone, a
//! rebuttal without an exception — with two short explanations for the student (the
//! second for when the first was already said), from the coach's message files. Used
//! for the prompt's hint, the offline guide and the student's own "next step".

use super::lead_in::mixed_in_reason;
use super::messages::MESSAGES;
use super::step_checks::{
    after_reply_opener, concedes_in_reply, fewest_words, has_exception, has_hedge, has_link,
    is_bare_opinion, is_bare_rating, is_hedge_alone, names_only_a_source, opens_with_objection,
    opens_with_reply, reads_like_grounds, reports_a_close_view, reports_hearsay,
};
use super::{Language, ToulminStep};
use lantern_core::say;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::unmarked::unmarked_question;
use lantern_core::words::lines;
use std::sync::LazyLock;

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
    /// A reply to the other side's view ("but there are buses…") offered at a step that
    /// builds the student's own side: it belongs with the rebuttal.
    ReplyAtOtherStep,
    /// The qualifier is a word of degree alone ("probably"): how sure, not for whom or
    /// when.
    HedgeAlone,
    /// Only where evidence comes from ("the british red cross website"), offered as the
    /// grounds: what it found is the evidence, its name the backing.
    SourceWithoutFinding,
    /// Perhaps the other side's view, offered before the rebuttal: the model reads it so,
    /// but also reads a text that supports its claim in words of lack as an objection,
    /// so the student is asked which it is.
    PerhapsRebuttal,
}

/// Every weakness, for tests and lists.
pub const ALL_WEAKNESSES: [Weakness; 14] = [
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
    Weakness::ReplyAtOtherStep,
    Weakness::HedgeAlone,
    Weakness::SourceWithoutFinding,
    Weakness::PerhapsRebuttal,
];

/// Fewest words of a text for a step of support that holds a figure ("30% gets
/// binned", "3 tiendas en mi barrio").
const FEWEST_WORDS_WITH_FIGURE: usize = 3;

/// Whether `step` asks for support of the claim, where an opinion is no evidence.
pub(crate) fn needs_support(step: ToulminStep) -> bool {
    matches!(
        step,
        ToulminStep::Grounds
            | ToulminStep::Warrant
            | ToulminStep::GroundsBacking
            | ToulminStep::WarrantBacking
    )
}

/// The first weakness of `text` as the element `step`, or `None` when it fits: another
/// step's job read from its opening ([`other_job_weakness`]), else what is weak about it
/// as the step's own text ([`own_weakness`]).
pub fn detect_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    other_job_weakness(step, text).or_else(|| own_weakness(step, text))
}

/// The other side's view ("some people say…") offered before the rebuttal, or a reply to
/// it ("but…") offered at a step that builds the student's own side, read from how the
/// text opens; the view of someone close ("my dad thinks…") is perhaps the other side's.
pub fn other_job_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    let plain = normalize(text.trim());
    // Before the claim there is nothing to object to, and at the rebuttal it is the job.
    let objection_is_other_job = !matches!(step, ToulminStep::Claim | ToulminStep::Rebuttal);
    if objection_is_other_job && opens_with_objection(&plain) {
        return Some(Weakness::RebuttalAtOtherStep);
    }
    if objection_is_other_job && (reports_a_close_view(&plain) || reports_hearsay(&plain)) {
        return Some(Weakness::PerhapsRebuttal);
    }
    // "but my dad says…" sets someone's view against the student's: the other side's.
    let contrasted = after_reply_opener(&plain)
        .is_some_and(|rest| opens_with_objection(rest) || reports_a_close_view(rest));
    if objection_is_other_job && contrasted {
        return Some(Weakness::RebuttalAtOtherStep);
    }
    let replies = (needs_support(step) && opens_with_reply(&plain))
        || (objection_is_other_job && concedes_in_reply(&plain));
    replies.then_some(Weakness::ReplyAtOtherStep)
}

/// What is weak about `text` as the step's own text: empty, an opinion offered as
/// evidence, too short, a question, or not shaped like the element.
pub fn own_weakness(step: ToulminStep, text: &str) -> Option<Weakness> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Some(Weakness::Empty);
    }
    let plain = normalize(trimmed);
    if needs_support(step) && (is_bare_opinion(&plain) || is_bare_rating(&plain)) {
        return Some(Weakness::OpinionAsEvidence);
    }
    // A short note with a figure is a checkable fact ("30% gets binned").
    let figure = needs_support(step) && plain.chars().any(|c| c.is_ascii_digit());
    let fewest = if figure {
        fewest_words(step).min(FEWEST_WORDS_WITH_FIGURE)
    } else {
        fewest_words(step)
    };
    if words(&plain).len() < fewest {
        return Some(Weakness::TooShort);
    }
    // A question, marked or not ("should schools have a dog").
    let unmarked = unmarked_question(trimmed).is_some_and(|q| q.len() == trimmed.len());
    if trimmed.ends_with('?') || unmarked {
        return Some(Weakness::IsQuestion);
    }
    match step {
        ToulminStep::Grounds if names_only_a_source(&plain) => Some(Weakness::SourceWithoutFinding),
        ToulminStep::Claim if reads_like_grounds(&plain) => Some(Weakness::ClaimLooksLikeGrounds),
        ToulminStep::Claim => mixed_in_reason(step, trimmed).map(|_| Weakness::ClaimIncludesReason),
        ToulminStep::Warrant => (!has_link(&plain)).then_some(Weakness::MissingLink),
        ToulminStep::Qualifier if !has_hedge(&plain) => Some(Weakness::MissingHedge),
        ToulminStep::Qualifier => is_hedge_alone(&plain).then_some(Weakness::HedgeAlone),
        ToulminStep::Rebuttal => (!has_exception(&plain)).then_some(Weakness::MissingException),
        _ => None,
    }
}

/// The text of `words/<locale>/weakness-keywords/<name>.txt`.
macro_rules! keyword_file {
    ($locale:literal, $name:literal) => {
        include_str!(concat!(
            "../words/",
            $locale,
            "/weakness-keywords/",
            $name,
            ".txt"
        ))
    };
}

/// Each weakness with the text of its keyword file in `locale`
/// (`words/<locale>/weakness-keywords/<code>.txt`).
macro_rules! keyword_files {
    ($locale:literal) => {
        [
            (Weakness::Empty, keyword_file!($locale, "empty")),
            (Weakness::TooShort, keyword_file!($locale, "too-short")),
            (Weakness::IsQuestion, keyword_file!($locale, "is-question")),
            (
                Weakness::ClaimLooksLikeGrounds,
                keyword_file!($locale, "claim-looks-like-grounds"),
            ),
            (
                Weakness::ClaimIncludesReason,
                keyword_file!($locale, "claim-includes-reason"),
            ),
            (
                Weakness::MissingLink,
                keyword_file!($locale, "missing-link"),
            ),
            (
                Weakness::MissingHedge,
                keyword_file!($locale, "missing-hedge"),
            ),
            (
                Weakness::MissingException,
                keyword_file!($locale, "missing-exception"),
            ),
            (
                Weakness::OpinionAsEvidence,
                keyword_file!($locale, "opinion-as-evidence"),
            ),
            (
                Weakness::RebuttalAtOtherStep,
                keyword_file!($locale, "rebuttal-at-other-step"),
            ),
            (
                Weakness::ReplyAtOtherStep,
                keyword_file!($locale, "reply-at-other-step"),
            ),
            (Weakness::HedgeAlone, keyword_file!($locale, "hedge-alone")),
            (
                Weakness::SourceWithoutFinding,
                keyword_file!($locale, "source-without-finding"),
            ),
            (
                Weakness::PerhapsRebuttal,
                keyword_file!($locale, "perhaps-rebuttal"),
            ),
        ]
    };
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
            Self::ReplyAtOtherStep => "reply_at_other_step",
            Self::HedgeAlone => "hedge_alone",
            Self::SourceWithoutFinding => "source_without_finding",
            Self::PerhapsRebuttal => "perhaps_rebuttal",
        }
    }

    /// Whether the text misses only what the step's shape asks for — a warrant's link, a
    /// qualifier's word of degree or scope, a rebuttal's exception — so its idea can be
    /// kept and the missing part added (spec 000, trigger 3). A text with no idea of its
    /// own, an opinion offered as evidence or another step's job cannot.
    pub fn can_be_improved(self) -> bool {
        matches!(
            self,
            Self::MissingLink | Self::MissingHedge | Self::HedgeAlone | Self::MissingException
        )
    }

    /// Whether the text does, or may do, another step's job (the other side's view, or
    /// a reply to it): it is never taken or praised as this step's.
    pub fn belongs_to_another_step(self) -> bool {
        matches!(
            self,
            Self::RebuttalAtOtherStep | Self::ReplyAtOtherStep | Self::PerhapsRebuttal
        )
    }

    /// Words a reply that names this weakness uses (any one, case- and
    /// accent-insensitive): how the eval recognises that the weakness was named
    /// (`words/<locale>/weakness-keywords/<code>.txt`).
    pub fn keywords(self, language: Language) -> &'static [&'static str] {
        static KEYWORDS: LazyLock<Vec<(Weakness, Language, Vec<&'static str>)>> =
            LazyLock::new(|| {
                let en = keyword_files!("en").map(|(w, text)| (w, Language::En, text));
                let es = keyword_files!("es").map(|(w, text)| (w, Language::Es, text));
                en.into_iter()
                    .chain(es)
                    .map(|(w, language, text)| (w, language, lines(text).collect()))
                    .collect()
            });
        KEYWORDS
            .iter()
            .find(|(w, l, _)| *w == self && *l == language)
            .map_or(&[], |(_, _, keywords)| keywords.as_slice())
    }

    /// One sentence telling the student what to fix.
    pub fn explain(self, language: Language) -> String {
        say!(
            MESSAGES,
            language,
            "coach-weakness-explained",
            weakness = self.code()
        )
    }

    /// The same point in other words, for when [`Weakness::explain`] was already said.
    pub fn explain_again(self, language: Language) -> String {
        say!(
            MESSAGES,
            language,
            "coach-weakness-explained-again",
            weakness = self.code()
        )
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
        assert_eq!(
            detect_weakness(Claim, "should every school have a dog"),
            Some(Weakness::IsQuestion)
        );
    }

    #[test]
    fn every_weakness_is_explained_twice_in_both_languages_with_its_keywords() {
        use lantern_core::text::normalize::normalize;
        for w in ALL_WEAKNESSES {
            for language in [Language::En, Language::Es] {
                for text in [w.explain(language), w.explain_again(language)] {
                    let plain = normalize(&text);
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
    fn a_reply_to_the_other_side_before_the_rebuttal_is_named_as_one() {
        assert_eq!(
            detect_weakness(
                WarrantBacking,
                "but there are buses and bikes they could use instead"
            ),
            Some(Weakness::ReplyAtOtherStep)
        );
        assert_eq!(
            detect_weakness(
                WarrantBacking,
                "pero eso se arregla si dejan el móvil fuera"
            ),
            Some(Weakness::ReplyAtOtherStep)
        );
        assert_eq!(
            detect_weakness(Qualifier, "but probably only in big cities with good buses"),
            None
        );
    }

    #[test]
    fn a_short_note_with_a_figure_is_long_enough_for_the_grounds() {
        assert_eq!(detect_weakness(Grounds, "30% gets binned"), None);
        assert_eq!(detect_weakness(Grounds, "3 tiendas en mi barrio"), None);
        assert_eq!(
            detect_weakness(Grounds, "lots gets binned"),
            Some(Weakness::TooShort)
        );
    }

    #[test]
    fn someone_s_view_set_against_the_student_with_but_is_the_other_side() {
        for said in [
            "but my dad says free pools are a waste of taxpayers money",
            "ya pero mi padre dice que los chavales irán por la carretera",
            "but some people say pools cost too much",
        ] {
            assert_eq!(
                detect_weakness(WarrantBacking, said),
                Some(Weakness::RebuttalAtOtherStep),
                "{said}"
            );
        }
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
