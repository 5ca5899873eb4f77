//! The only ways a student's record changes through evidence (spec 001, EPICs E–F):
//! a graded drill (counters, streak, confusion tags) and an exam event (a submitted
//! answer or a support view: touched questions, the revisit queue, passes per tier,
//! mastery and re-checks). The model's opinions never come here.

use super::mastery::{due_recheck, recompute_mastery};
use super::snapshot::{RevisitEntry, StudentSnapshot};
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a piece of evidence changed, for the timeline and the log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct EvidenceEffect {
    /// The unit's mastery tier rose.
    pub tier_rose: bool,
    /// The attempt was the unit's due re-check.
    pub was_recheck: bool,
    /// A failed re-check flagged the unit for review.
    pub flagged_for_review: bool,
}

/// Records a graded drill on `unit` (B1, B2): attempts, correct answers and the streak;
/// a wrong answer's tag, when there is one, counts in the confusion tags — nowhere else
/// adds tags. The unit is touched and becomes the focus; mastery is recomputed (the
/// streak may complete bronze readiness after an earlier pass).
pub fn record_drill_grade(
    snapshot: &mut StudentSnapshot,
    unit: &str,
    correct: bool,
    tag: Option<&str>,
    now: DateTime<Utc>,
) -> EvidenceEffect {
    snapshot.touch(unit, now);
    let progress = snapshot.unit_progress.entry(unit.to_string()).or_default();
    progress.drill.attempts += 1;
    if correct {
        progress.drill.correct += 1;
        progress.drill.streak_correct += 1;
    } else {
        progress.drill.streak_correct = 0;
        if let Some(tag) = tag {
            *progress.confusion_tags.entry(tag.to_string()).or_default() += 1;
        }
    }
    EvidenceEffect {
        tier_rose: recompute_mastery(progress, now),
        ..EvidenceEffect::default()
    }
}

/// An exam event on one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExamEvent<'a> {
    /// The unit credited.
    pub unit: &'a str,
    /// The question.
    pub question_id: &'a str,
    /// Its tier.
    pub tier: Tier,
    /// When it happened.
    pub now: DateTime<Utc>,
}

/// Records a submitted answer (C1, C2). Correct: the tier's passes grow, the question
/// leaves the revisit queue and mastery is recomputed; a pass at the due re-check's tier
/// completes the re-check and clears a review flag. Incorrect: the question joins the
/// revisit queue (the exam service locks it); failing the due re-check flags the unit
/// for review and keeps its tier.
pub fn record_exam_answer(
    snapshot: &mut StudentSnapshot,
    event: ExamEvent<'_>,
    correct: bool,
) -> EvidenceEffect {
    snapshot.touch(event.unit, event.now);
    snapshot
        .exam_touched
        .insert(event.question_id.to_string(), true);
    let progress = snapshot
        .unit_progress
        .entry(event.unit.to_string())
        .or_default();
    let recheck = due_recheck(Some(progress), event.now).filter(|r| r.tier == event.tier);
    let mut effect = EvidenceEffect {
        was_recheck: recheck.is_some(),
        ..EvidenceEffect::default()
    };
    if correct {
        match event.tier {
            Tier::Bronze => progress.exam.passed_by_tier.bronze += 1,
            Tier::Silver => progress.exam.passed_by_tier.silver += 1,
            Tier::Gold => progress.exam.passed_by_tier.gold += 1,
        }
        if recheck.is_some() {
            progress.recheck = None;
            progress.needs_review = false;
        }
        effect.tier_rose = recompute_mastery(progress, event.now);
        snapshot.revisit_queue.remove(event.question_id);
    } else {
        if recheck.is_some() {
            progress.recheck = None;
            progress.needs_review = true;
            effect.flagged_for_review = true;
        }
        queue_revisit(snapshot, event);
    }
    effect
}

/// Records a memo or video view (PV-AI-016): the question is touched and, unless
/// `already_passed`, joins the revisit queue (the exam service locks it).
pub fn record_support_view(
    snapshot: &mut StudentSnapshot,
    event: ExamEvent<'_>,
    already_passed: bool,
) {
    snapshot.touch(event.unit, event.now);
    snapshot
        .exam_touched
        .insert(event.question_id.to_string(), true);
    if !already_passed {
        queue_revisit(snapshot, event);
    }
}

