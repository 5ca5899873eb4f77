//! The deterministic policy (spec 001, PV-AI-009): what the tutor may do this turn,
//! from the snapshot, the prerequisite graph, the message's mapped units and the exam
//! service. Computed every turn, never stored (the turn log keeps a copy).

use super::candidates::{by_confidence, scoped_unit_ids, ScopeInputs, MAX_SCOPED_UNITS};
use super::contract::{ExamAvailability, MasteryTier, TutorAction};
use super::dag::LearningPathGraph;
use super::exam::ExamAvail;
use super::mastery::{due_recheck, DRILL_READY_STREAK};
use super::snapshot::{MappedUnit, StudentSnapshot, UnitProgress};
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Lowest mapped confidence that makes a unit the primary target.
pub const TARGET_CONFIDENCE: f64 = 0.55;
/// Lowest mapped confidence that makes a unit worth naming in a clarifying question,
/// when no unit reaches [`TARGET_CONFIDENCE`] (A3).
pub const CLARIFY_CONFIDENCE: f64 = 0.25;
pub use lantern_packs::course::{MAX_CONCEPT_WORDS, MAX_KEY_IDEAS};
/// Most steps of a drill.
pub const DRILL_MAX_STEPS: usize = 2;

/// Small limits that keep answers short.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PolicyConstraints {
    /// Longest concept card, in words.
    pub max_concept_words: u32,
    /// Most worked examples on a concept card.
    pub max_worked_examples: u32,
    /// Most steps of a drill.
    pub drill_max_steps: u32,
}

impl Default for PolicyConstraints {
    fn default() -> Self {
        Self {
            max_concept_words: MAX_CONCEPT_WORDS as u32,
            max_worked_examples: 1,
            drill_max_steps: DRILL_MAX_STEPS as u32,
        }
    }
}

/// The guardrails of one turn (PV-AI-001 §1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct TutorPolicy {
    /// Unique per turn.
    pub turn_id: String,
    /// The unit tutored now.
    pub focus_unit_id: String,
    /// What the student most likely asked about.
    pub primary_target_unit_id: String,
    /// The missing prerequisite to address first.
    pub prereq_blocking_unit_id: Option<String>,
    /// The units the answer may reference or target.
    pub scoped_unit_ids: Vec<String>,
    /// The only actions the answer may take.
    pub allowed_actions: Vec<TutorAction>,
    /// Drill evidence says the student is stuck on the focus unit.
    pub stuck: bool,
    /// Prerequisites met and drill readiness reached.
    pub exam_ready: bool,
    /// The tier to progress to.
    pub desired_exam_tier: Tier,
    /// Whether a question at that tier can be attempted now.
    pub exam_availability: ExamAvailability,
    /// When a locked question opens again, if all are locked (RFC 3339).
    pub next_eligible_at: Option<String>,
    /// Output limits.
    pub constraints: PolicyConstraints,
}

/// Stuck by evidence: two or more drill attempts and no correct answer in a row.
pub fn is_stuck_by_evidence(progress: Option<&UnitProgress>) -> bool {
    progress.is_some_and(|p| p.drill.attempts >= 2 && p.drill.streak_correct == 0)
}

/// The tier to aim for next: none → bronze, bronze → silver, silver or gold → gold.
pub fn desired_exam_tier(mastery: MasteryTier) -> Tier {
    match mastery {
        MasteryTier::None => Tier::Bronze,
        MasteryTier::Bronze => Tier::Silver,
        MasteryTier::Silver | MasteryTier::Gold => Tier::Gold,
    }
}

/// The part of the policy that needs no exam service: who is tutored and why.
#[derive(Debug, Clone, PartialEq)]
pub struct PolicyBase {
    /// What the student most likely asked about.
    pub primary_target_unit_id: String,
    /// The first missing prerequisite of the target.
    pub prereq_blocking_unit_id: Option<String>,
    /// The blocker, else the target.
    pub focus_unit_id: String,
    /// Stuck on the focus unit.
    pub stuck: bool,
    /// The focus unit's next tier.
    pub desired_exam_tier: Tier,
    /// Prerequisites met, streak ≥ 2, nothing blocking.
    pub exam_ready: bool,
}

