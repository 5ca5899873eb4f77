//! Practice for every course (issue #33 item 4): a drill on a unit from what its pack
//! gives — numeric templates where there are any, else (and in turn with them) a cloze of
//! an authored sentence, a true-or-false on a misconception or an anchor sentence, a
//! misconception's worked step, an exam question of a lower tier with its options.
//! Every drill's answer is known. The student's confusion
//! tags steer the choice to the misconception they keep showing.

use super::choice::choice_drill;
use super::cloze::{anchor_true_false, cloze_drill, clozes, misconception_true_false, Cloze};
use super::drill::{template_drill, DrillKey, DrillSource, ForeseenMistake, GeneratedDrill};
use super::exam::PracticeQuestion;
use super::messages::MESSAGES;
use lantern_core::answers::AnswerKind;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::sentences;
use lantern_packs::course::{Misconception, Unit};
use std::collections::BTreeMap;

/// What choosing a drill looks at.
#[derive(Debug, Clone, Copy)]
pub struct PracticeInput<'a> {
    /// The unit practised.
    pub unit: &'a Unit,
    /// Its material retrieved this turn (notes, transcripts), besides the anchor.
    pub material: &'a [&'a str],
    /// The language of the instructions.
    pub language: Language,
    /// Varies the choice from turn to turn, reproducibly.
    pub seed: u64,
    /// Questions asked recently, not to be asked again.
    pub avoid: &'a [String],
    /// The student's confusion tags on the unit, with counts.
    pub confusion: &'a BTreeMap<String, u32>,
    /// Exam questions of lower tiers the student may practise.
    pub questions: &'a [PracticeQuestion],
    /// The student's question this practice follows, when it is about this unit (empty
    /// otherwise): the practice should be about what was asked.
    pub about: &'a str,
}

