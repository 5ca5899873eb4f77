//! Commands for course packs: listing, importing and searching their material.

use crate::error::IpcError;
use crate::picker::{self, PackKind, Pick};
use crate::state::AppState;
use lantern_core::language::Language;
use lantern_core::retrieval::{Collection, Filter, Record, Retriever};
use lantern_store::CourseSummary;
use serde::Serialize;
use std::path::PathBuf;
use tauri::{AppHandle, Runtime, State, WebviewWindow};

/// Most passages a search returns.
const MAX_SEARCH_RESULTS: u32 = 20;

/// A course as the UI lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct CourseView {
    /// Course id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Number of units.
    pub units: u32,
    /// Number of exam questions.
    pub questions: u32,
    /// When it was last imported, RFC 3339 UTC.
    pub imported_at: String,
}

impl From<CourseSummary> for CourseView {
    fn from(c: CourseSummary) -> Self {
        Self {
            id: c.id,
            title: c.title,
            units: u32::try_from(c.units).unwrap_or(0),
            questions: u32::try_from(c.questions).unwrap_or(0),
            imported_at: c.imported_at,
        }
    }
}

/// A passage of course material found by a search.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
#[serde(rename_all = "camelCase")]
pub struct PassageView {
    /// The unit it teaches.
    pub unit_id: String,
    /// The file it came from.
    pub source_id: String,
    /// Section heading, time window or page.
    pub section: String,
    /// The passage.
    pub text: String,
    /// Relevance, 0 to 1.
    pub score: f32,
}

/// Every imported course.
#[tauri::command]
#[specta::specta]
pub async fn list_courses(state: State<'_, AppState>) -> Result<Vec<CourseView>, IpcError> {
    Ok(state
        .store
        .list_courses()
        .await?
        .into_iter()
        .map(CourseView::from)
        .collect())
}

/// Imports the course pack (a folder or a .zip, by `kind`) the student picks in a dialog
/// the app opens (titled in `language`), replacing an earlier import of the same course;
/// progress arrives as `CourseImportProgress` events. `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn import_course<R: Runtime>(
    app: AppHandle<R>,
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    kind: PackKind,
    language: Language,
) -> Result<Option<CourseView>, IpcError> {
    let Some(path) = picker::pick_one(&window, Pick::Course(kind), language).await? else {
        return Ok(None);
    };
    let summary = state.library.import(&app, &state.store, &path).await?;
    state
        .store
        .list_courses()
        .await?
        .into_iter()
        .find(|c| c.id == summary.course_id)
        .map(|c| Some(CourseView::from(c)))
        .ok_or_else(|| IpcError::internal("the imported course is missing"))
}

/// The passages of course `course_id`'s notes, transcripts and PDFs closest to `query`.
#[tauri::command]
#[specta::specta]
pub async fn search_course(
    state: State<'_, AppState>,
    course_id: String,
    query: String,
    limit: u32,
) -> Result<Vec<PassageView>, IpcError> {
    let query = query.trim();
    if query.is_empty() {
        return Ok(Vec::new());
    }
    let retriever = state.library.retriever(&state.store).await?;
    let top_k = limit.clamp(1, MAX_SEARCH_RESULTS) as usize;
    let hits = retriever
        .search(
            Collection::UnitContentChunks,
            query,
            &Filter::course(course_id),
            top_k,
        )
        .await?;
    Ok(hits
        .into_iter()
        .filter_map(|hit| match hit.record {
            Record::Chunk(chunk) => Some(PassageView {
                unit_id: chunk.unit_id,
                source_id: chunk.source_id,
                section: chunk.section,
                text: chunk.text,
                score: hit.score,
            }),
            Record::Candidate(_) => None,
        })
        .collect())
}

/// On first run, imports the sample course and the sample module in the background
/// (found among `resource_dirs`); failures are logged, and the app works without them.
pub fn spawn_sample_import<R: Runtime>(app: &AppHandle<R>, resource_dirs: Vec<PathBuf>) {
    let app = app.clone();
    tauri::async_runtime::spawn(async move {
        let state = tauri::Manager::state::<AppState>(&app);
        if let Err(e) = state
            .library
            .import_sample_if_empty(&app, &state.store, &resource_dirs)
            .await
        {
            tracing::warn!("sample course not imported: {} ({})", e.message, e.code);
        }
        if let Err(e) = state
            .library
            .import_sample_module_if_empty(&app, &state.store, &resource_dirs)
            .await
        {
            tracing::warn!("sample module not imported: {} ({})", e.message, e.code);
        }
    });
}
