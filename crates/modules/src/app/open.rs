//! Opening a session: its conversation and progress.

use super::views::{progress_view, ModuleSessionView};
use super::ModuleRepository;

/// The profile's session `session_id` with its conversation and progress.
pub async fn open<R: ModuleRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    session_id: i64,
) -> Result<ModuleSessionView, R::Error> {
    let session = repo.session(profile_id, session_id).await?;
    let (module, generation) = repo.module(&session.module_id).await?;
    Ok(ModuleSessionView {
        session_id,
        module_id: module.id.clone(),
        title: module.title.clone(),
        language: session.language,
        generation,
        messages: repo.messages(session_id).await?,
        progress: progress_view(&module, &session.progress),
    })
}
