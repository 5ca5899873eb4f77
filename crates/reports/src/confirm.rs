//! The confirmation the app writes from the changes it applied — the answer to the
//! spec's "silent AI": when the model stops without a final message, runs out of steps
//! or fails after successful changes, the changes stand and these words say what they
//! were. Every change waits for the student's review.

use super::contract::Report;
use super::error::ReportError;
use super::messages::MESSAGES;
use super::ops::apply_op;
use super::ops::ReportOp;
use super::references::label;
use super::section_tree::Place;
use lantern_core::language::Language;
use lantern_core::say;

/// The first 60 characters of a title, with "…" when it was longer.
fn clipped(text: &str) -> String {
    let short: String = text.chars().take(60).collect();
    if short.len() < text.len() {
        format!("{short}…")
    } else {
        short
    }
}

fn place_words(report: &Report, place: &Place, language: Language) -> String {
    match place {
        Place::After(id) => say!(
            MESSAGES,
            language,
            "reports-place-after",
            section = &label(report, id)
        ),
        Place::Before(id) => say!(
            MESSAGES,
            language,
            "reports-place-before",
            section = &label(report, id)
        ),
        Place::Under(id) => say!(
            MESSAGES,
            language,
            "reports-place-under",
            section = &label(report, id)
        ),
        Place::End => say!(MESSAGES, language, "reports-place-end"),
    }
}

/// Fewest words a text needs for a change of a few of them to be told as such.
const SMALL_EDIT_TEXT_WORDS: usize = 8;
/// Most words a change of a few words replaces or brings in.
const SMALL_EDIT_WORDS: usize = 6;

/// The words a change of a few words of a long enough text replaced and the words it
/// put there (punctuation around them left out): `None` for a rewrite.
fn small_edit(was: &str, now: &str) -> Option<(String, String)> {
    let (old, new) = super::replacement::changed_words(was.trim(), now.trim())?;
    let (was, now) = (was.trim(), now.trim());
    let count = |t: &str| t.split_whitespace().count();
    let bare = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let (from, to) = (bare(&was[old.clone()]), bare(&now[new.clone()]));
    // Within one sentence: no sentence ends inside, and no sentence taken out whole.
    let ends = |t: &str| t.contains(['.', '!', '?', '\n']);
    let one_sentence = !(ends(&from) || ends(&to) || to.is_empty() && ends(&was[old]));
    let small = one_sentence
        && count(was) >= SMALL_EDIT_TEXT_WORDS
        && !from.is_empty()
        && count(&from) <= SMALL_EDIT_WORDS
        && count(&to) <= SMALL_EDIT_WORDS;
    small.then_some((from, to))
}

/// One change in words: `before` is the report it applied to, `after` the result.
pub fn describe_op(before: &Report, after: &Report, op: &ReportOp, language: Language) -> String {
    match op {
        ReportOp::UpdateSection { id, title, body_md } => {
            let old = label(before, id);
            // A body that keeps the old text and adds to it is an addition.
            let was = before.find(id).map_or("", |s| s.body_md.trim());
            let adds = body_md
                .as_deref()
                .is_some_and(|b| !was.is_empty() && b.len() > was.len() && b.starts_with(was));
            match (title, body_md) {
                (Some(t), None) => say!(
                    MESSAGES,
                    language,
                    "reports-change-rename",
                    section = &old,
                    title = &clipped(t)
                ),
                (None, _) if adds => say!(
                    MESSAGES,
                    language,
                    "reports-change-add-text",
                    section = &old
                ),
                (None, Some(body)) if small_edit(was, body).is_some() => {
                    let (from, to) = small_edit(was, body).unwrap_or_default();
                    if to.is_empty() {
                        say!(
                            MESSAGES,
                            language,
                            "reports-change-remove",
                            old = &from,
                            section = &old
                        )
                    } else {
                        say!(
                            MESSAGES,
                            language,
                            "reports-change-replace",
                            old = &from,
                            new = &to,
                            section = &old
                        )
                    }
                }
                (None, _) => say!(MESSAGES, language, "reports-change-rewrite", section = &old),
                (Some(t), Some(_)) => say!(
                    MESSAGES,
                    language,
                    "reports-change-rename-rewrite",
                    section = &old,
                    title = &clipped(t)
                ),
            }
        }
        ReportOp::AddSection { id, place, .. } => say!(
            MESSAGES,
            language,
            "reports-change-add",
            section = &label(after, id),
            place = &place_words(before, place, language)
        ),
        ReportOp::MoveSection { id, place } => {
            // A section is moved *to* the end (and added *at* it).
            let place = match place {
                Place::End => say!(MESSAGES, language, "reports-place-move-end"),
                other => place_words(before, other, language),
            };
            say!(
                MESSAGES,
                language,
                "reports-change-move",
                section = &label(before, id),
                place = &place,
                number = &after.number_of(id).unwrap_or_default()
            )
        }
        ReportOp::DeleteSection { id } => {
            let inner = before.find(id).map_or(0, |s| s.walk().len() - 1);
            say!(
                MESSAGES,
                language,
                "reports-change-delete",
                section = &label(before, id),
                subsections = inner
            )
        }
    }
}

