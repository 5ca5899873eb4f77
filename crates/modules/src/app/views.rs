//! What the module operations return: a session with its conversation, and its
//! progress computed from the saved progress and the module.

use super::rows::ModuleMessage;
use crate::contract::Milestone;
use crate::ModuleProgress;
use lantern_core::language::Language;
use lantern_packs::module::ModuleManifest;
use serde::Serialize;

/// A section as the section list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its phase's title.
    pub phase: String,
    /// Topics in it.
    pub topics: usize,
    /// Of which covered.
    pub covered: usize,
    /// Whether the student moved on from it.
    pub completed: bool,
    /// Whether it is the current one.
    pub current: bool,
}

/// A topic as progress lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TopicView {
    /// Its id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its section's id.
    pub section: String,
    /// Whether it is covered.
    pub covered: bool,
}

/// The progress of a session, computed from the saved progress and the module.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressView {
    /// ⌊100 × covered ÷ topics⌋.
    pub percentage: u32,
    /// Covered topics.
    pub covered: usize,
    /// Topics in the module.
    pub total: usize,
    /// Every topic, in module order.
    pub topics: Vec<TopicView>,
    /// Every section, in order.
    pub sections: Vec<SectionView>,
    /// Milestones celebrated.
    pub celebrated: Vec<Milestone>,
    /// Whether the student moved on from the last section.
    pub finished: bool,
}

/// A session with its conversation and progress.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleSessionView {
    /// The session's id.
    pub session_id: i64,
    /// The module's id.
    pub module_id: String,
    /// The module's title.
    pub title: String,
    /// The conversation's language.
    pub language: Language,
    /// The index generation whose media folder holds the module's files.
    pub generation: String,
    /// The conversation, oldest first.
    pub messages: Vec<ModuleMessage>,
    /// The progress.
    pub progress: ProgressView,
}

/// The progress view of `progress` in `module`.
pub fn progress_view(module: &ModuleManifest, progress: &ModuleProgress) -> ProgressView {
    let topics: Vec<TopicView> = module
        .sections()
        .iter()
        .flat_map(|s| {
            s.section.topics.iter().map(|t| TopicView {
                id: t.id.clone(),
                title: t.title.clone(),
                section: s.section.id.clone(),
                covered: progress.covered.contains(&t.id),
            })
        })
        .collect();
    let sections = module
        .sections()
        .iter()
        .map(|s| SectionView {
            id: s.section.id.clone(),
            title: s.section.title.clone(),
            phase: s.phase.title.clone(),
            topics: s.section.topics.len(),
            covered: topics
                .iter()
                .filter(|t| t.section == s.section.id && t.covered)
                .count(),
            completed: progress.completed_sections.contains(&s.section.id),
            current: progress.current_section == s.section.id,
        })
        .collect();
    ProgressView {
        percentage: progress.percentage(module),
        covered: topics.iter().filter(|t| t.covered).count(),
        total: topics.len(),
        topics,
        sections,
        celebrated: progress.celebrated.clone(),
        finished: progress.finished,
    }
}
