//! Scoring for `lantern eval <loop>`: every loop's rubric is a list of computed checks
//! per reply (never a model's judgement); a report adds them up per check, per turn and
//! per case. Pure: the runner that drives the real model and store lives in the CLI.

use crate::turn::ReplyOrigin;
use serde::Serialize;
use std::collections::BTreeMap;

/// The outcome of one rubric check on one reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The check's stable name, e.g. `one_question_at_end`.
    pub name: &'static str,
    /// Whether the reply passed.
    pub passed: bool,
    /// Why it failed, for the report.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl Check {
    /// A check that passed when `passed`, with `detail` kept only on failure.
    pub fn new(name: &'static str, passed: bool, detail: impl FnOnce() -> String) -> Self {
        Self {
            name,
            passed,
            detail: (!passed).then(detail),
        }
    }
}

/// The checks of one scored turn of a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TurnScore {
    /// The case's id.
    pub case: String,
    /// The turn's index in the case, from 0.
    pub turn: usize,
    /// What the student did or said.
    pub input: String,
    /// What the loop answered (shown text).
    pub reply: String,
    /// The checks that applied to this turn.
    pub checks: Vec<Check>,
    /// When the loop asked the model for words the student would see: whether the
    /// shared reply filter kept some (the student saw the model's words) or dropped them
    /// all (the app's authored words stood in). `None` when the turn asked the model for
    /// no words (written by code, the offline guide).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_words: Option<bool>,
}

impl TurnScore {
    /// Whether every check passed.
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.passed)
    }
}

/// [`TurnScore::model_words`] from who wrote a turn's reply through the shared
/// pipeline and whether model words were `shown`: the model asked and answering → its
/// words kept or not; the guide after the model crashed or wrote nothing usable → not
/// kept; code or the offline guide → the model was not asked for words.
pub fn model_words(origin: ReplyOrigin, shown: bool) -> Option<bool> {
    match origin {
        ReplyOrigin::Model => Some(shown),
        ReplyOrigin::AfterModelFailure | ReplyOrigin::AfterBrokenReply => Some(false),
        ReplyOrigin::App | ReplyOrigin::Offline => None,
    }
}

/// Passes out of applicable checks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Rate {
    /// How many passed.
    pub passed: usize,
    /// How many were scored.
    pub total: usize,
}

impl Rate {
    fn add(&mut self, passed: bool) {
        self.total += 1;
        self.passed += usize::from(passed);
    }

    /// The pass rate in [0, 1]; 1 when nothing was scored.
    pub fn ratio(self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            self.passed as f64 / self.total as f64
        }
    }
}

/// The totals of an eval run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct EvalReport {
    /// Pass rate of each check over the turns it applied to.
    pub checks: BTreeMap<&'static str, Rate>,
    /// Every check of every turn.
    pub all_checks: Rate,
    /// Turns whose every check passed.
    pub turns: Rate,
    /// Cases whose every turn passed.
    pub cases: Rate,
    /// Turns where the model was asked for words the student would see, and the share
    /// where the reply filter kept some ([`TurnScore::model_words`]).
    pub model_words_kept: Rate,
}

impl EvalReport {
    /// Adds up `scores` (grouped into cases by their `case` id).
    pub fn from_scores(scores: &[TurnScore]) -> Self {
        let mut report = Self::default();
        let mut cases: BTreeMap<&str, bool> = BTreeMap::new();
        for score in scores {
            for check in &score.checks {
                report
                    .checks
                    .entry(check.name)
                    .or_default()
                    .add(check.passed);
                report.all_checks.add(check.passed);
            }
            report.turns.add(score.passed());
            if let Some(kept) = score.model_words {
                report.model_words_kept.add(kept);
            }
            let case = cases.entry(&score.case).or_insert(true);
            *case &= score.passed();
        }
        for passed in cases.into_values() {
            report.cases.add(passed);
        }
        report
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(case: &str, checks: &[(&'static str, bool)]) -> TurnScore {
        TurnScore {
            case: case.into(),
            turn: 0,
            input: String::new(),
            reply: String::new(),
            checks: checks
                .iter()
                .map(|&(name, passed)| Check::new(name, passed, || "failed".into()))
                .collect(),
            model_words: None,
        }
    }

    #[test]
    fn rates_add_up_per_check_turn_and_case() {
        let report = EvalReport::from_scores(&[
            turn("a", &[("question", true), ("fragment", true)]),
            turn("a", &[("question", false)]),
            turn("b", &[("question", true)]),
        ]);
        assert_eq!(
            report.checks["question"],
            Rate {
                passed: 2,
                total: 3
            }
        );
        assert_eq!(
            report.checks["fragment"],
            Rate {
                passed: 1,
                total: 1
            }
        );
        assert_eq!(
            report.all_checks,
            Rate {
                passed: 3,
                total: 4
            }
        );
        assert_eq!(
            report.turns,
            Rate {
                passed: 2,
                total: 3
            }
        );
        assert_eq!(
            report.cases,
            Rate {
                passed: 1,
                total: 2
            }
        );
        assert!((report.turns.ratio() - 2.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn model_words_kept_counts_only_turns_that_asked_the_model_for_words() {
        let asked = |kept: Option<bool>| TurnScore {
            model_words: kept,
            ..turn("a", &[("question", true)])
        };
        let report = EvalReport::from_scores(&[asked(Some(true)), asked(Some(false)), asked(None)]);
        assert_eq!(
            report.model_words_kept,
            Rate {
                passed: 1,
                total: 2
            }
        );
        assert_eq!(report.turns.total, 3);
        let none = EvalReport::from_scores(&[asked(None)]);
        assert_eq!(none.model_words_kept, Rate::default());
    }

    #[test]
    fn model_words_follow_who_wrote_the_reply() {
        assert_eq!(model_words(ReplyOrigin::Model, true), Some(true));
        assert_eq!(model_words(ReplyOrigin::Model, false), Some(false));
        assert_eq!(
            model_words(ReplyOrigin::AfterBrokenReply, true),
            Some(false)
        );
        assert_eq!(
            model_words(ReplyOrigin::AfterModelFailure, false),
            Some(false)
        );
        assert_eq!(model_words(ReplyOrigin::App, true), None);
        assert_eq!(model_words(ReplyOrigin::Offline, true), None);
    }

    #[test]
    fn a_turn_without_model_words_serialises_without_the_field() {
        let json = serde_json::to_value(turn("a", &[])).unwrap();
        assert!(json.get("model_words").is_none());
        let kept = TurnScore {
            model_words: Some(false),
            ..turn("a", &[])
        };
        assert_eq!(serde_json::to_value(kept).unwrap()["model_words"], false);
    }

    #[test]
    fn a_failed_check_keeps_its_detail_and_a_passed_one_does_not() {
        assert_eq!(
            Check::new("x", false, || "why".into()).detail.as_deref(),
            Some("why")
        );
        assert_eq!(Check::new("x", true, || "why".into()).detail, None);
        assert_eq!(Rate::default().ratio(), 1.0);
    }
}
