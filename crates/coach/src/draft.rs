//! The argument being built: one text per Toulmin step.

use super::ToulminStep;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The seven fields of a Toulmin argument (empty until written).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ToulminDraft {
    /// The position argued for.
    pub claim: String,
    /// The evidence.
    pub grounds: String,
    /// Why the evidence supports the claim.
    pub warrant: String,
    /// Support for the grounds.
    pub grounds_backing: String,
    /// Support for the warrant.
    pub warrant_backing: String,
    /// How strongly the claim is made.
    pub qualifier: String,
    /// When the claim would not hold.
    pub rebuttal: String,
}

impl ToulminDraft {
    /// The text of `step`.
    pub fn get(&self, step: ToulminStep) -> &str {
        match step {
            ToulminStep::Claim => &self.claim,
            ToulminStep::Grounds => &self.grounds,
            ToulminStep::Warrant => &self.warrant,
            ToulminStep::GroundsBacking => &self.grounds_backing,
            ToulminStep::WarrantBacking => &self.warrant_backing,
            ToulminStep::Qualifier => &self.qualifier,
            ToulminStep::Rebuttal => &self.rebuttal,
        }
    }

    /// Replaces the text of `step`.
    pub fn set(&mut self, step: ToulminStep, text: impl Into<String>) {
        let field = match step {
            ToulminStep::Claim => &mut self.claim,
            ToulminStep::Grounds => &mut self.grounds,
            ToulminStep::Warrant => &mut self.warrant,
            ToulminStep::GroundsBacking => &mut self.grounds_backing,
            ToulminStep::WarrantBacking => &mut self.warrant_backing,
            ToulminStep::Qualifier => &mut self.qualifier,
            ToulminStep::Rebuttal => &mut self.rebuttal,
        };
        *field = text.into();
    }

    /// Whether `step` has non-blank text.
    pub fn is_filled(&self, step: ToulminStep) -> bool {
        !self.get(step).trim().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_step_has_its_own_field() {
        let mut draft = ToulminDraft::default();
        for step in ToulminStep::ALL {
            draft.set(step, step.as_str());
        }
        for step in ToulminStep::ALL {
            assert_eq!(draft.get(step), step.as_str());
        }
        draft.set(ToulminStep::Claim, "  ");
        assert!(!draft.is_filled(ToulminStep::Claim));
        assert!(draft.is_filled(ToulminStep::Rebuttal));
    }
}
