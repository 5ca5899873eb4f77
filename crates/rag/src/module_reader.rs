//! Reading and importing a module pack (docs/module-pack.md): `module.json` and every
//! media file it lists, read and validated before anything is written; then indexed into
//! `module_content` under a new generation, its media copied beside the index, and the
//! module saved and published in one catalog transaction.

use crate::import::{
    media_root, new_generation, refresh_index, remove_other_generations, write_files,
};
use crate::{ImportLock, LanceRetriever, PackSource};
use lantern_core::retrieval::Collection;
use lantern_packs::course::{ImportError, ImportProgress, PackError};
use lantern_packs::module::{
    import_module, module_owner, parse_module, ModuleCatalog, ModulePackContents, ModuleSummary,
    MAX_MEDIA_BYTES, MODULE_FILE,
};
use std::path::{Path, PathBuf};

/// Reads and validates the module pack at `path` (folder or zip) within the import
/// limits: `module.json` first, then only the media it lists. Nothing is written.
pub fn read_module_pack(path: &Path) -> Result<ModulePackContents, PackError> {
    let mut source = PackSource::open(path)?;
    let module = parse_module(&source.read_text(MODULE_FILE)?)?;
    let mut media = Vec::new();
    for file in &module.media {
        let bytes = source.read_at_most(&file.file, MAX_MEDIA_BYTES)?;
        media.push((file.file.clone(), bytes));
    }
    Ok(ModulePackContents { module, media })
}

/// The folder of a module's media files of one generation.
pub fn module_media_dir(index_dir: &Path, module_id: &str, generation: &str) -> PathBuf {
    media_root(index_dir)
        .join("modules")
        .join(module_owner(module_id))
        .join(generation)
}

/// Imports the module pack at `path`: read and validated first, then one crash-atomic
/// import under the shared import lock. Returns what was imported and the generation
/// (whose media folder the window shows).
pub async fn import_module_pack(
    path: &Path,
    retriever: &LanceRetriever,
    catalog: &dyn ModuleCatalog,
    on_progress: &mut (dyn FnMut(ImportProgress) + Send),
) -> Result<(ModuleSummary, String), ImportError> {
    let pack = read_module_pack(path)?;
    let store = retriever.store();
    let _one_at_a_time = ImportLock::acquire(store.dir())
        .await
        .map_err(|e| ImportError::Retrieval(e.into()))?;
    let generation = new_generation();
    let media_dir = module_media_dir(store.dir(), &pack.module.id, &generation);
    let imported = match write_files(&media_dir, &pack.media) {
        Ok(()) => import_module(&pack, &generation, retriever, catalog, on_progress).await,
        Err(e) => Err(e),
    };
    match imported {
        Ok(summary) => {
            if let Some(module_dir) = media_dir.parent() {
                remove_other_generations(module_dir, &generation);
            }
            refresh_index(retriever, Collection::ModuleContent).await?;
            Ok((summary, generation))
        }
        Err(e) => {
            let _ = std::fs::remove_dir_all(&media_dir);
            if let Err(sweep) = store.sweep(Collection::ModuleContent).await {
                tracing::warn!("cannot sweep module_content: {sweep}");
            }
            Err(e)
        }
    }
}
