//! How close in meaning each sentence a passage may quote is to one message
//! ([`SentenceMeaning`]): read by [`super::meaning`] through the retriever's embedder,
//! weighed by [`super::passage::best_passage`], which stays pure.

use std::collections::BTreeMap;

/// Each candidate sentence's similarity in meaning to one message.
#[derive(Debug, Clone, PartialEq)]
pub struct SentenceMeaning {
    message: String,
    similarity: BTreeMap<String, f32>,
}

impl SentenceMeaning {
    /// No meaning: the passage is chosen by shared words alone.
    pub const fn none() -> Self {
        Self {
            message: String::new(),
            similarity: BTreeMap::new(),
        }
    }

    /// The similarities to `message` of `sentences`, in order; a sentence past the end
    /// of `similarity` has none.
    pub fn new(message: &str, sentences: &[String], similarity: &[f32]) -> Self {
        Self {
            message: message.to_string(),
            similarity: sentences
                .iter()
                .cloned()
                .zip(similarity.iter().copied())
                .collect(),
        }
    }

    /// The similarity of `sentence` to `message`, when it was read for that message.
    pub fn of(&self, message: &str, sentence: &str) -> Option<f32> {
        (self.message == message)
            .then(|| self.similarity.get(sentence).copied())
            .flatten()
    }
}
