//! The automatic model choice: the best model this machine runs at a usable speed.
//!
//! Three tests, in order: the file is here; the model as it runs (with its draft only where
//! it runs with it: [`super::Pairing`]) fits this machine's memory with headroom
//! ([`MAX_RAM_SHARE`]); and its speed measured here, as it runs — the faster of alone and
//! drafted — is usable ([`Speed::usable`]: it writes at least [`MIN_DECODE_TPS`] tokens per
//! second and a typical turn's first words come within [`MAX_FIRST_WORDS_SECS`]). Among
//! the models that pass, the best wins: the writer by its role (the manifest's `"writer":
//! true`), then the highest mean eval score (the manifest's `evals`). With the pack that is the
//! writer (Qwen2.5-Coder-1.5B, with the 0.5B drafting where that was measured faster) where
//! it is fast enough, else Qwen2.5-Coder-0.5B, else SmolLM2-135M.
//!
//! Speed is measured, never guessed: a better model whose speed is unknown is named in
//! [`Choice::measure_next`], and the best model already known to qualify runs meanwhile.
//! When nothing qualifies, the smallest model that fits runs (a slow answer beats none).

use super::ModelKey;

/// Slowest writing rate (tokens per second, measured here, as the model runs: with its
/// draft only where that is faster) the automatic choice accepts.
///
/// Why 8: a student reads about 4 words a second; a token is about 0.75 of an English
/// word (fewer in Spanish), so 8 tokens/s (about 6 English words, 4–5 Spanish ones) is
/// written faster than anyone reads it: once the first words are on screen nobody waits on
/// the model. It also bounds the whole answer: a 60-token tutor answer is written 59 / 8 ≈
/// 7.4 s after its first words, ≤ 9.4 s in all with [`MAX_FIRST_WORDS_SECS`]. Qwen2.5-Coder-
/// 0.5B, the choice before the writer, takes about 3.5 s for it here (first words 1.6 s,
/// 31.7 tokens/s; docs/performance.md): at the limits, the writer's better words cost a
/// student at most about 6 s more per answer. Before the writer the floor was 10 tokens/s,
/// which both small models clear by 3× here, so lowering it changes no choice between them.
pub const MIN_DECODE_TPS: f64 = 8.0;
/// Longest a typical turn's first words may take (seconds) for the automatic choice.
///
/// Why 2 s: it is what a student waits today for the first words of the model chosen before
/// the writer: Qwen2.5-Coder-0.5B's first token on a thread's first turn (nothing reused)
/// took 1.3–2.0 s in `lantern bench tutor` (docs/performance.md). A better writer must not
/// make a student wait longer before anything is written; how much longer the whole
/// answer may take is [`MIN_DECODE_TPS`]'s business.
pub const MAX_FIRST_WORDS_SECS: f64 = 2.0;
/// Prompt tokens a typical turn makes the model evaluate before its first word.
///
/// Why 200: the tutor's turn prompt (the passage, the anchor, the message) is 187–194
/// tokens (median, `lantern bench tutor`); on a thread's first turn none of it is reused,
/// which is the wait this figure stands for. The loops with longer prompts (coach,
/// modules) reuse their system prefix from the second turn on.
pub const TURN_PROMPT_TOKENS: f64 = 200.0;
/// Largest share of the machine's memory a model may take: the rest is the headroom for
/// the system, the window, the embedder and a second model while switching.
pub const MAX_RAM_SHARE: f64 = 0.4;

/// A speed measured on this machine (`lantern models measure`: a ~250-token prompt
/// evaluated cold, then 64 tokens written; a model with a draft is measured alone and with
/// it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Speed {
    /// Prompt tokens evaluated per second.
    pub prompt_tps: f64,
    /// Tokens written per second.
    pub decode_tps: f64,
}

impl Speed {
    /// Seconds until a typical turn's first words: its [`TURN_PROMPT_TOKENS`] evaluated at
    /// the measured prompt rate, then one token written at the measured writing rate. (The
    /// rates come from the same run; a model with a draft evaluates the prompt in both, and
    /// its measured prompt rate includes that.)
    pub fn first_words_secs(&self) -> f64 {
        TURN_PROMPT_TOKENS / self.prompt_tps + 1.0 / self.decode_tps
    }

