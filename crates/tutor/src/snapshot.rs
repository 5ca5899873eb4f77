//! The student's persistent, sparse record per course (spec 001, PV-AI-001 §2 and
//! PV-AI-002): only touched units have progress, only touched questions are marked.

use super::contract::MasteryTier;
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most units kept in `unitsInProgress`, most recent first.
pub const MAX_UNITS_IN_PROGRESS: usize = 5;

/// Where a unit stands for the student.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "snake_case")]
pub enum UnitStatus {
    /// Touched and being worked on.
    #[default]
    InProgress,
    /// Gold mastery reached.
    Mastered,
}

/// Drill evidence counters (graded drills only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrillEvidence {
    /// Drills graded.
    pub attempts: u32,
    /// Drills answered correctly.
    pub correct: u32,
    /// Correct answers in a row, up to the latest.
    pub streak_correct: u32,
}

/// Exam questions passed, per tier.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PassedByTier {
    /// Bronze questions passed.
    pub bronze: u32,
    /// Silver questions passed.
    pub silver: u32,
    /// Gold questions passed.
    pub gold: u32,
}

/// Exam evidence of a unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExamEvidence {
    /// Passes per tier.
    pub passed_by_tier: PassedByTier,
}

/// The evidence and mastery of one touched unit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitProgress {
    /// Where the unit stands.
    pub status: UnitStatus,
    /// Mastery from exam evidence.
    pub mastery_tier: MasteryTier,
    /// When the student last worked on it.
    #[schemars(with = "Option<String>")]
    pub last_touched_at: Option<DateTime<Utc>>,
    /// Drill counters.
    pub drill: DrillEvidence,
    /// Exam counters.
    pub exam: ExamEvidence,
    /// Confusion tags from drill grading only, with counts.
    pub confusion_tags: BTreeMap<String, u32>,
    /// The re-check scheduled after the last tier reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recheck: Option<Recheck>,
    /// A re-check failed: the unit keeps its tier but should be reviewed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub needs_review: bool,
}

/// One exam question at a reached tier, asked again some days later to check the
/// mastery holds (beyond the spec: ASSISTments' reassessment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recheck {
    /// The tier to re-check.
    pub tier: Tier,
    /// When it becomes due.
    #[schemars(with = "String")]
    pub due_at: DateTime<Utc>,
}

/// A question to come back to after its lockout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisitEntry {
    /// The unit the question was attempted for.
    pub unit_id: String,
    /// Its tier.
    pub tier: Tier,
}

/// A unit a message was mapped to, with confidence in 0..1.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct MappedUnit {
    /// The unit's id.
    pub unit_id: String,
    /// Confidence in 0..1.
    pub confidence: f64,
}

/// A unit the student asked about that a missing prerequisite blocks: kept until the
/// blocker changes (issue #33 item 5), so the panel keeps naming both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedAsk {
    /// The unit asked about.
    pub asked_unit_id: String,
    /// The prerequisite it needs first.
    pub blocker_unit_id: String,
}

/// The student's record for one course (stored; one per profile and course).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentSnapshot {
    /// The student (profile id).
    pub student_id: String,
    /// The course.
    pub course_id: String,
    /// The unit being tutored now.
    pub focus_unit_id: String,
    /// Units being worked on, most recent first (at most [`MAX_UNITS_IN_PROGRESS`]).
    pub units_in_progress: Vec<String>,
    /// Evidence of touched units only.
    pub unit_progress: BTreeMap<String, UnitProgress>,
    /// Questions the student interacted with.
    pub exam_touched: BTreeMap<String, bool>,
    /// Questions to revisit, by id.
    pub revisit_queue: BTreeMap<String, RevisitEntry>,
    /// The last unit asked about that a prerequisite blocked.
    #[serde(default)]
    pub blocked_ask: Option<BlockedAsk>,
    /// When the last turn happened.
    #[schemars(with = "String")]
    pub last_turn_at: DateTime<Utc>,
}

impl StudentSnapshot {
    /// A cold-start snapshot: focus on the course's entry unit, nothing touched.
    pub fn new(student_id: &str, course_id: &str, entry_unit: &str, now: DateTime<Utc>) -> Self {
        Self {
            student_id: student_id.into(),
            course_id: course_id.into(),
            focus_unit_id: entry_unit.into(),
            units_in_progress: Vec::new(),
            unit_progress: BTreeMap::new(),
            exam_touched: BTreeMap::new(),
            revisit_queue: BTreeMap::new(),
            blocked_ask: None,
            last_turn_at: now,
        }
    }

    /// The mastery tier of `unit` (`none` when untouched).
    pub fn mastery(&self, unit: &str) -> MasteryTier {
        self.unit_progress
            .get(unit)
            .map_or(MasteryTier::None, |p| p.mastery_tier)
    }

    /// The progress of `unit`, if touched.
    pub fn progress(&self, unit: &str) -> Option<&UnitProgress> {
        self.unit_progress.get(unit)
    }

    /// Records a turn on `focus` at `now`: the unit is touched and moves to the front
    /// of the units in progress.
    pub fn touch(&mut self, focus: &str, now: DateTime<Utc>) {
        self.focus_unit_id = focus.to_string();
        let progress = self.unit_progress.entry(focus.to_string()).or_default();
        progress.last_touched_at = Some(now);
        self.units_in_progress.retain(|u| u != focus);
        self.units_in_progress.insert(0, focus.to_string());
        self.units_in_progress.truncate(MAX_UNITS_IN_PROGRESS);
        self.last_turn_at = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-01-01T{hour:02}:00:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn a_new_snapshot_focuses_the_entry_unit_and_is_sparse() {
        let s = StudentSnapshot::new("1", "c", "U-00", at(0));
        assert_eq!(s.focus_unit_id, "U-00");
        assert!(s.unit_progress.is_empty() && s.units_in_progress.is_empty());
        assert_eq!(s.mastery("U-00"), MasteryTier::None);
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["focusUnitId"], "U-00");
        assert!(json["examTouched"].as_object().unwrap().is_empty());
    }

    #[test]
    fn touching_moves_the_unit_to_the_front_and_caps_the_list() {
        let mut s = StudentSnapshot::new("1", "c", "U-00", at(0));
        for (i, u) in ["a", "b", "c", "d", "e", "f", "b"].iter().enumerate() {
            s.touch(u, at(i as u32 + 1));
        }
        assert_eq!(s.units_in_progress, ["b", "f", "e", "d", "c"]);
        assert_eq!(s.focus_unit_id, "b");
        assert_eq!(s.progress("b").unwrap().last_touched_at, Some(at(7)));
        assert_eq!(s.last_turn_at, at(7));
    }

    #[test]
    fn a_stored_snapshot_round_trips() {
        let mut s = StudentSnapshot::new("1", "c", "U-00", at(0));
        s.touch("U-00", at(3));
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<StudentSnapshot>(&text).unwrap(), s);
    }
}
