//! The collections of the index: one LanceDB table each, rows carrying the metadata the
//! filters need as columns, the index generation they belong to, and the whole record as
//! JSON. Searches see only the published generation of each source (see the core
//! `Retriever` port for why).

use crate::{RagError, EMBEDDING_DIMENSIONS};
use arrow_array::builder::{ListBuilder, StringBuilder};
use arrow_array::types::Float32Type;
use arrow_array::{Array, FixedSizeListArray, Float32Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use futures::TryStreamExt;
use lancedb::index::scalar::{
    BTreeIndexBuilder, BitmapIndexBuilder, FtsIndexBuilder, FullTextSearchQuery,
    LabelListIndexBuilder,
};
use lancedb::index::Index;
use lancedb::query::{ExecutableQuery, QueryBase};
use lancedb::table::NewColumnTransform;
use lancedb::{connect, Connection, Table};
use lantern_core::retrieval::{Collection, Document, Filter, Hit, Record};
use lantern_packs::course::CourseCatalog;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, RwLock};

/// The index folder's name inside the data folder, shared by the app and the command
/// line (they share the SQLite catalog too, so they must share the index).
pub const INDEX_DIR_NAME: &str = "index";

/// Rows from which a collection gets an approximate (IVF) vector index; below it, an
/// exact scan is fast enough and needs no training.
pub const VECTOR_INDEX_MIN_ROWS: usize = 10_000;

/// The generation of rows written before generations existed (see migration 0004).
const LEGACY_GENERATION: &str = "legacy";

/// A LanceDB folder holding one table per collection.
pub struct VectorStore {
    db: Connection,
    dir: PathBuf,
    /// The published generation of each source: the only rows searches see.
    published: RwLock<BTreeMap<String, String>>,
    /// Tables already checked for the `generation` column in this process.
    checked: Mutex<HashSet<&'static str>>,
}

fn schema() -> SchemaRef {
    let item = Arc::new(Field::new("item", DataType::Float32, true));
    let unit = Arc::new(Field::new("item", DataType::Utf8, true));
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::Utf8, false),
        Field::new("source", DataType::Utf8, false),
        Field::new("generation", DataType::Utf8, false),
        Field::new("course_id", DataType::Utf8, false),
        Field::new("unit_ids", DataType::List(unit), false),
        Field::new("chunk_type", DataType::Utf8, false),
        Field::new("difficulty_tier", DataType::Utf8, false),
        Field::new("record", DataType::Utf8, false),
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

fn sql_list(values: &[String]) -> String {
    values
        .iter()
        .map(|v| sql_literal(v))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The filter as a LanceDB SQL predicate over the rows of the `visible` generations.
fn predicate(filter: &Filter, visible: &[String]) -> String {
    let mut terms = vec![if visible.is_empty() {
        "false".to_string()
    } else {
        format!("generation IN ({})", sql_list(visible))
    }];
    if let Some(course) = &filter.course_id {
        terms.push(format!("course_id = {}", sql_literal(course)));
    }
    if let Some(units) = &filter.unit_ids {
        terms.push(if units.is_empty() {
            "false".to_string()
        } else {
            format!("array_has_any(unit_ids, make_array({}))", sql_list(units))
        });
    }
    if let Some(tier) = filter.difficulty_tier {
        terms.push(format!("difficulty_tier = {}", sql_literal(tier.as_str())));
    }
    if let Some(chunk_type) = filter.chunk_type {
        terms.push(format!("chunk_type = {}", sql_literal(chunk_type.as_str())));
    }
    terms.join(" AND ")
}

fn column<'a>(batch: &'a RecordBatch, name: &str) -> Result<&'a StringArray, RagError> {
    batch
        .column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<StringArray>())
        .ok_or_else(|| RagError::Index(format!("result has no text column {name}")))
}

/// Similarity in [0, 1] from the squared L2 distance of two unit vectors.
fn similarity(squared_distance: f32) -> f32 {
    (1.0 - squared_distance / 2.0).clamp(0.0, 1.0)
}

