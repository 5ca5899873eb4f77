//! Practice for every course (issue #33 item 4): a drill on a unit from what its pack
//! gives — numeric templates where there are any, every other drill — else, in order of
//! preference (`rank`, issue #47 item 4): an exam question of a lower tier with its
//! options, a gap-fill on a key term of the unit (never a bare number or date outside a
//! unit that teaches them), a true-or-false on a misconception or its worked step,
//! another gap-fill, a true anchor sentence; after the student asked something, the one
//! about what was asked comes first. Every drill's answer is known. The student's
//! confusion tags steer the choice to the misconception they keep showing.

mod rank;
mod step;

use super::choice::choice_drill;
use super::cloze::{anchor_true_false, cloze_drill, clozes, misconception_true_false, Cloze};
use super::drill::{template_drill, DrillKey, DrillSource, GeneratedDrill};
use super::exam::PracticeQuestion;
use super::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::normalize::normalize;
use lantern_core::text::tidy::sentences;
use lantern_packs::course::Unit;
use rank::{any_fresh, asked, choose, Candidate, Preference};
use std::collections::BTreeMap;
use step::misconception_step_drill;

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

/// The unit's exam questions of lower tiers, as drills with their options.
fn choices(x: &PracticeInput<'_>) -> Vec<Candidate> {
    x.questions
        .iter()
        .map(|q| {
            let options: Vec<&str> = q.options.iter().map(|o| o.text.as_str()).collect();
            Candidate {
                drill: choice_drill(x.unit, q, x.language),
                preference: Preference::Choice,
                words: format!("{} {}", q.stem, options.join(" ")),
            }
        })
        .collect()
}

/// A gap-fill, ranked by whether it blanks a key term in a sentence read alone.
fn cloze_candidate(x: &PracticeInput<'_>, c: &Cloze) -> Candidate {
    Candidate {
        drill: cloze_drill(x.unit, c, x.language),
        preference: if c.key_term && c.stands_alone {
            Preference::KeyTermCloze
        } else {
            Preference::OtherCloze
        },
        words: c.sentence.clone(),
    }
}

/// True-or-false questions on the unit's misconceptions.
fn misconceptions(x: &PracticeInput<'_>) -> Vec<Candidate> {
    (0..x.unit.misconceptions.len())
        .filter_map(|i| misconception_true_false(x.unit, i, x.language))
        .map(|d| Candidate {
            words: d.question_latex.clone(),
            drill: d,
            preference: Preference::Misconception,
        })
        .collect()
}

/// Every drill but a template the unit offers a drill card now: exam questions of
/// lower tiers, gap-fills, true-or-false on misconceptions, a worked step, true anchor
/// statements.
fn pool(x: &PracticeInput<'_>) -> Vec<Candidate> {
    let unit = x.unit;
    let mut out = choices(x);
    out.extend(
        clozes(unit, x.material)
            .iter()
            .map(|c| cloze_candidate(x, c)),
    );
    out.extend(misconceptions(x));
    out.extend(
        misconception_step_drill(unit, x.seed, x.language).map(|d| Candidate {
            words: d.key.explanation.clone().unwrap_or_default(),
            drill: d,
            preference: Preference::Misconception,
        }),
    );
    out.extend(
        sentences(&unit.anchor)
            .into_iter()
            .filter(|s| s.split_whitespace().count() >= 4 && !s.trim_end().ends_with('?'))
            .map(|s| Candidate {
                drill: anchor_true_false(unit, s, x.language),
                preference: Preference::Statement,
                words: s.to_string(),
            }),
    );
    out
}

/// The drill the student's most frequent confusion tag asks for, if the unit has one.
fn steered<'d>(
    x: &PracticeInput<'_>,
    mut drills: impl Iterator<Item = &'d GeneratedDrill>,
) -> Option<GeneratedDrill> {
    let (tag, _) = x
        .confusion
        .iter()
        .filter(|(_, n)| **n > 0)
        .max_by_key(|(_, n)| **n)?;
    drills
        .find(|d| {
            d.key.mistakes.iter().any(|m| &m.tag == tag) && !asked(x.avoid, &d.question_latex)
        })
        .cloned()
}

/// A drill on the unit: the one the confusion tags ask for, else a numeric template
/// every other time when the unit has them (the author's own practice), else the one
/// [`rank`] prefers — never one asked recently while another is left. `None` only for a
/// unit with nothing to ask (no sentence long enough).
pub fn practice_drill(x: &PracticeInput<'_>) -> Option<GeneratedDrill> {
    let template = template_drill(x.unit, x.seed);
    let others = pool(x);
    let all = template.iter().chain(others.iter().map(|c| &c.drill));
    if let Some(d) = steered(x, all) {
        return Some(d);
    }
    let template_fresh = template
        .as_ref()
        .is_some_and(|t| !asked(x.avoid, &t.question_latex));
    let others_fresh = any_fresh(&others, x.avoid);
    let from_template = others.is_empty()
        || match (template_fresh, others_fresh) {
            (true, false) => true,
            (false, true) => false,
            _ => x.seed.is_multiple_of(2),
        };
    if from_template && template.is_some() {
        return template;
    }
    choose(&others, x.about, x.avoid, x.seed / 2)
}

/// The question a Socratic turn asks, in its text, in the same order of preference: an
/// exam question of a lower tier (answered by its letter or its text), a gap-fill of
/// one of the unit's sentences not in `shown` (the passage on screen gives its own
/// answer away), a true-or-false on a misconception, else an explain-back of the
/// anchor's first sentence, judged by its key terms.
pub fn check_question(x: &PracticeInput<'_>, shown: &str) -> GeneratedDrill {
    let on_screen = normalize(shown);
    let mut candidates = choices(x);
    candidates.extend(
        clozes(x.unit, x.material)
            .iter()
            .filter(|c| !on_screen.contains(&normalize(&c.sentence)))
            .map(|c| cloze_candidate(x, c)),
    );
    candidates.extend(misconceptions(x));
    let back = explain_back(x.unit, x.language);
    candidates.push(Candidate {
        words: format!("{} {}", x.unit.title, back.key.answer),
        drill: back.clone(),
        preference: Preference::ExplainBack,
    });
    choose(&candidates, x.about, x.avoid, x.seed).unwrap_or(back)
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
mod tests;
