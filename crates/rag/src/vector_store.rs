//! Collections of embedded passages in a LanceDB folder.

use crate::{RagError, EMBEDDING_DIMENSIONS};
use arrow_array::types::Float32Type;
use arrow_array::{Array, FixedSizeListArray, Float32Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use futures::TryStreamExt;
use lancedb::query::{ExecutableQuery, QueryBase};
use lancedb::{connect, Connection, Table};
use std::path::Path;
use std::sync::Arc;

/// A piece of text to index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// Stable id, unique within its collection.
    pub id: String,
    /// The document it came from; `delete_source` removes a document's passages.
    pub source: String,
    /// The text itself.
    pub text: String,
}

/// A passage found by a search, closest first.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoredPassage {
    /// The passage.
    pub passage: Passage,
    /// Squared L2 distance to the query (smaller is closer).
    pub distance: f32,
}

/// A LanceDB folder holding one table per collection.
pub struct VectorStore {
    db: Connection,
}

fn schema() -> SchemaRef {
    let item = Arc::new(Field::new("item", DataType::Float32, true));
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::Utf8, false),
        Field::new("source", DataType::Utf8, false),
        Field::new("text", DataType::Utf8, false),
        Field::new(
            "vector",
            DataType::FixedSizeList(item, EMBEDDING_DIMENSIONS as i32),
            false,
        ),
    ]))
}

/// Quotes `value` as an SQL string literal for a LanceDB filter.
fn sql_literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

fn column<'a>(batch: &'a RecordBatch, name: &str) -> Result<&'a StringArray, RagError> {
    batch
        .column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<StringArray>())
        .ok_or_else(|| RagError::Index(format!("result has no text column {name}")))
}

impl VectorStore {
    /// Opens (creating if needed) the LanceDB folder at `dir`.
    pub async fn open(dir: &Path) -> Result<Self, RagError> {
        std::fs::create_dir_all(dir).map_err(|e| RagError::Index(e.to_string()))?;
        let uri = dir
            .to_str()
            .ok_or_else(|| RagError::Index(format!("path is not UTF-8: {}", dir.display())))?;
        Ok(Self {
            db: connect(uri).execute().await?,
        })
    }

    async fn table(&self, collection: &str) -> Result<Table, RagError> {
        let names = self.db.table_names().execute().await?;
        if names.iter().any(|n| n == collection) {
            Ok(self.db.open_table(collection).execute().await?)
        } else {
            Ok(self
                .db
                .create_empty_table(collection, schema())
                .execute()
                .await?)
        }
    }

    /// Adds passages with their vectors (one per passage, same order).
    pub async fn add(
        &self,
        collection: &str,
        passages: &[Passage],
        vectors: Vec<Vec<f32>>,
    ) -> Result<(), RagError> {
        if passages.len() != vectors.len() {
            return Err(RagError::Index(format!(
                "{} passages but {} vectors",
                passages.len(),
                vectors.len()
            )));
        }
        if passages.is_empty() {
            return Ok(());
        }
        let strings = |f: fn(&Passage) -> &str| {
            Arc::new(StringArray::from_iter_values(passages.iter().map(f))) as Arc<dyn Array>
        };
        let vectors = FixedSizeListArray::from_iter_primitive::<Float32Type, _, _>(
            vectors
                .into_iter()
                .map(|v| Some(v.into_iter().map(Some).collect::<Vec<_>>())),
            EMBEDDING_DIMENSIONS as i32,
        );
        let batch = RecordBatch::try_new(
            schema(),
            vec![
                strings(|p| &p.id),
                strings(|p| &p.source),
                strings(|p| &p.text),
                Arc::new(vectors),
            ],
        )?;
        self.table(collection).await?.add(batch).execute().await?;
        Ok(())
    }

    /// Removes every passage of `source` from `collection`.
    pub async fn delete_source(&self, collection: &str, source: &str) -> Result<(), RagError> {
        let predicate = format!("source = {}", sql_literal(source));
        self.table(collection).await?.delete(&predicate).await?;
        Ok(())
    }

    /// Number of passages in `collection`.
    pub async fn count(&self, collection: &str) -> Result<usize, RagError> {
        Ok(self.table(collection).await?.count_rows(None).await?)
    }

    /// The `top_k` passages of `collection` closest to `vector`.
    pub async fn search(
        &self,
        collection: &str,
        vector: &[f32],
        top_k: usize,
    ) -> Result<Vec<ScoredPassage>, RagError> {
        let batches: Vec<RecordBatch> = self
            .table(collection)
            .await?
            .query()
            .nearest_to(vector)?
            .limit(top_k)
            .execute()
            .await?
            .try_collect()
            .await?;
        let mut hits = Vec::new();
        for batch in &batches {
            let (ids, sources, texts) = (
                column(batch, "id")?,
                column(batch, "source")?,
                column(batch, "text")?,
            );
            let distances = batch
                .column_by_name("_distance")
                .and_then(|c| c.as_any().downcast_ref::<Float32Array>())
                .ok_or_else(|| RagError::Index("result has no _distance column".into()))?;
            for row in 0..batch.num_rows() {
                hits.push(ScoredPassage {
                    passage: Passage {
                        id: ids.value(row).to_string(),
                        source: sources.value(row).to_string(),
                        text: texts.value(row).to_string(),
                    },
                    distance: distances.value(row),
                });
            }
        }
        hits.sort_by(|a, b| a.distance.total_cmp(&b.distance));
        Ok(hits)
    }
}

#[cfg(test)]
mod tests {
    use super::sql_literal;

    #[test]
    fn literals_escape_quotes() {
        assert_eq!(sql_literal("unit-1"), "'unit-1'");
        assert_eq!(sql_literal("o'neil"), "'o''neil'");
    }
}
