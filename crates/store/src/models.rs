//! The model list's own rows: GGUF files the user imported, and models' speeds as
//! measured on this machine (per thread count and CPU).

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

    /// Removes an imported model and its measurements; returns the row it was (the
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
        sqlx::query("DELETE FROM model_speeds WHERE model_key = ?")
            .bind(format!("imported:{id}"))
            .execute(&mut *tx)
            .await?;
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
        sqlx::query(
            "INSERT INTO model_speeds (model_key, threads, cpu, prompt_tps, decode_tps, peak_ram_bytes) \
             VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (model_key, threads, cpu) DO UPDATE SET \
             prompt_tps = excluded.prompt_tps, decode_tps = excluded.decode_tps, \
             peak_ram_bytes = excluded.peak_ram_bytes, \
             measured_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(model_key)
        .bind(i64::from(scope.threads))
        .bind(scope.cpu)
        .bind(prompt_tps)
        .bind(decode_tps)
        .bind(peak_ram_bytes.map(as_i64))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Every model's speed measured in `scope`, by model key.
    pub async fn model_speeds(
        &self,
        scope: SpeedScope<'_>,
    ) -> Result<HashMap<String, ModelSpeed>, StoreError> {
        let rows: Vec<(String, f64, f64, Option<i64>, String)> = sqlx::query_as(
            "SELECT model_key, prompt_tps, decode_tps, peak_ram_bytes, measured_at \
             FROM model_speeds WHERE threads = ? AND cpu = ?",
        )
        .bind(i64::from(scope.threads))
        .bind(scope.cpu)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(key, prompt_tps, decode_tps, peak_ram_bytes, measured_at)| {
                    (
                        key,
                        ModelSpeed {
                            prompt_tps,
                            decode_tps,
                            peak_ram_bytes,
                            measured_at,
                        },
                    )
                },
            )
            .collect())
    }
}
