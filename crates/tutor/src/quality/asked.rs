//! Two checks of a turn that answers a student's question (issue #47): an answer in
//! words comes before any practice (`answered_in_words`), and the question gets no
//! verdict (`question_not_graded`).
//!
//! What the student reads, in order, is what the window shows
//! (ui/src/features/tutor/Timeline.tsx): the passage the reply quotes (first, issue
//! #47), then the reply's text, then its card. So the passage always comes before the
//! practice; the text's sentences do up to the practice's question.

use super::practice::practice;
use super::shown::ShownTurn;
use crate::message::TutorCard;
use lantern_core::eval::Check;
use lantern_core::text::normalize::normalize;
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::text::tidy::sentences;

/// The sentences shown before any practice that answer in words: the passage's quote,
/// the model's sentences and whole sentences quoted from the course's authored text (in
/// the text, or a concept card's key ideas when no practice follows) — each about the
/// question (a content term of the student's message in it).
fn answers_before_practice<'a>(t: &ShownTurn<'a>) -> Vec<&'a str> {
    let asked = term_keys(t.student);
    let about = |s: &str| content_terms(s).iter().any(|term| term.in_keys(&asked));
    let model: Vec<&str> = sentences(&t.log.model_text);
    let mut material: Vec<String> = t.authored.iter().map(|a| normalize(a)).collect();
    material.extend(t.passage.map(|p| normalize(&p.full_text)));
    let quoted = |s: &str| {
        let n = normalize(s);
        !n.is_empty() && material.iter().any(|m| m.contains(&n))
    };
    let text = sentences(t.text);
    let practice = practice(t);
    let until = practice.and_then(|p| p.starts_at).unwrap_or(text.len());
    let mut out: Vec<&'a str> = t.passage.map(|p| p.quote.as_str()).into_iter().collect();
    out.extend(
        text[..until]
            .iter()
            .copied()
            .filter(|s| model.contains(s) || quoted(s)),
    );
    if practice.is_none() {
        if let Some(TutorCard::Concept { key_ideas, .. }) = t.card {
            out.extend(key_ideas.iter().map(String::as_str));
        }
    }
    out.retain(|s| about(s));
    out
}

/// `answered_in_words`: before any practice the student reads a sentence that answers
/// the question — the model's, or the authored text's own, quoted.
pub(super) fn answered_in_words(t: &ShownTurn<'_>) -> Check {
    let answers = answers_before_practice(t);
    Check::new("answered_in_words", !answers.is_empty(), || {
        let first = match practice(t) {
            Some(p) if p.starts_at.is_some() => "a question in the text",
            Some(_) => "a card",
            None => "no practice",
        };
        format!("no answer in words before the practice ({first})")
    })
}

/// `question_not_graded`: the turn gives no verdict (right, partly, not yet — "Not
/// quite.") and no drill feedback.
pub(super) fn question_not_graded(t: &ShownTurn<'_>) -> Check {
    let verdict = t.log.verdict;
    let feedback = matches!(t.card, Some(TutorCard::DrillFeedback { .. }));
    Check::new(
        "question_not_graded",
        verdict.is_none() && !feedback,
        || format!("verdict {verdict:?}"),
    )
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{cloze_key, passage, Turn};
    use super::*;
    use crate::judge::TutorVerdict;

    const ASKED: &str = "what were the three estates";
    const CLOZE: &str = "Fill in the gap. The Estates-General had not met since ___.";

    #[test]
    fn an_answer_must_come_before_the_practice() {
        // A passage that answers is shown first, above the text and its cloze.
        let mut turn = Turn::new(ASKED, CLOZE);
        turn.key = Some(cloze_key("FR-01", "1614"));
        turn.passage = Some(passage(
            "The three estates were the clergy, the nobility and the commoners.",
        ));
        assert!(answered_in_words(&turn.shown()).passed);
        // With no passage, only the text's sentences before the cloze can answer.
        turn.passage = None;
        assert!(!answered_in_words(&turn.shown()).passed);
        // The notes' sentence quoted first, then the practice.
        turn.text =
            format!("The three estates were the clergy, the nobility and the commoners. {CLOZE}");
        assert!(answered_in_words(&turn.shown()).passed);
        // A quote that is not about the question does not answer it.
        turn.text = format!("The revolution did not give women equal political rights. {CLOZE}");
        assert!(!answered_in_words(&turn.shown()).passed);
    }

    #[test]
    fn a_model_sentence_or_a_passage_with_no_practice_answers() {
        let turn = Turn::new(ASKED, CLOZE)
            .with_model("There were three estates: clergy, nobles and commoners.");
        assert!(answered_in_words(&turn.shown()).passed);
        let mut turn = Turn::new(ASKED, "");
        turn.passage = Some(passage(
            "The three estates were the clergy, the nobility and the commoners.",
        ));
        assert!(answered_in_words(&turn.shown()).passed);
        turn.passage = None;
        assert!(!answered_in_words(&turn.shown()).passed);
    }

    #[test]
    fn a_question_with_a_verdict_is_graded() {
        let mut turn = Turn::new(
            "did the revolution give women equal rights",
            "Not quite. The revolution did not give women equal political rights.",
        );
        turn.log.verdict = Some(TutorVerdict::NotYet);
        let graded = question_not_graded(&turn.shown());
        assert!(!graded.passed);
        assert_eq!(graded.detail.as_deref(), Some("verdict Some(NotYet)"));
        turn.log.verdict = None;
        assert!(question_not_graded(&turn.shown()).passed);
    }
}
