//! The changes a report can undergo, validated and applied to a tree. Every action tool
//! becomes one [`ReportOp`]; nothing else changes a report's structure.

use super::contract::{Report, Section, MAX_BODY_CHARS, MAX_DEPTH, MAX_TITLE_CHARS};
use super::error::ReportError;
use super::section_tree::Place;
use serde::{Deserialize, Serialize};

/// One validated change to a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "camelCase", tag = "op")]
pub enum ReportOp {
    /// A new title and/or body for a section.
    #[serde(rename_all = "camelCase")]
    UpdateSection {
        /// The section.
        id: String,
        /// Its new title, if it changes.
        title: Option<String>,
        /// Its new body, if it changes.
        body_md: Option<String>,
    },
    /// A new section (its id allocated when the change was proposed).
    #[serde(rename_all = "camelCase")]
    AddSection {
        /// The new section's id.
        id: String,
        /// Where it goes.
        place: Place,
        /// Its title.
        title: String,
        /// Its body.
        body_md: String,
    },
    /// A section (with its subsections) moved elsewhere.
    #[serde(rename_all = "camelCase")]
    MoveSection {
        /// The section.
        id: String,
        /// Where it goes.
        place: Place,
    },
    /// A section and all its subsections removed.
    #[serde(rename_all = "camelCase")]
    DeleteSection {
        /// The section.
        id: String,
    },
}

impl ReportOp {
    /// The section the change is about.
    pub fn section_id(&self) -> &str {
        match self {
            Self::UpdateSection { id, .. }
            | Self::AddSection { id, .. }
            | Self::MoveSection { id, .. }
            | Self::DeleteSection { id } => id,
        }
    }

    /// Whether the change reshapes the tree (and so the numbers).
    pub fn is_structural(&self) -> bool {
        !matches!(self, Self::UpdateSection { .. })
    }

    /// The stable name of the change's kind.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::UpdateSection { .. } => "update_section",
            Self::AddSection { .. } => "add_section",
            Self::MoveSection { .. } => "move_section",
            Self::DeleteSection { .. } => "delete_section",
        }
    }
}

/// A title trimmed, or why it cannot be one.
pub fn clean_title(title: &str) -> Result<String, ReportError> {
    let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
    let title = title
        .trim_matches(|c: char| c == '#' || c.is_whitespace())
        .to_string();
    let chars = title.chars().count();
    if chars == 0 || chars > MAX_TITLE_CHARS {
        return Err(ReportError::TitleInvalid(MAX_TITLE_CHARS));
    }
    Ok(title)
}

/// A body trimmed of trailing space, or why it cannot be one.
pub fn clean_body(body: &str) -> Result<String, ReportError> {
    let body = body.trim_end().trim_start_matches('\n').to_string();
    if body.chars().count() > MAX_BODY_CHARS {
        return Err(ReportError::BodyTooLong(MAX_BODY_CHARS));
    }
    Ok(body)
}

fn existing<'a>(report: &'a Report, id: &str) -> Result<&'a Section, ReportError> {
    report
        .find(id)
        .ok_or_else(|| ReportError::SectionNotFound(id.to_string()))
}

/// The depth a section would start at when put at `place`.
fn depth_at(report: &Report, place: &Place) -> Result<usize, ReportError> {
    match place {
        Place::End => Ok(1),
        Place::Under(anchor) => {
            existing(report, anchor)?;
            Ok(report.depth_of(anchor).unwrap_or(1) + 1)
        }
        Place::After(anchor) | Place::Before(anchor) => {
            existing(report, anchor)?;
            Ok(report.depth_of(anchor).unwrap_or(1))
        }
    }
}

fn check_depth(start: usize, height: usize) -> Result<(), ReportError> {
    if start + height - 1 > MAX_DEPTH {
        return Err(ReportError::TooDeep(MAX_DEPTH));
    }
    Ok(())
}

