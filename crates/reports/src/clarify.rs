//! The answer to the app's own question. After "Which section do you mean: “3.1 Costs”
//! or “4.1 Costs”?", a reply such as "3.1 Costs", "4.1", "the second one" or "the one
//! in the budget" is read as the choice: the request asked about is planned again with
//! the chosen section in place of the phrase that fitted several.

use super::command::{parse_commands, Command, ParsedCommand};
use super::contract::Report;
use super::ports::ChatLine;
use super::references::{resolve_reference, which_section_question};
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::is_stop_word;
use lantern_core::word_list;
use std::sync::LazyLock;

/// The request the app asked about, with `answer` resolving its ambiguous reference:
/// the original request and its commands. `None` when the last line is not the app's
/// question, or `answer` does not pick exactly one of the sections offered.
pub fn answered_request(
    report: &Report,
    history: &[ChatLine],
    answer: &str,
) -> Option<(String, Vec<ParsedCommand>)> {
    let (question, before) = history.split_last()?;
    if question.from_student {
        return None;
    }
    let request = before.iter().rev().find(|l| l.from_student)?;
    let parsed = parse_commands(&request.text)?;
    let mut chose = false;
    let answered = parsed
        .into_iter()
        .map(|p| {
            let command = p.command.with_references(|phrase| {
                let ids = resolve_reference(report, phrase);
                let asked = ids.len() > 1
                    && which_section_question(report, &ids, p.language) == question.text;
                match asked.then(|| choose(report, &ids, answer)).flatten() {
                    Some(number) => {
                        chose = true;
                        number
                    }
                    None => phrase.to_string(),
                }
            });
            ParsedCommand { command, ..p }
        })
        .collect();
    chose.then(|| (request.text.clone(), answered))
}

/// Ordinal words, by the index they pick (`usize::MAX`: the last), from `ordinals.txt`
/// ("second 2": the word, then its position from 1, or "last").
static ORDINALS: LazyLock<Vec<(&'static str, usize)>> = LazyLock::new(|| {
    word_list!("ordinals")
        .filter_map(|line| {
            let (word, position) = line.rsplit_once(' ')?;
            let index = match position {
                "last" => usize::MAX,
                n => n.parse::<usize>().ok()?.checked_sub(1)?,
            };
            Some((word.trim(), index))
        })
        .collect()
});

/// The number of the one section of `ids` that `answer` picks: by its own name or
/// number, by position in the question, or by a word of its parent's title.
fn choose(report: &Report, ids: &[String], answer: &str) -> Option<String> {
    let number = |id: &String| report.number_of(id);
    let named: Vec<&String> = resolve_reference(report, answer)
        .iter()
        .filter_map(|id| ids.iter().find(|c| *c == id))
        .collect();
    if let [one] = named.as_slice() {
        return number(one);
    }
    let words: Vec<String> = normalize(answer)
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let ordinal = words
        .iter()
        .find_map(|w| ORDINALS.iter().find(|(o, _)| o == w).map(|(_, i)| *i));
    if let Some(index) = ordinal {
        let index = if index == usize::MAX {
            ids.len() - 1
        } else {
            index
        };
        return ids.get(index).and_then(number);
    }
    let parent_words = |id: &String| -> Vec<String> {
        let Some(n) = number(id) else {
            return Vec::new();
        };
        let Some((parent, _)) = n.rsplit_once('.') else {
            return Vec::new();
        };
        report
            .outline()
            .into_iter()
            .find(|e| e.number == parent)
            .map(|e| normalize(&e.title).split(' ').map(str::to_string).collect())
            .unwrap_or_default()
    };
    let fits: Vec<&String> = ids
        .iter()
        .filter(|id| {
            let parent = parent_words(id);
            words
                .iter()
                .any(|w| w.chars().count() >= 3 && !is_stop_word(w) && parent.contains(w))
        })
        .collect();
    match fits.as_slice() {
        [one] => number(one),
        _ => None,
    }
}

impl Command {
    /// This command with each section reference passed through `map`.
    pub fn with_references(&self, mut map: impl FnMut(&str) -> String) -> Command {
        let mut command = self.clone();
        match &mut command {
            Command::Rename { target, .. }
            | Command::SetBody { target, .. }
            | Command::Append { target, .. }
            | Command::Delete { target }
            | Command::Replace { target, .. }
            | Command::SayInstead { target, .. } => *target = map(target),
            Command::Move { target, anchor, .. } => {
                *target = map(target);
                if let Some(a) = anchor {
                    *a = map(a);
                }
            }
            Command::Add { anchor, .. } => {
                if let Some(a) = anchor {
                    *a = map(a);
                }
            }
            Command::Swap { first, second } => {
                *first = map(first);
                *second = map(second);
            }
            Command::Undo => {}
        }
        command
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::{plan_commands, CommandPlan};
    use crate::import_markdown;

    fn report() -> Report {
        import_markdown(
            "# R\n\n## 1. Plan\n\n### 1.1 Costs\n\nSeeds.\n\n## 2. Budget\n\n### 2.1 Costs\n\nTimber.\n",
            "R",
        )
        .unwrap()
    }

    fn line(from_student: bool, text: &str) -> ChatLine {
        ChatLine {
            from_student,
            text: text.into(),
        }
    }

    fn asked(request: &str) -> Vec<ChatLine> {
        let parsed = parse_commands(request).unwrap();
        let CommandPlan::Ask(question) = plan_commands(&report(), &parsed) else {
            panic!("no question for {request}");
        };
        vec![line(true, request), line(false, &question)]
    }

    fn chosen(answer: &str) -> Option<Command> {
        answered_request(&report(), &asked("rename costs to Running costs"), answer)
            .map(|(_, parsed)| parsed[0].command.clone())
    }

    #[test]
    fn a_number_a_label_an_ordinal_or_the_parent_picks_the_section() {
        let renamed = |target: &str| Command::Rename {
            target: target.into(),
            title: "Running costs".into(),
        };
        assert_eq!(chosen("1.1 Costs"), Some(renamed("1.1")));
        assert_eq!(chosen("2.1"), Some(renamed("2.1")));
        assert_eq!(chosen("the second one"), Some(renamed("2.1")));
        assert_eq!(chosen("la primera"), Some(renamed("1.1")));
        assert_eq!(chosen("the one in the budget"), Some(renamed("2.1")));
    }

    #[test]
    fn an_answer_that_picks_nothing_or_no_question_is_not_an_answer() {
        assert_eq!(chosen("both of them"), None);
        let history = vec![line(true, "rename costs to X"), line(false, "Done.")];
        assert!(answered_request(&report(), &history, "2.1").is_none());
    }
}
