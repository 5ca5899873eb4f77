//! Progress over time (spec 001, EPIC G's progress chart): the units at each tier after
//! every change of mastery, folded from the recorded mastery events (graded drills and
//! exam events). Pure: the store reads the events, the interface draws the points.

use super::contract::MasteryTier;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::collections::BTreeMap;

/// A unit's mastery after an evidence event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MasteryEvent {
    /// When it happened.
    pub at: DateTime<Utc>,
    /// The unit.
    pub unit_id: String,
    /// Its mastery after the event.
    pub tier: MasteryTier,
}

/// The units at each tier or above at one time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ProgressPoint {
    /// When (RFC 3339).
    pub at: String,
    /// Units with bronze or better.
    pub bronze: u32,
    /// Units with silver or better.
    pub silver: u32,
    /// Units with gold.
    pub gold: u32,
}

/// The counts after each event, oldest first; events at the same instant give one point.
pub fn progress_history(events: &[MasteryEvent]) -> Vec<ProgressPoint> {
    let mut sorted: Vec<&MasteryEvent> = events.iter().collect();
    sorted.sort_by_key(|e| e.at);
    let mut tiers: BTreeMap<&str, MasteryTier> = BTreeMap::new();
    let mut points: Vec<ProgressPoint> = Vec::new();
    for event in sorted {
        tiers.insert(&event.unit_id, event.tier);
        let at_least = |tier: MasteryTier| {
            u32::try_from(tiers.values().filter(|t| **t >= tier).count()).unwrap_or(u32::MAX)
        };
        let point = ProgressPoint {
            at: event.at.to_rfc3339(),
            bronze: at_least(MasteryTier::Bronze),
            silver: at_least(MasteryTier::Silver),
            gold: at_least(MasteryTier::Gold),
        };
        match points.last_mut() {
            Some(last) if last.at == point.at => *last = point,
            _ => points.push(point),
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(hour: u32, unit: &str, tier: MasteryTier) -> MasteryEvent {
        MasteryEvent {
            at: DateTime::parse_from_rfc3339(&format!("2026-01-01T{hour:02}:00:00Z"))
                .unwrap()
                .with_timezone(&Utc),
            unit_id: unit.into(),
            tier,
        }
    }

    fn counts(points: &[ProgressPoint]) -> Vec<(u32, u32, u32)> {
        points
            .iter()
            .map(|p| (p.bronze, p.silver, p.gold))
            .collect()
    }

    #[test]
    fn each_event_gives_the_counts_at_or_above_each_tier() {
        let points = progress_history(&[
            event(1, "A", MasteryTier::Bronze),
            event(2, "B", MasteryTier::Bronze),
            event(3, "A", MasteryTier::Gold),
        ]);
        assert_eq!(counts(&points), [(1, 0, 0), (2, 0, 0), (2, 1, 1)]);
        assert_eq!(points[0].at, "2026-01-01T01:00:00+00:00");
    }

    #[test]
    fn events_are_folded_in_time_order_whatever_their_order() {
        let points = progress_history(&[
            event(3, "A", MasteryTier::Silver),
            event(1, "A", MasteryTier::Bronze),
        ]);
        assert_eq!(counts(&points), [(1, 0, 0), (1, 1, 0)]);
    }

    #[test]
    fn a_unit_that_loses_a_tier_is_counted_lower_and_same_instants_merge() {
        let points = progress_history(&[
            event(1, "A", MasteryTier::Silver),
            event(2, "A", MasteryTier::Bronze),
            event(2, "B", MasteryTier::Bronze),
        ]);
        assert_eq!(counts(&points), [(1, 1, 0), (2, 0, 0)]);
    }

    #[test]
    fn no_events_no_points() {
        assert!(progress_history(&[]).is_empty());
    }
}
