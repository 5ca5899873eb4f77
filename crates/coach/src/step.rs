//! The seven Toulmin steps, in the order the coach works through them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::str::FromStr;

/// One element of a Toulmin argument; the coach fills them in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub enum ToulminStep {
    /// The position argued for.
    Claim,
    /// The evidence for the claim.
    Grounds,
    /// Why the grounds support the claim.
    Warrant,
    /// Support for the grounds (sources, reliability).
    GroundsBacking,
    /// Support for the warrant.
    WarrantBacking,
    /// How strongly the claim is made.
    Qualifier,
    /// When the claim would not hold.
    Rebuttal,
}

impl ToulminStep {
    /// Every step, in order.
    pub const ALL: [Self; 7] = [
        Self::Claim,
        Self::Grounds,
        Self::Warrant,
        Self::GroundsBacking,
        Self::WarrantBacking,
        Self::Qualifier,
        Self::Rebuttal,
    ];

    /// Position in [`Self::ALL`].
    pub fn index(self) -> usize {
        Self::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    /// The step after this one (`None` after the rebuttal).
    pub fn next(self) -> Option<Self> {
        Self::ALL.get(self.index() + 1).copied()
    }

    /// The wire name, e.g. `groundsBacking`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Claim => "claim",
            Self::Grounds => "grounds",
            Self::Warrant => "warrant",
            Self::GroundsBacking => "groundsBacking",
            Self::WarrantBacking => "warrantBacking",
            Self::Qualifier => "qualifier",
            Self::Rebuttal => "rebuttal",
        }
    }
}

impl FromStr for ToulminStep {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|step| step.as_str() == s)
            .ok_or_else(|| format!("unknown Toulmin step {s:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_run_in_the_spec_order_and_end_at_the_rebuttal() {
        let mut walked = vec![ToulminStep::Claim];
        while let Some(next) = walked.last().and_then(|s| s.next()) {
            walked.push(next);
        }
        assert_eq!(walked, ToulminStep::ALL);
        assert_eq!(ToulminStep::Rebuttal.next(), None);
    }

    #[test]
    fn wire_names_round_trip() {
        for step in ToulminStep::ALL {
            assert_eq!(step.as_str().parse::<ToulminStep>(), Ok(step));
            assert_eq!(
                serde_json::to_string(&step).unwrap(),
                format!("\"{}\"", step.as_str())
            );
        }
        assert!("backing".parse::<ToulminStep>().is_err());
    }
}
