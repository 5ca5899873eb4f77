//! Walking and reshaping a report's section tree: lookup by id, computed numbers, the
//! outline, taking a section out and putting it back at a place.

use super::contract::{NumberedSection, OutlineEntry, Report, Section};
use serde::{Deserialize, Serialize};

/// Where a section goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", tag = "kind", content = "id")]
pub enum Place {
    /// Right after this section, as its sibling.
    After(String),
    /// Before this section, as its sibling.
    Before(String),
    /// As the last subsection of this section.
    Under(String),
    /// At the end of the report, at the top level.
    End,
}

impl Place {
    /// The section the place is relative to, if any.
    pub fn anchor(&self) -> Option<&str> {
        match self {
            Self::After(id) | Self::Before(id) | Self::Under(id) => Some(id),
            Self::End => None,
        }
    }
}

impl Section {
    /// A new section without subsections.
    pub fn new(
        id: impl Into<String>,
        title: impl Into<String>,
        body_md: impl Into<String>,
    ) -> Self {
        Self {
            id: id.into(),
            title: title.into(),
            body_md: body_md.into(),
            children: Vec::new(),
        }
    }

    /// How many levels this section and its subsections span (1 without subsections).
    pub fn height(&self) -> usize {
        1 + self.children.iter().map(Section::height).max().unwrap_or(0)
    }

    /// This section and every subsection, depth first.
    pub fn walk(&self) -> Vec<&Section> {
        let mut all = vec![self];
        for child in &self.children {
            all.extend(child.walk());
        }
        all
    }
}

impl Report {
    /// Every section, depth first in document order.
    pub fn all_sections(&self) -> Vec<&Section> {
        self.sections.iter().flat_map(Section::walk).collect()
    }

    /// Every section id, in document order.
    pub fn ids(&self) -> Vec<String> {
        self.all_sections().iter().map(|s| s.id.clone()).collect()
    }

    /// The section with `id`.
    pub fn find(&self, id: &str) -> Option<&Section> {
        self.all_sections().into_iter().find(|s| s.id == id)
    }

