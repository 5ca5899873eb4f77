//! The report turn's prompt: fixed instructions (cached across turns) and a user
//! message with the outline and ids, the references already resolved, the focused
//! section's text, what the student rejected last time, and the request.

use super::contract::Report;
use super::focus::Focus;
use super::references::{label, FoundReference};
use lantern_core::language::Language;
use lantern_core::llm::{Limits, LlmRequest};

/// The prefix-cache key of the report loop's system prompt.
pub const CACHE_KEY: &str = "reports";
/// Outline lines shown to the model.
const MAX_OUTLINE_LINES: usize = 40;
/// Characters of a focused section's body shown to the model.
const MAX_FOCUS_BODY_CHARS: usize = 900;

const SYSTEM: &str = "You edit a report made of numbered sections. Each step, answer with one JSON \
object: a tool call, or {\"tool\":\"reply\",\"message\":\"...\"} to finish. Sections are named by ids \
such as s3: use only ids from the OUTLINE. update_section changes a title or a body; add_section adds \
a section (position after, before or under an anchor, or end); move_section moves one; delete_section \
removes one with its subsections; get_report_slices reads bodies. To change a number or a few words, \
use replace_in_section: find is copied exactly from the section's text, replace is the new words. The app numbers sections: never \
write numbers in titles. Keep every [IMAGE:x] placeholder and image. Give each change a short reason. \
When the request is done, reply in one short sentence in the student's language.";

/// What the prompt is built from.
#[derive(Debug, Clone)]
pub struct PromptInput<'a> {
    /// The report as the student sees it.
    pub report: &'a Report,
    /// The student's request.
    pub message: &'a str,
    /// The references resolved from it.
    pub references: &'a [FoundReference],
    /// What the model is asked to write.
    pub focus: &'a Focus,
    /// Changes the student rejected since the last turn, in words.
    pub rejected: &'a [String],
    /// Passages of the project's specifications found for the request.
    pub specs: &'a [super::ports::SpecPassage],
    /// The language to answer in.
    pub language: Language,
}

/// The outline, one `id number title` line per section.
pub fn outline_lines(report: &Report) -> String {
    let outline = report.outline();
    let mut lines: Vec<String> = outline
        .iter()
        .take(MAX_OUTLINE_LINES)
        .map(|e| {
            format!(
                "{}{} {} {}",
                "  ".repeat(e.depth as usize - 1),
                e.id,
                e.number,
                e.title
            )
        })
        .collect();
    if outline.len() > MAX_OUTLINE_LINES {
        lines.push(format!("(+{} more)", outline.len() - MAX_OUTLINE_LINES));
    }
    if lines.is_empty() {
        return "(no sections yet)".into();
    }
    lines.join("\n")
}

fn focused_id(focus: &Focus) -> Option<&str> {
    match focus {
        Focus::Body(id) | Focus::Title(id) | Focus::Append(id) => Some(id),
        Focus::Open => None,
    }
}

/// Specification passages shown to the model.
const SPEC_PASSAGES: usize = 3;

/// The best specification passages as the model reads them: `[file] text`, one a line.
pub fn spec_lines(passages: &[super::ports::SpecPassage]) -> String {
    passages
        .iter()
        .take(SPEC_PASSAGES)
        .map(|p| {
            format!(
                "[{}] {}",
                p.source,
                p.text.chars().take(300).collect::<String>()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a focused turn asks of the model, in one line.
fn task(focus: &Focus) -> Option<String> {
    Some(match focus {
        Focus::Body(id) => {
            format!("TASK: call update_section on {id} with its whole new text in bodyMd.\n")
        }
        Focus::Append(id) => {
            format!("TASK: call update_section on {id} with only the sentences to add in bodyMd.\n")
        }
        Focus::Title(id) => {
            format!("TASK: call update_section on {id} with a better short title.\n")
        }
        Focus::Open => return None,
    })
}

/// The request for one step of the loop (later steps append to its messages).
pub fn build_request(input: &PromptInput) -> LlmRequest {
    let mut user = format!("OUTLINE:\n{}\n", outline_lines(input.report));
    if !input.references.is_empty() {
        let refs: Vec<String> = input
            .references
            .iter()
            .map(|r| {
                let ids: Vec<String> = r
                    .ids
                    .iter()
                    .map(|id| format!("{id} ({})", label(input.report, id)))
                    .collect();
                format!("\"{}\" = {}", r.phrase, ids.join(" or "))
            })
            .collect();
        user.push_str(&format!("REFERENCES: {}\n", refs.join("; ")));
    }
    if let Some(section) = focused_id(input.focus).and_then(|id| input.report.find(id)) {
        let body: String = section.body_md.chars().take(MAX_FOCUS_BODY_CHARS).collect();
        user.push_str(&format!(
            "TEXT OF {} ({}):\n{body}\n",
            section.id,
            label(input.report, &section.id)
        ));
    }
    if let Some(task) = task(input.focus) {
        user.push_str(&task);
    }
    if !input.specs.is_empty() {
        user.push_str(&format!("SPECIFICATIONS:\n{}\n", spec_lines(input.specs)));
    }
    if !input.rejected.is_empty() {
        user.push_str(&format!(
            "THE STUDENT REJECTED: {}\n",
            input.rejected.join("; ")
        ));
    }
    let language = match input.language {
        Language::En => "English",
        Language::Es => "Spanish",
    };
    user.push_str(&format!("LANGUAGE: {language}\nREQUEST: {}", input.message));
    LlmRequest::new(SYSTEM, user)
        .with_cache_key(CACHE_KEY)
        .with_limits(Limits {
            max_tokens: 640,
            temperature: 0.2,
            seed: 42,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    #[test]
    fn the_prompt_carries_ids_references_focus_and_rejections() {
        let refs = vec![FoundReference {
            phrase: "section 2.1".into(),
            ids: vec!["s3".into()],
        }];
        let request = build_request(&PromptInput {
            report: &sample(),
            message: "shorten section 2.1",
            references: &refs,
            focus: &Focus::Body("s3".into()),
            rejected: &["rename 1 Introduction to “Intro”".into()],
            specs: &[],
            language: Language::En,
        });
        let user = &request.messages[0].content;
        assert!(user.contains("  s3 2.1 Gutters"));
        assert!(user.contains("\"section 2.1\" = s3 (2.1 Gutters)"));
        assert!(user.contains("TEXT OF s3 (2.1 Gutters):\nBlocked. [IMAGE:gutter]"));
        assert!(user.contains("THE STUDENT REJECTED: rename 1 Introduction"));
        assert!(user.ends_with("REQUEST: shorten section 2.1"));
        assert_eq!(request.cache_key.as_deref(), Some(CACHE_KEY));
    }

    #[test]
    fn an_empty_report_says_so() {
        assert_eq!(outline_lines(&Report::default()), "(no sections yet)");
    }
}