fn to_batch(
    documents: &[Document],
    generation: &str,
    vectors: Vec<Vec<f32>>,
) -> Result<RecordBatch, RagError> {
    let strings = |f: &dyn Fn(&Document) -> String| {
        Arc::new(StringArray::from_iter_values(documents.iter().map(f))) as Arc<dyn Array>
    };
    let mut units = ListBuilder::new(StringBuilder::new());
    for doc in documents {
        for unit in doc.record.unit_ids() {
            units.values().append_value(unit);
        }
        units.append(true);
    }
    let records = documents
        .iter()
        .map(|d| serde_json::to_string(&d.record))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| RagError::Index(e.to_string()))?;
    let vectors = FixedSizeListArray::from_iter_primitive::<Float32Type, _, _>(
        vectors
            .into_iter()
            .map(|v| Some(v.into_iter().map(Some).collect::<Vec<_>>())),
        EMBEDDING_DIMENSIONS as i32,
    );
    Ok(RecordBatch::try_new(
        schema(),
        vec![
            strings(&|d| d.id.clone()),
            strings(&|d| d.source.clone()),
            strings(&|_| generation.to_string()),
            strings(&|d| d.record.course_id().to_string()),
            Arc::new(units.finish()),
            strings(&|d| match &d.record {
                Record::Chunk(c) => c.chunk_type.as_str().to_string(),
                Record::Candidate(_) => String::new(),
            }),
            strings(&|d| match &d.record {
                Record::Candidate(c) => c.difficulty_tier.as_str().to_string(),
                Record::Chunk(_) => String::new(),
            }),
            Arc::new(StringArray::from(records)),
            strings(&|d| d.text.clone()),
            Arc::new(vectors),
        ],
    )?)
}

