//! The automatic model choice: the best-scoring model (by the evals recorded in the
//! manifest) that fits this machine's memory with headroom and decodes at least
//! [`MIN_DECODE_TPS`] tokens per second here.
//!
//! Speed is measured, never guessed: a better model whose speed is unknown is named in
//! [`Choice::measure_next`], and the best model already known to qualify runs meanwhile.
//! When nothing qualifies, the smallest model that fits runs (a slow answer beats none).

use super::ModelKey;

/// Slowest decode rate (tokens per second, on this machine) the automatic choice accepts.
pub const MIN_DECODE_TPS: f64 = 10.0;
/// Largest share of the machine's memory a model may take: the rest is the headroom for
/// the system, the window, the embedder and a second model while switching.
pub const MAX_RAM_SHARE: f64 = 0.4;

/// A model that could run.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// Which model.
    pub key: ModelKey,
    /// Whether its file is on this machine.
    pub present: bool,
    /// Mean eval score in percent (manifest); `None` for models nobody measured.
    pub eval_score: Option<f64>,
    /// Estimated memory when loaded, in bytes.
    pub ram_bytes: u64,
    /// Measured decode speed on this machine with the configured threads.
    pub decode_tps: Option<f64>,
}

/// What the choice needs to know about the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Machine {
    /// Physical memory in bytes.
    pub total_ram: u64,
}

/// Why a candidate was or was not chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// This is the choice.
    Chosen,
    /// A better-scoring model qualified first.
    LowerScore,
    /// Needs more than [`MAX_RAM_SHARE`] of the memory.
    TooBig,
    /// Measured below [`MIN_DECODE_TPS`].
    TooSlow,
    /// Ranked above the choice but not measured yet.
    NotMeasured,
    /// No eval results, so it cannot be ranked (imported models).
    NoEvals,
    /// Its file is not on this machine.
    Missing,
}

/// Why the chosen model is the choice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChoiceReason {
    /// The best-scoring model that fits and is fast enough.
    Best {
        /// Its mean eval score in percent.
        score: f64,
        /// Its measured decode speed.
        decode_tps: f64,
    },
    /// No ranked model is known to qualify: the smallest model that fits runs.
    Smallest,
    /// No model can run here.
    Nothing,
}

/// The automatic choice with a verdict for every candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The model to run, if any can.
    pub chosen: Option<ModelKey>,
    /// Why.
    pub reason: ChoiceReason,
    /// A verdict per candidate, in the order given.
    pub verdicts: Vec<(ModelKey, Verdict)>,
    /// A model ranked above the choice whose speed must be measured before it can win.
    pub measure_next: Option<ModelKey>,
}

/// Whether a model needing `ram_bytes` fits `machine` with headroom.
pub fn fits_memory(ram_bytes: u64, machine: Machine) -> bool {
    ram_bytes as f64 <= machine.total_ram as f64 * MAX_RAM_SHARE
}

/// Chooses among `candidates` for `machine` (see the module documentation).
pub fn choose(candidates: &[Candidate], machine: Machine) -> Choice {
    let mut verdicts: Vec<Option<Verdict>> = candidates
        .iter()
        .map(|c| match (c.present, c.eval_score) {
            (false, _) => Some(Verdict::Missing),
            (true, None) => Some(Verdict::NoEvals),
            (true, Some(_)) if !fits_memory(c.ram_bytes, machine) => Some(Verdict::TooBig),
            _ => None,
        })
        .collect();
    let mut ranked: Vec<usize> = (0..candidates.len())
        .filter(|&i| verdicts[i].is_none())
        .collect();
    ranked.sort_by(|&a, &b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        b.eval_score
            .unwrap_or(0.0)
            .total_cmp(&a.eval_score.unwrap_or(0.0))
            .then(a.ram_bytes.cmp(&b.ram_bytes))
    });
    let mut chosen = None;
    let mut measure_next = None;
    for &i in &ranked {
        let verdict = match (chosen, candidates[i].decode_tps) {
            (Some(_), _) => Verdict::LowerScore,
            (None, None) => {
                measure_next.get_or_insert(i);
                Verdict::NotMeasured
            }
            (None, Some(tps)) if tps < MIN_DECODE_TPS => Verdict::TooSlow,
            (None, Some(_)) => {
                chosen = Some(i);
                Verdict::Chosen
            }
        };
        verdicts[i] = Some(verdict);
    }
    let reason = match chosen {
        Some(i) => ChoiceReason::Best {
            score: candidates[i].eval_score.unwrap_or(0.0),
            decode_tps: candidates[i].decode_tps.unwrap_or(0.0),
        },
        None => {
            chosen = smallest_that_fits(candidates, machine);
            if let Some(i) = chosen {
                verdicts[i] = Some(Verdict::Chosen);
                ChoiceReason::Smallest
            } else {
                ChoiceReason::Nothing
            }
        }
    };
    Choice {
        chosen: chosen.map(|i| candidates[i].key.clone()),
        reason,
        verdicts: candidates
            .iter()
            .zip(verdicts)
            .map(|(c, v)| (c.key.clone(), v.unwrap_or(Verdict::LowerScore)))
            .collect(),
        measure_next: measure_next.map(|i| candidates[i].key.clone()),
    }
}