    /// Why this speed is not usable here, or `None` when it is: too slow a writer first,
    /// then too late a start.
    pub fn shortfall(&self) -> Option<Verdict> {
        if self.decode_tps.is_nan() || self.decode_tps < MIN_DECODE_TPS {
            Some(Verdict::TooSlow)
        } else if self.first_words_secs().is_nan() || self.first_words_secs() > MAX_FIRST_WORDS_SECS
        {
            Some(Verdict::LateFirstWords)
        } else {
            None
        }
    }

    /// Whether a student can use a model this fast ([`MIN_DECODE_TPS`] and
    /// [`MAX_FIRST_WORDS_SECS`]).
    pub fn usable(&self) -> bool {
        self.shortfall().is_none()
    }
}

/// A model that could run.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// Which model.
    pub key: ModelKey,
    /// Whether its file (and its draft's) is on this machine.
    pub present: bool,
    /// Mean eval score in percent (manifest); `None` for models nobody measured.
    pub eval_score: Option<f64>,
    /// Whether the manifest makes it the writer (`"writer": true`): known to write better
    /// than the others, so ranked first.
    pub writer: bool,
    /// Estimated memory when loaded as it runs (its draft's included when it runs with
    /// it), in bytes.
    pub ram_bytes: u64,
    /// Speed measured on this machine with the configured threads, as it runs (the faster
    /// of alone and with its draft, [`super::Pairing::speed`]).
    pub speed: Option<Speed>,
}

impl Candidate {
    /// What it is ranked by: the writer first, then the mean eval score; `None` cannot
    /// be ranked. The evals' "turns passing every check" score the loops' rules, which the
    /// code keeps whatever the model; they put the writer within a point or two of the
    /// 0.5B either way (77.0 against 78.3 %), while reading what each wrote puts the
    /// writer well ahead (its kept tutor sentences 2 wrong of 18, the 0.5B's 8 of 20;
    /// docs/performance.md) — so its role ranks it, not the mean.
    fn rank(&self) -> Option<f64> {
        match self.writer {
            true => Some(f64::INFINITY),
            false => self.eval_score,
        }
    }
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
    /// A better model passed every test and runs.
    LowerScore,
    /// Needs more than [`MAX_RAM_SHARE`] of the memory.
    TooBig,
    /// Measured below [`MIN_DECODE_TPS`].
    TooSlow,
    /// Writes fast enough, but a typical turn's first words would take longer than
    /// [`MAX_FIRST_WORDS_SECS`].
    LateFirstWords,
    /// Ranked above the choice but not measured yet.
    NotMeasured,
    /// No eval results and not the writer, so it cannot be ranked (imported models).
    NoEvals,
    /// Its file is not on this machine.
    Missing,
}

