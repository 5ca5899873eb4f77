//! What the app asks of a change the model proposes, beyond a valid tool call: titles
//! without numbers (numbers are computed), readable words (no "3.3.3.3" loops), no body
//! emptied, and every image or `[IMAGE:x]` placeholder of the old body kept.

use super::contract::Report;
use super::error::ReportError;
use super::markdown::strip_number;
use super::ops::ReportOp;
use crate::text::tidy::is_readable;
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

fn refuse(why: &str) -> ReportError {
    ReportError::ArgumentsInvalid(why.to_string())
}

fn check_title(title: &str) -> Result<String, ReportError> {
    let title = strip_number(title.lines().next().unwrap_or_default());
    if title.chars().count() > MAX_MODEL_TITLE_CHARS || !is_readable(&title) {
        return Err(refuse("the title must be a few readable words"));
    }
    Ok(title)
}

fn check_body(old: Option<&str>, body: &str) -> Result<(), ReportError> {
    if body.trim().is_empty() {
        return Err(refuse(
            "a body cannot be emptied; use delete_section to remove a section",
        ));
    }
    if !is_readable(body) {
        return Err(refuse("the body must be readable sentences"));
    }
    if let Some(missing) = old
        .into_iter()
        .flat_map(images)
        .find(|image| !body.contains(image))
    {
        return Err(refuse(&format!("keep {missing} in the body")));
    }
    Ok(())
}

/// `op` as the app accepts it from the model (numbers dropped from titles), or why not.
pub fn check_model_op(report: &Report, op: ReportOp) -> Result<ReportOp, ReportError> {
    Ok(match op {
        ReportOp::UpdateSection { id, title, body_md } => {
            let old = report.find(&id).map(|s| s.body_md.as_str());
            if let Some(body) = &body_md {
                check_body(old, body)?;
            }
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
    use crate::reports::section_tree::tests::sample;
    use crate::reports::section_tree::Place;
    use crate::Coded;

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
    fn image_placeholders_must_survive_a_rewrite() {
        let e = check_model_op(&sample(), update("s3", None, Some("All clear now."))).unwrap_err();
        assert_eq!(e.code(), "report_arguments_invalid");
        assert!(e.to_string().contains("[IMAGE:gutter]"));
        assert!(check_model_op(
            &sample(),
            update("s3", None, Some("All clear. [IMAGE:gutter]"))
        )
        .is_ok());
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
}
