//! The revisit queue in order (beyond the spec's sparse map): questions to come back
//! to, ordered by when each becomes eligible — the exam service's lockouts decide —,
//! and the units whose re-check is due or that a failed re-check flagged.

use super::exam::QuestionStatus;
use super::mastery::due_recheck;
use super::snapshot::StudentSnapshot;
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One question of the revisit queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct RevisitItem {
    /// The question.
    pub question_id: String,
    /// Its unit.
    pub unit_id: String,
    /// Its tier.
    pub tier: Tier,
    /// When it can be attempted again (RFC 3339); none when it can be now.
    pub eligible_at: Option<String>,
}

/// The queue's questions that are not passed, those attemptable now first, then by
/// when their lockout ends (ties by id).
pub fn revisit_order(
    snapshot: &StudentSnapshot,
    statuses: &HashMap<String, QuestionStatus>,
) -> Vec<RevisitItem> {
    let mut items: Vec<(Option<DateTime<Utc>>, RevisitItem)> = snapshot
        .revisit_queue
        .iter()
        .filter_map(|(id, entry)| {
            let until = match statuses.get(id) {
                Some(QuestionStatus::Passed) => return None,
                Some(QuestionStatus::Locked { locked_until }) => Some(*locked_until),
                Some(QuestionStatus::Available) | None => None,
            };
            Some((
                until,
                RevisitItem {
                    question_id: id.clone(),
                    unit_id: entry.unit_id.clone(),
                    tier: entry.tier,
                    eligible_at: until.map(|t| t.to_rfc3339()),
                },
            ))
        })
        .collect();
    items.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.question_id.cmp(&y.question_id)));
    items.into_iter().map(|(_, item)| item).collect()
}

/// A unit to review: its re-check is due, or a failed re-check flagged it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct ReviewDue {
    /// The unit.
    pub unit_id: String,
    /// The tier to re-check, when a re-check is due.
    pub tier: Option<Tier>,
    /// A re-check failed.
    pub flagged: bool,
}

/// The units to review at `now`, in course order of their ids.
pub fn reviews_due(snapshot: &StudentSnapshot, now: DateTime<Utc>) -> Vec<ReviewDue> {
    snapshot
        .unit_progress
        .iter()
        .filter_map(|(unit, progress)| {
            let recheck = due_recheck(Some(progress), now);
            (recheck.is_some() || progress.needs_review).then(|| ReviewDue {
                unit_id: unit.clone(),
                tier: recheck.map(|r| r.tier),
                flagged: progress.needs_review,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::{Recheck, RevisitEntry};

    fn at(hour: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-01T{hour:02}:00:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn entry() -> RevisitEntry {
        RevisitEntry {
            unit_id: "U".into(),
            tier: Tier::Bronze,
        }
    }

    #[test]
    fn the_queue_is_ordered_by_eligibility_and_drops_passed_questions() {
        let mut s = StudentSnapshot::new("1", "c", "U", at(0));
        for q in ["Q1", "Q2", "Q3", "Q4"] {
            s.revisit_queue.insert(q.into(), entry());
        }
        let statuses = HashMap::from([
            (
                "Q1".to_string(),
                QuestionStatus::Locked {
                    locked_until: at(9),
                },
            ),
            (
                "Q2".to_string(),
                QuestionStatus::Locked {
                    locked_until: at(5),
                },
            ),
            ("Q3".to_string(), QuestionStatus::Available),
            ("Q4".to_string(), QuestionStatus::Passed),
        ]);
        let order: Vec<String> = revisit_order(&s, &statuses)
            .into_iter()
            .map(|i| i.question_id)
            .collect();
        assert_eq!(order, ["Q3", "Q2", "Q1"]);
    }

    #[test]
    fn reviews_are_due_from_the_recheck_time_or_when_flagged() {
        let mut s = StudentSnapshot::new("1", "c", "U", at(0));
        s.unit_progress.entry("U".into()).or_default().recheck = Some(Recheck {
            tier: Tier::Bronze,
            due_at: at(5),
        });
        s.unit_progress.entry("V".into()).or_default().needs_review = true;
        assert_eq!(reviews_due(&s, at(4)).len(), 1);
        let due = reviews_due(&s, at(5));
        assert_eq!(due.len(), 2);
        assert_eq!(due[0].tier, Some(Tier::Bronze));
        assert!(due[1].flagged);
    }
}
