//! Commands of the adaptive tutor: the course picker, threads, streamed turns, and the
//! debug drawer of a thread. Each cleans what the student typed once and calls one
//! operation of `lantern_tutor::app` on the store; no rules live here.

use super::views::{
    TutorCourseView, TutorInputView, TutorThreadSummaryView, TutorThreadView, TutorTurnView,
};
use crate::clock::AppClock;
use crate::error::IpcError;
use crate::library::Library;
use crate::model_turn::stream_with_model;
use crate::row_id::RowId;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use lantern_core::clock::Clock;
use lantern_core::language::Language;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_store::Store;
use lantern_tutor::app::RepoExams;
use lantern_tutor::app::{self, TutorPorts, TutorSinks};
use lantern_tutor::passage::SourcePassage;
use lantern_tutor::{clean_input, CleanStudentInput, TutorDebugView};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

/// Every imported course with its units, for the tutor's course picker.
#[tauri::command]
#[specta::specta]
pub async fn tutor_courses(state: State<'_, AppState>) -> Result<Vec<TutorCourseView>, IpcError> {
    let courses = state.store.tutor_courses().await?;
    Ok(courses.into_iter().map(Into::into).collect())
}

/// The active profile's tutor threads, most recently changed first.
#[tauri::command]
#[specta::specta]
pub async fn tutor_threads(
    state: State<'_, AppState>,
) -> Result<Vec<TutorThreadSummaryView>, IpcError> {
    let threads = state.store.list_tutor_threads(state.profile().id).await?;
    Ok(threads.into_iter().map(Into::into).collect())
}

/// Opens thread `id` of the active profile as the UI shows it.
async fn open(state: &AppState, id: i64) -> Result<TutorThreadView, IpcError> {
    let profile = state.profile().id;
    let thread = state.store.tutor_thread(profile, id).await?;
    let lite = app::snapshot_lite(&state.store, profile, id, state.clock.now()).await?;
    Ok(TutorThreadView::new(thread, lite))
}

/// Starts a thread on imported course `course_id`, in `language` or else the course's.
#[tauri::command]
#[specta::specta]
pub async fn tutor_create(
    state: State<'_, AppState>,
    course_id: String,
    language: Option<Language>,
) -> Result<TutorThreadView, IpcError> {
    let created = state
        .store
        .create_tutor_thread(state.profile().id, &course_id, language, state.clock.now())
        .await?;
    open(&state, created.id).await
}

/// Opens thread `id` with its timeline and the right panel's summary.
#[tauri::command]
#[specta::specta]
pub async fn tutor_open(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<TutorThreadView, IpcError> {
    open(&state, id.0).await
}

/// Deletes thread `id` with its timeline and log (the student's progress stays).
#[tauri::command]
#[specta::specta]
pub async fn tutor_delete(state: State<'_, AppState>, id: RowId) -> Result<(), IpcError> {
    Ok(state
        .store
        .delete_tutor_thread(state.profile().id, id.0)
        .await?)
}

/// Answers the student's `input` in thread `id`, streaming the reply to `on_event`
/// (`started`, `delta`s, then `final` or `error`); resolves to the saved turn. A stopped
/// turn saves nothing. An empty or too long input and an unknown thread are refused
/// before the turn starts (the course index is opened, the first time, inside the turn).
#[tauri::command]
#[specta::specta]
pub async fn tutor_send<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    input: TutorInputView,
    on_event: Channel<TurnEvent<TutorTurnView>>,
) -> Result<TutorTurnView, IpcError> {
    let profile = state.profile().id;
    let input = clean_input(&input.into())?;
    state.store.tutor_thread(profile, id.0).await?;
    let turn = TutorTurn {
        store: &state.store,
        library: &state.library,
        profile,
        id: id.0,
        input,
        clock: state.clock,
        events: on_event.clone(),
    };
    stream_with_model(&app, &state, &on_event, turn).await
}

/// A tutor turn on a saved thread, for the shared pipeline.
struct TutorTurn<'s> {
    store: &'s Store,
    library: &'s Library,
    profile: i64,
    id: i64,
    input: CleanStudentInput,
    clock: AppClock,
    /// Where the passage goes before the model writes.
    events: Channel<TurnEvent<TutorTurnView>>,
}

impl StreamedTurn for TutorTurn<'_> {
    type Final = TutorTurnView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::TutorStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(TutorTurnView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let retriever = self.library.retriever(self.store).await?;
            let thread = self.store.tutor_thread(self.profile, self.id).await?;
            let exams = RepoExams::new(self.store, self.profile, &thread.course_id);
            let ports = TutorPorts {
                llm,
                retriever: retriever.as_ref(),
                exams: &exams,
            };
            let mut on_passage = |passage: &SourcePassage| {
                let _ = self.events.send(TurnEvent::Passage {
                    passage: passage.clone(),
                });
            };
            let sinks = TutorSinks {
                on_passage: Some(&mut on_passage),
                on_text,
            };
            let answer = app::send(
                self.store,
                self.profile,
                self.id,
                &self.input,
                ports,
                self.clock.now(),
                sinks,
                cancel,
            )
            .await?;
            let origin = answer.origin;
            Ok((TutorTurnView::new(self.id, answer), origin))
        })
    }
}

/// The debug drawer of thread `id`: the last turn's log, the summary and every unit's
/// mastery.
#[tauri::command]
#[specta::specta]
pub async fn tutor_debug(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<TutorDebugView, IpcError> {
    Ok(app::debug(&state.store, state.profile().id, id.0, state.clock.now()).await?)
}
