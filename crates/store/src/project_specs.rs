//! A project's specification files: the catalog side of their import (the row and the
//! published index generation in one transaction) and their list.

use crate::{Store, StoreError};
use lantern_core::llm::BoxFuture;
use lantern_packs::course::CatalogError;
use lantern_reports::specs::{spec_owner, SpecCatalog};
use serde::Serialize;

/// A specification file as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SpecFileSummary {
    /// The file's name.
    pub name: String,
    /// Passages in the index.
    pub passages: i64,
    /// When it was imported, RFC 3339 UTC.
    pub imported_at: String,
}

impl Store {
    /// Records a specification file and publishes its index generation, in one transaction.
    pub async fn save_spec_file(
        &self,
        project_id: i64,
        name: &str,
        passages: usize,
        generation: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO project_spec_files (project_id, name, passages) VALUES (?, ?, ?) \
             ON CONFLICT (project_id, name) DO UPDATE SET passages = excluded.passages, \
             imported_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
        )
        .bind(project_id)
        .bind(name)
        .bind(passages as i64)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO index_generations (source, generation) VALUES (?, ?) \
             ON CONFLICT (source) DO UPDATE SET generation = excluded.generation",
        )
        .bind(spec_owner(project_id, name))
        .bind(generation)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The project's specification files, by name.
    pub async fn list_spec_files(
        &self,
        profile_id: i64,
        project_id: i64,
    ) -> Result<Vec<SpecFileSummary>, StoreError> {
        self.project(profile_id, project_id).await?;
        let rows: Vec<(String, i64, String)> = sqlx::query_as(
            "SELECT name, passages, imported_at FROM project_spec_files WHERE project_id = ? ORDER BY name",
        )
        .bind(project_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(name, passages, imported_at)| SpecFileSummary {
                name,
                passages,
                imported_at,
            })
            .collect())
    }
}

impl SpecCatalog for Store {
    fn save_spec_file<'a>(
        &'a self,
        project_id: i64,
        name: &'a str,
        passages: usize,
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>> {
        Box::pin(async move {
            Store::save_spec_file(self, project_id, name, passages, generation)
                .await
                .map_err(|e| CatalogError(e.to_string()))
        })
    }
}
