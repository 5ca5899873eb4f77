//! What the app asks of a change the model proposes, beyond a valid tool call: titles
//! without numbers (numbers are computed), readable words (no "3.3.3.3" loops, no
//! one-word body), no body emptied, and every image or `[IMAGE:x]` placeholder of the
//! old body kept (put back when the model drops it).

use super::contract::Report;
use super::error::ReportError;
use super::ops::ReportOp;
use lantern_core::text::heading::strip_number;
use lantern_core::text::tidy::{ends_unfinished, is_readable};
use regex::Regex;
use std::sync::LazyLock;

/// Longest title the model may write.
pub const MAX_MODEL_TITLE_CHARS: usize = 120;

static IMAGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\[IMAGE:[^\]\n]+\]|!\[[^\]\n]*\]\([^)\n]*\)").expect("valid regex")
});

/// The images and placeholders of a body, in order.
pub fn images(body: &str) -> Vec<&str> {
    IMAGE.find_iter(body).map(|m| m.as_str()).collect()
}

/// The prose sentences of a body, images left out and spaces collapsed.
pub fn prose_sentences(body: &str) -> Vec<String> {
    let prose = IMAGE.replace_all(body, " ");
    lantern_core::text::tidy::sentences(prose.trim())
        .into_iter()
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

fn refuse(why: &str) -> ReportError {
    ReportError::ArgumentsInvalid(why.to_string())
}

fn check_title(title: &str) -> Result<String, ReportError> {
    let title = strip_number(title.lines().next().unwrap_or_default());
    // A title needs a real word: not a section id ("s3") or a number.
    let has_word = title
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w.chars().count() >= 3);
    let is_id = title.len() > 1
        && title.starts_with(['s', 'S'])
        && title[1..].chars().all(|c| c.is_ascii_digit());
    if title.chars().count() > MAX_MODEL_TITLE_CHARS || !is_readable(&title) || !has_word || is_id {
        return Err(refuse("the title must be a few readable words"));
    }
    Ok(title)
}

/// Fewest words a body the model writes may have.
pub const MIN_MODEL_BODY_WORDS: usize = 3;

/// The model's body, or why not; images of the old body it dropped are put back at the
/// end (a small model forgets them; the student never loses one).
fn check_body(old: Option<&str>, body: &str) -> Result<String, ReportError> {
    if body.trim().is_empty() {
        return Err(refuse(
            "a body cannot be emptied; use delete_section to remove a section",
        ));
    }
    let words = body
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphabetic))
        .count();
    if words < MIN_MODEL_BODY_WORDS || !is_readable(body) {
        return Err(refuse("the body must be readable sentences"));
    }
    let body = &without_repeats(body);
    let missing: Vec<&str> = old
        .into_iter()
        .flat_map(images)
        .filter(|image| !body.contains(image))
        .collect();
    let mut kept = body.trim_end().to_string();
    if !missing.is_empty() {
        kept.push_str("\n\n");
        kept.push_str(&missing.join(" "));
    }
    Ok(kept)
}

/// `body` with each sentence said again (a small model's loop) and each unfinished one
/// dropped; a body with neither is returned as it is.
fn without_repeats(body: &str) -> String {
    let mut seen = std::collections::BTreeSet::new();
    let all = lantern_core::text::tidy::sentences(body);
    let kept: Vec<&str> = all
        .iter()
        .copied()
        .filter(|s| {
            let key = lantern_core::text::normalize::normalize(s);
            !ends_unfinished(s) && (key.split_whitespace().count() < 3 || seen.insert(key))
        })
        .collect();
    if kept.len() == all.len() {
        body.to_string()
    } else {
        kept.join(" ")
    }
}

/// `op` as the app accepts it from the model (numbers dropped from titles), or why not.
pub fn check_model_op(report: &Report, op: ReportOp) -> Result<ReportOp, ReportError> {
    Ok(match op {
        ReportOp::UpdateSection { id, title, body_md } => {
            let old = report.find(&id).map(|s| s.body_md.as_str());
            let body_md = body_md.map(|body| check_body(old, &body)).transpose()?;
            let title = title.as_deref().map(check_title).transpose()?;
            ReportOp::UpdateSection { id, title, body_md }
        }
        ReportOp::AddSection {
            id,
            place,
            title,
            body_md,
        } => {
            if !body_md.trim().is_empty() && !is_readable(&body_md) {
                return Err(refuse("the body must be readable sentences"));
            }
            ReportOp::AddSection {
                id,
                place,
                title: check_title(&title)?,
                body_md,
            }
        }
        other => other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section_tree::tests::sample;
    use crate::section_tree::Place;

    fn update(id: &str, title: Option<&str>, body: Option<&str>) -> ReportOp {
        ReportOp::UpdateSection {
            id: id.into(),
            title: title.map(Into::into),
            body_md: body.map(Into::into),
        }
    }

    #[test]
    fn numbers_are_dropped_from_model_titles() {
        let op = check_model_op(&sample(), update("s3", Some("2.1 Downpipes"), None)).unwrap();
        assert_eq!(op, update("s3", Some("Downpipes"), None));
    }

    #[test]
    fn image_placeholders_dropped_by_a_rewrite_are_put_back() {
        let op = check_model_op(&sample(), update("s3", None, Some("All clear now."))).unwrap();
        assert_eq!(
            op,
            update("s3", None, Some("All clear now.\n\n[IMAGE:gutter]"))
        );
        let kept = check_model_op(
            &sample(),
            update("s3", None, Some("All clear. [IMAGE:gutter]")),
        );
        assert_eq!(
            kept.unwrap(),
            update("s3", None, Some("All clear. [IMAGE:gutter]"))
        );
    }

    #[test]
    fn a_title_that_is_an_id_or_has_no_word_is_refused() {
        for bad in ["s3", "S12", "2.1", "a b"] {
            assert!(
                check_model_op(&sample(), update("s1", Some(bad), None)).is_err(),
                "{bad}"
            );
        }
        assert!(check_model_op(&sample(), update("s1", Some("Scope"), None)).is_ok());
    }

    #[test]
    fn a_body_of_one_or_two_words_is_refused() {
        assert!(check_model_op(&sample(), update("s1", None, Some("s2"))).is_err());
        assert!(check_model_op(&sample(), update("s1", None, Some("Scope only"))).is_err());
    }

    #[test]
    fn emptied_or_looping_words_are_refused() {
        assert!(check_model_op(&sample(), update("s1", None, Some("  "))).is_err());
        assert!(check_model_op(&sample(), update("s1", None, Some("3.3.3.3.3.3"))).is_err());
        assert!(check_model_op(&sample(), update("s1", Some("the the the the"), None)).is_err());
        let add = ReportOp::AddSection {
            id: "s6".into(),
            place: Place::End,
            title: "1.1.1.1.1".into(),
            body_md: String::new(),
        };
        assert!(check_model_op(&sample(), add).is_err());
    }

    #[test]
    fn deletes_and_moves_pass_to_review_unchanged() {
        let delete = ReportOp::DeleteSection { id: "s2".into() };
        assert_eq!(check_model_op(&sample(), delete.clone()).unwrap(), delete);
    }

    #[test]
    fn a_sentence_said_twice_is_kept_once() {
        let looped = "The roof covers the house. The roof covers the house. It is old. This is a.";
        let op = check_model_op(&sample(), update("s1", None, Some(looped))).unwrap();
        assert_eq!(
            op,
            update("s1", None, Some("The roof covers the house. It is old."))
        );
    }
}
