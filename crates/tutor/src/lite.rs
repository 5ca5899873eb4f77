//! SnapshotLite (spec 001, PV-AI-019): the small summary the right panel shows, so the
//! interface never implements DAG logic.

use super::contract::MasteryTier;
use super::course::TutorCourse;
use super::revisit::{reviews_due, ReviewDue, RevisitItem};
use super::snapshot::StudentSnapshot;
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A unit with its title.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct UnitRef {
    /// The unit.
    pub unit_id: String,
    /// Its title.
    pub title: String,
}

/// The focus unit with its mastery badge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct FocusSummary {
    /// The unit.
    pub unit_id: String,
    /// Its title.
    pub title: String,
    /// Its mastery.
    pub mastery_tier: MasteryTier,
}

/// The revisit queue, summarised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RevisitSummary {
    /// Questions still locked.
    pub locked_count: u32,
    /// Questions of the queue that can be attempted again now.
    pub ready_count: u32,
    /// When the next locked one opens (RFC 3339), if any.
    pub next_eligible_at: Option<String>,
    /// The queue's questions in order: ready first, then by when they open.
    pub questions: Vec<RevisitItem>,
    /// Units whose re-check is due or that a failed re-check flagged ("review due").
    pub reviews_due: Vec<ReviewDue>,
}

/// Mastery across the course: units at each tier or above, of all units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct ProgressSummary {
    /// Units with bronze or better.
    pub bronze: u32,
    /// Units with silver or better.
    pub silver: u32,
    /// Units with gold.
    pub gold: u32,
    /// Units in the course.
    pub total: u32,
}

/// The right panel's summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct SnapshotLite {
    /// What the tutor works on now.
    pub focus: FocusSummary,
    /// What must be learned first, if the focus was reached through a blocker.
    pub prereq_nudge: Option<PrereqNudge>,
    /// Exam questions to revisit.
    pub revisit: RevisitSummary,
    /// Mastery counts.
    pub progress: ProgressSummary,
}

/// The panel's nudge: the unit the student asked about and the prerequisite to master
/// first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PrereqNudge {
    /// The unit asked about.
    pub asked: UnitRef,
    /// The prerequisite it needs first.
    pub blocker: UnitRef,
}

