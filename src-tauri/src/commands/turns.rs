//! The command every streamed turn shares: stopping it.

use crate::error::IpcError;
use crate::state::AppState;
use crate::turns::TurnId;
use tauri::State;

/// Stops running turn `turn` (the Stop button); what the student sent stays saved.
#[tauri::command]
#[specta::specta]
pub fn cancel_turn(state: State<'_, AppState>, turn: TurnId) -> Result<(), IpcError> {
    state.turns.cancel(turn)
}
