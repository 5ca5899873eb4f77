//! The word checks every loop's eval runs on the model's sentences a student was shown,
//! with the shared [`ReplyFilter`]'s own tests, so the evals and the pipeline agree on
//! what a leak, an echo and a repeat are.

use crate::eval::Check;
use crate::text::support::{DropReason, ReplyFilter};
use crate::text::tidy::sentences;

/// What a reply's model words are checked against.
#[derive(Debug, Clone, Copy, Default)]
pub struct WordContext<'a> {
    /// The student's message this reply answers.
    pub student: &'a str,
    /// The prompt's labels ("Student:", "Notes you may use:").
    pub labels: &'a [&'a str],
    /// The prompt's instruction texts.
    pub instructions: &'a [&'a str],
    /// What the conversation showed before this reply.
    pub earlier: &'a [&'a str],
}

/// `no_leak` (a prompt label, or a run of five words of an instruction), `no_echo` (a
/// sentence mostly the student's words) and `no_repeat_across_turns` (a sentence shown
/// before) on `shown`, the model's words as the student saw them.
pub fn word_checks(shown: &str, context: &WordContext<'_>) -> Vec<Check> {
    let leak = ReplyFilter::new(None, &[], "")
        .with_instructions(context.instructions)
        .with_labels(context.labels);
    let echo = ReplyFilter::new(None, &[], context.student);
    let repeat = ReplyFilter::new(None, &[], "").with_said(context.earlier);
    let failing = |filter: &ReplyFilter, reason: fn(&DropReason) -> bool| -> Vec<&str> {
        sentences(shown)
            .into_iter()
            .filter(|s| filter.check(s).as_ref().err().is_some_and(reason))
            .collect()
    };
    let leaks = failing(&leak, |r| matches!(r, DropReason::Leak(_)));
    let echoes = failing(&echo, |r| *r == DropReason::Echo);
    let repeats = failing(&repeat, |r| *r == DropReason::Repeat);
    vec![
        Check::new("no_leak", leaks.is_empty(), || leaks.join(" | ")),
        Check::new("no_echo", echoes.is_empty(), || echoes.join(" | ")),
        Check::new("no_repeat_across_turns", repeats.is_empty(), || {
            repeats.join(" | ")
        }),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_an_echo_and_a_repeat_each_fail_their_check() {
        let context = WordContext {
            student: "how do I draw the branches of a mind map",
            labels: &["Notes you may use:"],
            instructions: &["Answer in two short sentences and never invent facts."],
            earlier: &["Branches start at the centre word."],
        };
        let shown = "Notes you may use: branches. How do I draw the branches of a mind map? \
                     Branches start at the centre word. Use one colour per branch.";
        let failed: Vec<&str> = word_checks(shown, &context)
            .into_iter()
            .filter(|c| !c.passed)
            .map(|c| c.name)
            .collect();
        assert_eq!(failed, ["no_leak", "no_echo", "no_repeat_across_turns"]);
        let clean = word_checks("Use one colour per branch.", &context);
        assert!(clean.iter().all(|c| c.passed));
    }
}
