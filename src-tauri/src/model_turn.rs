//! A loop's streamed turn answered with the app's model, restarted when it crashes.

use crate::error::IpcError;
use crate::state::AppState;
use crate::turns::{stream_turn, StreamedTurn, TurnEvent};
use lantern_core::llm::Llm;
use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime};

/// Runs `turn` through [`stream_turn`] with the app's model; a model that crashed or hung
/// mid-turn is restarted in the background while the loop's fallback answers.
pub async fn stream_with_model<R: Runtime, T: StreamedTurn>(
    app: &AppHandle<R>,
    state: &AppState,
    channel: &Channel<TurnEvent<T::Final>>,
    turn: T,
) -> Result<T::Final, IpcError> {
    let llm = state.model.llm();
    let restart = || {
        let app = app.clone();
        tauri::async_runtime::spawn(async move {
            app.state::<AppState>().model.recover(&app).await;
        });
    };
    let llm = llm.as_deref().map(|s| s as &dyn Llm);
    stream_turn(&state.turns, llm, channel, turn, restart).await
}
