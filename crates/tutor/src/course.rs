//! The course as the tutor reads it: units with their teaching anchors, and the
//! prerequisite graph. Loaded from the catalog (SQLite) by the store.

use super::dag::LearningPathGraph;
use super::mapping::UnitName;
use lantern_core::language::Language;
use lantern_packs::course::{Edge, Unit, UnitVocabulary};
use std::collections::BTreeMap;

/// An imported course.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorCourse {
    /// Course id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Language of the material.
    pub language: Language,
    /// Units in table-of-contents order.
    pub units: Vec<Unit>,
    /// The prerequisite graph.
    pub graph: LearningPathGraph,
    /// Each unit's vocabulary from its material, when imported with one.
    pub vocabulary: BTreeMap<String, UnitVocabulary>,
}

impl TutorCourse {
    /// A course from its catalog rows (`language` falls back to English).
    pub fn new(
        id: &str,
        title: &str,
        language: &str,
        entry_unit: &str,
        units: Vec<Unit>,
        edges: &[Edge],
    ) -> Self {
        let ids = units.iter().map(|u| u.id.clone()).collect();
        Self {
            id: id.to_string(),
            title: title.to_string(),
            language: Language::from_code(language).unwrap_or_default(),
            graph: LearningPathGraph::new(entry_unit, ids, edges),
            units,
            vocabulary: BTreeMap::new(),
        }
    }

    /// The course with its units' vocabulary.
    pub fn with_vocabulary(mut self, vocabulary: BTreeMap<String, UnitVocabulary>) -> Self {
        self.vocabulary = vocabulary;
        self
    }

    /// The unit `id`, if the course has it.
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// The title of unit `id` (the id itself when unknown).
    pub fn title_of(&self, id: &str) -> String {
        self.unit(id)
            .map_or_else(|| id.to_string(), |u| u.title.clone())
    }

    /// Every unit id, in order.
    pub fn unit_ids(&self) -> Vec<String> {
        self.graph.units().to_vec()
    }

    /// Units as mapping names them.
    pub fn unit_names(&self) -> Vec<UnitName> {
        self.units
            .iter()
            .map(|u| UnitName {
                id: u.id.clone(),
                title: u.title.clone(),
            })
            .collect()
    }
}
