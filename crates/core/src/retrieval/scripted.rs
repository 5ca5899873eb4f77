//! A scripted [`Retriever`] for tests: records in memory, ranked by the share of the
//! query's longer words they contain; when asked to, it tells meaning by the same share.

use super::{Collection, Document, Filter, Hit, Record, RetrievalError, Retriever};
use crate::llm::BoxFuture;
use crate::text::normalize::{normalize, words};

/// Finds records of a collection that share words with the query.
#[derive(Debug, Default)]
pub struct ScriptedRetriever {
    records: Vec<(Collection, String, Record)>,
    tells_meaning: bool,
}

impl ScriptedRetriever {
    /// An index of `records`: each in a collection, with the text its words come from.
    pub fn new(records: Vec<(Collection, String, Record)>) -> Self {
        Self {
            records,
            tells_meaning: false,
        }
    }

    /// The same retriever, whose [`Retriever::similarities`] are the share of the
    /// query's longer words each text contains (without, it tells no meaning).
    pub fn telling_meaning(self) -> Self {
        Self {
            tells_meaning: true,
            ..self
        }
    }
}

fn overlap(query: &str, text: &str) -> f32 {
    let q = normalize(query);
    let t = normalize(text);
    let query_words: Vec<&str> = words(&q).into_iter().filter(|w| w.len() > 3).collect();
    let text_words = words(&t);
    let shared = query_words
        .iter()
        .filter(|w| text_words.contains(w))
        .count();
    (shared as f32 / query_words.len().max(1) as f32).min(1.0)
}

impl Retriever for ScriptedRetriever {
    fn search<'a>(
        &'a self,
        collection: Collection,
        query: &'a str,
        filter: &'a Filter,
        top_k: usize,
    ) -> BoxFuture<'a, Result<Vec<Hit>, RetrievalError>> {
        Box::pin(async move {
            let mut hits: Vec<Hit> = self
                .records
                .iter()
                .filter(|(c, _, r)| *c == collection && filter.accepts(r))
                .map(|(_, text, r)| Hit {
                    id: text.clone(),
                    score: overlap(query, text),
                    record: r.clone(),
                })
                .filter(|h| h.score > 0.0)
                .collect();
            hits.sort_by(|a, b| b.score.total_cmp(&a.score));
            hits.truncate(top_k);
            Ok(hits)
        })
    }

    fn add<'a>(
        &'a self,
        _collection: Collection,
        _generation: &'a str,
        _documents: &'a [Document],
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async { Ok(()) })
    }

    fn publish(&self, _source: &str, _generation: &str) {}

    fn similarities<'a>(
        &'a self,
        query: &'a str,
        texts: &'a [String],
    ) -> BoxFuture<'a, Result<Vec<f32>, RetrievalError>> {
        let similarity = if self.tells_meaning {
            texts.iter().map(|t| overlap(query, t)).collect()
        } else {
            Vec::new()
        };
        Box::pin(async move { Ok(similarity) })
    }

    fn retire<'a>(
        &'a self,
        _collection: Collection,
        _source: &'a str,
        _keep: &'a str,
    ) -> BoxFuture<'a, Result<(), RetrievalError>> {
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn meaning_is_told_only_when_asked_for() {
        let texts = vec!["Parallel lines never meet.".to_string()];
        let similarity = ScriptedRetriever::default()
            .similarities("do parallel lines meet", &texts)
            .await;
        assert_eq!(similarity, Ok(Vec::new()));
        let similarity = ScriptedRetriever::default()
            .telling_meaning()
            .similarities("do parallel lines meet", &texts)
            .await;
        assert_eq!(similarity, Ok(vec![1.0]));
    }
}
