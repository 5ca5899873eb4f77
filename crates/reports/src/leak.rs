//! The report prompt's scaffolding, as no section text the model proposes may carry it:
//! a label that starts one of the prompt's lines ("OUTLINE:", "TASK:", "REQUEST:"), a
//! tool or field name written as code (`update_section`, `bodyMd`; a plain one such as
//! "reply" only in double quotes) or a run of [`LEAK_RUN`] words of its instructions —
//! the shared filter's leak test, with the vocabulary read from the prompt and the tools
//! the loop builds, so a new label, tool or field is covered without editing this file.
//! The app drops a proposal that carries one (`host.rs`); the eval's `no_leak_in_body`
//! checks every proposed section with it.

use crate::contract::{Report, Section};
use crate::focus::Focus;
use crate::ports::SpecPassage;
use crate::prompt::{build_request, PromptInput};
use crate::references::FoundReference;
use crate::tools::{report_tools, ToolChoice};
use lantern_core::language::Language;
use lantern_core::text::normalize::{normalize, words};
use lantern_core::text::support::LEAK_RUN;
use regex::Regex;
use std::collections::{BTreeSet, HashSet};
use std::sync::LazyLock;

/// The report prompt's scaffolding, as a section's text must never carry it.
struct Scaffolding {
    /// Labels at the start of the prompt's lines ("OUTLINE:", "TEXT OF"), as written.
    labels: BTreeSet<String>,
    /// Tool and field names: snake_case or camelCase ones count anywhere as whole
    /// words, plain words ("title", "reply") only in double quotes.
    names: BTreeSet<String>,
    /// Every run of [`LEAK_RUN`] words of the instructions, normalised.
    runs: HashSet<Vec<String>>,
}

static LINE_LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^([A-Z]{2,}(?: [A-Z]{2,})*:?)").expect("valid regex"));
static QUOTED_NAME: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#""([A-Za-z_]+)""#).expect("valid regex"));

static SCAFFOLDING: LazyLock<Scaffolding> = LazyLock::new(Scaffolding::of_the_prompt);

impl Scaffolding {
    /// Read from the prompts built on a one-section report with every part shown.
    fn of_the_prompt() -> Self {
        let report = Report {
            sections: vec![Section::new("s1", "A", "x")],
            next_id: 1,
            ..Report::default()
        };
        let references = [FoundReference {
            phrase: "a".into(),
            ids: vec!["s1".into()],
        }];
        let specs = [SpecPassage {
            source: "spec.md".into(),
            text: "x".into(),
        }];
        let foci = [
            Focus::Body("s1".into()),
            Focus::Append("s1".into()),
            Focus::Title("s1".into()),
        ];
        let mut labels = BTreeSet::new();
        let mut instructions = Vec::new();
        for focus in &foci {
            let request = build_request(&PromptInput {
                report: &report,
                message: "x",
                references: &references,
                focus,
                rejected: &["x".into()],
                specs: &specs,
                language: Language::En,
            });
            let user = &request.messages[0].content;
            labels.extend(LINE_LABEL.captures_iter(user).map(|c| c[1].to_string()));
            instructions.extend(
                user.lines()
                    .filter(|l| l.starts_with("TASK:"))
                    .map(String::from),
            );
            instructions.push(request.system);
        }
        let mut names: BTreeSet<String> = instructions
            .iter()
            .flat_map(|i| QUOTED_NAME.captures_iter(i).map(|c| c[1].to_string()))
            .collect();
        let choice = ToolChoice {
            specs: true,
            actions: true,
        };
        for tool in report_tools(&report, choice) {
            names.insert(tool.name.to_string());
            names.extend(tool.args.iter().map(|(name, _)| name.to_string()));
        }
        let runs = instructions
            .iter()
            .flat_map(|i| {
                let normal = normalize(i);
                let words: Vec<String> = words(&normal).into_iter().map(String::from).collect();
                words
                    .windows(LEAK_RUN)
                    .map(<[String]>::to_vec)
                    .collect::<Vec<_>>()
            })
            .collect();
        Self {
            labels,
            names,
            runs,
        }
    }

    /// The first piece of scaffolding in `text`, if any.
    fn found_in(&self, text: &str) -> Option<String> {
        if let Some(label) = self.labels.iter().find(|l| text.contains(l.as_str())) {
            return Some(label.clone());
        }
        let name = self.names.iter().find(|name| {
            let code_like = name.contains('_') || name.chars().any(char::is_uppercase);
            if code_like {
                Regex::new(&format!(r"\b{}\b", regex::escape(name))).is_ok_and(|r| r.is_match(text))
            } else {
                text.contains(&format!("\"{name}\""))
            }
        });
        if let Some(name) = name {
            return Some(name.clone());
        }
        let normal = normalize(text);
        let words: Vec<String> = words(&normal).into_iter().map(String::from).collect();
        words
            .windows(LEAK_RUN)
            .find(|run| self.runs.contains(*run))
            .map(|run| run.join(" "))
    }
}

/// The first piece of the prompt's scaffolding in `text`, if any.
pub fn scaffolding_in(text: &str) -> Option<String> {
    SCAFFOLDING.found_in(text)
}

/// The scaffolding a proposed title and text bring in that the section did not already
/// carry (`old`: its title and text before, empty for a new section).
pub fn new_scaffolding(old: &str, new: &str) -> Option<String> {
    scaffolding_in(new).filter(|found| !old.contains(found.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vocabulary_is_read_from_the_prompt_and_the_tools() {
        let found = &*SCAFFOLDING;
        for label in ["OUTLINE:", "TEXT OF", "TASK:", "LANGUAGE:", "REQUEST:"] {
            assert!(found.labels.contains(label), "{label}: {:?}", found.labels);
        }
        for name in [
            "update_section",
            "get_report_slices",
            "bodyMd",
            "tool",
            "reply",
        ] {
            assert!(found.names.contains(name), "{name}: {:?}", found.names);
        }
    }

    #[test]
    fn what_the_section_already_said_is_no_new_scaffolding() {
        assert_eq!(
            new_scaffolding("", "TASK: call update_section on s1").as_deref(),
            Some("TASK:")
        );
        assert_eq!(
            new_scaffolding("TASK: plant beds", "TASK: plant beds soon"),
            None
        );
    }
}