/// The nudge of the student's last blocked question, while a prerequisite still blocks
/// it: the stored blocker, or the next missing one once that is mastered.
fn nudge(snapshot: &StudentSnapshot, course: &TutorCourse) -> Option<PrereqNudge> {
    let ask = snapshot.blocked_ask.as_ref()?;
    let missing = course
        .graph
        .missing_prereqs(&ask.asked_unit_id, |u| snapshot.mastery(u));
    let blocker = missing
        .iter()
        .find(|u| **u == ask.blocker_unit_id)
        .or_else(|| missing.first())?;
    let unit = |id: &str| UnitRef {
        unit_id: id.to_string(),
        title: course.title_of(id),
    };
    Some(PrereqNudge {
        asked: unit(&ask.asked_unit_id),
        blocker: unit(blocker),
    })
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The summary of `snapshot` in `course` at `now`; `blocker` is the last policy's
/// blocking unit and `revisit` the queue in order ([`revisit_order`](super::revisit::revisit_order)).
pub fn snapshot_lite(
    snapshot: &StudentSnapshot,
    course: &TutorCourse,
    revisit: &[RevisitItem],
    now: DateTime<Utc>,
) -> SnapshotLite {
    let focus = &snapshot.focus_unit_id;
    let at_least = |tier: MasteryTier| {
        count(
            course
                .graph
                .units()
                .iter()
                .filter(|u| snapshot.mastery(u) >= tier)
                .count(),
        )
    };
    SnapshotLite {
        focus: FocusSummary {
            unit_id: focus.clone(),
            title: course.title_of(focus),
            mastery_tier: snapshot.mastery(focus),
        },
        prereq_nudge: nudge(snapshot, course),
        revisit: RevisitSummary {
            locked_count: count(revisit.iter().filter(|r| r.eligible_at.is_some()).count()),
            ready_count: count(revisit.iter().filter(|r| r.eligible_at.is_none()).count()),
            next_eligible_at: revisit.iter().find_map(|r| r.eligible_at.clone()),
            questions: revisit.to_vec(),
            reviews_due: reviews_due(snapshot, now),
        },
        progress: ProgressSummary {
            bronze: at_least(MasteryTier::Bronze),
            silver: at_least(MasteryTier::Silver),
            gold: at_least(MasteryTier::Gold),
            total: count(course.graph.units().len()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::retrieval::Tier;
    use lantern_packs::course::{Edge, Unit};

    fn course() -> TutorCourse {
        let unit = |id: &str| Unit {
            id: id.into(),
            title: format!("Title {id}"),
            anchor: String::new(),
            tags: vec![],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        };
        TutorCourse::new(
            "c",
            "C",
            "en",
            "A",
            vec![unit("A"), unit("B"), unit("C")],
            &[Edge {
                from: "B".into(),
                to: "C".into(),
            }],
        )
    }

    #[test]
    fn the_nudge_stays_until_its_blocker_is_mastered() {
        let now = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let mut s = StudentSnapshot::new("1", "c", "A", now);
        s.blocked_ask = Some(crate::snapshot::BlockedAsk {
            asked_unit_id: "C".into(),
            blocker_unit_id: "B".into(),
        });
        let blocker = |s: &StudentSnapshot| {
            snapshot_lite(s, &course(), &[], now)
                .prereq_nudge
                .map(|n| n.blocker.unit_id)
        };
        assert_eq!(blocker(&s).as_deref(), Some("B"));
        let nudge = snapshot_lite(&s, &course(), &[], now).prereq_nudge.unwrap();
        assert_eq!(
            nudge.asked.title, "Title C",
            "the unit asked about is named too"
        );
        s.unit_progress.entry("B".into()).or_default().mastery_tier = MasteryTier::Bronze;
        assert_eq!(blocker(&s), None, "mastered: the nudge goes");
    }

    #[test]
    fn the_summary_counts_tiers_at_or_above_and_names_the_focus() {
        let now = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let mut s = StudentSnapshot::new("1", "c", "A", now);
        s.unit_progress.entry("A".into()).or_default().mastery_tier = MasteryTier::Silver;
        s.unit_progress.entry("B".into()).or_default().mastery_tier = MasteryTier::Bronze;
        let revisit = [
            RevisitItem {
                question_id: "Q2".into(),
                unit_id: "A".into(),
                tier: Tier::Bronze,
                eligible_at: None,
            },
            RevisitItem {
                question_id: "Q1".into(),
                unit_id: "A".into(),
                tier: Tier::Bronze,
                eligible_at: Some("2026-01-02T00:00:00+00:00".into()),
            },
        ];
        let lite = snapshot_lite(&s, &course(), &revisit, now);
        assert_eq!(lite.focus.title, "Title A");
        assert_eq!(lite.focus.mastery_tier, MasteryTier::Silver);
        assert!(lite.prereq_nudge.is_none(), "nothing asked was blocked");
        assert_eq!(
            (
                lite.progress.bronze,
                lite.progress.silver,
                lite.progress.gold,
                lite.progress.total
            ),
            (2, 1, 0, 3)
        );
        assert_eq!(
            (lite.revisit.locked_count, lite.revisit.ready_count),
            (1, 1)
        );
        let order: Vec<&str> = lite
            .revisit
            .questions
            .iter()
            .map(|q| q.question_id.as_str())
            .collect();
        assert_eq!(order, ["Q2", "Q1"]);
        assert!(lite.revisit.next_eligible_at.is_some());
        assert!(lite.revisit.reviews_due.is_empty());
    }
}
