//! The finished argument as text: Markdown for reading, Argdown for argument-mapping
//! tools.

use super::messages::MESSAGES;
use super::{Language, ToulminDraft, ToulminStep};
use lantern_core::say;

/// The language of the exported argument (the exports take none).
const EXPORT_LANGUAGE: Language = Language::En;

/// The heading of each element.
fn heading(step: ToulminStep) -> String {
    say!(
        MESSAGES,
        EXPORT_LANGUAGE,
        "coach-export-heading",
        step = step.as_str()
    )
}

/// One line of text: line breaks become spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The argument as Markdown: a title, then one section per filled element.
pub fn to_markdown(title: &str, draft: &ToulminDraft) -> String {
    let mut out = format!("# {}\n", one_line(title));
    for step in ToulminStep::ALL {
        let text = draft.get(step).trim();
        if !text.is_empty() {
            out.push_str(&format!("\n## {}\n\n{}\n", heading(step), text));
        }
    }
    out
}

/// The argument in Argdown: the claim as the main statement, grounds and warrant as
/// supporting arguments (each with its backing), the rebuttal as an attack, and the
/// qualifier as a comment on the claim.
pub fn to_argdown(title: &str, draft: &ToulminDraft) -> String {
    let field = |step| one_line(draft.get(step));
    let mut out = format!("===\ntitle: {}\n===\n\n", one_line(title));
    out.push_str(&format!(
        "[{}]: {}\n",
        heading(ToulminStep::Claim),
        field(ToulminStep::Claim)
    ));
    let mut line = |indent: usize, text: String| {
        out.push_str(&format!("{}{}\n", "  ".repeat(indent), text));
    };
    let qualifier = field(ToulminStep::Qualifier);
    if !qualifier.is_empty() {
        let note = say!(
            MESSAGES,
            EXPORT_LANGUAGE,
            "coach-export-qualifier",
            qualifier = &qualifier
        );
        line(1, format!("// {note}"));
    }
    for (step, backing) in [
        (ToulminStep::Grounds, ToulminStep::GroundsBacking),
        (ToulminStep::Warrant, ToulminStep::WarrantBacking),
    ] {
        if !field(step).is_empty() {
            line(1, format!("<+ <{}>: {}", heading(step), field(step)));
            if !field(backing).is_empty() {
                line(2, format!("<+ <{}>: {}", heading(backing), field(backing)));
            }
        }
    }
    if !field(ToulminStep::Rebuttal).is_empty() {
        line(
            1,
            format!(
                "<- <{}>: {}",
                heading(ToulminStep::Rebuttal),
                field(ToulminStep::Rebuttal)
            ),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ToulminDraft {
        ToulminDraft {
            claim: "Schools should not set homework on weekends.".into(),
            grounds: "21 of 28 students said they were tired.".into(),
            warrant: "Tired students learn less, so rest helps learning.".into(),
            grounds_backing: "A class survey in March.".into(),
            warrant_backing: String::new(),
            qualifier: "In most cases".into(),
            rebuttal: "Unless the homework is\noptional reading.".into(),
        }
    }

    #[test]
    fn markdown_has_a_section_per_filled_element() {
        let md = to_markdown("Weekend homework", &draft());
        assert!(md.starts_with("# Weekend homework\n"));
        assert!(md.contains("## Claim\n\nSchools should not"));
        assert!(md.contains("## Backing for the grounds"));
        assert!(!md.contains("Backing for the warrant"));
    }

    #[test]
    fn argdown_supports_and_attacks_the_claim() {
        let ad = to_argdown("Weekend homework", &draft());
        assert!(ad.contains("[Claim]: Schools should not set homework on weekends."));
        assert!(ad.contains("\n  <+ <Grounds>: 21 of 28"));
        assert!(ad.contains("\n    <+ <Backing for the grounds>: A class survey"));
        assert!(ad.contains("\n  <- <Rebuttal>: Unless the homework is optional reading."));
        assert!(ad.contains("// qualifier: In most cases"));
        assert!(!ad.contains("Backing for the warrant"));
    }
}
