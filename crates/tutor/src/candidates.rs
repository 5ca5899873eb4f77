//! Which units may matter this turn (spec 001, PV-AI-007): a broad candidate set, then
//! a small ordered scope for retrieval and the model. Unlike the spec's versions, these
//! never sort or change their arguments.

use super::snapshot::MappedUnit;

/// Most units in a turn's scope.
pub const MAX_SCOPED_UNITS: usize = 6;

/// `mapped` ordered by confidence, highest first (ties keep their order), as a new list.
pub fn by_confidence(mapped: &[MappedUnit]) -> Vec<MappedUnit> {
    let mut sorted = mapped.to_vec();
    sorted.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
    sorted
}

fn push_unique(list: &mut Vec<String>, unit: &str) {
    if !list.iter().any(|u| u == unit) {
        list.push(unit.to_string());
    }
}

/// The candidate units: the top 3 mapped, the focus, the first 3 in progress, then the
/// direct prerequisites of each of those.
pub fn candidate_units(
    focus_unit_id: &str,
    units_in_progress: &[String],
    mapped: &[MappedUnit],
    prereqs: impl Fn(&str) -> Vec<String>,
) -> Vec<String> {
    let mut set = Vec::new();
    for m in by_confidence(mapped).iter().take(3) {
        push_unique(&mut set, &m.unit_id);
    }
    push_unique(&mut set, focus_unit_id);
    for u in units_in_progress.iter().take(3) {
        push_unique(&mut set, u);
    }
    for u in set.clone() {
        for p in prereqs(&u) {
            push_unique(&mut set, &p);
        }
    }
    set
}

/// What the scope is computed from.
#[derive(Debug, Clone, Copy)]
pub struct ScopeInputs<'a> {
    /// The policy's focus.
    pub focus_unit_id: &'a str,
    /// The policy's primary target.
    pub primary_target_unit_id: &'a str,
    /// The blocking prerequisite, if any.
    pub prereq_blocking_unit_id: Option<&'a str>,
    /// The turn's mapped units.
    pub mapped: &'a [MappedUnit],
    /// The snapshot's units in progress.
    pub units_in_progress: &'a [String],
    /// The most units in scope.
    pub max_scoped: usize,
}

/// The scoped units, in the spec's order: focus, blocker, target, the top 2 mapped, the
/// target's prerequisites, the units in progress (2 of them), the blocker's
/// prerequisites; at most `max_scoped`.
pub fn scoped_unit_ids(x: &ScopeInputs<'_>, prereqs: impl Fn(&str) -> Vec<String>) -> Vec<String> {
    let top_mapped: Vec<String> = by_confidence(x.mapped)
        .into_iter()
        .take(2)
        .map(|m| m.unit_id)
        .collect();
    let mut ordered = Vec::new();
    push_unique(&mut ordered, x.focus_unit_id);
    if let Some(blocker) = x.prereq_blocking_unit_id {
        push_unique(&mut ordered, blocker);
    }
    push_unique(&mut ordered, x.primary_target_unit_id);
    for u in &top_mapped {
        push_unique(&mut ordered, u);
    }
    for p in prereqs(x.primary_target_unit_id) {
        push_unique(&mut ordered, &p);
    }
    for u in x.units_in_progress.iter().take(2) {
        push_unique(&mut ordered, u);
    }
    if let Some(blocker) = x.prereq_blocking_unit_id {
        for p in prereqs(blocker) {
            push_unique(&mut ordered, &p);
        }
    }
    ordered.truncate(x.max_scoped);
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapped(pairs: &[(&str, f64)]) -> Vec<MappedUnit> {
        pairs
            .iter()
            .map(|(u, c)| MappedUnit {
                unit_id: u.to_string(),
                confidence: *c,
            })
            .collect()
    }

    fn prereqs(u: &str) -> Vec<String> {
        match u {
            "C" => vec!["B".into()],
            "B" => vec!["A".into()],
            "E" => vec!["D".into(), "A".into()],
            _ => vec![],
        }
    }

    #[test]
    fn candidates_are_top3_mapped_focus_3_in_progress_and_their_prereqs() {
        let m = mapped(&[("X", 0.1), ("C", 0.9), ("Y", 0.2), ("Z", 0.3)]);
        let in_progress = ["E", "F", "G", "H"].map(String::from);
        let got = candidate_units("F", &in_progress, &m, prereqs);
        assert_eq!(got, ["C", "Z", "Y", "F", "E", "G", "B", "D", "A"]);
    }

    #[test]
    fn candidates_do_not_change_their_arguments() {
        let m = mapped(&[("X", 0.1), ("C", 0.9)]);
        let before = m.clone();
        let _ = candidate_units("F", &[], &m, prereqs);
        assert_eq!(m, before);
    }

    #[test]
    fn scope_follows_the_spec_order_and_cap() {
        let m = mapped(&[("M1", 0.4), ("M2", 0.8), ("M3", 0.6)]);
        let in_progress = ["P1", "P2", "P3"].map(String::from);
        let x = ScopeInputs {
            focus_unit_id: "B",
            primary_target_unit_id: "C",
            prereq_blocking_unit_id: Some("B"),
            mapped: &m,
            units_in_progress: &in_progress,
            max_scoped: MAX_SCOPED_UNITS,
        };
        assert_eq!(
            scoped_unit_ids(&x, prereqs),
            ["B", "C", "M2", "M3", "P1", "P2"]
        );
        let wide = ScopeInputs {
            max_scoped: 10,
            ..x
        };
        assert_eq!(
            scoped_unit_ids(&wide, prereqs),
            ["B", "C", "M2", "M3", "P1", "P2", "A"]
        );
    }

    #[test]
    fn scope_does_not_change_its_arguments() {
        let m = mapped(&[("M1", 0.4), ("M2", 0.8)]);
        let before = m.clone();
        let x = ScopeInputs {
            focus_unit_id: "A",
            primary_target_unit_id: "A",
            prereq_blocking_unit_id: None,
            mapped: &m,
            units_in_progress: &[],
            max_scoped: MAX_SCOPED_UNITS,
        };
        assert_eq!(scoped_unit_ids(&x, prereqs), ["A", "M2", "M1"]);
        assert_eq!(m, before);
    }
}
