//! "Is this step right?" on a misconception that shows a worked step (`$…$`): the
//! practice of a misconception written as a formula, which a true-or-false cannot state.

use crate::drill::{DrillKey, DrillSource, ForeseenMistake, GeneratedDrill};
use crate::messages::MESSAGES;
use lantern_core::answers::AnswerKind;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_packs::course::{Misconception, Unit};

/// The worked step a misconception shows: its first inline formula (`$…$`), or its
/// first two joined by ⇒ ("`x + 5 = 12` becomes `x = 17`").
fn misconception_step(text: &str) -> Option<String> {
    let formulas: Vec<&str> = text
        .split('$')
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect();
    match formulas.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [from, to, ..] => Some(format!("{from} \\;\\Rightarrow\\; {to}")),
    }
}

/// "Is this step right?" on one of the unit's misconceptions that shows a worked step
/// (chosen by `seed`); answering "yes" reveals that misconception's tag.
pub(super) fn misconception_step_drill(
    unit: &Unit,
    seed: u64,
    language: Language,
) -> Option<GeneratedDrill> {
    let steps: Vec<(String, &Misconception)> = unit
        .misconceptions
        .iter()
        .filter_map(|m| misconception_step(&m.text).map(|step| (step, m)))
        .collect();
    if steps.is_empty() {
        return None;
    }
    let (step, misconception) = &steps[(seed as usize) % steps.len()];
    Some(GeneratedDrill {
        prompt: say!(MESSAGES, language, "tutor-step-prompt"),
        question_latex: step.clone(),
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: "no".to_string(),
            kind: Some(AnswerKind::Text),
            simplified: false,
            source: DrillSource::Misconception,
            template_id: None,
            verified: true,
            mistakes: (!misconception.tag.is_empty())
                .then(|| ForeseenMistake {
                    answer: "yes".into(),
                    tag: misconception.tag.clone(),
                })
                .into_iter()
                .collect(),
            explanation: Some(misconception.text.clone()),
            choices: vec![],
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misconception_with_a_formula_is_a_step_to_judge() {
        let u = Unit {
            id: "ALG".into(),
            title: "Equations".into(),
            anchor: "Undo an addition by subtracting.".into(),
            tags: vec![],
            misconceptions: vec![Misconception {
                tag: "adds".into(),
                text: "Writes $x + 5 = 12$ as $x = 17$.".into(),
            }],
            content: vec![],
            drills: vec![],
        };
        let d = misconception_step_drill(&u, 0, Language::En).unwrap();
        assert_eq!(d.question_latex, "x + 5 = 12 \\;\\Rightarrow\\; x = 17");
        assert_eq!(d.key.answer, "no");
    }
}
