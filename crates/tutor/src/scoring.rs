//! Ranking candidate units (spec 001, PV-AI-008): every component normalised to 0..1,
//! then a weighted sum. The spec's sum ends with a dangling `+`; its five weights
//! already add up to 1, so the score is exactly their weighted sum, clamped to 0..1.

use super::contract::MasteryTier;

/// Hours over which recency decays linearly to zero.
pub const RECENCY_WINDOW_HOURS: f64 = 72.0;

/// Weight of intent (mapped confidence and focus).
pub const WEIGHT_INTENT: f64 = 0.35;
/// Weight of recency.
pub const WEIGHT_RECENCY: f64 = 0.15;
/// Weight of being in progress.
pub const WEIGHT_IN_PROGRESS: f64 = 0.15;
/// Weight of the next tier's need.
pub const WEIGHT_TIER_NEED: f64 = 0.20;
/// Weight of drill evidence.
pub const WEIGHT_DRILL: f64 = 0.15;

/// Recency: 1 just touched, falling linearly to 0 at 72 hours; 0 when never touched.
pub fn recency_value(hours_since_touched: f64) -> f64 {
    if !hours_since_touched.is_finite() {
        return 0.0;
    }
    (1.0 - hours_since_touched / RECENCY_WINDOW_HOURS).clamp(0.0, 1.0)
}

/// Mapped confidence, capped to 0..1 (NaN counts as 0).
pub fn mapped_value(confidence: f64) -> f64 {
    if confidence.is_nan() {
        return 0.0;
    }
    confidence.clamp(0.0, 1.0)
}

/// 1 when the unit is in progress, else 0.
pub fn in_progress_value(in_progress: bool) -> f64 {
    if in_progress {
        1.0
    } else {
        0.0
    }
}

/// How urgent the next tier is: none 1.0, bronze 0.7, silver 0.4, gold 0.1.
pub fn tier_need_value(tier: MasteryTier) -> f64 {
    match tier {
        MasteryTier::None => 1.0,
        MasteryTier::Bronze => 0.7,
        MasteryTier::Silver => 0.4,
        MasteryTier::Gold => 0.1,
    }
}

/// Drill streak as evidence: 0 → 0, 1 → 0.5, 2 or more → 1.
pub fn drill_evidence_value(streak_correct: u32) -> f64 {
    match streak_correct {
        0 => 0.0,
        1 => 0.5,
        _ => 1.0,
    }
}

/// What the score of one unit is computed from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PriorityInputs {
    /// Mapped confidence of the message to the unit (0 when not mapped).
    pub mapped_confidence: f64,
    /// Whether it is the snapshot's focus.
    pub is_focus: bool,
    /// Whether it is in progress.
    pub is_in_progress: bool,
    /// Hours since it was last touched (infinite when never).
    pub recency_hours: f64,
    /// Its mastery tier.
    pub mastery_tier: MasteryTier,
    /// Its drill streak.
    pub drill_streak: u32,
}

/// The unit's priority in 0..1: 0.35·intent + 0.15·recency + 0.15·in-progress +
/// 0.20·tier need + 0.15·drill evidence, where intent = 0.7·mapped + 0.3·focus.
pub fn unit_priority_score(x: &PriorityInputs) -> f64 {
    let focus = if x.is_focus { 1.0 } else { 0.0 };
    let intent = 0.7 * mapped_value(x.mapped_confidence) + 0.3 * focus;
    let score = WEIGHT_INTENT * intent
        + WEIGHT_RECENCY * recency_value(x.recency_hours)
        + WEIGHT_IN_PROGRESS * in_progress_value(x.is_in_progress)
        + WEIGHT_TIER_NEED * tier_need_value(x.mastery_tier)
        + WEIGHT_DRILL * drill_evidence_value(x.drill_streak);
    score.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn recency_decays_linearly_over_72_hours() {
        assert!(close(recency_value(0.0), 1.0));
        assert!(close(recency_value(36.0), 0.5));
        assert!(close(recency_value(72.0), 0.0));
        assert!(close(recency_value(500.0), 0.0));
        assert!(close(recency_value(f64::INFINITY), 0.0));
        assert!(close(recency_value(f64::NAN), 0.0));
        assert!(close(recency_value(-5.0), 1.0));
    }

    #[test]
    fn mapped_confidence_is_capped_to_the_unit_interval() {
        assert!(close(mapped_value(0.92), 0.92));
        assert!(close(mapped_value(1.7), 1.0));
        assert!(close(mapped_value(-0.2), 0.0));
        assert!(close(mapped_value(f64::NAN), 0.0));
    }

    #[test]
    fn in_progress_is_one_or_zero() {
        assert!(close(in_progress_value(true), 1.0));
        assert!(close(in_progress_value(false), 0.0));
    }

    #[test]
    fn tier_need_follows_the_spec() {
        assert!(close(tier_need_value(MasteryTier::None), 1.0));
        assert!(close(tier_need_value(MasteryTier::Bronze), 0.7));
        assert!(close(tier_need_value(MasteryTier::Silver), 0.4));
        assert!(close(tier_need_value(MasteryTier::Gold), 0.1));
    }

    #[test]
    fn drill_evidence_maps_the_streak() {
        assert!(close(drill_evidence_value(0), 0.0));
        assert!(close(drill_evidence_value(1), 0.5));
        assert!(close(drill_evidence_value(2), 1.0));
        assert!(close(drill_evidence_value(9), 1.0));
    }

    #[test]
    fn the_weights_sum_to_one_so_a_perfect_unit_scores_one() {
        let sum =
            WEIGHT_INTENT + WEIGHT_RECENCY + WEIGHT_IN_PROGRESS + WEIGHT_TIER_NEED + WEIGHT_DRILL;
        assert!(close(sum, 1.0));
        let best = PriorityInputs {
            mapped_confidence: 1.0,
            is_focus: true,
            is_in_progress: true,
            recency_hours: 0.0,
            mastery_tier: MasteryTier::None,
            drill_streak: 2,
        };
        assert!(close(unit_priority_score(&best), 1.0));
    }

    #[test]
    fn the_score_is_the_weighted_sum_of_the_spec_example() {
        // mapped 0.92, not focus, in progress, 36 h ago, bronze, streak 1.
        let x = PriorityInputs {
            mapped_confidence: 0.92,
            is_focus: false,
            is_in_progress: true,
            recency_hours: 36.0,
            mastery_tier: MasteryTier::Bronze,
            drill_streak: 1,
        };
        let expected = 0.35 * (0.7 * 0.92) + 0.15 * 0.5 + 0.15 + 0.20 * 0.7 + 0.15 * 0.5;
        assert!(close(unit_priority_score(&x), expected));
    }
}
