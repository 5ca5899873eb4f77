//! The practice a turn shows, and two checks of it (issue #47): it is on what the
//! student asked (`practice_relevant`), and a gap-fill does not blank a bare number or
//! date outside a unit about dates or numbers (`no_trivia_cloze`).

use super::shown::{ShownTurn, TurnExpectation};
use crate::cloze::{is_number_or_date, teaches_numbers, BLANK};
use crate::drill::DrillSource;
use crate::message::TutorCard;
use lantern_core::eval::Check;
use lantern_core::text::tidy::sentences;

/// The practice a reply shows: a drill or exam card, or a question asked in its text
/// with a known answer (a gap-fill, a true-or-false, an explain-back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Practice<'a> {
    /// The unit practised.
    pub unit_id: &'a str,
    /// The text's first sentence that is the practice; `None` when the practice is the
    /// card, which the window shows after the whole text.
    pub starts_at: Option<usize>,
}

/// The practice `t` shows, if any. A question in the text starts at its first sentence
/// with a gap or a "?" — only when the reply carries a key, so an offer ("Want to check
/// it first?") is not practice.
pub(super) fn practice<'a>(t: &ShownTurn<'a>) -> Option<Practice<'a>> {
    if let Some(TutorCard::Drill { unit_id, .. } | TutorCard::Exam { unit_id, .. }) = t.card {
        return Some(Practice {
            unit_id,
            starts_at: None,
        });
    }
    let key = t.key?;
    let starts_at = sentences(t.text)
        .iter()
        .position(|s| s.contains(BLANK) || s.ends_with('?'))?;
    Some(Practice {
        unit_id: &key.unit_id,
        starts_at: Some(starts_at),
    })
}

/// `practice_relevant`: the practice shown is on the unit asked about (`expect.mapped`)
/// or one of `expect.practice_on`. `None` when the turn shows no practice or the case
/// names no unit.
pub(super) fn practice_relevant(t: &ShownTurn<'_>, expect: &TurnExpectation) -> Option<Check> {
    let p = practice(t)?;
    let allowed: Vec<&str> = expect
        .mapped
        .iter()
        .chain(&expect.practice_on)
        .map(String::as_str)
        .collect();
    if allowed.is_empty() {
        return None;
    }
    Some(Check::new(
        "practice_relevant",
        allowed.contains(&p.unit_id),
        || format!("practice on {}, asked {}", p.unit_id, allowed.join(" or ")),
    ))
}

/// `no_trivia_cloze`: the gap-fill shown (in the text or on a drill card) does not
/// blank a bare number or date, unless its unit teaches numbers or dates — the rule the
/// cloze maker follows (`lantern_packs::course::cloze::{is_number_or_date,
/// teaches_numbers}`). `None` when the turn shows no gap-fill.
pub(super) fn no_trivia_cloze(t: &ShownTurn<'_>) -> Option<Check> {
    let key = t.key.filter(|k| k.source == DrillSource::Cloze)?;
    let fair = t
        .units
        .iter()
        .find(|u| u.id == key.unit_id)
        .is_some_and(teaches_numbers);
    let trivia = is_number_or_date(&key.answer) && !fair;
    Some(Check::new("no_trivia_cloze", !trivia, || {
        format!("the blank is “{}” on {}", key.answer, key.unit_id)
    }))
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{cloze_key, Turn};
    use super::*;

    fn expect(mapped: &str, practice_on: &[&str]) -> TurnExpectation {
        TurnExpectation {
            mapped: Some(mapped.into()),
            practice_on: practice_on.iter().map(|u| u.to_string()).collect(),
            ..TurnExpectation::default()
        }
    }

    #[test]
    fn practice_on_another_unit_than_asked_is_not_relevant() {
        let mut turn = Turn::new(
            "what were the three estates",
            "Fill in the gap. The Estates-General had not met since ___.",
        );
        turn.key = Some(cloze_key("FR-02", "1614"));
        let t = turn.shown();
        assert_eq!(
            practice(&t),
            Some(Practice {
                unit_id: "FR-02",
                starts_at: Some(1)
            })
        );
        let off = practice_relevant(&t, &expect("FR-01", &[])).unwrap();
        assert!(!off.passed, "{off:?}");
        assert!(
            practice_relevant(&t, &expect("FR-01", &["FR-02"]))
                .unwrap()
                .passed
        );
        assert!(practice_relevant(&t, &TurnExpectation::default()).is_none());
        turn.key = None;
        assert!(practice_relevant(&turn.shown(), &expect("FR-01", &[])).is_none());
        turn.card = Some(TutorCard::Drill {
            unit_id: "FR-01".into(),
            prompt: "Fill in the gap.".into(),
            question_latex: "The three ___ were the clergy, the nobility and the commoners.".into(),
        });
        assert!(
            practice_relevant(&turn.shown(), &expect("FR-01", &[]))
                .unwrap()
                .passed
        );
    }

    #[test]
    fn a_cloze_on_a_year_is_trivia_unless_the_unit_teaches_dates() {
        let mut turn = Turn::new(
            "what were the three estates",
            "Fill in the gap. The Estates-General had not met since ___.",
        );
        turn.key = Some(cloze_key("FR-01", "1614"));
        assert!(!no_trivia_cloze(&turn.shown()).unwrap().passed);
        turn.key = Some(cloze_key("FR-01", "estates"));
        assert!(no_trivia_cloze(&turn.shown()).unwrap().passed);
        turn.key = Some(cloze_key("FR-02", "1614"));
        assert!(no_trivia_cloze(&turn.shown()).unwrap().passed);
        turn.key = None;
        assert!(no_trivia_cloze(&turn.shown()).is_none());
    }
}
