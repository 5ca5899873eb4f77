//! Whether a model that has a draft runs with it: only where it was measured to write
//! faster with it.
//!
//! Speculative decoding pays only where a drafted token costs much less than one of the
//! model's own and the model verifies a batch of them for little more than one token. On a
//! 2-core laptop neither holds: the 0.5B's token costs about as much memory traffic as half
//! the 1.5B's, and verifying n drafted tokens about 1 + 0.5(n − 1) single passes, so the
//! writer drafted by the 0.5B writes slower than alone there (docs/performance.md, *Model
//! speed on this machine*); with more cores or bandwidth it can pay. So a model with a
//! draft is measured both ways on each machine (`ModelLibrary::measure`), and the pair runs
//! only when the worker accepted it, both figures are measured here, the drafted one writes
//! strictly faster, and the two fit the memory with the choice's headroom. Otherwise the
//! model runs alone: the same words (the draft never changes them), in less memory.
//!
//! "Faster" is the writing rate: the draft changes nothing before the first token (the
//! model writes it alone, before the draft reads the prompt), so the two runs differ in
//! what comes after it, and the drafted rate includes the draft's reading of the prompt.

use super::Speed;

/// How a model runs, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum Pairing {
    /// Alone: no installed model can draft for it.
    NoDraft,
    /// Alone: not measured both ways here yet (alone needs less memory).
    NotMeasured,
    /// Alone: the model worker refused the draft (their vocabularies differ).
    Refused,
    /// Alone: measured both ways here, and the draft did not make it write faster.
    NotFaster,
    /// Alone: it writes faster with its draft, but the two do not fit this machine's memory
    /// with the choice's headroom.
    PairTooBig,
    /// With its draft: measured here to write faster with it.
    Drafted,
}

/// What the pairing knows about a model and its draft.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairFacts {
    /// Whether a model can draft for it (`lantern_models`' pairing rule).
    pub has_draft: bool,
    /// Whether the model worker refused that pair.
    pub refused: bool,
    /// Its speed measured here alone.
    pub alone: Option<Speed>,
    /// Its speed measured here with that draft.
    pub drafted: Option<Speed>,
    /// Whether the model and its draft together fit this machine ([`super::fits_memory`]).
    pub pair_fits: bool,
}

impl Pairing {
    /// How the model these facts describe runs (see the module documentation).
    pub fn decide(facts: &PairFacts) -> Self {
        if !facts.has_draft {
            return Self::NoDraft;
        }
        if facts.refused {
            return Self::Refused;
        }
        let (Some(alone), Some(drafted)) = (facts.alone, facts.drafted) else {
            return Self::NotMeasured;
        };
        // `>` is false for NaN: a broken figure never picks the pair.
        let faster = drafted.decode_tps > alone.decode_tps;
        match (faster, facts.pair_fits) {
            (false, _) => Self::NotFaster,
            (true, false) => Self::PairTooBig,
            (true, true) => Self::Drafted,
        }
    }

    /// Whether the model runs with its draft.
    pub fn uses_draft(self) -> bool {
        self == Self::Drafted
    }

    /// The speed it runs at: `drafted` when it runs with its draft, else `alone`.
    pub fn speed(self, alone: Option<Speed>, drafted: Option<Speed>) -> Option<Speed> {
        if self.uses_draft() {
            drafted
        } else {
            alone
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn speed(decode_tps: f64) -> Option<Speed> {
        Some(Speed {
            prompt_tps: 120.0,
            decode_tps,
        })
    }

    /// A model with a draft, accepted, fitting, with these two figures.
    fn facts(alone: Option<Speed>, drafted: Option<Speed>) -> PairFacts {
        PairFacts {
            has_draft: true,
            refused: false,
            alone,
            drafted,
            pair_fits: true,
        }
    }

    #[test]
    fn the_draft_runs_only_where_it_was_measured_to_write_faster() {
        // This 2-core machine: the writer alone 13.1, drafted by the 0.5B 8.2.
        let here = Pairing::decide(&facts(speed(13.1), speed(8.2)));
        assert_eq!(here, Pairing::NotFaster);
        assert!(!here.uses_draft());
        assert_eq!(here.speed(speed(13.1), speed(8.2)), speed(13.1));
        // A machine where the draft pays: the faster figure is the one it runs at.
        let there = Pairing::decide(&facts(speed(9.5), speed(14.0)));
        assert_eq!(there, Pairing::Drafted);
        assert_eq!(there.speed(speed(9.5), speed(14.0)), speed(14.0));
        // A tie is not faster: alone needs less memory.
        assert_eq!(
            Pairing::decide(&facts(speed(10.0), speed(10.0))),
            Pairing::NotFaster
        );
        let broken = Pairing::decide(&facts(speed(10.0), speed(f64::NAN)));
        assert_eq!(broken, Pairing::NotFaster);
    }

    #[test]
    fn until_both_ways_are_measured_the_model_runs_alone() {
        for (alone, drafted) in [(None, None), (speed(12.0), None), (None, speed(14.0))] {
            let pairing = Pairing::decide(&facts(alone, drafted));
            assert_eq!(pairing, Pairing::NotMeasured, "{alone:?} {drafted:?}");
            assert_eq!(pairing.speed(alone, drafted), alone);
        }
    }

    #[test]
    fn a_refused_pair_runs_alone_whatever_was_measured() {
        let refused = PairFacts {
            refused: true,
            ..facts(speed(9.5), speed(14.0))
        };
        assert_eq!(Pairing::decide(&refused), Pairing::Refused);
        assert_eq!(Pairing::Refused.speed(speed(9.5), speed(14.0)), speed(9.5));
    }

    #[test]
    fn a_faster_pair_that_does_not_fit_runs_alone() {
        let big = PairFacts {
            pair_fits: false,
            ..facts(speed(9.5), speed(14.0))
        };
        assert_eq!(Pairing::decide(&big), Pairing::PairTooBig);
    }

    #[test]
    fn a_model_without_a_draft_runs_alone() {
        let none = PairFacts {
            has_draft: false,
            ..facts(speed(9.5), speed(14.0))
        };
        assert_eq!(Pairing::decide(&none), Pairing::NoDraft);
        assert!(!Pairing::NoDraft.uses_draft());
    }
}
