//! SnapshotLite (spec 001, PV-AI-019): the small summary the right panel shows, so the
//! interface never implements DAG logic.

use super::contract::MasteryTier;
use super::course::TutorCourse;
use super::snapshot::StudentSnapshot;
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
    /// Questions waiting to be revisited.
    pub locked_count: u32,
    /// When the next one opens (RFC 3339), if known.
    pub next_eligible_at: Option<String>,
    /// The next question to revisit.
    pub next_question_id: Option<String>,
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
    pub prereq_nudge: Option<UnitRef>,
    /// Exam questions to revisit.
    pub revisit: RevisitSummary,
    /// Mastery counts.
    pub progress: ProgressSummary,
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The summary of `snapshot` in `course`; `blocker` is the last policy's blocking unit
/// and `next_eligible_at` when a locked question opens again.
pub fn snapshot_lite(
    snapshot: &StudentSnapshot,
    course: &TutorCourse,
    blocker: Option<&str>,
    next_eligible_at: Option<String>,
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
        prereq_nudge: blocker.map(|b| UnitRef {
            unit_id: b.to_string(),
            title: course.title_of(b),
        }),
        revisit: RevisitSummary {
            locked_count: count(snapshot.revisit_queue.len()),
            next_eligible_at,
            next_question_id: snapshot.revisit_queue.keys().next().cloned(),
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
    use crate::course::Unit;
    use chrono::{DateTime, Utc};

    fn course() -> TutorCourse {
        let unit = |id: &str| Unit {
            id: id.into(),
            title: format!("Title {id}"),
            anchor: String::new(),
            tags: vec![],
            misconceptions: vec![],
            content: vec![],
        };
        TutorCourse::new(
            "c",
            "C",
            "en",
            "A",
            vec![unit("A"), unit("B"), unit("C")],
            &[],
        )
    }

    #[test]
    fn the_summary_counts_tiers_at_or_above_and_names_the_focus() {
        let now = DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let mut s = StudentSnapshot::new("1", "c", "A", now);
        s.unit_progress.entry("A".into()).or_default().mastery_tier = MasteryTier::Silver;
        s.unit_progress.entry("B".into()).or_default().mastery_tier = MasteryTier::Bronze;
        let lite = snapshot_lite(&s, &course(), Some("B"), None);
        assert_eq!(lite.focus.title, "Title A");
        assert_eq!(lite.focus.mastery_tier, MasteryTier::Silver);
        assert_eq!(lite.prereq_nudge.unwrap().unit_id, "B");
        assert_eq!(
            (
                lite.progress.bronze,
                lite.progress.silver,
                lite.progress.gold,
                lite.progress.total
            ),
            (2, 1, 0, 3)
        );
        assert_eq!(lite.revisit.locked_count, 0);
    }
}