/// The target, blocker, focus, stuck, desired tier and exam readiness: the primary
/// target is the top mapped unit when its confidence is at least 0.55, else the
/// snapshot's focus; its first unmastered prerequisite blocks and becomes the focus.
/// A re-check due at `now` on the focus asks for its tier and needs no new streak.
pub fn policy_base(
    snapshot: &StudentSnapshot,
    dag: &LearningPathGraph,
    mapped: &[MappedUnit],
    now: DateTime<Utc>,
) -> PolicyBase {
    let primary_target_unit_id = by_confidence(mapped)
        .into_iter()
        .find(|m| m.confidence >= TARGET_CONFIDENCE && dag.contains(&m.unit_id))
        .map_or_else(|| snapshot.focus_unit_id.clone(), |m| m.unit_id);
    let mastery = |u: &str| snapshot.mastery(u);
    let prereq_blocking_unit_id = dag
        .missing_prereqs(&primary_target_unit_id, mastery)
        .into_iter()
        .next();
    let focus_unit_id = prereq_blocking_unit_id
        .clone()
        .unwrap_or_else(|| primary_target_unit_id.clone());
    let focus = snapshot.progress(&focus_unit_id);
    let streak = focus.map_or(0, |p| p.drill.streak_correct);
    let recheck = due_recheck(focus, now);
    let exam_ready = !dag.is_blocked(&focus_unit_id, mastery)
        && (streak >= DRILL_READY_STREAK || recheck.is_some())
        && prereq_blocking_unit_id.is_none();
    PolicyBase {
        stuck: is_stuck_by_evidence(focus),
        desired_exam_tier: recheck.map_or_else(
            || desired_exam_tier(snapshot.mastery(&focus_unit_id)),
            |r| r.tier,
        ),
        exam_ready,
        primary_target_unit_id,
        prereq_blocking_unit_id,
        focus_unit_id,
    }
}

/// The allowed actions: a Socratic question and a drill always; a concept card when
/// stuck; an exam block when exam-ready and a question is available.
pub fn allowed_actions(base: &PolicyBase, availability: ExamAvailability) -> Vec<TutorAction> {
    let mut actions = vec![TutorAction::SocraticQuestion, TutorAction::DrillCard];
    if base.stuck {
        actions.push(TutorAction::ConceptCard);
    }
    if base.exam_ready && availability == ExamAvailability::Available {
        actions.push(TutorAction::ExamBlock);
    }
    actions
}