/// Applies `ops` in order to a copy of `report`: the result, and each change in words
/// (described against the report it applied to); the first change that cannot apply
/// stops it.
pub fn apply_described(
    report: &Report,
    ops: &[ReportOp],
    language: Language,
) -> Result<(Report, Vec<String>), ReportError> {
    let mut after = report.clone();
    let mut words = Vec::with_capacity(ops.len());
    for op in ops {
        let before = after.clone();
        apply_op(&mut after, op)?;
        words.push(describe_op(&before, &after, op, language));
    }
    Ok((after, words))
}

/// The confirmation for changes proposed this turn (each described against the report
/// it applied to), or the words for a turn that changed nothing.
pub fn confirmation(described: &[String], language: Language) -> String {
    match described {
        [] => say!(MESSAGES, language, "reports-confirm-none"),
        [one] => say!(MESSAGES, language, "reports-confirm-one", change = one),
        many => say!(
            MESSAGES,
            language,
            "reports-confirm-many",
            count = &many.len().to_string(),
            changes = &many.join("; ")
        ),
    }
}

/// The answer to "undo" when it took back the change waiting for review, `change` (in
/// words).
pub fn withdrawn_words(change: &str, language: Language) -> String {
    say!(MESSAGES, language, "reports-undo-pending", change = change)
}

/// The answer to "undo" when it undid the last accepted step, with that step's summary
/// when it has one.
pub fn undone_words(summary: Option<&str>, language: Language) -> String {
    match summary {
        Some(summary) => say!(
            MESSAGES,
            language,
            "reports-undo-accepted",
            summary = summary
        ),
        None => say!(MESSAGES, language, "reports-undo-accepted-plain"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;

    fn describe(op: ReportOp, language: Language) -> String {
        let before = sample();
        let mut after = before.clone();
        apply_op(&mut after, &op).unwrap();
        describe_op(&before, &after, &op, language)
    }

    #[test]
    fn each_kind_of_change_in_words() {
        let append = ReportOp::UpdateSection {
            id: "s3".into(),
            title: None,
            body_md: Some("Blocked. [IMAGE:gutter]\n\nCleared in May.".into()),
        };
        assert_eq!(
            describe(append, Language::En),
            "add to the text of 2.1 Gutters"
        );
        let rename = ReportOp::UpdateSection {
            id: "s3".into(),
            title: Some("Downpipes".into()),
            body_md: None,
        };
        assert_eq!(
            describe(rename, Language::En),
            "rename 2.1 Gutters to “Downpipes”"
        );
        let add = ReportOp::AddSection {
            id: "s6".into(),
            place: Place::After("s1".into()),
            title: "Method".into(),
            body_md: String::new(),
        };
        assert_eq!(
            describe(add, Language::En),
            "add 2 Method after 1 Introduction"
        );
        let moved = ReportOp::MoveSection {
            id: "s5".into(),
            place: Place::Before("s1".into()),
        };
        assert_eq!(
            describe(moved, Language::En),
            "move 3 Recommendations before 1 Introduction (now 1)"
        );
        let delete = ReportOp::DeleteSection { id: "s2".into() };
        assert_eq!(
            describe(delete.clone(), Language::En),
            "delete 2 Roofing and its 2 subsections"
        );
        assert_eq!(
            describe(delete, Language::Es),
            "borrar 2 Roofing y sus 2 subsecciones"
        );
    }

    #[test]
    fn the_confirmation_lists_the_changes_for_review() {
        assert_eq!(
            confirmation(&[], Language::En),
            "I haven't changed anything."
        );
        let one = confirmation(&["delete 3 Recommendations".into()], Language::En);
        assert!(one.starts_with("I propose to delete 3 Recommendations."));
        let two = confirmation(&["a".into(), "b".into()], Language::Es);
        assert!(two.starts_with("Propongo 2 cambios: a; b."));
    }
}
