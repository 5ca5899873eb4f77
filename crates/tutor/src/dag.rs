//! The course's static prerequisite graph (spec 001, PV-AI-003).

use super::contract::MasteryTier;
use lantern_packs::course::Edge;
use std::collections::BTreeMap;

/// A course's units and prerequisite edges, for the policy's queries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearningPathGraph {
    entry_unit: String,
    /// Unit ids in table-of-contents order.
    units: Vec<String>,
    /// Prerequisites of each unit, in the order the pack lists the edges.
    prereqs: BTreeMap<String, Vec<String>>,
}

impl LearningPathGraph {
    /// The graph of `units` (in order) with `edges` (`from` is needed before `to`).
    pub fn new(entry_unit: &str, units: Vec<String>, edges: &[Edge]) -> Self {
        let mut prereqs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for edge in edges {
            let list = prereqs.entry(edge.to.clone()).or_default();
            if !list.contains(&edge.from) {
                list.push(edge.from.clone());
            }
        }
        Self {
            entry_unit: entry_unit.to_string(),
            units,
            prereqs,
        }
    }

    /// The unit a new student starts with.
    pub fn entry_unit(&self) -> &str {
        &self.entry_unit
    }

    /// Every unit id, in table-of-contents order.
    pub fn units(&self) -> &[String] {
        &self.units
    }

    /// Whether `unit` is a unit of the course.
    pub fn contains(&self, unit: &str) -> bool {
        self.units.iter().any(|u| u == unit)
    }

    /// The direct prerequisites of `unit` (empty when none or unknown).
    pub fn prereqs(&self, unit: &str) -> &[String] {
        self.prereqs.get(unit).map_or(&[], Vec::as_slice)
    }

    /// The direct prerequisites of `unit` not yet mastered at any tier, in order.
    pub fn missing_prereqs(
        &self,
        unit: &str,
        mastery: impl Fn(&str) -> MasteryTier,
    ) -> Vec<String> {
        self.prereqs(unit)
            .iter()
            .filter(|p| mastery(p) == MasteryTier::None)
            .cloned()
            .collect()
    }

    /// Whether some direct prerequisite of `unit` has no mastery yet.
    pub fn is_blocked(&self, unit: &str, mastery: impl Fn(&str) -> MasteryTier) -> bool {
        !self.missing_prereqs(unit, mastery).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph() -> LearningPathGraph {
        let edges = [("A0", "A1"), ("A1", "A2"), ("B0", "A2")]
            .iter()
            .map(|(f, t)| Edge {
                from: f.to_string(),
                to: t.to_string(),
            })
            .collect::<Vec<_>>();
        let units = ["A0", "A1", "A2", "B0"].map(String::from).to_vec();
        LearningPathGraph::new("A0", units, &edges)
    }

    #[test]
    fn prereqs_are_the_direct_incoming_edges() {
        let g = graph();
        assert_eq!(g.prereqs("A2"), ["A1", "B0"]);
        assert!(g.prereqs("A0").is_empty());
        assert!(g.prereqs("nope").is_empty());
    }

    #[test]
    fn a_unit_is_blocked_while_a_prereq_has_no_mastery() {
        let g = graph();
        let none = |_: &str| MasteryTier::None;
        assert!(g.is_blocked("A1", none));
        assert!(!g.is_blocked("A0", none));
        let a1_bronze = |u: &str| {
            if u == "A1" {
                MasteryTier::Bronze
            } else {
                MasteryTier::None
            }
        };
        assert_eq!(g.missing_prereqs("A2", a1_bronze), ["B0"]);
        assert!(!g.is_blocked("A1", |_| MasteryTier::Bronze));
    }
}