/// The whole policy of turn `turn_id`, with the exam service's answer (`none` when not
/// exam-ready: it is only asked then).
pub fn compute_policy(
    turn_id: &str,
    snapshot: &StudentSnapshot,
    dag: &LearningPathGraph,
    mapped: &[MappedUnit],
    base: PolicyBase,
    exam: &ExamAvail,
) -> TutorPolicy {
    let availability = if base.exam_ready {
        exam.availability
    } else {
        ExamAvailability::None
    };
    let scoped = scoped_unit_ids(
        &ScopeInputs {
            focus_unit_id: &base.focus_unit_id,
            primary_target_unit_id: &base.primary_target_unit_id,
            prereq_blocking_unit_id: base.prereq_blocking_unit_id.as_deref(),
            mapped,
            units_in_progress: &snapshot.units_in_progress,
            max_scoped: MAX_SCOPED_UNITS,
        },
        |u| dag.prereqs(u).to_vec(),
    );
    TutorPolicy {
        turn_id: turn_id.to_string(),
        allowed_actions: allowed_actions(&base, availability),
        focus_unit_id: base.focus_unit_id,
        primary_target_unit_id: base.primary_target_unit_id,
        prereq_blocking_unit_id: base.prereq_blocking_unit_id,
        scoped_unit_ids: scoped,
        stuck: base.stuck,
        exam_ready: base.exam_ready,
        desired_exam_tier: base.desired_exam_tier,
        exam_availability: availability,
        next_eligible_at: (availability == ExamAvailability::Locked)
            .then(|| exam.next_eligible_at.map(|t| t.to_rfc3339()))
            .flatten(),
        constraints: PolicyConstraints::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::course::Edge;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-03-01T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    /// A0 → A1 → A2, entry A0.
    fn dag() -> LearningPathGraph {
        let edges = [("A0", "A1"), ("A1", "A2")]
            .iter()
            .map(|(f, t)| Edge {
                from: f.to_string(),
                to: t.to_string(),
            })
            .collect::<Vec<_>>();
        LearningPathGraph::new("A0", ["A0", "A1", "A2"].map(String::from).to_vec(), &edges)
    }

    fn snapshot() -> StudentSnapshot {
        StudentSnapshot::new("1", "c", "A0", now())
    }

    fn mapped(unit: &str, confidence: f64) -> Vec<MappedUnit> {
        vec![MappedUnit {
            unit_id: unit.into(),
            confidence,
        }]
    }

    fn with(snapshot: &mut StudentSnapshot, unit: &str, f: impl FnOnce(&mut UnitProgress)) {
        f(snapshot.unit_progress.entry(unit.into()).or_default());
    }

    fn none() -> ExamAvail {
        ExamAvail {
            availability: ExamAvailability::None,
            candidate_ids: vec![],
            next_eligible_at: None,
        }
    }

    #[test]
    fn a_confident_mapping_is_the_primary_target() {
        let mut s = snapshot();
        with(&mut s, "A0", |p| p.mastery_tier = MasteryTier::Bronze);
        let base = policy_base(&s, &dag(), &mapped("A1", 0.55), now());
        assert_eq!(base.primary_target_unit_id, "A1");
        assert_eq!(base.focus_unit_id, "A1");
    }

    #[test]
    fn a_weak_mapping_keeps_the_snapshot_focus() {
        let base = policy_base(&snapshot(), &dag(), &mapped("A2", 0.54), now());
        assert_eq!(base.primary_target_unit_id, "A0");
        assert_eq!(base.prereq_blocking_unit_id, None);
    }

    #[test]
    fn the_first_missing_prereq_blocks_and_becomes_the_focus() {
        let base = policy_base(&snapshot(), &dag(), &mapped("A2", 0.9), now());
        assert_eq!(base.primary_target_unit_id, "A2");
        assert_eq!(base.prereq_blocking_unit_id.as_deref(), Some("A1"));
        assert_eq!(base.focus_unit_id, "A1");
    }

    #[test]
    fn stuck_means_two_attempts_and_no_streak() {
        let mut s = snapshot();
        with(&mut s, "A0", |p| p.drill.attempts = 2);
        assert!(policy_base(&s, &dag(), &[], now()).stuck);
        with(&mut s, "A0", |p| p.drill.streak_correct = 1);
        assert!(!policy_base(&s, &dag(), &[], now()).stuck);
        assert!(!is_stuck_by_evidence(None));
    }

    #[test]
    fn the_desired_tier_follows_mastery() {
        assert_eq!(desired_exam_tier(MasteryTier::None), Tier::Bronze);
        assert_eq!(desired_exam_tier(MasteryTier::Bronze), Tier::Silver);
        assert_eq!(desired_exam_tier(MasteryTier::Silver), Tier::Gold);
        assert_eq!(desired_exam_tier(MasteryTier::Gold), Tier::Gold);
    }

    #[test]
    fn exam_ready_needs_prereqs_a_streak_of_two_and_no_blocker() {
        let mut s = snapshot();
        with(&mut s, "A0", |p| p.drill.streak_correct = 2);
        assert!(policy_base(&s, &dag(), &[], now()).exam_ready);
        with(&mut s, "A0", |p| p.drill.streak_correct = 1);
        assert!(!policy_base(&s, &dag(), &[], now()).exam_ready);
        // A1 with a streak but its prerequisite A0 unmastered: blocked, not ready.
        with(&mut s, "A1", |p| p.drill.streak_correct = 3);
        assert!(!policy_base(&s, &dag(), &mapped("A1", 0.9), now()).exam_ready);
    }

    #[test]
    fn socratic_and_drill_are_always_allowed() {
        let p = compute_policy(
            "t",
            &snapshot(),
            &dag(),
            &[],
            policy_base(&snapshot(), &dag(), &[], now()),
            &none(),
        );
        assert_eq!(
            p.allowed_actions,
            [TutorAction::SocraticQuestion, TutorAction::DrillCard]
        );
        assert_eq!(p.exam_availability, ExamAvailability::None);
    }

    #[test]
    fn a_concept_card_is_allowed_only_when_stuck() {
        let mut s = snapshot();
        with(&mut s, "A0", |p| p.drill.attempts = 3);
        let p = compute_policy(
            "t",
            &s,
            &dag(),
            &[],
            policy_base(&s, &dag(), &[], now()),
            &none(),
        );
        assert!(p.allowed_actions.contains(&TutorAction::ConceptCard));
        assert!(p.stuck);
    }

    #[test]
    fn an_exam_block_needs_readiness_and_an_available_question() {
        let mut s = snapshot();
        with(&mut s, "A0", |p| p.drill.streak_correct = 2);
        let available = ExamAvail {
            availability: ExamAvailability::Available,
            candidate_ids: vec!["q".into()],
            next_eligible_at: None,
        };
        let p = compute_policy(
            "t",
            &s,
            &dag(),
            &[],
            policy_base(&s, &dag(), &[], now()),
            &available,
        );
        assert!(p.allowed_actions.contains(&TutorAction::ExamBlock));
        let locked = ExamAvail {
            availability: ExamAvailability::Locked,
            candidate_ids: vec![],
            next_eligible_at: Some(now()),
        };
        let p = compute_policy(
            "t",
            &s,
            &dag(),
            &[],
            policy_base(&s, &dag(), &[], now()),
            &locked,
        );
        assert!(!p.allowed_actions.contains(&TutorAction::ExamBlock));
        assert_eq!(p.exam_availability, ExamAvailability::Locked);
        assert!(p.next_eligible_at.is_some());
        // Not ready: the service's answer is ignored.
        let fresh = snapshot();
        let p = compute_policy(
            "t",
            &fresh,
            &dag(),
            &[],
            policy_base(&fresh, &dag(), &[], now()),
            &available,
        );
        assert!(!p.allowed_actions.contains(&TutorAction::ExamBlock));
    }

    #[test]
    fn the_scope_starts_with_focus_and_blocker() {
        let s = snapshot();
        let m = mapped("A2", 0.9);
        let p = compute_policy(
            "t",
            &s,
            &dag(),
            &m,
            policy_base(&s, &dag(), &m, now()),
            &none(),
        );
        assert_eq!(p.scoped_unit_ids, ["A1", "A2", "A0"]);
        assert_eq!(p.constraints.max_concept_words, 170);
    }

    #[test]
    fn a_due_recheck_asks_for_its_tier_without_a_new_streak() {
        let mut s = snapshot();
        let p = s.unit_progress.entry("A0".into()).or_default();
        p.mastery_tier = MasteryTier::Silver;
        p.recheck = Some(super::super::snapshot::Recheck {
            tier: Tier::Silver,
            due_at: now(),
        });
        let base = policy_base(&s, &dag(), &[], now());
        assert!(base.exam_ready);
        assert_eq!(base.desired_exam_tier, Tier::Silver);
        let before = policy_base(&s, &dag(), &[], now() - chrono::Duration::seconds(1));
        assert!(!before.exam_ready);
        assert_eq!(before.desired_exam_tier, Tier::Gold);
    }
}
