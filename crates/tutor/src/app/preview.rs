//! Previewing a turn (`lantern tutor policy`): what the input would start, without
//! asking the model or saving anything.

use super::load::load;
use super::prepare::prepare;
use super::{TutorPorts, TutorRepository, TutorThread};
use crate::{CleanStudentInput, PreparedTurn};
use chrono::{DateTime, Utc};

/// A turn prepared without asking the model.
#[derive(Debug)]
pub struct TutorPreview {
    /// The thread.
    pub thread: TutorThread,
    /// The prepared turn: mapping, policy, plan, context, prompt and grammar.
    pub prepared: PreparedTurn,
}

/// The turn `input` would start in thread `thread_id` at `now`: mapping, policy,
/// scores, context, prompt and grammar — nothing is asked or saved.
pub async fn preview<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    input: &CleanStudentInput,
    ports: TutorPorts<'_>,
    now: DateTime<Utc>,
) -> Result<TutorPreview, R::Error> {
    let loaded = load(repo, profile_id, thread_id, now).await?;
    let prepared = prepare(repo, &loaded, input, ports, now).await?;
    Ok(TutorPreview {
        thread: loaded.thread,
        prepared,
    })
}
