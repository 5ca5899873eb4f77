//! `lantern tutor answer|exam …`: the tutor's hard evidence from the command line —
//! grading a drill, submitting an exam answer, viewing a question's memo or video, and
//! the exam status with the revisit queue. All honour `--now` / `LANTERN_NOW`.

use super::json::to_json;
use super::tutor_print::print_message;
use super::ModelOptions;
use crate::cli_error::CliError;
use crate::locations::Locations;
use chrono::{DateTime, Utc};
use clap::{Subcommand, ValueEnum};
use lantern_core::llm::{CancelFlag, Llm};
use lantern_rag::media_root;
use lantern_store::Store;
use lantern_tutor::app::{self, ExamEventSaved};
use lantern_tutor::clean_message;
use lantern_tutor::exam::{QuestionStatus, SupportKind};
use serde_json::json;
use std::io::Write;

/// What to do with exam questions.
#[derive(Debug, Subcommand)]
pub enum ExamCommand {
    /// Print a question: its stem, options and tier.
    Show {
        /// The thread's id.
        thread: i64,
        /// The question's id.
        question: String,
    },
    /// Submit an answer (an option id); a wrong one locks the question for 24 hours.
    Submit {
        /// The thread's id.
        thread: i64,
        /// The question's id.
        question: String,
        /// The chosen option's id (A, B, …).
        option: String,
    },
    /// View the worked solution or the video walkthrough; locks the question for 24
    /// hours unless it is passed.
    Support {
        /// The thread's id.
        thread: i64,
        /// The question's id.
        question: String,
        /// memo or video.
        #[arg(value_enum)]
        kind: SupportArg,
    },
    /// Print the focus unit's questions with their status, and the revisit queue.
    Status {
        /// The thread's id.
        thread: i64,
    },
}

/// The support to view.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SupportArg {
    /// The worked solution.
    Memo,
    /// The video walkthrough.
    Video,
}

fn status_words(status: &QuestionStatus) -> String {
    match status {
        QuestionStatus::Available => "available".into(),
        QuestionStatus::Passed => "passed".into(),
        QuestionStatus::Locked { locked_until } => {
            format!("locked until {}", locked_until.to_rfc3339())
        }
    }
}

fn print_event(locations: &Locations, json: bool, saved: &ExamEventSaved) -> Result<(), CliError> {
    let video = saved
        .video
        .as_ref()
        .map(|v| media_root(&locations.index_dir()).join(v));
    if json {
        outln!(
            "{}",
            to_json(&json!({
                "messages": saved.messages,
                "outcome": saved.outcome,
                "status": saved.status,
                "supportText": saved.support_text,
                "video": video,
                "effect": saved.effect,
                "snapshotLite": saved.snapshot_lite,
            }))?
        );
        return Ok(());
    }
    if let Some(text) = &saved.support_text {
        outln!("{text}");
    }
    if let Some(video) = &video {
        outln!("video: {}", video.display());
    }
    for m in &saved.messages {
        print_message(m);
    }
    outln!("status: {}", status_words(&saved.status));
    Ok(())
}

/// `lantern tutor exam …`
pub fn exam(
    locations: &Locations,
    rt: &tokio::runtime::Runtime,
    store: &Store,
    profile: i64,
    json: bool,
    command: &ExamCommand,
    now: DateTime<Utc>,
) -> Result<(), CliError> {
    match command {
        ExamCommand::Show { thread, question } => {
            let q = rt.block_on(store.tutor_exam_question(profile, *thread, question))?;
            if json {
                outln!(
                    "{}",
                    to_json(&json!({
                        "id": q.id, "tier": q.tier, "stem": q.stem, "options": q.options,
                        "unitIds": q.unit_ids, "hasVideo": q.video.is_some() || q.transcript.is_some(),
                    }))?
                );
            } else {
                outln!("{} ({})\n{}", q.id, q.tier.as_str(), q.stem);
                for o in &q.options {
                    outln!("  {}) {}", o.id, o.text);
                }
            }
            Ok(())
        }
        ExamCommand::Submit {
            thread,
            question,
            option,
        } => {
            let saved = rt.block_on(app::submit_exam_answer(
                store, profile, *thread, question, option, now,
            ))?;
            print_event(locations, json, &saved)
        }
        ExamCommand::Support {
            thread,
            question,
            kind,
        } => {
            let kind = match kind {
                SupportArg::Memo => SupportKind::Memo,
                SupportArg::Video => SupportKind::Video,
            };
            let saved = rt.block_on(app::view_exam_support(
                store, profile, *thread, question, kind, now,
            ))?;
            print_event(locations, json, &saved)
        }
        ExamCommand::Status { thread } => {
            let view = rt.block_on(app::exam_status(store, profile, *thread, now))?;
            if json {
                outln!("{}", to_json(&view)?);
            } else {
                outln!("unit {}:", view.unit_id);
                for (id, status) in &view.questions {
                    outln!("  {id:<16} {}", status_words(status));
                }
                outln!("revisit:");
                for r in &view.revisit {
                    outln!(
                        "  {:<16} {} {} {}",
                        r.question_id,
                        r.unit_id,
                        r.tier.as_str(),
                        r.eligible_at.as_deref().unwrap_or("ready now")
                    );
                }
            }
            Ok(())
        }
    }
}

/// `lantern tutor answer THREAD MESSAGE_ID TEXT`
#[allow(clippy::too_many_arguments)]
pub fn answer(
    locations: &Locations,
    json: bool,
    rt: &tokio::runtime::Runtime,
    store: &Store,
    profile: i64,
    (thread, message, text): (i64, &str, &str),
    offline: bool,
    model: &ModelOptions,
    now: DateTime<Utc>,
) -> Result<(), CliError> {
    let supervisor = (!offline)
        .then(|| model.supervisor(locations))
        .transpose()?;
    let answer = clean_message(text)?;
    let mut err = std::io::stderr();
    let graded = rt.block_on(app::grade_drill(
        store,
        profile,
        thread,
        message,
        &answer,
        supervisor.as_ref().map(|s| s as &dyn Llm),
        now,
        &mut |delta| {
            let _ = err.write_all(delta.as_bytes()).and_then(|()| err.flush());
        },
        &CancelFlag::default(),
    ))?;
    let _ = writeln!(std::io::stderr());
    if json {
        outln!(
            "{}",
            to_json(&json!({
                "messages": graded.messages,
                "verdict": graded.verdict,
                "origin": graded.origin,
                "effect": graded.effect,
                "snapshotLite": graded.snapshot_lite,
            }))?
        );
    } else {
        for m in &graded.messages {
            print_message(m);
        }
    }
    Ok(())
}