/// Applies `op` to `report`, or leaves it untouched and says why it cannot apply.
pub fn apply_op(report: &mut Report, op: &ReportOp) -> Result<(), ReportError> {
    match op {
        ReportOp::UpdateSection { id, title, body_md } => {
            let section = existing(report, id)?;
            let title = title.as_deref().map(clean_title).transpose()?;
            let body = body_md.as_deref().map(clean_body).transpose()?;
            let changes_title = title.as_ref().is_some_and(|t| *t != section.title);
            let changes_body = body.as_ref().is_some_and(|b| *b != section.body_md);
            if !changes_title && !changes_body {
                return Err(ReportError::NoChange(id.clone()));
            }
            let section = report.find_mut(id).expect("checked above");
            if let Some(title) = title {
                section.title = title;
            }
            if let Some(body) = body {
                section.body_md = body;
            }
        }
        ReportOp::AddSection {
            id,
            place,
            title,
            body_md,
        } => {
            if report.find(id).is_some() {
                return Err(ReportError::ArgumentsInvalid(format!(
                    "section id {id:?} is taken"
                )));
            }
            check_depth(depth_at(report, place)?, 1)?;
            let section = Section::new(id.clone(), clean_title(title)?, clean_body(body_md)?);
            report
                .insert(section, place)
                .map_err(|s| ReportError::SectionNotFound(s.id))?;
            if let Some(n) = id.strip_prefix('s').and_then(|n| n.parse::<u32>().ok()) {
                report.next_id = report.next_id.max(n);
            }
        }
        ReportOp::MoveSection { id, place } => {
            let height = existing(report, id)?.height();
            if let Some(anchor) = place.anchor() {
                existing(report, anchor)?;
                if report.is_within(anchor, id) {
                    return Err(ReportError::MoveIntoItself(id.clone()));
                }
            }
            let mut moved = report.clone();
            let section = moved.take(id).expect("checked above");
            check_depth(depth_at(&moved, place)?, height)?;
            moved
                .insert(section, place)
                .map_err(|s| ReportError::SectionNotFound(s.id))?;
            if moved.sections == report.sections {
                return Err(ReportError::NoChange(id.clone()));
            }
            *report = moved;
        }
        ReportOp::DeleteSection { id } => {
            existing(report, id)?;
            report.take(id);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;
    use lantern_core::Coded;

    fn code(report: &mut Report, op: ReportOp) -> String {
        let before = report.clone();
        let err = apply_op(report, &op).unwrap_err();
        assert_eq!(
            *report, before,
            "a refused change leaves the report untouched"
        );
        err.code().as_str().to_string()
    }

    #[test]
    fn update_changes_title_and_body() {
        let mut report = sample();
        let op = ReportOp::UpdateSection {
            id: "s3".into(),
            title: Some("  Gutters and downpipes ".into()),
            body_md: Some("Cleared.\n".into()),
        };
        apply_op(&mut report, &op).unwrap();
        let s = report.find("s3").unwrap();
        assert_eq!(
            (s.title.as_str(), s.body_md.as_str()),
            ("Gutters and downpipes", "Cleared.")
        );
    }

    #[test]
    fn update_of_a_missing_section_or_without_change_is_refused() {
        let mut report = sample();
        let missing = ReportOp::UpdateSection {
            id: "s42".into(),
            title: Some("X".into()),
            body_md: None,
        };
        assert_eq!(code(&mut report, missing), "report_section_not_found");
        let same = ReportOp::UpdateSection {
            id: "s1".into(),
            title: Some("Introduction".into()),
            body_md: None,
        };
        assert_eq!(code(&mut report, same), "report_no_change");
        let empty = ReportOp::UpdateSection {
            id: "s1".into(),
            title: Some(" # ".into()),
            body_md: None,
        };
        assert_eq!(code(&mut report, empty), "report_title_invalid");
    }

    #[test]
    fn add_after_and_under() {
        let mut report = sample();
        let after = ReportOp::AddSection {
            id: "s6".into(),
            place: Place::After("s1".into()),
            title: "Method".into(),
            body_md: String::new(),
        };
        apply_op(&mut report, &after).unwrap();
        assert_eq!(report.number_of("s6").as_deref(), Some("2"));
        assert_eq!(report.number_of("s3").as_deref(), Some("3.1"));
        let under = ReportOp::AddSection {
            id: "s7".into(),
            place: Place::Under("s5".into()),
            title: "Urgent".into(),
            body_md: "Now.".into(),
        };
        apply_op(&mut report, &under).unwrap();
        assert_eq!(report.number_of("s7").as_deref(), Some("4.1"));
    }

    #[test]
    fn a_section_cannot_move_under_itself_or_its_descendants() {
        let mut report = sample();
        for place in [Place::Under("s2".into()), Place::After("s3".into())] {
            let op = ReportOp::MoveSection {
                id: "s2".into(),
                place,
            };
            assert_eq!(code(&mut report, op), "report_move_into_itself");
        }
    }

    #[test]
    fn move_keeps_children_and_renumbers() {
        let mut report = sample();
        let op = ReportOp::MoveSection {
            id: "s2".into(),
            place: Place::End,
        };
        apply_op(&mut report, &op).unwrap();
        assert_eq!(report.number_of("s4").as_deref(), Some("3.2"));
        let again = ReportOp::MoveSection {
            id: "s2".into(),
            place: Place::End,
        };
        assert_eq!(code(&mut report, again), "report_no_change");
    }

    #[test]
    fn delete_removes_the_children_too() {
        let mut report = sample();
        apply_op(&mut report, &ReportOp::DeleteSection { id: "s2".into() }).unwrap();
        assert_eq!(report.ids(), ["s1", "s5"]);
    }

    #[test]
    fn nesting_is_bounded() {
        let mut report = sample();
        let mut parent = "s3".to_string();
        for n in 10..13 {
            let op = ReportOp::AddSection {
                id: format!("s{n}"),
                place: Place::Under(parent.clone()),
                title: "Deep".into(),
                body_md: String::new(),
            };
            apply_op(&mut report, &op).unwrap();
            parent = format!("s{n}");
        }
        let too_deep = ReportOp::AddSection {
            id: "s20".into(),
            place: Place::Under(parent),
            title: "Deeper".into(),
            body_md: String::new(),
        };
        assert_eq!(code(&mut report, too_deep), "report_too_deep");
    }
}