    /// The section with `id`, to change it.
    pub fn find_mut(&mut self, id: &str) -> Option<&mut Section> {
        fn search<'a>(list: &'a mut [Section], id: &str) -> Option<&'a mut Section> {
            for section in list {
                if section.id == id {
                    return Some(section);
                }
                if let Some(found) = search(&mut section.children, id) {
                    return Some(found);
                }
            }
            None
        }
        search(&mut self.sections, id)
    }

    /// A fresh id for a new section (`s<n>`); ids are never reused.
    pub fn allocate_id(&mut self) -> String {
        let taken = self.ids();
        loop {
            self.next_id += 1;
            let id = format!("s{}", self.next_id);
            if !taken.contains(&id) {
                return id;
            }
        }
    }

    /// The sections with their computed numbers.
    pub fn numbered(&self) -> Vec<NumberedSection> {
        fn numbered_list(list: &[Section], prefix: &str) -> Vec<NumberedSection> {
            list.iter()
                .enumerate()
                .map(|(i, s)| {
                    let number = if prefix.is_empty() {
                        (i + 1).to_string()
                    } else {
                        format!("{prefix}.{}", i + 1)
                    };
                    NumberedSection {
                        id: s.id.clone(),
                        title: s.title.clone(),
                        body_md: s.body_md.clone(),
                        children: numbered_list(&s.children, &number),
                        number,
                    }
                })
                .collect()
        }
        numbered_list(&self.sections, "")
    }

    /// One entry per section, in document order.
    pub fn outline(&self) -> Vec<OutlineEntry> {
        fn walk(
            list: &[NumberedSection],
            depth: u32,
            parent: Option<&str>,
            out: &mut Vec<OutlineEntry>,
        ) {
            for s in list {
                out.push(OutlineEntry {
                    id: s.id.clone(),
                    number: s.number.clone(),
                    title: s.title.clone(),
                    depth,
                    parent: parent.map(str::to_string),
                });
                walk(&s.children, depth + 1, Some(&s.id), out);
            }
        }
        let mut out = Vec::new();
        walk(&self.numbered(), 1, None, &mut out);
        out
    }

    /// The computed number of the section with `id`.
    pub fn number_of(&self, id: &str) -> Option<String> {
        self.outline()
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| e.number)
    }

    /// The depth of the section with `id` (1 at the top level).
    pub fn depth_of(&self, id: &str) -> Option<usize> {
        self.outline()
            .into_iter()
            .find(|e| e.id == id)
            .map(|e| e.depth as usize)
    }

    /// Whether `id` is `ancestor` or inside it.
    pub fn is_within(&self, id: &str, ancestor: &str) -> bool {
        self.find(ancestor)
            .is_some_and(|a| a.walk().iter().any(|s| s.id == id))
    }

    /// Removes the section with `id` (and its subsections) and returns it.
    pub fn take(&mut self, id: &str) -> Option<Section> {
        fn remove(list: &mut Vec<Section>, id: &str) -> Option<Section> {
            if let Some(i) = list.iter().position(|s| s.id == id) {
                return Some(list.remove(i));
            }
            list.iter_mut().find_map(|s| remove(&mut s.children, id))
        }
        remove(&mut self.sections, id)
    }

    /// Puts `section` at `place`; gives it back when the place's anchor is missing.
    pub fn insert(&mut self, section: Section, place: &Place) -> Result<(), Section> {
        fn siblings_of<'a>(
            list: &'a mut Vec<Section>,
            id: &str,
        ) -> Option<(&'a mut Vec<Section>, usize)> {
            if let Some(i) = list.iter().position(|s| s.id == id) {
                return Some((list, i));
            }
            for s in list.iter_mut() {
                if let Some(found) = siblings_of(&mut s.children, id) {
                    return Some(found);
                }
            }
            None
        }
        match place {
            Place::End => self.sections.push(section),
            Place::Under(id) => match self.find_mut(id) {
                Some(parent) => parent.children.push(section),
                None => return Err(section),
            },
            Place::After(id) | Place::Before(id) => match siblings_of(&mut self.sections, id) {
                Some((list, i)) => {
                    let at = if matches!(place, Place::After(_)) {
                        i + 1
                    } else {
                        i
                    };
                    list.insert(at, section);
                }
                None => return Err(section),
            },
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// 1 Intro; 2 Roofing (2.1 Gutters, 2.2 Flashing); 3 Recommendations.
    pub(crate) fn sample() -> Report {
        let mut roofing = Section::new("s2", "Roofing", "The roof is old.");
        roofing.children = vec![
            Section::new("s3", "Gutters", "Blocked. [IMAGE:gutter]"),
            Section::new("s4", "Flashing", "Loose."),
        ];
        Report {
            title: "House survey".into(),
            preamble_md: "Prepared for the owner.".into(),
            sections: vec![
                Section::new("s1", "Introduction", "Scope."),
                roofing,
                Section::new("s5", "Recommendations", "Fix the gutters."),
            ],
            next_id: 5,
        }
    }

    #[test]
    fn numbers_are_computed_from_positions_without_double_dots() {
        let numbers: Vec<String> = sample().outline().into_iter().map(|e| e.number).collect();
        assert_eq!(numbers, ["1", "2", "2.1", "2.2", "3"]);
        assert!(numbers.iter().all(|n| !n.contains("..")));
    }

    #[test]
    fn outline_has_depth_and_parent() {
        let outline = sample().outline();
        assert_eq!(outline[2].depth, 2);
        assert_eq!(outline[2].parent.as_deref(), Some("s2"));
        assert_eq!(outline[0].parent, None);
    }

    #[test]
    fn new_ids_are_never_reused() {
        let mut report = sample();
        report.take("s5");
        assert_eq!(report.allocate_id(), "s6");
        assert_eq!(report.allocate_id(), "s7");
    }

    #[test]
    fn take_and_insert_move_a_section_with_its_children() {
        let mut report = sample();
        let roofing = report.take("s2").unwrap();
        report.insert(roofing, &Place::After("s5".into())).unwrap();
        let ids: Vec<String> = report
            .outline()
            .into_iter()
            .map(|e| format!("{}={}", e.number, e.id))
            .collect();
        assert_eq!(ids, ["1=s1", "2=s5", "3=s2", "3.1=s3", "3.2=s4"]);
    }

    #[test]
    fn insert_under_before_and_at_the_end() {
        let mut report = sample();
        report
            .insert(
                Section::new("s9", "Chimney", ""),
                &Place::Under("s2".into()),
            )
            .unwrap();
        report
            .insert(
                Section::new("s10", "Summary", ""),
                &Place::Before("s1".into()),
            )
            .unwrap();
        report
            .insert(Section::new("s11", "Annex", ""), &Place::End)
            .unwrap();
        assert_eq!(report.number_of("s9").as_deref(), Some("3.3"));
        assert_eq!(report.number_of("s10").as_deref(), Some("1"));
        assert_eq!(report.number_of("s11").as_deref(), Some("5"));
    }

    #[test]
    fn insert_at_a_missing_anchor_gives_the_section_back() {
        let mut report = sample();
        let back = report.insert(Section::new("s9", "X", ""), &Place::After("s99".into()));
        assert_eq!(back.unwrap_err().id, "s9");
        assert_eq!(report.ids().len(), 5);
    }

    #[test]
    fn within_covers_the_section_and_its_descendants() {
        let report = sample();
        assert!(report.is_within("s3", "s2"));
        assert!(report.is_within("s2", "s2"));
        assert!(!report.is_within("s1", "s2"));
    }
}
