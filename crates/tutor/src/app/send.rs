//! Sending a turn: the student's cleaned input is answered by the model or the
//! deterministic guide ([`answer_turn`] decides which) and the turn is saved in one
//! transaction.

use super::load::{lite_of, load};
use super::prepare::prepare;
use super::{TurnTimings, TurnWrite, TutorPorts, TutorRepository, TutorSinks};
use crate::{finish_turn, CleanStudentInput, SnapshotLite, TurnLog, TutorMessage};
use chrono::{DateTime, Utc};
use lantern_core::llm::CancelFlag;
use lantern_core::turn::{answer_turn, ReplyOrigin};
use std::time::Instant;

/// A turn answered and saved.
#[derive(Debug, Clone)]
pub struct TutorAnswer {
    /// The turn's id.
    pub turn_id: String,
    /// The new timeline items (the student's message, if typed, and the reply).
    pub messages: Vec<TutorMessage>,
    /// The right panel after the turn.
    pub snapshot_lite: SnapshotLite,
    /// The turn's log row.
    pub log: TurnLog,
    /// Who wrote the reply, as stored.
    pub origin: ReplyOrigin,
    /// Where the turn's time went.
    pub timings: TurnTimings,
}

/// Answers `input` in thread `thread_id` — the model (streaming the reply's words to
/// `sinks.on_text`) or the deterministic fallback — and saves the turn's messages,
/// snapshot and log in one transaction. The course passage the reply rests on goes to
/// `sinks.on_passage` as soon as the turn is prepared, before the model writes. Nothing
/// is saved when the turn is stopped.
#[allow(clippy::too_many_arguments)]
pub async fn send<R: TutorRepository + ?Sized>(
    repo: &R,
    profile_id: i64,
    thread_id: i64,
    input: &CleanStudentInput,
    ports: TutorPorts<'_>,
    now: DateTime<Utc>,
    sinks: TutorSinks<'_>,
    cancel: &CancelFlag,
) -> Result<TutorAnswer, R::Error> {
    let TutorSinks {
        on_passage,
        on_text,
    } = sinks;
    let started = Instant::now();
    let loaded = load(repo, profile_id, thread_id, now).await?;
    let prepared = prepare(repo, &loaded, input, ports, now).await?;
    let prepare_ms = started.elapsed().as_secs_f64() * 1e3;
    if let (Some(passage), Some(on_passage)) = (&prepared.skeleton.passage, on_passage) {
        on_passage(passage);
    }
    let answered = answer_turn(&prepared, ports.llm, on_text, cancel).await?;
    let origin = answered.origin;
    let latency_ms = started.elapsed().as_secs_f64() * 1e3;
    let finished = finish_turn(&prepared, &loaded.snapshot, answered, now, latency_ms);
    let write = TurnWrite {
        turn_id: &prepared.policy.turn_id,
        student: input.typed(),
        reply: &finished.reply,
        origin,
        snapshot: &finished.snapshot,
        log: &finished.log,
    };
    let saved = repo
        .save_turn(profile_id, thread_id, &loaded.course.id, &write)
        .await?;
    let save_ms = started.elapsed().as_secs_f64() * 1e3 - latency_ms;
    Ok(TutorAnswer {
        turn_id: prepared.policy.turn_id.clone(),
        messages: saved.messages,
        snapshot_lite: lite_of(&loaded.course, &finished.snapshot, ports.exams, now).await,
        log: finished.log,
        origin: saved.origin,
        timings: TurnTimings {
            prepare_ms,
            answer_ms: latency_ms - prepare_ms,
            save_ms,
        },
    })
}
