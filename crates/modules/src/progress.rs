//! Progress through a module, computed by the app (never taken from the model): topics
//! covered, sections completed, the current section, milestones celebrated once each.

use super::contract::{Milestone, ModuleState, ReplyProgress};
use super::pack::ModuleManifest;
use serde::{Deserialize, Serialize};

/// A student's way through one module, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleProgress {
    /// The section the student is in.
    pub current_section: String,
    /// Sections completed (moved on from), in the order completed.
    pub completed_sections: Vec<String>,
    /// Topics covered, in the order covered.
    pub covered: Vec<String>,
    /// Milestones already celebrated.
    pub celebrated: Vec<Milestone>,
    /// Whether the student moved on from the last section.
    pub finished: bool,
}

/// What one turn changed in the progress.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgressChange {
    /// Topics covered for the first time, in module order.
    pub newly_covered: Vec<String>,
    /// The milestone reached, the highest when several were crossed.
    pub milestone: Option<Milestone>,
    /// Whether the current section changed.
    pub moved: bool,
}

impl ModuleProgress {
    /// A new student at the module's first section.
    pub fn start(module: &ModuleManifest) -> Self {
        Self {
            current_section: module
                .sections()
                .first()
                .map(|s| s.section.id.clone())
                .unwrap_or_default(),
            ..Self::default()
        }
    }

    /// Marks `topics` covered; returns those covered for the first time, in module order.
    /// Ids the module does not have are ignored.
    pub fn cover(&mut self, module: &ModuleManifest, topics: &[String]) -> Vec<String> {
        let newly: Vec<String> = module
            .topics()
            .filter(|t| topics.contains(&t.id) && !self.covered.contains(&t.id))
            .map(|t| t.id.clone())
            .collect();
        self.covered.extend(newly.iter().cloned());
        newly
    }

    /// Completes the current section: all its topics covered, the next section current
    /// (the last one stays current and the module is finished). Returns the topics
    /// covered for the first time.
    pub fn complete_current(&mut self, module: &ModuleManifest) -> Vec<String> {
        let sections = module.sections();
        let Some(at) = sections
            .iter()
            .position(|s| s.section.id == self.current_section)
        else {
            return Vec::new();
        };
        let topics: Vec<String> = sections[at]
            .section
            .topics
            .iter()
            .map(|t| t.id.clone())
            .collect();
        let newly = self.cover(module, &topics);
        if !self.completed_sections.contains(&self.current_section) {
            self.completed_sections.push(self.current_section.clone());
        }
        match sections.get(at + 1) {
            Some(next) => self.current_section = next.section.id.clone(),
            None => self.finished = true,
        }
        newly
    }

    /// Makes `section` current; `false` when the module has no such section.
    pub fn go_to(&mut self, module: &ModuleManifest, section: &str) -> bool {
        if module.section(section).is_none() {
            return false;
        }
        self.current_section = section.to_string();
        true
    }

    /// Covered topics the module still has.
    pub fn covered_count(&self, module: &ModuleManifest) -> usize {
        module
            .topics()
            .filter(|t| self.covered.contains(&t.id))
            .count()
    }

    /// ⌊100 × covered ÷ topics⌋.
    pub fn percentage(&self, module: &ModuleManifest) -> u32 {
        let total = module.topics().count();
        if total == 0 {
            return 0;
        }
        u32::try_from(self.covered_count(module) * 100 / total).unwrap_or(100)
    }

    /// Sections completed that the module still has.
    pub fn sections_completed(&self, module: &ModuleManifest) -> usize {
        module
            .sections()
            .iter()
            .filter(|s| self.completed_sections.contains(&s.section.id))
            .count()
    }

    /// Celebrates every milestone the percentage has reached and was not celebrated yet;
    /// returns the highest of them.
    pub fn reach_milestones(&mut self, module: &ModuleManifest) -> Option<Milestone> {
        let percent = self.percentage(module);
        let reached: Vec<Milestone> = Milestone::ALL
            .iter()
            .copied()
            .filter(|m| m.percent() <= percent && !self.celebrated.contains(m))
            .collect();
        self.celebrated.extend(reached.iter().copied());
        reached.last().copied()
    }