/// The present, ranked model needing the least memory that still fits.
fn smallest_that_fits(candidates: &[Candidate], machine: Machine) -> Option<usize> {
    (0..candidates.len())
        .filter(|&i| {
            let c = &candidates[i];
            c.present && c.eval_score.is_some() && fits_memory(c.ram_bytes, machine)
        })
        .min_by_key(|&i| candidates[i].ram_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GB: u64 = 1 << 30;
    const LAPTOP: Machine = Machine { total_ram: 8 * GB };

    fn model(name: &str, score: f64, ram: u64, tps: Option<f64>) -> Candidate {
        Candidate {
            key: ModelKey::Pack(name.into()),
            present: true,
            eval_score: Some(score),
            ram_bytes: ram,
            decode_tps: tps,
        }
    }

    fn verdict(choice: &Choice, name: &str) -> Verdict {
        choice
            .verdicts
            .iter()
            .find(|(k, _)| *k == ModelKey::Pack(name.into()))
            .map(|(_, v)| *v)
            .expect("a verdict per candidate")
    }

    #[test]
    fn the_best_score_wins_when_it_fits_and_is_fast_enough() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(50.0)),
                model("big", 86.0, GB, Some(20.0)),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("big".into())));
        assert_eq!(
            choice.reason,
            ChoiceReason::Best {
                score: 86.0,
                decode_tps: 20.0
            }
        );
        assert_eq!(verdict(&choice, "small"), Verdict::LowerScore);
        assert_eq!(choice.measure_next, None);
    }

    #[test]
    fn a_model_needing_more_than_the_headroom_allows_is_too_big() {
        let too_big = (LAPTOP.total_ram as f64 * MAX_RAM_SHARE) as u64 + 1;
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(50.0)),
                model("huge", 95.0, too_big, Some(30.0)),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(verdict(&choice, "huge"), Verdict::TooBig);
    }

    #[test]
    fn a_model_measured_below_ten_tokens_per_second_is_too_slow() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(50.0)),
                model("big", 86.0, GB, Some(MIN_DECODE_TPS - 0.1)),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(verdict(&choice, "big"), Verdict::TooSlow);
    }

    #[test]
    fn a_better_unmeasured_model_is_measured_next_while_the_best_known_runs() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(50.0)),
                model("big", 86.0, GB, None),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(choice.measure_next, Some(ModelKey::Pack("big".into())));
        assert_eq!(verdict(&choice, "big"), Verdict::NotMeasured);
    }

    #[test]
    fn with_nothing_measured_the_smallest_that_fits_runs() {
        let choice = choose(
            &[
                model("big", 86.0, GB, None),
                model("small", 80.0, GB / 4, None),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(choice.reason, ChoiceReason::Smallest);
        assert_eq!(choice.measure_next, Some(ModelKey::Pack("big".into())));
    }

    #[test]
    fn when_every_model_is_too_slow_the_smallest_still_runs() {
        let choice = choose(
            &[
                model("big", 86.0, GB, Some(3.0)),
                model("small", 80.0, GB / 4, Some(6.0)),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(choice.reason, ChoiceReason::Smallest);
        assert_eq!(verdict(&choice, "big"), Verdict::TooSlow);
    }

    #[test]
    fn missing_files_and_unranked_imports_are_never_chosen_automatically() {
        let mut missing = model("missing", 99.0, GB / 8, Some(90.0));
        missing.present = false;
        let imported = Candidate {
            key: ModelKey::Imported(1),
            present: true,
            eval_score: None,
            ram_bytes: GB / 8,
            decode_tps: Some(90.0),
        };
        let choice = choose(
            &[missing, imported, model("small", 80.0, GB / 4, Some(50.0))],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
        assert_eq!(verdict(&choice, "missing"), Verdict::Missing);
        assert_eq!(choice.verdicts[1].1, Verdict::NoEvals);
    }

    #[test]
    fn a_machine_too_small_for_every_model_runs_nothing() {
        let choice = choose(
            &[model("small", 80.0, GB / 4, Some(50.0))],
            Machine { total_ram: GB / 4 },
        );
        assert_eq!(choice.chosen, None);
        assert_eq!(choice.reason, ChoiceReason::Nothing);
    }

    #[test]
    fn equal_scores_prefer_the_smaller_model() {
        let choice = choose(
            &[
                model("big", 80.0, GB, Some(20.0)),
                model("small", 80.0, GB / 4, Some(50.0)),
            ],
            LAPTOP,
        );
        assert_eq!(choice.chosen, Some(ModelKey::Pack("small".into())));
    }
}
