//! The confirmation the app writes from the changes it applied — the answer to the
//! spec's "silent AI": when the model stops without a final message, runs out of steps
//! or fails after successful changes, the changes stand and these words say what they
//! were. Every change waits for the student's review.

use super::contract::Report;
use super::error::ReportError;
use super::ops::apply_op;
use super::ops::ReportOp;
use super::references::label;
use super::section_tree::Place;
use lantern_core::language::Language;

fn quoted(text: &str) -> String {
    let short: String = text.chars().take(60).collect();
    if short.len() < text.len() {
        format!("“{short}…”")
    } else {
        format!("“{short}”")
    }
}

fn place_words(report: &Report, place: &Place, language: Language) -> String {
    let es = language == Language::Es;
    match place {
        Place::After(id) => format!(
            "{} {}",
            if es { "después de" } else { "after" },
            label(report, id)
        ),
        Place::Before(id) => format!(
            "{} {}",
            if es { "antes de" } else { "before" },
            label(report, id)
        ),
        Place::Under(id) => format!(
            "{} {}",
            if es { "dentro de" } else { "under" },
            label(report, id)
        ),
        Place::End => (if es { "al final" } else { "at the end" }).to_string(),
    }
}

/// One change in words: `before` is the report it applied to, `after` the result.
pub fn describe_op(before: &Report, after: &Report, op: &ReportOp, language: Language) -> String {
    let es = language == Language::Es;
    match op {
        ReportOp::UpdateSection { id, title, body_md } => {
            let old = label(before, id);
            // A body that keeps the old text and adds to it is an addition.
            let was = before.find(id).map_or("", |s| s.body_md.trim());
            let adds = body_md
                .as_deref()
                .is_some_and(|b| !was.is_empty() && b.len() > was.len() && b.starts_with(was));
            match (title, body_md) {
                (Some(t), None) if es => format!("renombrar {old} como {}", quoted(t)),
                (Some(t), None) => format!("rename {old} to {}", quoted(t)),
                (None, _) if adds && es => format!("añadir texto a {old}"),
                (None, _) if adds => format!("add to the text of {old}"),
                (None, _) if es => format!("reescribir el texto de {old}"),
                (None, _) => format!("rewrite the text of {old}"),
                (Some(t), Some(_)) if es => {
                    format!("renombrar {old} como {} y reescribir su texto", quoted(t))
                }
                (Some(t), Some(_)) => format!("rename {old} to {} and rewrite its text", quoted(t)),
            }
        }
        ReportOp::AddSection { id, place, .. } => {
            let new = label(after, id);
            let place = place_words(before, place, language);
            if es {
                format!("añadir {new} {place}")
            } else {
                format!("add {new} {place}")
            }
        }
        ReportOp::MoveSection { id, place } => {
            let now = after.number_of(id).unwrap_or_default();
            // A section is moved *to* the end (and added *at* it).
            let place = match place {
                Place::End if !es => "to the end".to_string(),
                other => place_words(before, other, language),
            };
            if es {
                format!("mover {} {place} (ahora {now})", label(before, id))
            } else {
                format!("move {} {place} (now {now})", label(before, id))
            }
        }
        ReportOp::DeleteSection { id } => {
            let inner = before.find(id).map_or(0, |s| s.walk().len() - 1);
            match (es, inner) {
                (true, 0) => format!("borrar {}", label(before, id)),
                (true, n) => format!("borrar {} y sus {n} subsecciones", label(before, id)),
                (false, 0) => format!("delete {}", label(before, id)),
                (false, 1) => format!("delete {} and its subsection", label(before, id)),
                (false, n) => format!("delete {} and its {n} subsections", label(before, id)),
            }
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
    let es = language == Language::Es;
    match described {
        [] if es => "No he cambiado nada.".to_string(),
        [] => "I haven't changed anything.".to_string(),
        [one] if es => format!("Propongo {one}. Revísalo y acéptalo o recházalo."),
        [one] => format!("I propose to {one}. Review it to accept or reject it."),
        many => {
            let list = many.join("; ");
            if es {
                format!(
                    "Propongo {} cambios: {list}. Revísalos y acepta o rechaza cada uno.",
                    many.len()
                )
            } else {
                format!(
                    "I propose {} changes: {list}. Review them to accept or reject each.",
                    many.len()
                )
            }
        }
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
