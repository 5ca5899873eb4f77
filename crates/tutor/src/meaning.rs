//! How close in meaning the sentences a passage may quote are to the student's message
//! (issue #47 item 1: the notes' sentence that answers, found by meaning as well as by
//! shared words). Read once a turn through the retriever's embedder, so that choosing
//! the passage ([`best_passage`]) stays pure.
//!
//! [`best_passage`]: super::passage::best_passage

pub use super::closeness::SentenceMeaning;
use super::course::TutorCourse;
use super::passage::{answer_sentences, Material};
use lantern_core::retrieval::Retriever;
use lantern_core::text::notes::plain;

/// How close in meaning `message` is to each sentence that the anchor and `material` of
/// the unit a passage quotes could answer with: the last of `units` (the asked unit, else
/// the focus). No meaning when the message is empty or the retriever cannot tell: the
/// passage is then chosen by shared words, as a failed embedding would only make it.
pub async fn sentence_meaning(
    retriever: &dyn Retriever,
    message: &str,
    course: &TutorCourse,
    units: &[String],
    material: &[Material],
) -> SentenceMeaning {
    let Some(unit) = units.last().and_then(|id| course.unit(id)) else {
        return SentenceMeaning::none();
    };
    if message.trim().is_empty() {
        return SentenceMeaning::none();
    }
    let sentences = answer_sentences(unit, material);
    let texts: Vec<String> = sentences.iter().map(|s| plain(s)).collect();
    match retriever.similarities(message, &texts).await {
        Ok(similarity) => SentenceMeaning::new(message, &sentences, &similarity),
        Err(_) => SentenceMeaning::none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::course;
    use lantern_core::retrieval::{ChunkType, ScriptedRetriever};

    fn notes(text: &str) -> Material {
        Material {
            unit_id: "N-2".into(),
            chunk_type: ChunkType::Notes,
            source: "units/N-2.md".into(),
            section: "Solving".into(),
            text: text.into(),
        }
    }

    #[tokio::test]
    async fn each_sentence_the_quoted_unit_could_answer_with_gets_its_similarity() {
        let material = [notes(
            "Undo the addition first, then the multiplication. What is left alone?",
        )];
        let units = ["N-1".to_string(), "N-2".to_string()];
        let message = "undo the addition";
        let m = sentence_meaning(
            &ScriptedRetriever::default().telling_meaning(),
            message,
            &course(),
            &units,
            &material,
        )
        .await;
        let first = "Undo the addition first, then the multiplication.";
        assert!(m.of(message, first).is_some_and(|v| v > 0.6), "{m:?}");
        assert_eq!(m.of(message, "What is left alone?"), None);
        let anchor = |id| {
            course()
                .unit(id)
                .map(|u| u.anchor.clone())
                .unwrap_or_default()
        };
        assert!(m.of(message, &anchor("N-2")).is_some(), "{m:?}");
        assert_eq!(
            m.of(message, &anchor("N-1")),
            None,
            "the focus is not quoted"
        );
    }

    #[tokio::test]
    async fn a_retriever_that_cannot_tell_meaning_gives_none() {
        let units = ["N-2".to_string()];
        let material = [notes("Undo the addition first, then the multiplication.")];
        let retriever = ScriptedRetriever::default();
        let m = sentence_meaning(&retriever, "undo it", &course(), &units, &material).await;
        assert_eq!(
            m.of(
                "undo it",
                "Undo the addition first, then the multiplication."
            ),
            None
        );
        let m = sentence_meaning(
            &retriever.telling_meaning(),
            " ",
            &course(),
            &units,
            &material,
        )
        .await;
        assert_eq!(m, SentenceMeaning::none());
    }

    #[test]
    fn meaning_read_for_another_message_is_not_used() {
        let sentences = vec!["The crisis ended with a deal.".to_string()];
        let m = SentenceMeaning::new("who won the crisis", &sentences, &[0.7]);
        assert_eq!(m.of("who won the crisis", &sentences[0]), Some(0.7));
        assert_eq!(m.of("what is a hotline", &sentences[0]), None);
    }

    #[test]
    fn sentences_past_the_retrievers_cap_have_no_meaning() {
        let sentences = vec!["One.".to_string(), "Two.".to_string()];
        let m = SentenceMeaning::new("q", &sentences, &[0.5]);
        assert_eq!(m.of("q", "Two."), None);
    }
}
