//! Commands of the modules workspace: the library and importing a pack, starting or
//! reopening a session, and one streamed turn (a message, a form, a section picked).
//! Each is one operation of `lantern_modules::app` on the store; no rules live here.

use super::views::{ModuleInput, ModuleListingView, ModuleSessionStateView, ModuleTurnView};
use crate::error::IpcError;
use crate::model_turn::stream_with_model;
use crate::picker::{self, PackKind, Pick};
use crate::row_id::RowId;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_modules::app::{self, ModuleRequest, ModuleSessionView};
use lantern_modules::StudentAct;
use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State, WebviewWindow};

async fn session_view(state: &AppState, session: &ModuleSessionView) -> ModuleSessionStateView {
    let media = state
        .library
        .module_media_dir(&session.module_id, &session.generation);
    ModuleSessionStateView::new(session, media.display().to_string())
}

/// Every imported module.
#[tauri::command]
#[specta::specta]
pub async fn modules_list(state: State<'_, AppState>) -> Result<Vec<ModuleListingView>, IpcError> {
    Ok(state
        .store
        .list_modules()
        .await?
        .into_iter()
        .map(Into::into)
        .collect())
}

/// Imports the module pack (a folder or a .zip, by `kind`) the student picks in a dialog
/// the app opens (titled in `language`), replacing an earlier import of the same module;
/// progress arrives as `CourseImportProgress` events. `None` when they cancelled.
#[tauri::command]
#[specta::specta]
pub async fn modules_import<R: Runtime>(
    app: AppHandle<R>,
    window: WebviewWindow<R>,
    state: State<'_, AppState>,
    kind: PackKind,
    language: Language,
) -> Result<Option<ModuleListingView>, IpcError> {
    let Some(path) = picker::pick_one(&window, Pick::Module(kind), language).await? else {
        return Ok(None);
    };
    let summary = state
        .library
        .import_module(&app, &state.store, &path)
        .await?;
    state
        .store
        .list_modules()
        .await?
        .into_iter()
        .find(|m| m.id == summary.module_id)
        .map(|m| Some(m.into()))
        .ok_or_else(|| IpcError::internal("the imported module is missing"))
}

/// The active profile's session of `module_id` (started with the first section on first
/// use); `restart` starts over.
#[tauri::command]
#[specta::specta]
pub async fn modules_start(
    state: State<'_, AppState>,
    module_id: String,
    language: Language,
    restart: bool,
) -> Result<ModuleSessionStateView, IpcError> {
    let session = app::start(
        &state.store,
        state.profile().id,
        &module_id,
        language,
        restart,
    )
    .await?;
    Ok(session_view(&state, &session).await)
}

/// One turn of session `session_id`: the first text block streams while the model
/// writes; `final` carries the saved turn with the app's progress. The school's
/// distress phrases (`distress-words.txt` in the data folder) are read first (bounded)
/// and put in use; a bad file is named in the turn's view (and logged with its code),
/// and the built-in phrases stay.
#[tauri::command]
#[specta::specta]
pub async fn modules_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    session_id: RowId,
    input: ModuleInput,
    on_event: Channel<TurnEvent<ModuleTurnView>>,
) -> Result<ModuleTurnView, IpcError> {
    let act = input.act()?;
    let distress_words = match app.path().app_data_dir() {
        Ok(dir) => super::distress_words::refresh(&dir),
        Err(e) => Some(IpcError::internal(e.to_string())),
    };
    if let Some(e) = &distress_words {
        tracing::warn!("{}: {}", e.code.as_str(), e.message);
    }
    let turn = ModuleTurn {
        state: &state,
        session_id: session_id.0,
        act,
        distress_words,
    };
    stream_with_model(&app, &state, &on_event, turn).await
}

/// A module turn, for the shared pipeline.
struct ModuleTurn<'s> {
    state: &'s AppState,
    session_id: i64,
    act: StudentAct,
    /// Why the school's distress phrases are refused, if they are.
    distress_words: Option<IpcError>,
}

impl StreamedTurn for ModuleTurn<'_> {
    type Final = ModuleTurnView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::ModuleStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(ModuleTurnView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let retriever = match &self.act {
                StudentAct::Say(_) => self.state.library.retriever(&self.state.store).await.ok(),
                _ => None,
            };
            let saved = app::send(
                &self.state.store,
                ModuleRequest {
                    profile_id: self.state.profile().id,
                    session_id: self.session_id,
                    act: self.act.clone(),
                },
                llm,
                retriever.as_deref().map(|r| r as &dyn Retriever),
                on_text,
                cancel,
            )
            .await?;
            let view = ModuleTurnView::new(&saved, self.distress_words.clone());
            Ok((view, saved.origin))
        })
    }
}
