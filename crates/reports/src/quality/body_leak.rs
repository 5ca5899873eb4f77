//! `no_leak_in_body`: no section text a turn proposes carries the report prompt's own
//! scaffolding — its labels ("TASK:", "REQUEST:"), a tool or field name written as code
//! (`update_section`, `bodyMd`, `"tool"`) or a run of its instructions — read by the same
//! test the app runs on every text the model proposes ([`crate::leak`]).

use crate::contract::Report;
use crate::leak::scaffolding_in;
use lantern_core::eval::Check;

/// `no_leak_in_body`: one check for every section whose title or text differs between
/// `before` and `after` (or that is new in `after`): neither carries a prompt label, a
/// tool or field name written as code, or a run of [`LEAK_RUN`] words of the
/// instructions.
pub fn no_leak_in_body(before: &Report, after: &Report) -> Vec<Check> {
    after
        .all_sections()
        .into_iter()
        .filter(|new| {
            before
                .find(&new.id)
                .is_none_or(|old| old.title != new.title || old.body_md != new.body_md)
        })
        .map(|section| {
            let text = format!("{}\n{}", section.title, section.body_md);
            let leak = scaffolding_in(&text);
            Check::new("no_leak_in_body", leak.is_none(), || {
                format!(
                    "{} ({}): {leak:?} in {:?}",
                    section.id, section.title, section.body_md
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Section;
    use crate::section_tree::tests::sample;

    fn proposed(body: &str) -> Vec<Check> {
        let mut after = sample();
        after.find_mut("s1").unwrap().body_md = body.into();
        no_leak_in_body(&sample(), &after)
    }

    #[test]
    fn the_issue_s_scaffolding_in_an_aim_fails() {
        let checks = proposed("TASK: call update_section on s1 … REQUEST: rewrite the aim");
        assert_eq!(checks.len(), 1);
        assert!(!checks[0].passed);
    }

    #[test]
    fn labels_tool_names_quoted_fields_and_instruction_runs_each_fail() {
        for body in [
            "LANGUAGE: English. The aim is to compare towels.",
            "We compare towels with add_section.",
            "The bodyMd is the new aim.",
            r#"{"tool": "reply"} We compare towels."#,
            "Each change has a short reason: give each change a short reason.",
        ] {
            assert!(!proposed(body)[0].passed, "{body}");
        }
    }

    #[test]
    fn a_plain_rewrite_passes_and_unchanged_sections_are_not_checked() {
        let checks =
            proposed("This investigation measures the volume of water each towel absorbs, with a short reason.");
        assert_eq!(checks.len(), 1);
        assert!(checks[0].passed, "{:?}", checks[0].detail);
        assert!(no_leak_in_body(&sample(), &sample()).is_empty());
    }

    #[test]
    fn a_new_section_is_checked() {
        let mut after = sample();
        after
            .sections
            .push(Section::new("s6", "Costs", "OUTLINE: s1 Aim"));
        let checks = no_leak_in_body(&sample(), &after);
        assert_eq!(checks.len(), 1);
        assert!(!checks[0].passed);
    }
}
