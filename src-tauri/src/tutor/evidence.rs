//! Commands of the tutor's evidence: grading a drill (streamed feedback), showing,
//! submitting and supporting an exam question, and the learning path and progress
//! chart. Each calls one operation of `lantern_tutor::app` on the store (a drill's answer
//! cleaned once, here); no rules live here.

use super::views::{DrillGradedView, ExamEventView, ExamQuestionView};
use crate::clock::AppClock;
use crate::error::IpcError;
use crate::model_turn::stream_with_model;
use crate::row_id::RowId;
use crate::state::AppState;
use crate::turns::{StreamedTurn, TurnEvent};
use lantern_core::clock::Clock;
use lantern_core::llm::{BoxFuture, CancelFlag, DeltaSink, Llm};
use lantern_core::turn::{CleanInput, ReplyOrigin};
use lantern_core::ErrorCode;
use lantern_store::Store;
use lantern_tutor::app;
use lantern_tutor::clean_message;
use lantern_tutor::exam::{QuestionStatus, SupportKind};
use lantern_tutor::history::ProgressPoint;
use lantern_tutor::path::LearningPath;
use serde::Deserialize;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

/// Grades `answer` to the drill of message `message_id` in thread `id`, streaming the
/// feedback to `on_event`; resolves to the saved answer and feedback card. A drill is
/// graded once; a stopped grading saves nothing.
#[tauri::command]
#[specta::specta]
pub async fn tutor_grade_drill<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: RowId,
    message_id: String,
    answer: String,
    on_event: Channel<TurnEvent<DrillGradedView>>,
) -> Result<DrillGradedView, IpcError> {
    let profile = state.profile().id;
    let answer = clean_message(&answer)?;
    state.store.tutor_thread(profile, id.0).await?;
    let grade = DrillGrade {
        store: &state.store,
        profile,
        id: id.0,
        message_id,
        answer,
        clock: state.clock,
    };
    stream_with_model(&app, &state, &on_event, grade).await
}

/// A drill grading on a saved thread, for the shared pipeline.
struct DrillGrade<'s> {
    store: &'s Store,
    profile: i64,
    id: i64,
    message_id: String,
    answer: CleanInput,
    clock: AppClock,
}

impl StreamedTurn for DrillGrade<'_> {
    type Final = DrillGradedView;

    fn stream_failed(&self) -> ErrorCode {
        ErrorCode::TutorStreamFailed
    }

    fn run<'a>(
        &'a self,
        llm: Option<&'a dyn Llm>,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<(DrillGradedView, ReplyOrigin), IpcError>> {
        Box::pin(async move {
            let graded = app::grade_drill(
                self.store,
                self.profile,
                self.id,
                &self.message_id,
                &self.answer,
                llm,
                self.clock.now(),
                on_text,
                cancel,
            )
            .await?;
            let origin = graded.origin;
            Ok((DrillGradedView::new(self.id, graded), origin))
        })
    }
}

/// Exam question `question_id` of thread `id`'s course with its status now (without
/// its answer or memo).
#[tauri::command]
#[specta::specta]
pub async fn tutor_exam_question(
    state: State<'_, AppState>,
    id: RowId,
    question_id: String,
) -> Result<ExamQuestionView, IpcError> {
    let profile = state.profile().id;
    let thread = state.store.tutor_thread(profile, id.0).await?;
    let question = state
        .store
        .tutor_exam_question(profile, id.0, &question_id)
        .await?;
    let statuses = state
        .store
        .exam_statuses(
            profile,
            &thread.course_id,
            std::slice::from_ref(&question.id),
            state.clock.now(),
        )
        .await?;
    let status = statuses
        .get(&question.id)
        .copied()
        .unwrap_or(QuestionStatus::Available);
    Ok(ExamQuestionView::new(question, status))
}

/// Submits option `option_id` to question `question_id` in thread `id`: a wrong
/// answer locks the question for 24 hours; the outcome card and the snapshot are saved
/// together.
#[tauri::command]
#[specta::specta]
pub async fn tutor_exam_submit(
    state: State<'_, AppState>,
    id: RowId,
    question_id: String,
    option_id: String,
) -> Result<ExamEventView, IpcError> {
    let saved = app::submit_exam_answer(
        &state.store,
        state.profile().id,
        id.0,
        &question_id,
        &option_id,
        state.clock.now(),
    )
    .await?;
    Ok(ExamEventView::new(id.0, saved, &state.library.media_root()))
}

/// What an exam block's support button shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(rename_all = "lowercase")]
pub enum SupportChoice {
    /// "View Memo": the worked solution.
    Memo,
    /// "Watch Video": the pack's video, else its transcript.
    Video,
}

/// Shows the memo or the video of question `question_id` in thread `id`; this locks
/// the question for 24 hours unless it was passed.
#[tauri::command]
#[specta::specta]
pub async fn tutor_exam_support(
    state: State<'_, AppState>,
    id: RowId,
    question_id: String,
    kind: SupportChoice,
) -> Result<ExamEventView, IpcError> {
    let kind = match kind {
        SupportChoice::Memo => SupportKind::Memo,
        SupportChoice::Video => SupportKind::Video,
    };
    let saved = app::view_exam_support(
        &state.store,
        state.profile().id,
        id.0,
        &question_id,
        kind,
        state.clock.now(),
    )
    .await?;
    Ok(ExamEventView::new(id.0, saved, &state.library.media_root()))
}

/// The learning path of thread `id`'s course: units with mastery, blocked units, the
/// focus, and the prerequisite edges.
#[tauri::command]
#[specta::specta]
pub async fn tutor_learning_path(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<LearningPath, IpcError> {
    Ok(app::learning_path(&state.store, state.profile().id, id.0, state.clock.now()).await?)
}

/// The units at each tier over time in thread `id`'s course, oldest first.
#[tauri::command]
#[specta::specta]
pub async fn tutor_progress(
    state: State<'_, AppState>,
    id: RowId,
) -> Result<Vec<ProgressPoint>, IpcError> {
    Ok(app::progress_history(&state.store, state.profile().id, id.0).await?)
}
