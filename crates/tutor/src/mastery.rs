//! Mastery from hard evidence only (spec 001, PV-AI-014): bronze needs drill readiness
//! (a streak of two) and a bronze pass, silver needs bronze and a silver pass, gold
//! needs silver and a gold pass. A tier once reached is never taken away; a re-check is
//! scheduled a week later at that tier.

use super::contract::MasteryTier;
use super::snapshot::{Recheck, UnitProgress, UnitStatus};
use chrono::{DateTime, Duration, Utc};
use lantern_core::retrieval::Tier;

/// Correct drills in a row that make a unit exam-ready.
pub const DRILL_READY_STREAK: u32 = 2;
/// Days after reaching a tier before its re-check is due.
pub const RECHECK_AFTER_DAYS: i64 = 7;

/// The tier the evidence supports: bronze once held stays met (the drill streak is
/// readiness for the first tier, not a condition to keep it).
pub fn tier_from_evidence(progress: &UnitProgress) -> MasteryTier {
    let passed = progress.exam.passed_by_tier;
    let ready = progress.drill.streak_correct >= DRILL_READY_STREAK;
    let bronze = progress.mastery_tier >= MasteryTier::Bronze || (ready && passed.bronze > 0);
    if !bronze {
        MasteryTier::None
    } else if passed.silver == 0 {
        MasteryTier::Bronze
    } else if passed.gold == 0 {
        MasteryTier::Silver
    } else {
        MasteryTier::Gold
    }
}

/// The exam tier of a mastery tier (`none` has none).
pub fn exam_tier_of(mastery: MasteryTier) -> Option<Tier> {
    match mastery {
        MasteryTier::None => None,
        MasteryTier::Bronze => Some(Tier::Bronze),
        MasteryTier::Silver => Some(Tier::Silver),
        MasteryTier::Gold => Some(Tier::Gold),
    }
}

/// Recomputes the unit's tier at `now`: it only rises; when it rises, a re-check at
/// the new tier is scheduled [`RECHECK_AFTER_DAYS`] later and gold marks the unit
/// mastered. Returns whether the tier rose.
pub fn recompute_mastery(progress: &mut UnitProgress, now: DateTime<Utc>) -> bool {
    let evidence = tier_from_evidence(progress);
    if evidence <= progress.mastery_tier {
        return false;
    }
    progress.mastery_tier = evidence;
    progress.recheck = exam_tier_of(evidence).map(|tier| Recheck {
        tier,
        due_at: now + Duration::days(RECHECK_AFTER_DAYS),
    });
    if evidence == MasteryTier::Gold {
        progress.status = UnitStatus::Mastered;
    }
    true
}

/// The unit's re-check, when it is due at `now`.
pub fn due_recheck(progress: Option<&UnitProgress>, now: DateTime<Utc>) -> Option<Recheck> {
    progress.and_then(|p| p.recheck).filter(|r| r.due_at <= now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(day: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-{day:02}T10:00:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn progress(streak: u32, bronze: u32, silver: u32, gold: u32) -> UnitProgress {
        let mut p = UnitProgress::default();
        p.drill.streak_correct = streak;
        p.exam.passed_by_tier.bronze = bronze;
        p.exam.passed_by_tier.silver = silver;
        p.exam.passed_by_tier.gold = gold;
        p
    }

    #[test]
    fn bronze_needs_a_streak_of_two_and_a_bronze_pass() {
        assert_eq!(tier_from_evidence(&progress(1, 1, 0, 0)), MasteryTier::None);
        assert_eq!(tier_from_evidence(&progress(2, 0, 0, 0)), MasteryTier::None);
        assert_eq!(
            tier_from_evidence(&progress(2, 1, 0, 0)),
            MasteryTier::Bronze
        );
    }

    #[test]
    fn silver_needs_bronze_and_a_silver_pass() {
        assert_eq!(tier_from_evidence(&progress(2, 0, 1, 0)), MasteryTier::None);
        assert_eq!(
            tier_from_evidence(&progress(2, 1, 1, 0)),
            MasteryTier::Silver
        );
    }

    #[test]
    fn gold_needs_silver_and_a_gold_pass() {
        assert_eq!(
            tier_from_evidence(&progress(3, 1, 0, 1)),
            MasteryTier::Bronze
        );
        assert_eq!(tier_from_evidence(&progress(3, 1, 1, 1)), MasteryTier::Gold);
    }

    #[test]
    fn a_tier_only_rises_and_schedules_a_recheck_a_week_later() {
        let mut p = progress(2, 1, 0, 0);
        assert!(recompute_mastery(&mut p, at(1)));
        assert_eq!(p.mastery_tier, MasteryTier::Bronze);
        assert_eq!(
            p.recheck,
            Some(Recheck {
                tier: Tier::Bronze,
                due_at: at(8)
            })
        );
        p.drill.streak_correct = 0;
        assert!(!recompute_mastery(&mut p, at(2)));
        assert_eq!(p.mastery_tier, MasteryTier::Bronze);
    }

    #[test]
    fn a_broken_streak_does_not_stop_silver_once_bronze_is_held() {
        let mut p = progress(0, 1, 1, 0);
        p.mastery_tier = MasteryTier::Bronze;
        assert_eq!(tier_from_evidence(&p), MasteryTier::Silver);
    }

    #[test]
    fn gold_marks_the_unit_mastered() {
        let mut p = progress(2, 1, 1, 1);
        recompute_mastery(&mut p, at(1));
        assert_eq!(p.status, UnitStatus::Mastered);
    }

    #[test]
    fn a_recheck_is_due_from_its_time_on() {
        let mut p = progress(2, 1, 0, 0);
        recompute_mastery(&mut p, at(1));
        assert_eq!(due_recheck(Some(&p), at(7)), None);
        assert!(due_recheck(Some(&p), at(8)).is_some());
        assert_eq!(due_recheck(None, at(8)), None);
    }
}