fn queue_revisit(snapshot: &mut StudentSnapshot, event: ExamEvent<'_>) {
    snapshot.revisit_queue.insert(
        event.question_id.to_string(),
        RevisitEntry {
            unit_id: event.unit.to_string(),
            tier: event.tier,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::MasteryTier;
    use chrono::Duration;

    fn at(day: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-{day:02}T10:00:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn fresh() -> StudentSnapshot {
        StudentSnapshot::new("1", "c", "U", at(1))
    }

    fn exam(q: &'static str, tier: Tier, day: u32) -> ExamEvent<'static> {
        ExamEvent {
            unit: "U",
            question_id: q,
            tier,
            now: at(day),
        }
    }

    #[test]
    fn b1_a_correct_drill_counts_and_leaves_tags_alone() {
        let mut s = fresh();
        record_drill_grade(&mut s, "U", true, Some("ignored"), at(1));
        let p = s.progress("U").unwrap();
        assert_eq!(
            (p.drill.attempts, p.drill.correct, p.drill.streak_correct),
            (1, 1, 1)
        );
        assert!(p.confusion_tags.is_empty());
    }

    #[test]
    fn b2_a_wrong_drill_resets_the_streak_and_counts_its_tag() {
        let mut s = fresh();
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_drill_grade(&mut s, "U", false, Some("sign_error"), at(1));
        record_drill_grade(&mut s, "U", false, Some("sign_error"), at(1));
        record_drill_grade(&mut s, "U", false, None, at(1));
        let p = s.progress("U").unwrap();
        assert_eq!((p.drill.attempts, p.drill.streak_correct), (4, 0));
        assert_eq!(p.confusion_tags["sign_error"], 2);
        assert_eq!(p.confusion_tags.len(), 1);
    }

    #[test]
    fn c1_a_pass_counts_leaves_the_revisit_queue_and_may_raise_the_tier() {
        let mut s = fresh();
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_exam_answer(&mut s, exam("Q1", Tier::Bronze, 1), false);
        assert!(s.revisit_queue.contains_key("Q1"));
        let effect = record_exam_answer(&mut s, exam("Q1", Tier::Bronze, 2), true);
        assert!(effect.tier_rose);
        assert_eq!(s.mastery("U"), MasteryTier::Bronze);
        assert!(!s.revisit_queue.contains_key("Q1"));
        assert_eq!(s.exam_touched.get("Q1"), Some(&true));
    }

    #[test]
    fn c2_a_wrong_answer_or_a_support_view_queues_a_revisit() {
        let mut s = fresh();
        record_exam_answer(&mut s, exam("Q1", Tier::Silver, 1), false);
        record_support_view(&mut s, exam("Q2", Tier::Bronze, 1), false);
        record_support_view(&mut s, exam("Q3", Tier::Bronze, 1), true);
        assert_eq!(s.revisit_queue["Q1"].tier, Tier::Silver);
        assert!(s.revisit_queue.contains_key("Q2"));
        assert!(!s.revisit_queue.contains_key("Q3"));
        assert_eq!(s.exam_touched.len(), 3);
    }

    #[test]
    fn a_pass_without_drill_readiness_waits_for_the_streak() {
        let mut s = fresh();
        record_exam_answer(&mut s, exam("Q1", Tier::Bronze, 1), true);
        assert_eq!(s.mastery("U"), MasteryTier::None);
        record_drill_grade(&mut s, "U", true, None, at(1));
        let effect = record_drill_grade(&mut s, "U", true, None, at(1));
        assert!(effect.tier_rose);
        assert_eq!(s.mastery("U"), MasteryTier::Bronze);
    }

    #[test]
    fn a_failed_recheck_flags_review_and_keeps_the_tier() {
        let mut s = fresh();
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_exam_answer(&mut s, exam("Q1", Tier::Bronze, 1), true);
        let due = s.progress("U").unwrap().recheck.unwrap().due_at;
        assert_eq!(due, at(1) + Duration::days(7));
        let effect = record_exam_answer(&mut s, exam("Q2", Tier::Bronze, 8), false);
        assert!(effect.was_recheck && effect.flagged_for_review);
        let p = s.progress("U").unwrap();
        assert!(p.needs_review && p.recheck.is_none());
        assert_eq!(p.mastery_tier, MasteryTier::Bronze);
    }

    #[test]
    fn a_passed_recheck_clears_it() {
        let mut s = fresh();
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_drill_grade(&mut s, "U", true, None, at(1));
        record_exam_answer(&mut s, exam("Q1", Tier::Bronze, 1), true);
        let effect = record_exam_answer(&mut s, exam("Q2", Tier::Bronze, 9), true);
        assert!(effect.was_recheck);
        let p = s.progress("U").unwrap();
        assert!(p.recheck.is_none() && !p.needs_review);
    }
}
