//! One tool call made directly (a table edit, the CLI's `tool`), through the same
//! validation, role and gate as the chat; it is not part of the conversation.

use super::acting::Acting;
use super::reply::ExpenseReply;
use super::ExpenseRepository;
use crate::contract::Role;
use crate::gate::confirmation_needed;
use crate::plan::Draft;
use crate::rules::validate_call;
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::llm::tools::ToolCall;

/// Runs `call` in one write transaction, or keeps it as a proposal when it needs a
/// confirmation (a delete).
pub async fn tool<R: ExpenseRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    call: &ToolCall,
    now: DateTime<Utc>,
    language: Language,
    role: Option<Role>,
) -> Result<ExpenseReply, R::Error> {
    let acting = Acting::load(repo, profile_id, role, now, language).await?;
    let action = validate_call(call, &acting.context)?;
    let mut w = repo.begin_write().await?;
    let said = match confirmation_needed(action.tool(), false, true) {
        Some(reason) => {
            acting
                .propose(&mut *w, &action, reason, &Draft::default())
                .await
        }
        None => acting.run(&mut *w, &action).await,
    }
    .map_err(|stop| stop.into_error())?;
    w.commit().await?;
    Ok(said.unsaved(language))
}
