//! `edit_right`: a request to change a number or a phrase gives exactly the section text
//! a careful person would write — the new words in, the old ones out, nothing else moved.

use super::section_numbered;
use crate::contract::Report;
use lantern_core::eval::Check;
use lantern_core::text::normalize::normalize;
use serde::Deserialize;
use std::collections::BTreeMap;

/// One replacement a request asks for in a section's text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextEdit {
    /// Text of the section before the turn; it occurs there exactly once.
    pub find: String,
    /// What stands in its place after the turn.
    pub replace: String,
}

/// `edit_right`: each section of `edits` (numbered as in `before`) reads in `after` as its
/// old text with every `find` replaced by its `replace` (compared with case, accents,
/// punctuation and spacing ignored) under its old title; every other section keeps its
/// title and text, and no section is added or removed. A `find` that is not exactly once
/// in its section's old text fails the check: the case itself is wrong.
pub fn edit_right(
    before: &Report,
    after: &Report,
    edits: &BTreeMap<String, Vec<TextEdit>>,
) -> Check {
    let problems = edit_problems(before, after, edits);
    Check::new("edit_right", problems.is_empty(), || problems.join(" | "))
}

fn edit_problems(
    before: &Report,
    after: &Report,
    edits: &BTreeMap<String, Vec<TextEdit>>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut edited = Vec::new();
    for (number, replacements) in edits {
        let Some(old) = section_numbered(before, number) else {
            problems.push(format!("no section {number} before the turn"));
            continue;
        };
        edited.push(old.id.clone());
        let expected = match expected_body(&old.body_md, replacements) {
            Ok(text) => text,
            Err(why) => {
                problems.push(format!("{number}: {why}"));
                continue;
            }
        };
        match after.find(&old.id) {
            None => problems.push(format!("{number} is gone")),
            Some(new) if normalize(&new.title) != normalize(&old.title) => {
                problems.push(format!("{number} was renamed {:?}", new.title));
            }
            Some(new) if normalize(&new.body_md) != normalize(&expected) => {
                problems.push(format!("{number} reads {:?}", new.body_md));
            }
            Some(_) => {}
        }
    }
    if before.ids() != after.ids() {
        problems.push(format!(
            "the sections {:?} became {:?}",
            before.ids(),
            after.ids()
        ));
    }
    for old in before.all_sections() {
        let untouched = after
            .find(&old.id)
            .is_some_and(|new| new.title == old.title && new.body_md == old.body_md);
        if !edited.contains(&old.id) && !untouched && after.find(&old.id).is_some() {
            problems.push(format!("{} ({}) changed too", old.id, old.title));
        }
    }
    problems
}

/// `body` with each replacement made, or why the case cannot ask for it.
fn expected_body(body: &str, replacements: &[TextEdit]) -> Result<String, String> {
    let mut text = body.to_string();
    for edit in replacements {
        let found = text.matches(edit.find.as_str()).count();
        if found != 1 {
            return Err(format!("{:?} occurs {found} times", edit.find));
        }
        text = text.replacen(edit.find.as_str(), &edit.replace, 1);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    fn edits(number: &str, find: &str, replace: &str) -> BTreeMap<String, Vec<TextEdit>> {
        let edit = TextEdit {
            find: find.into(),
            replace: replace.into(),
        };
        BTreeMap::from([(number.to_string(), vec![edit])])
    }

    fn with_body(id: &str, body: &str) -> Report {
        let mut report = sample();
        report.find_mut(id).unwrap().body_md = body.into();
        report
    }

    #[test]
    fn the_asked_replacement_and_nothing_else_passes() {
        let after = with_body("s2", "The roof is new.");
        assert!(edit_right(&sample(), &after, &edits("2", "old", "new")).passed);
        let spaced = with_body("s2", "the roof is  NEW");
        assert!(
            edit_right(&sample(), &spaced, &edits("2", "old", "new")).passed,
            "case, punctuation and spacing do not count"
        );
    }

    #[test]
    fn the_whole_body_returned_unchanged_fails() {
        assert!(!edit_right(&sample(), &sample(), &edits("2", "old", "new")).passed);
    }

    #[test]
    fn new_words_beside_old_ones_or_more_words_fail() {
        let both = with_body("s2", "The roof is old new.");
        assert!(!edit_right(&sample(), &both, &edits("2", "old", "new")).passed);
        let more = with_body("s2", "The roof is new and sound.");
        assert!(!edit_right(&sample(), &more, &edits("2", "old", "new")).passed);
    }

    #[test]
    fn a_change_to_another_section_fails() {
        let mut after = with_body("s2", "The roof is new.");
        after.find_mut("s5").unwrap().body_md = "Fix the roof.".into();
        assert!(!edit_right(&sample(), &after, &edits("2", "old", "new")).passed);
    }

    #[test]
    fn a_section_added_or_removed_fails() {
        let mut added = with_body("s2", "The roof is new.");
        added
            .sections
            .push(crate::Section::new("s6", "Costs", "£90."));
        assert!(!edit_right(&sample(), &added, &edits("2", "old", "new")).passed);
        let mut removed = with_body("s2", "The roof is new.");
        removed.take("s5");
        assert!(!edit_right(&sample(), &removed, &edits("2", "old", "new")).passed);
    }

    #[test]
    fn a_find_not_once_in_the_section_fails_the_case() {
        let check = edit_right(&sample(), &sample(), &edits("2", "slate", "tile"));
        assert!(!check.passed);
        assert!(check.detail.unwrap().contains("occurs 0 times"));
    }
}
