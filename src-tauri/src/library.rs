//! The library: the local retriever (embedder + LanceDB index) and course and module
//! imports, including the sample course and module imported on first run.

use crate::error::IpcError;
use lantern_core::ErrorCode;
use lantern_packs::course::{ImportProgress, ImportStage, ImportSummary};
use lantern_packs::module::ModuleSummary;
use lantern_rag::{
    import_course_pack, import_module_pack, module_media_dir, Embedder, EmbedderFiles,
    LanceRetriever,
};
use lantern_store::Store;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tauri::{AppHandle, Runtime};
use tauri_specta::Event;
use tokio::sync::Mutex;

/// Threads the embedder may use (it shares the laptop with the model).
const EMBED_THREADS: usize = 2;
/// Folder of the sample course, inside the app's resources or the repository.
const SAMPLE_COURSE: &str = "courses/grade10-algebra";
/// Folder of the sample module, inside the app's resources or the repository.
const SAMPLE_MODULE: &str = "modules/exam-stress";

/// Sent while a course or module pack is imported.
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
#[serde(rename_all = "camelCase")]
pub struct CourseImportProgress {
    /// The pack being imported (file or folder name).
    pub pack: String,
    /// The stage.
    pub step: ImportStage,
    /// Documents indexed so far.
    pub done: u32,
    /// Documents to index.
    pub total: u32,
}

/// Sent when the list of courses changed (an import finished).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct CoursesChanged;

/// Sent when the list of modules changed (an import finished).
#[derive(Debug, Clone, Serialize, Deserialize, specta::Type, tauri_specta::Event)]
pub struct ModulesChanged;

/// The retriever, opened on first use, and a lock that runs imports one at a time.
pub struct Library {
    pack_dir: Option<PathBuf>,
    index_dir: PathBuf,
    /// Opened on first use; let go after an import (see [`Library::import`]).
    retriever: Mutex<Option<Arc<LanceRetriever>>>,
    importing: Mutex<()>,
}

impl Library {
    /// A library indexing into `index_dir`, embedding with the model pack in `pack_dir`;
    /// course media left in the layout of earlier versions move under `media/courses/`.
    pub fn new(pack_dir: Option<PathBuf>, index_dir: PathBuf) -> Self {
        lantern_rag::move_legacy_course_media(&lantern_rag::media_root(&index_dir));
        Self {
            pack_dir,
            index_dir,
            retriever: Mutex::new(None),
            importing: Mutex::new(()),
        }
    }

    /// The folder of the imported courses' question videos.
    pub fn media_root(&self) -> PathBuf {
        lantern_rag::media_root(&self.index_dir)
    }

    /// The retriever, loading the embedder and opening the index (seeing what `store`
    /// published) the first time.
    pub async fn retriever(&self, store: &Store) -> Result<Arc<LanceRetriever>, IpcError> {
        let mut slot = self.retriever.lock().await;
        if let Some(retriever) = slot.as_ref() {
            return Ok(Arc::clone(retriever));
        }
        let pack = self.pack_dir.clone().ok_or_else(|| {
            IpcError::new(
                ErrorCode::ModelPackMissing,
                "the model pack with the sentence embedder was not found",
            )
        })?;
        let files = EmbedderFiles::in_pack(&pack);
        let embedder =
            tauri::async_runtime::spawn_blocking(move || Embedder::load(&files, EMBED_THREADS))
                .await
                .map_err(|e| IpcError::internal(e.to_string()))??;
        let retriever = LanceRetriever::open(embedder, &self.index_dir, store).await?;
        let retriever = Arc::new(retriever.with_pack_encoder(&pack, EMBED_THREADS));
        *slot = Some(Arc::clone(&retriever));
        Ok(retriever)
    }

    /// Lets go of the retriever after an import: ONNX Runtime keeps the memory its
    /// arena grew to for the import's batches (about 600 MB for the sample course), and
    /// dropping the embedder returns it. The next search opens a fresh one.
    async fn release_after_import(&self) {
        *self.retriever.lock().await = None;
    }