impl VectorStore {
    /// Opens (creating if needed) the LanceDB folder at `dir`. No generation is
    /// published yet: searches find nothing until [`VectorStore::publish_all`].
    pub async fn open(dir: &Path) -> Result<Self, RagError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| RagError::Index(format!("{}: {e}", dir.display())))?;
        let uri = dir
            .to_str()
            .ok_or_else(|| RagError::Index(format!("path is not UTF-8: {}", dir.display())))?;
        Ok(Self {
            db: connect(uri).execute().await?,
            dir: dir.to_path_buf(),
            published: RwLock::default(),
            checked: Mutex::default(),
        })
    }

    /// Opens the folder at `dir` seeing the generations `catalog` published.
    pub async fn open_published(dir: &Path, catalog: &dyn CourseCatalog) -> Result<Self, RagError> {
        let store = Self::open(dir).await?;
        let published = catalog
            .published_generations()
            .await
            .map_err(|e| RagError::Index(e.to_string()))?;
        store.publish_all(published);
        Ok(store)
    }

    /// The LanceDB folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    async fn table(&self, collection: Collection) -> Result<Table, RagError> {
        // Opening is the common case (every search); listing tables first would cost a
        // second directory read per call.
        let name = collection.name();
        let table = match self.db.open_table(name).execute().await {
            Err(lancedb::Error::TableNotFound { .. }) => {
                return Ok(self.db.create_empty_table(name, schema()).execute().await?);
            }
            other => other?,
        };
        if self.lock_checked().insert(name) {
            add_generation_column(&table).await?;
        }
        Ok(table)
    }

    fn lock_checked(&self) -> std::sync::MutexGuard<'_, HashSet<&'static str>> {
        self.checked.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Makes `generation` the one searches see for `source`.
    pub fn publish(&self, source: &str, generation: &str) {
        self.published
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(source.to_string(), generation.to_string());
    }

    /// Replaces the published generations with `pairs` of `(source, generation)` (the
    /// catalog's, when the index is opened).
    pub fn publish_all(&self, pairs: impl IntoIterator<Item = (String, String)>) {
        *self
            .published
            .write()
            .unwrap_or_else(PoisonError::into_inner) = pairs.into_iter().collect();
    }

    /// The published generation of `source`, if any.
    pub fn published(&self, source: &str) -> Option<String> {
        self.published
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(source)
            .cloned()
    }

    fn visible(&self) -> Vec<String> {
        self.published
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }

    /// Appends `documents` with their vectors (same order) under `generation`; they stay
    /// invisible to searches until the generation is published.
    pub async fn add(
        &self,
        collection: Collection,
        generation: &str,
        documents: &[Document],
        vectors: Vec<Vec<f32>>,
    ) -> Result<(), RagError> {
        if documents.len() != vectors.len() {
            return Err(RagError::Index(format!(
                "{} documents but {} vectors",
                documents.len(),
                vectors.len()
            )));
        }
        if documents.is_empty() {
            return Ok(());
        }
        let table = self.table(collection).await?;
        table
            .add(to_batch(documents, generation, vectors)?)
            .execute()
            .await?;
        Ok(())
    }

    /// Removes every row of `collection` owned by `source` in a generation other than
    /// `keep`.
    pub async fn retire(
        &self,
        collection: Collection,
        source: &str,
        keep: &str,
    ) -> Result<(), RagError> {
        let predicate = format!(
            "source = {} AND generation <> {}",
            sql_literal(source),
            sql_literal(keep)
        );
        self.table(collection).await?.delete(&predicate).await?;
        Ok(())
    }

    /// Removes every row of `collection` whose generation is not published: what an
    /// interrupted import left behind (invisible to searches, but taking disk). Call it
    /// only while holding the `ImportLock`, so no running import loses its rows.
    pub async fn sweep(&self, collection: Collection) -> Result<(), RagError> {
        let visible = self.visible();
        let predicate = if visible.is_empty() {
            "true".to_string()
        } else {
            format!("generation NOT IN ({})", sql_list(&visible))
        };
        self.table(collection).await?.delete(&predicate).await?;
        Ok(())
    }

    /// Number of searchable rows in `collection` (within `filter`).
    pub async fn count(&self, collection: Collection, filter: &Filter) -> Result<usize, RagError> {
        let predicate = predicate(filter, &self.visible());
        Ok(self
            .table(collection)
            .await?
            .count_rows(Some(predicate))
            .await?)
    }

    /// Number of rows in `collection`, searchable or not.
    pub async fn count_all(&self, collection: Collection) -> Result<usize, RagError> {
        Ok(self.table(collection).await?.count_rows(None).await?)
    }

    /// Keeps the indexes of `collection` current: scalar indexes on the filter columns
    /// (so a scoped search does not scan every row), a full-text index on the text, and the approximate vector index
    /// once the collection has [`VECTOR_INDEX_MIN_ROWS`] rows. Existing indexes are
    /// brought up to date with rows added since. Returns whether a vector index exists.
    pub async fn refresh_indexes(&self, collection: Collection) -> Result<bool, RagError> {
        let table = self.table(collection).await?;
        let rows = table.count_rows(None).await?;
        if rows == 0 {
            return Ok(false);
        }
        let existing: Vec<String> = table
            .list_indices()
            .await?
            .into_iter()
            .flat_map(|i| i.columns)
            .collect();
        if !existing.is_empty() {
            table
                .optimize(lancedb::table::OptimizeAction::Index(Default::default()))
                .await?;
        }
        let scalar = [
            ("course_id", Index::BTree(BTreeIndexBuilder::default())),
            (
                "unit_ids",
                Index::LabelList(LabelListIndexBuilder::default()),
            ),
            ("chunk_type", Index::Bitmap(BitmapIndexBuilder::default())),
            (
                "difficulty_tier",
                Index::Bitmap(BitmapIndexBuilder::default()),
            ),
            ("text", Index::FTS(FtsIndexBuilder::default())),
        ];
        for (column, index) in scalar {
            if !existing.iter().any(|c| c == column) {
                table.create_index(&[column], index).execute().await?;
            }
        }
        let has_vector_index = existing.iter().any(|c| c == "vector");
        if !has_vector_index && rows >= VECTOR_INDEX_MIN_ROWS {
            table
                .create_index(&["vector"], Index::Auto)
                .execute()
                .await?;
            return Ok(true);
        }
        Ok(has_vector_index)
    }

    /// The `top_k` rows of `collection` within `filter` closest to `vector`, closest first.
    pub async fn search(
        &self,
        collection: Collection,
        vector: &[f32],
        filter: &Filter,
        top_k: usize,
    ) -> Result<Vec<Hit>, RagError> {
        let query = self
            .table(collection)
            .await?
            .query()
            .nearest_to(vector)?
            .limit(top_k)
            .only_if(predicate(filter, &self.visible()));
        let batches: Vec<RecordBatch> = query.execute().await?.try_collect().await?;
        let mut hits = hits_from(&batches, |batch, row| {
            let distances = batch
                .column_by_name("_distance")
                .and_then(|c| c.as_any().downcast_ref::<Float32Array>())
                .ok_or_else(|| RagError::Index("result has no _distance column".into()))?;
            Ok(similarity(distances.value(row)))
        })?;
        hits.sort_by(|a, b| b.score.total_cmp(&a.score));
        Ok(hits)
    }

    /// The `top_k` rows of `collection` within `filter` whose text best matches the
    /// words of `text` (BM25 over the full-text index), best first; each hit's score is
    /// its similarity to `vector`, the embedded query. Empty while the collection has no
    /// full-text index yet.
    pub async fn search_text(
        &self,
        collection: Collection,
        text: &str,
        vector: &[f32],
        filter: &Filter,
        top_k: usize,
    ) -> Result<Vec<Hit>, RagError> {
        let table = self.table(collection).await?;
        let query = table
            .query()
            .full_text_search(FullTextSearchQuery::new(text.to_string()))
            .limit(top_k)
            .only_if(predicate(filter, &self.visible()));
        let batches: Vec<RecordBatch> = match query.execute().await {
            Ok(stream) => stream.try_collect().await?,
            Err(e) if e.to_string().to_lowercase().contains("inverted index") => {
                tracing::debug!("no full-text index on {}: {e}", collection.name());
                return Ok(Vec::new());
            }
            Err(e) => return Err(e.into()),
        };
        hits_from(&batches, |batch, row| {
            let vectors = batch
                .column_by_name("vector")
                .and_then(|c| c.as_any().downcast_ref::<FixedSizeListArray>())
                .ok_or_else(|| RagError::Index("result has no vector column".into()))?;
            let stored = vectors.value(row);
            let stored = stored
                .as_any()
                .downcast_ref::<Float32Array>()
                .ok_or_else(|| RagError::Index("vector column is not f32".into()))?;
            let squared: f32 = stored
                .values()
                .iter()
                .zip(vector)
                .map(|(a, b)| (a - b) * (a - b))
                .sum();
            Ok(similarity(squared))
        })
    }
}