/// Whether `question` was asked in one of the tutor's recent words (a drill's message
/// reads back as its text, prompt and question together).
fn asked(avoid: &[String], question: &str) -> bool {
    let q = normalize(question);
    !q.is_empty() && avoid.iter().any(|a| normalize(a).contains(&q))
}

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
fn misconception_step_drill(unit: &Unit, seed: u64, language: Language) -> Option<GeneratedDrill> {
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

/// Every drill the unit offers now, in the order they are tried: templates, clozes,
/// true-or-false on misconceptions, true anchor statements, worked steps, exam
/// questions of lower tiers.
fn pool(x: &PracticeInput<'_>) -> Vec<GeneratedDrill> {
    let unit = x.unit;
    let mut out: Vec<GeneratedDrill> = Vec::new();
    if let Some(d) = template_drill(unit, x.seed) {
        out.push(d);
    }
    let all_clozes: Vec<Cloze> = clozes(unit, x.material);
    out.extend(all_clozes.iter().map(|c| cloze_drill(unit, c, x.language)));
    out.extend(
        (0..unit.misconceptions.len())
            .filter_map(|i| misconception_true_false(unit, i, x.language)),
    );
    out.extend(
        sentences(&unit.anchor)
            .into_iter()
            .filter(|s| s.split_whitespace().count() >= 4 && !s.trim_end().ends_with('?'))
            .map(|s| anchor_true_false(unit, s, x.language)),
    );
    out.extend(misconception_step_drill(unit, x.seed, x.language));
    out.extend(
        x.questions
            .iter()
            .map(|q| choice_drill(unit, q, x.language)),
    );
    out
}

/// The drill the student's most frequent confusion tag asks for, if the unit has one.
fn steered(x: &PracticeInput<'_>, drills: &[GeneratedDrill]) -> Option<GeneratedDrill> {
    let (tag, _) = x
        .confusion
        .iter()
        .filter(|(_, n)| **n > 0)
        .max_by_key(|(_, n)| **n)?;
    drills
        .iter()
        .find(|d| {
            d.key.mistakes.iter().any(|m| &m.tag == tag) && !asked(x.avoid, &d.question_latex)
        })
        .cloned()
}

/// A drill on the unit: the one the confusion tags ask for, else one of the pool chosen
/// by the seed — a numeric template every other time when the unit has them (the
/// author's own practice), else any other — never one asked recently while another is
/// left. `None` only for a unit with nothing to ask (no sentence long enough).
pub fn practice_drill(x: &PracticeInput<'_>) -> Option<GeneratedDrill> {
    let drills = pool(x);
    if let Some(d) = steered(x, &drills) {
        return Some(d);
    }
    let fresh: Vec<&GeneratedDrill> = drills
        .iter()
        .filter(|d| !asked(x.avoid, &d.question_latex))
        .collect();
    let choices = if fresh.is_empty() {
        drills.iter().collect()
    } else {
        fresh
    };
    let (templates, others): (Vec<&GeneratedDrill>, Vec<&GeneratedDrill>) = choices
        .into_iter()
        .partition(|d| d.key.source == DrillSource::Template);
    let from_templates = others.is_empty() || (!templates.is_empty() && x.seed.is_multiple_of(2));
    let group = if from_templates { templates } else { others };
    let rest = x.seed / 2;
    group
        .get(usize::try_from(rest).unwrap_or(0) % group.len().max(1))
        .map(|d| (*d).clone())
}

/// The question a Socratic turn asks: a cloze of one of the unit's sentences not in
/// `shown` (the passage on screen gives its own answer away), else an explain-back of
/// the anchor's first sentence, judged by its key terms.
pub fn check_question(x: &PracticeInput<'_>, shown: &str) -> GeneratedDrill {
    let on_screen = normalize(shown);
    let candidates: Vec<Cloze> = clozes(x.unit, x.material)
        .into_iter()
        .filter(|c| !on_screen.contains(&normalize(&c.sentence)))
        .filter(|c| !asked(x.avoid, &c.blanked))
        .collect();
    if !candidates.is_empty() {
        let c = &candidates[(x.seed as usize) % candidates.len()];
        return cloze_drill(x.unit, c, x.language);
    }
    explain_back(x.unit, x.language)
}

/// "Explain in your own words" on the unit's main idea (its anchor's first sentence).
pub fn explain_back(unit: &Unit, language: Language) -> GeneratedDrill {
    let idea = sentences(&unit.anchor)
        .first()
        .map_or_else(|| unit.title.clone(), |s| s.to_string());
    let prompt = say!(
        MESSAGES,
        language,
        "tutor-explain-back-prompt",
        title = &unit.title
    );
    GeneratedDrill {
        prompt,
        question_latex: String::new(),
        key: DrillKey {
            unit_id: unit.id.clone(),
            answer: idea.clone(),
            kind: None,
            simplified: false,
            source: DrillSource::ExplainBack,
            template_id: None,
            verified: true,
            mistakes: Vec::new(),
            explanation: Some(idea),
            choices: vec![],
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::course::Misconception;

    fn history_unit() -> Unit {
        Unit {
            id: "IR-03".into(),
            title: "Steam power".into(),
            anchor: "James Watt improved the steam engine in 1769. Steam engines let factories \
                     move away from rivers."
                .into(),
            tags: vec!["steam_engine".into()],
            misconceptions: vec![Misconception {
                tag: "watt_invented".into(),
                text: "Thinks James Watt invented the first steam engine.".into(),
            }],
            content: vec![],
            drills: vec![],
        }
    }

    fn input<'a>(
        unit: &'a Unit,
        seed: u64,
        avoid: &'a [String],
        confusion: &'a BTreeMap<String, u32>,
    ) -> PracticeInput<'a> {
        PracticeInput {
            unit,
            material: &[],
            language: Language::En,
            seed,
            avoid,
            confusion,
            questions: &[],
            about: "",
        }
    }

    #[test]
    fn a_unit_without_templates_still_gets_drills_with_known_answers() {
        let u = history_unit();
        let none = BTreeMap::new();
        let mut sources = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let d = practice_drill(&input(&u, seed, &[], &none)).unwrap();
            assert!(d.key.verified && !d.key.answer.is_empty());
            sources.insert(format!("{:?}", d.key.source));
        }
        assert!(
            sources.contains("Cloze") && sources.contains("TrueFalse"),
            "{sources:?}"
        );
    }

    #[test]
    fn a_unit_with_templates_practises_them_every_other_drill() {
        let mut u = lantern_packs::course::drill::one_template_unit();
        u.anchor = history_unit().anchor;
        let none = BTreeMap::new();
        let templates = (0..20)
            .filter(|&seed| {
                let d = practice_drill(&input(&u, seed, &[], &none)).unwrap();
                d.key.source == DrillSource::Template
            })
            .count();
        assert_eq!(templates, 10);
    }

    #[test]
    fn a_misconception_with_a_formula_is_a_step_to_judge() {
        let mut u = history_unit();
        u.misconceptions = vec![Misconception {
            tag: "adds".into(),
            text: "Writes $x + 5 = 12$ as $x = 17$.".into(),
        }];
        let d = misconception_step_drill(&u, 0, Language::En).unwrap();
        assert_eq!(d.question_latex, "x + 5 = 12 \\;\\Rightarrow\\; x = 17");
        assert_eq!(d.key.answer, "no");
    }

    #[test]
    fn confusion_tags_steer_to_their_misconception() {
        let u = history_unit();
        let tags = BTreeMap::from([("watt_invented".to_string(), 2)]);
        let d = practice_drill(&input(&u, 7, &[], &tags)).unwrap();
        assert_eq!(d.key.source, DrillSource::TrueFalse);
        assert_eq!(
            d.question_latex,
            "James Watt invented the first steam engine."
        );
    }

    #[test]
    fn a_question_just_asked_is_not_asked_again() {
        let u = history_unit();
        let none = BTreeMap::new();
        let first = practice_drill(&input(&u, 3, &[], &none)).unwrap();
        // As the store reads a drill back: its lead-in, prompt and question together.
        let avoid = vec![format!(
            "Let's practise Steam power. {} {}",
            first.prompt, first.question_latex
        )];
        let second = practice_drill(&input(&u, 3, &avoid, &none)).unwrap();
        assert_ne!(first.question_latex, second.question_latex);
    }

    #[test]
    fn the_check_question_avoids_the_passage_on_screen() {
        let u = history_unit();
        let none = BTreeMap::new();
        let q = check_question(
            &input(&u, 0, &[], &none),
            "James Watt improved the steam engine in 1769.",
        );
        assert_eq!(q.key.source, DrillSource::Cloze);
        assert!(q.key.explanation.unwrap().starts_with("Steam engines"));
    }

    #[test]
    fn with_nothing_to_blank_the_question_is_an_explain_back() {
        let mut u = history_unit();
        u.anchor = "Steam.".into();
        let none = BTreeMap::new();
        let q = check_question(&input(&u, 0, &[], &none), "");
        assert_eq!(q.key.source, DrillSource::ExplainBack);
        assert!(q.prompt.contains("Steam power"));
    }
}
