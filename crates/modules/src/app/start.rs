//! Starting a session: the profile's session of a module, resumed, or started with the
//! module's opening (code's reply, through the shared turn like any other).

use super::open::open;
use super::rows::NewReply;
use super::views::ModuleSessionView;
use super::ModuleRepository;
use crate::{prepare_opening, run_module_turn};
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;

/// The profile's session of `module_id`, started in `language` with the module's
/// opening when it has none, or started over when `restart`.
pub async fn start<R: ModuleRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    module_id: &str,
    language: Language,
    restart: bool,
) -> Result<ModuleSessionView, R::Error> {
    let (module, _) = repo.module(module_id).await?;
    let id = match repo.session_of(profile_id, module_id).await? {
        Some(session) if !restart => session.id,
        _ => {
            let opening = prepare_opening(module, language);
            let outcome =
                run_module_turn(&opening, None, &mut |_| {}, &CancelFlag::default()).await?;
            repo.create_session(
                profile_id,
                module_id,
                language,
                &opening.progress,
                NewReply::of(&outcome),
            )
            .await?
        }
    };
    open(repo, profile_id, id).await
}
