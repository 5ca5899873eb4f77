//! Importing a read module pack over the `Retriever` and `ModuleCatalog` ports: its
//! documents are added under a new generation, the catalog saves the module and
//! publishes the generation in one transaction, then older generations are retired —
//! a kill at any moment leaves the old module or the new one, never a mix.

use super::documents::{module_documents, module_owner};
use super::model::ModuleManifest;
use crate::course::{import_owner, CatalogError, ImportError, ImportProgress};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::{Collection, Retriever};
use serde::Serialize;

/// A module pack read from disk and validated.
#[derive(Debug, Clone, PartialEq)]
pub struct ModulePackContents {
    /// `module.json`.
    pub module: ModuleManifest,
    /// Every listed media file: path in the pack and bytes.
    pub media: Vec<(String, Vec<u8>)>,
}

/// Where modules are kept (SQLite in Lantern).
pub trait ModuleCatalog: Send + Sync {
    /// Saves `module`, replacing an earlier import of the same id, and publishes
    /// `generation` as its index generation — in one transaction.
    fn replace_module<'a>(
        &'a self,
        module: &'a ModuleManifest,
        generation: &'a str,
    ) -> BoxFuture<'a, Result<(), CatalogError>>;
}

/// What an import wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModuleSummary {
    /// The module id.
    pub module_id: String,
    /// Its title.
    pub title: String,
    /// Sections saved.
    pub sections: usize,
    /// Topics saved.
    pub topics: usize,
    /// Media files copied.
    pub media: usize,
    /// Passages indexed in `module_content`.
    pub passages: usize,
}

/// Imports `pack` as index generation `generation` (new and unique).
pub async fn import_module(
    pack: &ModulePackContents,
    generation: &str,
    retriever: &dyn Retriever,
    catalog: &dyn ModuleCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<ModuleSummary, ImportError> {
    let documents = module_documents(&pack.module);
    let save = catalog.replace_module(&pack.module, generation);
    let owner = module_owner(&pack.module.id);
    let passages = import_owner(
        retriever,
        Collection::ModuleContent,
        &owner,
        generation,
        &documents,
        on_progress,
        save,
    )
    .await?;
    Ok(ModuleSummary {
        module_id: pack.module.id.clone(),
        title: pack.module.title.clone(),
        sections: pack.module.sections().len(),
        topics: pack.module.topics().count(),
        media: pack.media.len(),
        passages,
    })
}