    /// Imports the course pack at `path` into the index and `store`, sending progress
    /// events; imports run one at a time, each ending with the embedder let go.
    pub async fn import<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        store: &Store,
        path: &Path,
    ) -> Result<ImportSummary, IpcError> {
        let _one_at_a_time = self.importing.lock().await;
        let retriever = self.retriever(store).await?;
        let pack = pack_name(path);
        let mut on_progress = |p: ImportProgress| send_progress(app, &pack, p);
        let imported = import_course_pack(path, &retriever, store, &mut on_progress).await;
        drop(retriever);
        self.release_after_import().await;
        let summary = imported?;
        if let Err(e) = CoursesChanged.emit(app) {
            tracing::warn!("cannot announce the new course: {e}");
        }
        Ok(summary)
    }

    /// The folder of a module's media files (of its published `generation`).
    pub fn module_media_dir(&self, module_id: &str, generation: &str) -> PathBuf {
        module_media_dir(&self.index_dir, module_id, generation)
    }

    /// Imports the module pack at `path`, sending progress events; imports run one at a
    /// time.
    pub async fn import_module<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        store: &Store,
        path: &Path,
    ) -> Result<ModuleSummary, IpcError> {
        let _one_at_a_time = self.importing.lock().await;
        let retriever = self.retriever(store).await?;
        let pack = pack_name(path);
        let mut on_progress = |p: ImportProgress| send_progress(app, &pack, p);
        let imported = import_module_pack(path, &retriever, store, &mut on_progress).await;
        drop(retriever);
        self.release_after_import().await;
        let (summary, _) = imported?;
        if let Err(e) = ModulesChanged.emit(app) {
            tracing::warn!("cannot announce the new module: {e}");
        }
        Ok(summary)
    }

    /// On first run (no module yet), imports the sample module found among
    /// `resource_dirs`; does nothing when a module exists or no sample is found.
    pub async fn import_sample_module_if_empty<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        store: &Store,
        resource_dirs: &[PathBuf],
    ) -> Result<(), IpcError> {
        if !store.list_modules().await?.is_empty() {
            return Ok(());
        }
        match find_sample(resource_dirs, SAMPLE_MODULE, "module.json") {
            Some(sample) => self.import_module(app, store, &sample).await.map(|_| ()),
            None => Ok(()),
        }
    }

    /// On first run (no course yet), imports the sample course found among
    /// `resource_dirs`; does nothing when a course exists or no sample is found.
    pub async fn import_sample_if_empty<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        store: &Store,
        resource_dirs: &[PathBuf],
    ) -> Result<(), IpcError> {
        if !store.list_courses().await?.is_empty() {
            return Ok(());
        }
        match find_sample(resource_dirs, SAMPLE_COURSE, "course.json") {
            Some(sample) => self.import(app, store, &sample).await.map(|_| ()),
            None => Ok(()),
        }
    }
}

/// The file or folder name of a pack, for progress events.
fn pack_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The sample pack `folder` among `resource_dirs` (the first holding its `manifest`).
fn find_sample(resource_dirs: &[PathBuf], folder: &str, manifest: &str) -> Option<PathBuf> {
    let found = resource_dirs
        .iter()
        .map(|dir| dir.join(folder))
        .find(|dir| dir.join(manifest).is_file());
    if found.is_none() {
        tracing::warn!("no {folder} among {resource_dirs:?}");
    }
    found
}

fn send_progress<R: Runtime>(app: &AppHandle<R>, pack: &str, progress: ImportProgress) {
    let event = CourseImportProgress {
        pack: pack.to_string(),
        step: progress.stage,
        done: u32::try_from(progress.done).unwrap_or(u32::MAX),
        total: u32::try_from(progress.total).unwrap_or(u32::MAX),
    };
    if let Err(e) = event.emit(app) {
        tracing::warn!("cannot send import progress: {e}");
    }
}
