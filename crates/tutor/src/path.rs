//! The learning path (spec 001, EPIC G): the course's prerequisite graph as the
//! interface draws it — every unit with its mastery, whether a prerequisite is still
//! missing, and which one is the focus. The interface lays the graph out; it decides
//! nothing about it.

use super::contract::MasteryTier;
use super::course::TutorCourse;
use super::snapshot::StudentSnapshot;
use serde::Serialize;

/// A unit on the learning path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct PathUnit {
    /// The unit.
    pub unit_id: String,
    /// Its title.
    pub title: String,
    /// Its mastery.
    pub mastery_tier: MasteryTier,
    /// Some direct prerequisite has no mastery yet.
    pub blocked: bool,
    /// The unit the tutor works on now.
    pub is_focus: bool,
}

/// A prerequisite edge: `from` is needed before `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PathEdge {
    /// The prerequisite.
    pub from: String,
    /// The unit that needs it.
    pub to: String,
}

/// The whole learning path of a course for one student.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase")]
pub struct LearningPath {
    /// The course.
    pub course_id: String,
    /// Its title.
    pub course_title: String,
    /// The units, in table-of-contents order.
    pub units: Vec<PathUnit>,
    /// The prerequisite edges between them.
    pub edges: Vec<PathEdge>,
}

/// The learning path of `course` for the student of `snapshot`.
pub fn learning_path(course: &TutorCourse, snapshot: &StudentSnapshot) -> LearningPath {
    let mastery = |u: &str| snapshot.mastery(u);
    let units = course
        .graph
        .units()
        .iter()
        .map(|id| PathUnit {
            unit_id: id.clone(),
            title: course.title_of(id),
            mastery_tier: mastery(id),
            blocked: course.graph.is_blocked(id, mastery),
            is_focus: *id == snapshot.focus_unit_id,
        })
        .collect();
    let edges = course
        .graph
        .units()
        .iter()
        .flat_map(|to| {
            course.graph.prereqs(to).iter().map(|from| PathEdge {
                from: from.clone(),
                to: to.clone(),
            })
        })
        .collect();
    LearningPath {
        course_id: course.id.clone(),
        course_title: course.title.clone(),
        units,
        edges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{course, now};

    #[test]
    fn every_unit_and_edge_is_on_the_path_in_course_order() {
        let path = learning_path(
            &course(),
            &StudentSnapshot::new("1", "fixture", "N-1", now()),
        );
        let ids: Vec<&str> = path.units.iter().map(|u| u.unit_id.as_str()).collect();
        assert_eq!(ids, ["N-1", "N-2", "N-3", "N-4"]);
        assert_eq!(path.edges.len(), 3);
        assert_eq!(path.units[1].title, "Linear equations");
    }

    #[test]
    fn units_with_an_unmastered_prerequisite_are_blocked() {
        let mut snapshot = StudentSnapshot::new("1", "fixture", "N-2", now());
        let progress = snapshot.unit_progress.entry("N-1".into()).or_default();
        progress.mastery_tier = MasteryTier::Bronze;
        let path = learning_path(&course(), &snapshot);
        let blocked: Vec<bool> = path.units.iter().map(|u| u.blocked).collect();
        assert_eq!(blocked, [false, false, false, true]);
        assert_eq!(path.units[0].mastery_tier, MasteryTier::Bronze);
    }

    #[test]
    fn the_focus_is_marked() {
        let path = learning_path(
            &course(),
            &StudentSnapshot::new("1", "fixture", "N-2", now()),
        );
        let focus: Vec<bool> = path.units.iter().map(|u| u.is_focus).collect();
        assert_eq!(focus, [false, true, false, false]);
    }
}
