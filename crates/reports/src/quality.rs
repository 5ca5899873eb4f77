//! The report eval's computed checks (docs/evals.md). For every turn: the tree stays
//! whole, no image is lost except with its deleted section, the reply is readable words
//! in the conversation's language, and no proposed section text carries the prompt's
//! scaffolding (`body_leak`). For the turns a case marks: a number or phrase edit gives
//! the expected text (`edit_right`), a question is answered from the report
//! (`question_answered`).

mod body_leak;
mod edit_right;
mod question_answered;

pub use body_leak::no_leak_in_body;
pub use edit_right::{edit_right, TextEdit};
pub use question_answered::{question_answered, ExpectedAnswer};

use super::contract::{Report, Section};
use super::rules::images;
use lantern_core::eval::Check;
use lantern_core::language::Language;
use lantern_core::text::tidy::{detect_language, is_readable};
use std::collections::HashSet;

/// The section numbered `number` ("3.2") in `report`.
pub fn section_numbered<'a>(report: &'a Report, number: &str) -> Option<&'a Section> {
    report
        .outline()
        .into_iter()
        .find(|e| e.number == number)
        .and_then(|e| report.find(&e.id))
}

/// Ids unique, numbers well formed, titles present.
pub fn tree_valid(report: &Report) -> Check {
    let ids = report.ids();
    let unique = ids.iter().collect::<HashSet<_>>().len() == ids.len();
    let numbers_ok = report
        .outline()
        .iter()
        .all(|e| !e.number.contains("..") && !e.title.trim().is_empty());
    Check::new("tree_valid", unique && numbers_ok, || {
        format!("ids {ids:?}")
    })
}

/// Every image of `before` is still in `after`, unless its section was deleted.
pub fn images_kept(before: &Report, after: &Report) -> Check {
    let kept: String = after
        .all_sections()
        .iter()
        .map(|s| s.body_md.as_str())
        .collect();
    let missing: Vec<&str> = before
        .all_sections()
        .iter()
        .filter(|s| after.find(&s.id).is_some())
        .flat_map(|s| images(&s.body_md))
        .filter(|image| !kept.contains(image))
        .collect();
    Check::new("images_kept", missing.is_empty(), || {
        format!("lost {missing:?}")
    })
}

/// The reply is readable words in `language` (when long enough to tell); section
/// numbers ("2.1") count as neither words nor noise.
pub fn reply_ok(reply: &str, language: Language) -> Vec<Check> {
    let detected = detect_language(reply);
    let words: String = reply
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .collect::<Vec<_>>()
        .join(" ");
    vec![
        Check::new("reply_readable", is_readable(&words), || reply.to_string()),
        Check::new(
            "reply_language",
            detected.is_none_or(|l| l == language),
            || format!("{detected:?}, expected {language:?}"),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    #[test]
    fn a_section_is_found_by_its_computed_number() {
        assert_eq!(
            section_numbered(&sample(), "2.1").map(|s| s.id.as_str()),
            Some("s3")
        );
        assert!(section_numbered(&sample(), "4").is_none());
    }

    #[test]
    fn an_image_lost_from_a_kept_section_fails() {
        let mut after = sample();
        after.find_mut("s3").unwrap().body_md = "Clear.".into();
        assert!(!images_kept(&sample(), &after).passed);
        after.take("s2");
        assert!(
            images_kept(&sample(), &after).passed,
            "deleted with its section"
        );
    }

    #[test]
    fn duplicate_ids_fail_the_tree() {
        let mut report = sample();
        report.find_mut("s4").unwrap().id = "s3".into();
        assert!(!tree_valid(&report).passed);
        assert!(tree_valid(&sample()).passed);
    }

    #[test]
    fn section_numbers_do_not_make_a_reply_unreadable() {
        let reply = "Which section do you mean: “2.3 Notes” or “3.1 Notes”?";
        assert!(reply_ok(reply, Language::En)[0].passed);
        assert!(!reply_ok("3.3.3.3.3", Language::En)[0].passed);
    }

    #[test]
    fn a_reply_in_the_wrong_language_fails() {
        let checks = reply_ok(
            "I propose to delete section three of the report.",
            Language::Es,
        );
        assert!(!checks[1].passed);
    }
}
