//! The model list's own rows: GGUF files the user imported, models' speeds as measured
//! on this machine (per thread count and CPU) alone and with their draft (per draft), and
//! the pairs the model worker refused.

use crate::{Store, StoreError};
use std::collections::HashMap;

/// An imported GGUF as listed.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ImportedModel {
    /// Row id (the model's key is `imported:<id>`).
    pub id: i64,
    /// Where the file is: in the data folder when copied, where it was otherwise.
    pub path: String,
    /// Whether Lantern holds its own copy (removed with the entry).
    pub copied: bool,
    /// `general.name` from the file's metadata.
    pub name: String,
    /// Architecture, e.g. `llama`.
    pub architecture: String,
    /// File size in bytes.
    pub size_bytes: i64,
    /// Estimated memory when loaded, in bytes.
    pub ram_bytes: i64,
    /// Whether the file has its own chat template (otherwise ChatML is used).
    pub chat_template: bool,
    /// When it was imported (RFC 3339 UTC).
    pub added_at: String,
}

/// What an import records (everything but the id and time).
#[derive(Debug, Clone, PartialEq)]
pub struct NewImportedModel {
    /// Where the file is.
    pub path: String,
    /// Whether it is Lantern's own copy.
    pub copied: bool,
    /// Name from the metadata.
    pub name: String,
    /// Architecture.
    pub architecture: String,
    /// File size in bytes.
    pub size_bytes: u64,
    /// Estimated memory when loaded, in bytes.
    pub ram_bytes: u64,
    /// Whether it has its own chat template.
    pub chat_template: bool,
}

/// A model's measured speed.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ModelSpeed {
    /// Prompt tokens per second.
    pub prompt_tps: f64,
    /// Generated tokens per second.
    pub decode_tps: f64,
    /// Peak memory of the worker during the measurement, in bytes.
    pub peak_ram_bytes: Option<i64>,
    /// When it was measured (RFC 3339 UTC).
    pub measured_at: String,
}

/// Where a measurement applies: which threads on which CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpeedScope<'a> {
    /// Threads the model ran with.
    pub threads: u32,
    /// The CPU's model name.
    pub cpu: &'a str,
}

/// A model and the model that drafts for it (speculative decoding), by their keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairKey<'a> {
    /// The model whose answer is written.
    pub model: &'a str,
    /// The model that drafts for it.
    pub draft: &'a str,
}

/// Speeds or refusals by pair: `(model key, draft key)`.
pub type ByPair<T> = HashMap<(String, String), T>;

/// The two tables of measured speeds.
#[derive(Debug, Clone, Copy)]
enum SpeedTable {
    /// `model_speeds`: a model alone.
    Alone,
    /// `model_pair_speeds`: a model with its draft.
    Pair,
}

impl SpeedTable {
    /// The table's name and its key columns (before threads and CPU).
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Self::Alone => ("model_speeds", "model_key"),
            Self::Pair => ("model_pair_speeds", "model_key, draft_key"),
        }
    }
}

/// A speed as either table holds it (`draft_key` empty for a model alone).
#[derive(sqlx::FromRow)]
struct SpeedRow {
    model_key: String,
    #[sqlx(default)]
    draft_key: String,
    #[sqlx(flatten)]
    speed: ModelSpeed,
}

const IMPORTED_COLUMNS: &str =
    "id, path, copied, name, architecture, size_bytes, ram_bytes, chat_template, added_at";

fn as_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

impl Store {
    /// Records an imported GGUF; a path already listed is refused.
    pub async fn add_imported_model(
        &self,
        model: &NewImportedModel,
    ) -> Result<ImportedModel, StoreError> {
        let inserted = sqlx::query_as::<_, ImportedModel>(&format!(
            "INSERT INTO imported_models (path, copied, name, architecture, size_bytes, ram_bytes, chat_template) \
             VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO NOTHING RETURNING {IMPORTED_COLUMNS}"
        ))
        .bind(&model.path)
        .bind(model.copied)
        .bind(&model.name)
        .bind(&model.architecture)
        .bind(as_i64(model.size_bytes))
        .bind(as_i64(model.ram_bytes))
        .bind(model.chat_template)
        .fetch_optional(&self.pool)
        .await?;
        inserted.ok_or_else(|| StoreError::ModelAlreadyImported(model.path.clone()))
    }