/// Why the chosen model is the choice.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ChoiceReason {
    /// The best model that fits and is usable here.
    Best {
        /// Its mean eval score in percent (`None`: the writer, ranked by its role).
        score: Option<f64>,
        /// Its measured speed.
        speed: Speed,
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
        .map(|c| match (c.present, c.rank()) {
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
        b.rank()
            .unwrap_or(0.0)
            .total_cmp(&a.rank().unwrap_or(0.0))
            .then(a.ram_bytes.cmp(&b.ram_bytes))
    });
    let mut chosen = None;
    let mut measure_next = None;
    for &i in &ranked {
        let verdict = match (chosen, candidates[i].speed) {
            (Some(_), _) => Verdict::LowerScore,
            (None, None) => {
                measure_next.get_or_insert(i);
                Verdict::NotMeasured
            }
            (None, Some(speed)) => speed.shortfall().unwrap_or_else(|| {
                chosen = Some(i);
                Verdict::Chosen
            }),
        };
        verdicts[i] = Some(verdict);
    }
    let reason = match chosen.and_then(|i| Some((i, candidates[i].speed?))) {
        Some((i, speed)) => ChoiceReason::Best {
            score: candidates[i].eval_score,
            speed,
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
            c.present && c.rank().is_some() && fits_memory(c.ram_bytes, machine)
        })
        .min_by_key(|&i| candidates[i].ram_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GB: u64 = 1 << 30;
    const LAPTOP: Machine = Machine { total_ram: 8 * GB };
    /// Fast enough in both respects: 0.2 s to first words, 50 tokens/s.
    const FAST: Speed = Speed {
        prompt_tps: 1000.0,
        decode_tps: 50.0,
    };

    fn model(name: &str, score: f64, ram: u64, speed: Option<Speed>) -> Candidate {
        Candidate {
            key: ModelKey::Pack(name.into()),
            present: true,
            eval_score: Some(score),
            writer: false,
            ram_bytes: ram,
            speed,
        }
    }

    fn writer(score: Option<f64>, speed: Option<Speed>) -> Candidate {
        Candidate {
            eval_score: score,
            writer: true,
            ..model("writer", 0.0, 2 * GB, speed)
        }
    }

    fn speed(prompt_tps: f64, decode_tps: f64) -> Option<Speed> {
        Some(Speed {
            prompt_tps,
            decode_tps,
        })
    }

    fn verdict(choice: &Choice, name: &str) -> Verdict {
        choice
            .verdicts
            .iter()
            .find(|(k, _)| *k == ModelKey::Pack(name.into()))
            .map(|(_, v)| *v)
            .expect("a verdict per candidate")
    }

    fn chosen(choice: &Choice) -> Option<&str> {
        match &choice.chosen {
            Some(ModelKey::Pack(name)) => Some(name),
            _ => None,
        }
    }

    #[test]
    fn the_best_mean_eval_among_usable_models_wins() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(FAST)),
                model("big", 86.0, GB, speed(500.0, 20.0)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("big"));
        assert_eq!(
            choice.reason,
            ChoiceReason::Best {
                score: Some(86.0),
                speed: Speed {
                    prompt_tps: 500.0,
                    decode_tps: 20.0
                }
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
                model("small", 80.0, GB / 4, Some(FAST)),
                model("huge", 95.0, too_big, Some(FAST)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(verdict(&choice, "huge"), Verdict::TooBig);
    }

    #[test]
    fn a_model_writing_slower_than_the_floor_is_too_slow() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(FAST)),
                model("big", 86.0, GB, speed(1000.0, MIN_DECODE_TPS - 0.1)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(verdict(&choice, "big"), Verdict::TooSlow);
    }

    #[test]
    fn a_model_whose_first_words_come_too_late_is_left() {
        // Writes at 20 tokens/s, but evaluates the turn's prompt at 80 tokens/s: 2.55 s.
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(FAST)),
                model("big", 86.0, GB, speed(80.0, 20.0)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(verdict(&choice, "big"), Verdict::LateFirstWords);
    }

    #[test]
    fn first_words_are_the_turn_prompt_at_the_prompt_rate_then_one_token() {
        let qwen_0_5b = Speed {
            prompt_tps: 124.0,
            decode_tps: 31.7,
        };
        let expected = TURN_PROMPT_TOKENS / 124.0 + 1.0 / 31.7;
        assert!((qwen_0_5b.first_words_secs() - expected).abs() < 1e-9);
        assert!(qwen_0_5b.usable(), "today's choice here stays usable");
        let just_late = Speed {
            prompt_tps: TURN_PROMPT_TOKENS / (MAX_FIRST_WORDS_SECS - 0.1),
            decode_tps: MIN_DECODE_TPS,
        };
        assert_eq!(just_late.shortfall(), Some(Verdict::LateFirstWords));
        let broken = Speed {
            prompt_tps: 0.0,
            decode_tps: f64::NAN,
        };
        assert_eq!(broken.shortfall(), Some(Verdict::TooSlow));
    }

    #[test]
    fn the_writer_without_eval_results_ranks_first() {
        let choice = choose(
            &[
                model("small", 99.0, GB / 4, Some(FAST)),
                writer(None, speed(150.0, 9.0)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("writer"));
        assert!(matches!(
            choice.reason,
            ChoiceReason::Best { score: None, .. }
        ));
        assert_eq!(verdict(&choice, "small"), Verdict::LowerScore);
    }

    #[test]
    fn the_writer_ranks_first_even_with_a_lower_eval_mean() {
        let choice = choose(
            &[
                model("small", 90.0, GB / 4, Some(FAST)),
                writer(Some(88.0), Some(FAST)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("writer"));
        assert_eq!(verdict(&choice, "small"), Verdict::LowerScore);
    }

    #[test]
    fn the_pack_runs_the_writer_else_the_0_5b_else_smollm2() {
        let pack = |writer_speed, qwen_speed| {
            choose(
                &[
                    model("smollm2", 80.6, GB / 4, speed(235.0, 68.3)),
                    model("qwen-0.5b", 86.7, 3 * GB / 4, qwen_speed),
                    writer(None, writer_speed),
                ],
                LAPTOP,
            )
        };
        let here = speed(124.0, 31.7);
        assert_eq!(chosen(&pack(speed(150.0, 9.1), here)), Some("writer"));
        let slow_writer = pack(speed(45.0, 12.0), here);
        assert_eq!(chosen(&slow_writer), Some("qwen-0.5b"));
        assert_eq!(verdict(&slow_writer, "writer"), Verdict::LateFirstWords);
        let slow_both = pack(speed(45.0, 4.2), speed(124.0, 7.0));
        assert_eq!(chosen(&slow_both), Some("smollm2"));
        assert_eq!(verdict(&slow_both, "writer"), Verdict::TooSlow);
        assert_eq!(verdict(&slow_both, "qwen-0.5b"), Verdict::TooSlow);
    }

    #[test]
    fn a_better_unmeasured_model_is_measured_next_while_the_best_known_runs() {
        let choice = choose(
            &[
                model("small", 80.0, GB / 4, Some(FAST)),
                model("big", 86.0, GB, None),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
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
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(choice.reason, ChoiceReason::Smallest);
        assert_eq!(choice.measure_next, Some(ModelKey::Pack("big".into())));
    }

    #[test]
    fn when_every_model_is_too_slow_the_smallest_still_runs() {
        let choice = choose(
            &[
                model("big", 86.0, GB, speed(1000.0, 3.0)),
                model("small", 80.0, GB / 4, speed(1000.0, 6.0)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(choice.reason, ChoiceReason::Smallest);
        assert_eq!(verdict(&choice, "big"), Verdict::TooSlow);
    }

    #[test]
    fn missing_files_and_unranked_imports_are_never_chosen_automatically() {
        let mut missing = model("missing", 99.0, GB / 8, Some(FAST));
        missing.present = false;
        let imported = Candidate {
            key: ModelKey::Imported(1),
            eval_score: None,
            ..model("imported", 0.0, GB / 8, Some(FAST))
        };
        let choice = choose(
            &[missing, imported, model("small", 80.0, GB / 4, Some(FAST))],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
        assert_eq!(verdict(&choice, "missing"), Verdict::Missing);
        assert_eq!(choice.verdicts[1].1, Verdict::NoEvals);
    }

    #[test]
    fn a_machine_too_small_for_every_model_runs_nothing() {
        let choice = choose(
            &[model("small", 80.0, GB / 4, Some(FAST))],
            Machine { total_ram: GB / 4 },
        );
        assert_eq!(choice.chosen, None);
        assert_eq!(choice.reason, ChoiceReason::Nothing);
    }

    #[test]
    fn equal_scores_prefer_the_smaller_model() {
        let choice = choose(
            &[
                model("big", 80.0, GB, Some(FAST)),
                model("small", 80.0, GB / 4, Some(FAST)),
            ],
            LAPTOP,
        );
        assert_eq!(chosen(&choice), Some("small"));
    }
}
