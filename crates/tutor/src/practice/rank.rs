//! Which of the drills a unit offers the practice chooses (issue #47 item 4): the one
//! about what the student asked — the most of its content terms used — then by kind:
//! an exam question of a lower tier, a gap-fill on a key term, a true-or-false on a
//! misconception, another gap-fill, a true statement of the anchor, an explain-back;
//! the seed varies the choice among equals, and nothing asked recently is asked again
//! while something else is left.

use crate::drill::GeneratedDrill;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{content_terms, term_keys, Term};
use std::collections::BTreeSet;

/// A drill's place in the order of preference, the first first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Preference {
    /// An exam question of a lower tier, with its options.
    Choice,
    /// A gap-fill on a key term of the unit, in a sentence that stands alone.
    KeyTermCloze,
    /// A true-or-false on a misconception, or its worked step.
    Misconception,
    /// A gap-fill on another word, or in a sentence that leans on the one before.
    OtherCloze,
    /// A true statement of the anchor.
    Statement,
    /// The main idea explained back.
    ExplainBack,
}

/// A drill the practice may choose.
#[derive(Debug, Clone)]
pub(super) struct Candidate {
    /// The drill.
    pub drill: GeneratedDrill,
    /// Its kind's place in the order.
    pub preference: Preference,
    /// The words its relevance to the student's question is read from (the whole
    /// sentence of a gap-fill, the stem and options of a question).
    pub words: String,
}

impl Candidate {
    /// Whether the drill was asked recently (an explain-back, which has no question,
    /// by its prompt).
    fn asked(&self, avoid: &[String]) -> bool {
        let d = &self.drill;
        let question = if d.question_latex.is_empty() {
            &d.prompt
        } else {
            &d.question_latex
        };
        asked(avoid, question)
    }
}

/// Whether `question` was asked in one of the tutor's recent words (a drill's message
/// reads back as its text, prompt and question together).
pub(super) fn asked(avoid: &[String], question: &str) -> bool {
    let q = normalize(question);
    !q.is_empty() && avoid.iter().any(|a| normalize(a).contains(&q))
}

/// How many of the student's content terms (`asked`) `words` uses.
fn overlap(asked: &[Term], words: &str) -> usize {
    let keys = term_keys(words);
    asked
        .iter()
        .filter(|t| t.in_keys(&keys))
        .map(|t| t.word.as_str())
        .collect::<BTreeSet<_>>()
        .len()
}

/// Whether any of `candidates` was not asked recently.
pub(super) fn any_fresh(candidates: &[Candidate], avoid: &[String]) -> bool {
    candidates.iter().any(|c| !c.asked(avoid))
}

/// The drill to ask of `candidates`: among those not asked recently (all, when every
/// one was), the ones sharing most content terms with `about` (the student's question;
/// none when empty), of the first kind among them, the one `seed` picks.
pub(super) fn choose(
    candidates: &[Candidate],
    about: &str,
    avoid: &[String],
    seed: u64,
) -> Option<GeneratedDrill> {
    let fresh = any_fresh(candidates, avoid);
    let asked_terms: Vec<Term> = content_terms(about)
        .into_iter()
        .filter(|t| !t.is_number)
        .collect();
    let ranked: Vec<(usize, Preference, &Candidate)> = candidates
        .iter()
        .filter(|c| !fresh || !c.asked(avoid))
        .map(|c| (overlap(&asked_terms, &c.words), c.preference, c))
        .collect();
    let best = ranked
        .iter()
        .map(|(shared, preference, _)| (*shared, std::cmp::Reverse(*preference)))
        .max()?;
    let equals: Vec<&Candidate> = ranked
        .iter()
        .filter(|(shared, preference, _)| (*shared, std::cmp::Reverse(*preference)) == best)
        .map(|(_, _, c)| *c)
        .collect();
    let at = usize::try_from(seed % equals.len() as u64).unwrap_or(0);
    Some(equals[at].drill.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::{DrillKey, DrillSource};

    fn candidate(question: &str, preference: Preference) -> Candidate {
        Candidate {
            drill: GeneratedDrill {
                prompt: "Say.".into(),
                question_latex: question.into(),
                key: DrillKey {
                    unit_id: "U".into(),
                    answer: "x".into(),
                    kind: None,
                    simplified: false,
                    source: DrillSource::Cloze,
                    template_id: None,
                    verified: true,
                    mistakes: vec![],
                    explanation: None,
                    choices: vec![],
                },
            },
            preference,
            words: question.into(),
        }
    }

    fn chosen(all: &[Candidate], about: &str, avoid: &[String], seed: u64) -> String {
        choose(all, about, avoid, seed).unwrap().question_latex
    }

    #[test]
    fn the_first_kind_is_chosen_the_seed_varying_among_equals() {
        let all = [
            candidate(
                "Steam engines pumped ___ out of mines.",
                Preference::KeyTermCloze,
            ),
            candidate("Which drove the first mills?", Preference::Choice),
            candidate("Which powered the first trains?", Preference::Choice),
        ];
        let picked: BTreeSet<String> = (0..4).map(|seed| chosen(&all, "", &[], seed)).collect();
        assert_eq!(
            picked,
            BTreeSet::from([
                "Which drove the first mills?".to_string(),
                "Which powered the first trains?".to_string()
            ])
        );
    }

    #[test]
    fn the_question_asked_steers_before_the_kind() {
        let all = [
            candidate("Which drove the first mills?", Preference::Choice),
            candidate("Watt's engine gave ___ motion.", Preference::KeyTermCloze),
            candidate(
                "Newcomen's engine pumped water out of ___.",
                Preference::OtherCloze,
            ),
        ];
        for seed in 0..4 {
            assert_eq!(
                chosen(
                    &all,
                    "what did newcomen's engine do in the mines",
                    &[],
                    seed
                ),
                "Newcomen's engine pumped water out of ___."
            );
            assert_eq!(
                chosen(&all, "why is the sky blue", &[], seed),
                "Which drove the first mills?"
            );
        }
    }

    #[test]
    fn a_question_asked_recently_is_left_while_another_is_not() {
        let all = [
            candidate("Which drove the first mills?", Preference::Choice),
            candidate("Watt's engine gave ___ motion.", Preference::KeyTermCloze),
        ];
        let avoid = vec!["Choose one. Which drove the first mills?".to_string()];
        assert_eq!(
            chosen(&all, "", &avoid, 0),
            "Watt's engine gave ___ motion."
        );
        let both = vec![
            avoid[0].clone(),
            "Watt's engine gave ___ motion.".to_string(),
        ];
        assert_eq!(chosen(&all, "", &both, 0), "Which drove the first mills?");
        assert!(choose(&[], "", &[], 0).is_none());
    }
}