    /// Every imported model, oldest first.
    pub async fn imported_models(&self) -> Result<Vec<ImportedModel>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {IMPORTED_COLUMNS} FROM imported_models ORDER BY id"
        ))
        .fetch_all(&self.pool)
        .await?)
    }

    /// The imported model with this id.
    pub async fn imported_model(&self, id: i64) -> Result<ImportedModel, StoreError> {
        sqlx::query_as(&format!(
            "SELECT {IMPORTED_COLUMNS} FROM imported_models WHERE id = ?"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::ModelNotImported(id))
    }

    /// Removes an imported model and its measurements (alone and in pairs, as the model or
    /// the draft) and refused pairs; returns the row it was (the
    /// caller deletes Lantern's own copy of the file after this commits).
    pub async fn remove_imported_model(&self, id: i64) -> Result<ImportedModel, StoreError> {
        let mut tx = self.pool.begin().await?;
        let removed: ImportedModel = sqlx::query_as(&format!(
            "DELETE FROM imported_models WHERE id = ? RETURNING {IMPORTED_COLUMNS}"
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(StoreError::ModelNotImported(id))?;
        let key = format!("imported:{id}");
        sqlx::query("DELETE FROM model_speeds WHERE model_key = ?")
            .bind(&key)
            .execute(&mut *tx)
            .await?;
        // Pairs it was in, as the model or as the draft.
        for table in ["model_pair_speeds", "model_pair_refusals"] {
            sqlx::query(&format!(
                "DELETE FROM {table} WHERE model_key = ?1 OR draft_key = ?1"
            ))
            .bind(&key)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(removed)
    }

    /// Records (or replaces) the speed of `model_key` measured in `scope`.
    pub async fn record_model_speed(
        &self,
        model_key: &str,
        scope: SpeedScope<'_>,
        prompt_tps: f64,
        decode_tps: f64,
        peak_ram_bytes: Option<u64>,
    ) -> Result<(), StoreError> {
        let speed = (prompt_tps, decode_tps, peak_ram_bytes);
        self.upsert_speed(SpeedTable::Alone, &[model_key], scope, speed)
            .await
    }

    /// Every model's speed measured in `scope`, by model key.
    pub async fn model_speeds(
        &self,
        scope: SpeedScope<'_>,
    ) -> Result<HashMap<String, ModelSpeed>, StoreError> {
        let rows = self.speed_rows(SpeedTable::Alone, scope).await?;
        Ok(rows.into_iter().map(|r| (r.model_key, r.speed)).collect())
    }

    /// Records (or replaces) the speed of `pair`'s model drafted by its draft, measured in
    /// `scope`.
    pub async fn record_pair_speed(
        &self,
        pair: PairKey<'_>,
        scope: SpeedScope<'_>,
        prompt_tps: f64,
        decode_tps: f64,
        peak_ram_bytes: Option<u64>,
    ) -> Result<(), StoreError> {
        let speed = (prompt_tps, decode_tps, peak_ram_bytes);
        self.upsert_speed(SpeedTable::Pair, &[pair.model, pair.draft], scope, speed)
            .await
    }

    /// Every pair's speed measured in `scope`, by `(model key, draft key)`.
    pub async fn pair_speeds(
        &self,
        scope: SpeedScope<'_>,
    ) -> Result<ByPair<ModelSpeed>, StoreError> {
        let rows = self.speed_rows(SpeedTable::Pair, scope).await?;
        Ok(rows
            .into_iter()
            .map(|r| ((r.model_key, r.draft_key), r.speed))
            .collect())
    }

    /// Records (or replaces) a speed in `table` under its `keys` (the table's key columns,
    /// in order) and `scope`: (prompt, decode tokens/s, peak memory).
    async fn upsert_speed(
        &self,
        table: SpeedTable,
        keys: &[&str],
        scope: SpeedScope<'_>,
        (prompt_tps, decode_tps, peak_ram_bytes): (f64, f64, Option<u64>),
    ) -> Result<(), StoreError> {
        let (name, columns) = table.names();
        let holes = vec!["?"; keys.len()].join(", ");
        let sql = format!(
            "INSERT INTO {name} ({columns}, threads, cpu, prompt_tps, decode_tps, peak_ram_bytes) \
             VALUES ({holes}, ?, ?, ?, ?, ?) ON CONFLICT ({columns}, threads, cpu) DO UPDATE SET \
             prompt_tps = excluded.prompt_tps, decode_tps = excluded.decode_tps, \
             peak_ram_bytes = excluded.peak_ram_bytes, \
             measured_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
        );
        let mut query = sqlx::query(&sql);
        for key in keys {
            query = query.bind(*key);
        }
        query
            .bind(i64::from(scope.threads))
            .bind(scope.cpu)
            .bind(prompt_tps)
            .bind(decode_tps)
            .bind(peak_ram_bytes.map(as_i64))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every speed of `table` measured in `scope`.
    async fn speed_rows(
        &self,
        table: SpeedTable,
        scope: SpeedScope<'_>,
    ) -> Result<Vec<SpeedRow>, StoreError> {
        let (name, columns) = table.names();
        Ok(sqlx::query_as(&format!(
            "SELECT {columns}, prompt_tps, decode_tps, peak_ram_bytes, measured_at \
             FROM {name} WHERE threads = ? AND cpu = ?"
        ))
        .bind(i64::from(scope.threads))
        .bind(scope.cpu)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Forgets `pair`'s speed measured in `scope` (its last measurement failed: an older
    /// figure must not outlive it).
    pub async fn forget_pair_speed(
        &self,
        pair: PairKey<'_>,
        scope: SpeedScope<'_>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "DELETE FROM model_pair_speeds WHERE model_key = ? AND draft_key = ? AND threads = ? AND cpu = ?",
        )
        .bind(pair.model)
        .bind(pair.draft)
        .bind(i64::from(scope.threads))
        .bind(scope.cpu)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records that the model worker refused `pair` (`reason`: its words), and forgets the
    /// pair's speeds: the model runs alone.
    pub async fn refuse_pair(&self, pair: PairKey<'_>, reason: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO model_pair_refusals (model_key, draft_key, reason) VALUES (?, ?, ?) \
             ON CONFLICT (model_key, draft_key) DO UPDATE SET reason = excluded.reason, \
             refused_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(pair.model)
        .bind(pair.draft)
        .bind(reason)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM model_pair_speeds WHERE model_key = ? AND draft_key = ?")
            .bind(pair.model)
            .bind(pair.draft)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every refused pair with the worker's reason, by `(model key, draft key)`.
    pub async fn refused_pairs(&self) -> Result<ByPair<String>, StoreError> {
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT model_key, draft_key, reason FROM model_pair_refusals")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows
            .into_iter()
            .map(|(model, draft, reason)| ((model, draft), reason))
            .collect())
    }
}
