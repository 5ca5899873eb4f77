//! Starting an argument.

use super::CoachRepository;
use crate::{CoachChange, CoachSession, Language};

/// Starts an argument titled `title` in `language`, opened with the claim question.
pub async fn start<R: CoachRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    title: &str,
    language: Language,
) -> Result<CoachSession, R::Error> {
    let opening = CoachChange::opening(language);
    repo.create_coach_session(profile_id, title, language, &opening)
        .await
}