    /// The reply's `meta.progress`.
    pub fn reply_progress(
        &self,
        module: &ModuleManifest,
        change: &ProgressChange,
    ) -> ReplyProgress {
        let title = |id: &String| module.topic(id).map(|t| t.title.clone());
        let covered_topics: Vec<String> = module
            .topics()
            .filter(|t| self.covered.contains(&t.id))
            .map(|t| t.title.clone())
            .collect();
        let remaining = module.topics().count() - covered_topics.len();
        ReplyProgress {
            percentage: f64::from(self.percentage(module)),
            covered_topics,
            newly_covered: change.newly_covered.iter().filter_map(title).collect(),
            remaining_topics: u32::try_from(remaining).unwrap_or(u32::MAX),
            milestone: change.milestone,
        }
    }

    /// The reply's `meta.module_state`.
    pub fn module_state(&self, module: &ModuleManifest) -> ModuleState {
        let sections = module.sections();
        let current = module
            .section(&self.current_section)
            .or_else(|| sections.first().copied());
        ModuleState {
            current_phase: current.map(|s| s.phase.title.clone()).unwrap_or_default(),
            current_section: current.map(|s| s.section.title.clone()).unwrap_or_default(),
            sections_completed: u32::try_from(self.sections_completed(module)).unwrap_or(0),
            total_sections: u32::try_from(sections.len()).unwrap_or(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::module;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_topic_is_newly_covered_only_once() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        assert_eq!(p.current_section, "body");
        assert_eq!(
            p.cover(&m, &ids(&["sleep", "heart", "nope"])),
            ids(&["heart", "sleep"])
        );
        assert!(p.cover(&m, &ids(&["heart"])).is_empty());
    }

    #[test]
    fn moving_on_covers_the_section_and_opens_the_next() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        p.cover(&m, &ids(&["heart"]));
        assert_eq!(p.complete_current(&m), ids(&["breath"]));
        assert_eq!(p.current_section, "mind");
        assert_eq!(p.sections_completed(&m), 1);
        assert_eq!(p.module_state(&m).current_phase, "Knowing stress");
    }

    #[test]
    fn moving_on_from_the_last_section_finishes() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        assert!(p.go_to(&m, "plan"));
        p.complete_current(&m);
        assert!(p.finished);
        assert_eq!(p.current_section, "plan");
        assert!(!p.go_to(&m, "nowhere"));
    }

    #[test]
    fn percentage_is_rounded_down() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        p.cover(&m, &ids(&["heart"]));
        assert_eq!(p.percentage(&m), 16);
        p.cover(&m, &ids(&["breath", "worry", "blank", "sleep", "breaks"]));
        assert_eq!(p.percentage(&m), 100);
    }

    #[test]
    fn milestones_are_celebrated_once_each_and_the_highest_is_named() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        p.cover(&m, &ids(&["heart", "breath"]));
        assert_eq!(p.reach_milestones(&m), Some(Milestone::Quarter));
        assert_eq!(p.reach_milestones(&m), None);
        p.cover(&m, &ids(&["worry", "blank", "sleep"]));
        assert_eq!(p.reach_milestones(&m), Some(Milestone::ThreeQuarters));
        assert!(p.celebrated.contains(&Milestone::Half));
        p.cover(&m, &ids(&["breaks"]));
        assert_eq!(p.reach_milestones(&m), Some(Milestone::Complete));
    }

    #[test]
    fn the_reply_progress_lists_titles_in_module_order() {
        let m = module();
        let mut p = ModuleProgress::start(&m);
        let newly = p.cover(&m, &ids(&["sleep", "heart"]));
        let change = ProgressChange {
            newly_covered: newly,
            milestone: p.reach_milestones(&m),
            moved: false,
        };
        let shown = p.reply_progress(&m, &change);
        assert_eq!(shown.covered_topics, ["Racing heart", "Sleep"]);
        assert_eq!(shown.newly_covered, ["Racing heart", "Sleep"]);
        assert_eq!(shown.remaining_topics, 4);
        assert_eq!(shown.percentage, 33.0);
        assert_eq!(shown.milestone, Some(Milestone::Quarter));
    }
}