/// Gives a table written before generations existed its `generation` column, every row
/// in the legacy generation (which migration 0004 published for the courses it held).
async fn add_generation_column(table: &Table) -> Result<(), RagError> {
    if table.schema().await?.field_with_name("generation").is_ok() {
        return Ok(());
    }
    tracing::info!("adding the generation column to {}", table.name());
    table
        .add_columns()
        .transform(NewColumnTransform::SqlExpressions(vec![(
            "generation".to_string(),
            sql_literal(LEGACY_GENERATION),
        )]))
        .execute()
        .await?;
    Ok(())
}

/// The hits in `batches`, in row order, scored by `score_of(batch, row)`.
fn hits_from(
    batches: &[RecordBatch],
    score_of: impl Fn(&RecordBatch, usize) -> Result<f32, RagError>,
) -> Result<Vec<Hit>, RagError> {
    let mut hits = Vec::new();
    for batch in batches {
        let (ids, records) = (column(batch, "id")?, column(batch, "record")?);
        for row in 0..batch.num_rows() {
            let record: Record = serde_json::from_str(records.value(row))
                .map_err(|e| RagError::Index(format!("unreadable record in the index: {e}")))?;
            hits.push(Hit {
                id: ids.value(row).to_string(),
                score: score_of(batch, row)?,
                record,
            });
        }
    }
    Ok(hits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::retrieval::Tier;

    #[test]
    fn literals_escape_quotes() {
        assert_eq!(sql_literal("unit-1"), "'unit-1'");
        assert_eq!(sql_literal("o'neil"), "'o''neil'");
    }

    #[test]
    fn filters_become_predicates_over_visible_generations() {
        let visible = ["g1".to_string()];
        assert_eq!(
            predicate(&Filter::default(), &visible),
            "generation IN ('g1')"
        );
        let f = Filter::course("c").in_units(["a", "b"]).tier(Tier::Gold);
        assert_eq!(
            predicate(&f, &visible),
            "generation IN ('g1') AND course_id = 'c' AND array_has_any(unit_ids, make_array('a', 'b')) AND difficulty_tier = 'gold'"
        );
        assert_eq!(
            predicate(
                &Filter::course("c").in_units(Vec::<String>::new()),
                &visible
            ),
            "generation IN ('g1') AND course_id = 'c' AND false"
        );
    }

    #[test]
    fn nothing_is_visible_before_a_generation_is_published() {
        assert_eq!(predicate(&Filter::default(), &[]), "false");
    }

    #[test]
    fn similarity_maps_distance_to_unit_range() {
        assert_eq!(similarity(0.0), 1.0);
        assert_eq!(similarity(2.0), 0.0);
        assert_eq!(similarity(4.0), 0.0);
    }
}
