//! Cycle detection in the prerequisite graph.

use super::model::Edge;
use std::collections::BTreeMap;

/// A cycle among `edges` as the units on it, first unit repeated at the end
/// (`[a, b, a]`), or `None` when the graph is acyclic. Deterministic: units are
/// visited in sorted order.
pub fn find_cycle(edges: &[Edge]) -> Option<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for edge in edges {
        next.entry(edge.from.as_str())
            .or_default()
            .push(edge.to.as_str());
        next.entry(edge.to.as_str()).or_default();
    }
    for targets in next.values_mut() {
        targets.sort_unstable();
    }
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        OnPath,
        Done,
    }
    let mut marks: BTreeMap<&str, Mark> = next.keys().map(|k| (*k, Mark::New)).collect();
    let starts: Vec<&str> = next.keys().copied().collect();
    for start in starts {
        if marks[start] != Mark::New {
            continue;
        }
        // Iterative depth-first search; `path` holds (unit, index of next child).
        let mut path: Vec<(&str, usize)> = vec![(start, 0)];
        marks.insert(start, Mark::OnPath);
        while let Some((unit, child)) = path.last().copied() {
            let children = &next[unit];
            if child == children.len() {
                marks.insert(unit, Mark::Done);
                path.pop();
                continue;
            }
            if let Some(top) = path.last_mut() {
                top.1 += 1;
            }
            let target = children[child];
            match marks[target] {
                Mark::OnPath => {
                    let from = path.iter().position(|(u, _)| *u == target).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        path[from..].iter().map(|(u, _)| u.to_string()).collect();
                    cycle.push(target.to_string());
                    return Some(cycle);
                }
                Mark::New => {
                    marks.insert(target, Mark::OnPath);
                    path.push((target, 0));
                }
                Mark::Done => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(pairs: &[(&str, &str)]) -> Vec<Edge> {
        pairs
            .iter()
            .map(|(f, t)| Edge {
                from: f.to_string(),
                to: t.to_string(),
            })
            .collect()
    }

    #[test]
    fn diamond_is_acyclic() {
        assert_eq!(
            find_cycle(&edges(&[("a", "b"), ("a", "c"), ("b", "d"), ("c", "d")])),
            None
        );
    }

    #[test]
    fn cycle_is_reported_with_its_units() {
        let cycle = find_cycle(&edges(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])).unwrap();
        assert_eq!(cycle, ["a", "b", "c", "a"]);
    }

    #[test]
    fn self_edge_is_a_cycle() {
        assert_eq!(find_cycle(&edges(&[("a", "a")])).unwrap(), ["a", "a"]);
    }
}
