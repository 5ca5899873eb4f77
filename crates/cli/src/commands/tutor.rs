//! `lantern tutor …`: the tutor without a window — the same core, store and index as
//! the app, so scripts, tests and evals can run whole conversations. `--now` (or
//! `LANTERN_NOW`) sets the clock, so time-based rules can be tested from outside.

use super::coach::{parse_language, profile_id};
use super::course::open_retriever;
use super::json::to_json;
use super::tutor_evidence::{answer, exam, ExamCommand};
use super::tutor_print::print_message;
use super::{open_store, runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use chrono::{DateTime, Utc};
use clap::{Args, Subcommand, ValueEnum};
use lantern_coach::Language;
use lantern_core::clock::{Clock, FixedClock};
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::ErrorCode;
use lantern_store::SystemClock;
use lantern_tutor::app::RepoExams;
use lantern_tutor::app::{self, TutorPorts, TutorSinks, TutorThread};
use lantern_tutor::{
    clean_input, CleanStudentInput, ClientEvent, DrillResult, ExamResult, StudentInput,
};
use serde_json::json;
use std::io::Write;

/// Options shared by every tutor command.
#[derive(Debug, Args)]
pub struct TutorOptions {
    /// The profile whose threads to use; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The time of the turn (RFC 3339, e.g. 2026-03-01T12:00:00Z); defaults to now.
    #[arg(long, global = true, env = "LANTERN_NOW")]
    pub now: Option<String>,
    #[command(subcommand)]
    pub command: TutorCommand,
}

/// What to do with the tutor.
#[derive(Debug, Subcommand)]
pub enum TutorCommand {
    /// List the imported courses with their units (the course picker).
    Courses,
    /// List the profile's threads, most recent first.
    List,
    /// Start a thread on a course; prints its id.
    New {
        /// The course id.
        #[arg(long)]
        course: String,
        /// Language of the conversation; defaults to the course's.
        #[arg(long, value_parser = parse_language)]
        language: Option<Language>,
    },
    /// Say something to the tutor and print its reply (streamed).
    Say {
        /// The thread's id.
        thread: i64,
        /// What the student says.
        message: String,
        /// Send the message as LaTeX (the math field).
        #[arg(long)]
        latex: bool,
        /// Answer with the deterministic fallback instead of the model.
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Press a card's button: REQUEST_DRILL, DRILL_CONTINUE, EXAM_CONTINUE or STUCK.
    Event {
        /// The thread's id.
        thread: i64,
        /// The event.
        #[arg(value_enum)]
        kind: EventKind,
        /// The card's unit; defaults to the snapshot's focus.
        #[arg(long)]
        unit: Option<String>,
        /// DRILL_CONTINUE: correct or incorrect; EXAM_CONTINUE: passed or locked.
        #[arg(long)]
        result: Option<String>,
        /// EXAM_CONTINUE, REVISIT: the question's id.
        #[arg(long)]
        question: Option<String>,
        /// STUCK, DRILL_CONTINUE: the drill card's message id (the hint refers to it).
        #[arg(long)]
        drill: Option<String>,
        /// Answer with the deterministic fallback instead of the model.
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Answer a drill card: the checker grades the answer, the tutor gives feedback.
    Answer {
        /// The thread's id.
        thread: i64,
        /// The drill's message id (see `show --json`).
        message: String,
        /// The student's answer.
        text: String,
        /// Write the feedback with the deterministic guide instead of the model.
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Exam questions: show, submit, view support, status.
    Exam {
        #[command(subcommand)]
        command: ExamCommand,
    },
    /// Print the thread's timeline.
    Show {
        /// The thread's id.
        thread: i64,
    },
    /// Print the student's snapshot for the thread's course, and its summary.
    Snapshot {
        /// The thread's id.
        thread: i64,
    },
    /// Print the policy, mapping and scores a message would get, without the model.
    Policy {
        /// The thread's id.
        thread: i64,
        /// The message to map; none for the policy as it stands.
        #[arg(long)]
        message: Option<String>,
        /// Also print the prompt and the grammar's schema.
        #[arg(long)]
        prompt: bool,
    },
    /// Print the thread's turn log.
    Log {
        /// The thread's id.
        thread: i64,
    },
    /// Print the debug drawer's view: last policy, scores, mastery per unit.
    Debug {
        /// The thread's id.
        thread: i64,
    },
}

/// The buttons of the timeline's cards.
#[derive(Debug, Clone, Copy, ValueEnum)]
#[value(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EventKind {
    /// "Try a Drill".
    RequestDrill,
    /// "Continue" after a drill.
    DrillContinue,
    /// "Continue" after an exam question.
    ExamContinue,
    /// "I'm stuck".
    Stuck,
    /// A unit chosen on the learning path.
    ChooseUnit,
    /// "Try again" on a question of the revisit list.
    Revisit,
}

fn usage(message: impl Into<String>) -> CliError {
    CliError::new(ErrorCode::UsageInvalid, message)
}

/// The clock: stopped at `--now`, else the system's.
pub fn clock(now: Option<&str>) -> Result<Box<dyn Clock>, CliError> {
    match now {
        None => Ok(Box::new(SystemClock)),
        Some(text) => DateTime::parse_from_rfc3339(text)
            .map(|t| Box::new(FixedClock(t.with_timezone(&Utc))) as Box<dyn Clock>)
            .map_err(|e| usage(format!("--now {text:?} is not an RFC 3339 time: {e}"))),
    }
}

fn event(
    kind: EventKind,
    unit: String,
    result: Option<&str>,
    question: Option<&str>,
    drill: Option<String>,
) -> Result<ClientEvent, CliError> {
    Ok(match kind {
        EventKind::RequestDrill => ClientEvent::RequestDrill { unit_id: unit },
        EventKind::Stuck => ClientEvent::Stuck {
            unit_id: unit,
            drill_message_id: drill,
        },
        EventKind::ChooseUnit => ClientEvent::ChooseUnit { unit_id: unit },
        EventKind::Revisit => ClientEvent::Revisit {
            unit_id: unit,
            question_id: question
                .ok_or_else(|| usage("REVISIT needs --question"))?
                .to_string(),
        },
        EventKind::DrillContinue => ClientEvent::DrillContinue {
            unit_id: unit,
            last_result: match result {
                Some("correct") => DrillResult::Correct,
                Some("incorrect") | None => DrillResult::Incorrect,
                Some(other) => {
                    return Err(usage(format!("--result {other:?}: correct or incorrect")))
                }
            },
            drill_message_id: drill,
        },
        EventKind::ExamContinue => ClientEvent::ExamContinue {
            unit_id: unit,
            question_id: question
                .ok_or_else(|| usage("EXAM_CONTINUE needs --question"))?
                .to_string(),
            result: match result {
                Some("passed") => ExamResult::Passed,
                Some("locked") | None => ExamResult::Locked,
                Some(other) => return Err(usage(format!("--result {other:?}: passed or locked"))),
            },
        },
    })
}

fn print_thread(t: &TutorThread) {
    outln!(
        "#{} {} ({}, {}, {} turns)",
        t.id,
        t.title,
        t.course_id,
        t.language.code(),
        t.turns
    );
    for m in &t.messages {
        print_message(m);
    }
}

/// `lantern tutor …`
pub fn tutor(locations: &Locations, options: &TutorOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let now = clock(options.now.as_deref())?.now();
    let print = |value: serde_json::Value, text: &dyn Fn()| -> Result<(), CliError> {
        if options.json {
            outln!("{}", to_json(&value)?);
        } else {
            text();
        }
        Ok(())
    };
    match &options.command {
        TutorCommand::Courses => {
            let courses = rt.block_on(store.tutor_courses())?;
            print(json!(courses), &|| {
                for c in &courses {
                    outln!("{}\t{}\t{} units", c.id, c.title, c.units.len());
                }
            })
        }
        TutorCommand::List => {
            let threads = rt.block_on(store.list_tutor_threads(profile))?;
            print(json!(threads), &|| {
                for t in &threads {
                    outln!(
                        "{}\t{}\t{}\t{} turns\t{}",
                        t.id,
                        t.course_id,
                        t.title,
                        t.turns,
                        t.updated_at
                    );
                }
            })
        }
        TutorCommand::New { course, language } => {
            let thread = rt.block_on(store.create_tutor_thread(profile, course, *language, now))?;
            print(json!(thread), &|| outln!("{}", thread.id))
        }
        TutorCommand::Show { thread } => {
            let t = rt.block_on(store.tutor_thread(profile, *thread))?;
            print(json!(t), &|| print_thread(&t))
        }
        TutorCommand::Say {
            thread,
            message,
            latex,
            offline,
            model,
        } => {
            let input = if *latex {
                StudentInput {
                    latex: Some(message.clone()),
                    ..StudentInput::default()
                }
            } else {
                StudentInput::message(message)
            };
            turn(
                locations, options, &rt, &store, profile, *thread, &input, *offline, model, now,
            )
        }
        TutorCommand::Event {
            thread,
            kind,
            unit,
            result,
            question,
            drill,
            offline,
            model,
        } => {
            let unit = match unit {
                Some(u) => u.clone(),
                None => {
                    let t = rt.block_on(store.tutor_thread(profile, *thread))?;
                    let course = rt.block_on(store.tutor_course(&t.course_id))?;
                    rt.block_on(store.tutor_snapshot(profile, &course, now))?
                        .focus_unit_id
                }
            };
            let input = StudentInput::event(event(
                *kind,
                unit,
                result.as_deref(),
                question.as_deref(),
                drill.clone(),
            )?);
            turn(
                locations, options, &rt, &store, profile, *thread, &input, *offline, model, now,
            )
        }
        TutorCommand::Answer {
            thread,
            message,
            text,
            offline,
            model,
        } => answer(
            locations,
            options.json,
            &rt,
            &store,
            profile,
            (*thread, message, text),
            *offline,
            model,
            now,
        ),
        TutorCommand::Exam { command } => {
            exam(locations, &rt, &store, profile, options.json, command, now)
        }
        TutorCommand::Snapshot { thread } => {
            let t = rt.block_on(store.tutor_thread(profile, *thread))?;
            let course = rt.block_on(store.tutor_course(&t.course_id))?;
            let snapshot = rt.block_on(store.tutor_snapshot(profile, &course, now))?;
            let lite = rt.block_on(app::snapshot_lite(&store, profile, *thread, now))?;
            print(json!({"snapshot": snapshot, "snapshotLite": lite}), &|| {
                outln!(
                    "focus: {} ({}, mastery {})",
                    lite.focus.unit_id,
                    lite.focus.title,
                    format!("{:?}", lite.focus.mastery_tier).to_lowercase()
                );
                if let Some(n) = &lite.prereq_nudge {
                    outln!(
                        "first learn: {} ({}) before {} ({})",
                        n.blocker.unit_id,
                        n.blocker.title,
                        n.asked.unit_id,
                        n.asked.title
                    );
                }
                outln!("in progress: {}", snapshot.units_in_progress.join(", "));
                outln!(
                    "progress: bronze {} silver {} gold {} of {}",
                    lite.progress.bronze,
                    lite.progress.silver,
                    lite.progress.gold,
                    lite.progress.total
                );
                outln!(
                    "revisit: {} locked, {} ready{}",
                    lite.revisit.locked_count,
                    lite.revisit.ready_count,
                    lite.revisit
                        .next_eligible_at
                        .as_deref()
                        .map(|t| format!(", next opens {t}"))
                        .unwrap_or_default()
                );
                for r in &lite.revisit.reviews_due {
                    outln!(
                        "review due: {}{}",
                        r.unit_id,
                        if r.flagged {
                            " (a re-check failed)"
                        } else {
                            ""
                        }
                    );
                }
            })
        }
        TutorCommand::Policy {
            thread,
            message,
            prompt,
        } => {
            let retriever = open_retriever(locations, &store, &rt)?;
            let exams = exam_service(&rt, &store, profile, *thread)?;
            let ports = TutorPorts {
                llm: None,
                retriever: &retriever,
                exams: &exams,
            };
            let raw = message
                .as_deref()
                .map(StudentInput::message)
                .unwrap_or_default();
            let input = if raw == StudentInput::default() {
                CleanStudentInput::default()
            } else {
                clean_input(&raw)?
            };
            let preview =
                rt.block_on(app::preview(&store, profile, *thread, &input, ports, now))?;
            let p = &preview.prepared;
            let mut value = json!({
                "mappedUnits": p.mapped,
                "policy": p.policy,
                "plannedActions": p.plan.actions,
                "scoredUnits": p.scored,
                "askedUnitId": p.asked_unit_id,
                "replyLanguage": p.language,
                "passage": p.skeleton.passage,
                "opening": p.skeleton.opening,
                "closing": p.skeleton.closing,
                "card": p.skeleton.card,
                "asksModel": p.request.is_some(),
            });
            if *prompt {
                value["request"] = json!(p.request);
                value["schema"] = p.schema.clone();
            }
            print(value, &|| {
                let mapped: Vec<String> = p
                    .mapped
                    .iter()
                    .map(|m| format!("{} {:.2}", m.unit_id, m.confidence))
                    .collect();
                outln!(
                    "mapped: {}",
                    if mapped.is_empty() {
                        "-".into()
                    } else {
                        mapped.join(", ")
                    }
                );
                outln!(
                    "focus: {}  target: {}  blocker: {}",
                    p.policy.focus_unit_id,
                    p.policy.primary_target_unit_id,
                    p.policy.prereq_blocking_unit_id.as_deref().unwrap_or("-")
                );
                let allowed: Vec<&str> = p
                    .policy
                    .allowed_actions
                    .iter()
                    .map(|a| a.as_str())
                    .collect();
                let planned: Vec<&str> = p.plan.actions.iter().map(|a| a.as_str()).collect();
                outln!(
                    "allowed: {}  planned: {}",
                    allowed.join(" "),
                    planned.join(" ")
                );
                outln!(
                    "stuck: {}  exam ready: {}  tier: {}  exams: {:?}",
                    p.policy.stuck,
                    p.policy.exam_ready,
                    p.policy.desired_exam_tier.as_str(),
                    p.policy.exam_availability
                );
                outln!("scoped: {}", p.policy.scoped_unit_ids.join(", "));
                for s in &p.scored {
                    outln!(
                        "  {:<10} {:.3}  mapped {:.2}  {}",
                        s.unit_id,
                        s.score,
                        s.mapped_confidence,
                        s.title
                    );
                }
                if let Some(passage) = &p.skeleton.passage {
                    outln!(
                        "passage: {} › {} — {}",
                        passage.source,
                        passage.section,
                        passage.quote
                    );
                }
                outln!("reply: {} … {}", p.skeleton.opening, p.skeleton.closing);
                if let (true, Some(request)) = (*prompt, &p.request) {
                    outln!(
                        "--- system\n{}\n--- user\n{}",
                        request.system,
                        request
                            .messages
                            .last()
                            .map(|m| m.content.as_str())
                            .unwrap_or("")
                    );
                }
            })
        }
        TutorCommand::Log { thread } => {
            let log = rt.block_on(store.tutor_log(profile, *thread))?;
            print(json!(log), &|| {
                for l in &log {
                    let mapped: Vec<String> = l
                        .mapped_units
                        .iter()
                        .map(|m| format!("{} {:.2}", m.unit_id, m.confidence))
                        .collect();
                    outln!(
                        "{} {:<15} focus {} blocker {} → {} {} {}  {:.0} ms{}",
                        l.turn_id,
                        l.client_event,
                        l.focus_unit_id,
                        l.prereq_blocking_unit_id.as_deref().unwrap_or("-"),
                        l.chosen_action.as_str(),
                        l.origin.as_str(),
                        mapped.join(","),
                        l.latency_ms,
                        l.fallback_reason
                            .as_deref()
                            .map(|r| format!("  ({r})"))
                            .unwrap_or_default()
                    );
                }
            })
        }
        TutorCommand::Debug { thread } => {
            let view = rt.block_on(app::debug(&store, profile, *thread, now))?;
            print(json!(view), &|| {
                for m in &view.mastery {
                    outln!(
                        "{:<10} {:<8} {}",
                        m.unit_id,
                        format!("{:?}", m.mastery_tier).to_lowercase(),
                        m.title
                    );
                }
            })
        }
    }
}

/// The exam service of the thread's student and course.
fn exam_service<'a>(
    rt: &tokio::runtime::Runtime,
    store: &'a lantern_store::Store,
    profile: i64,
    thread: i64,
) -> Result<RepoExams<'a, lantern_store::Store>, CliError> {
    let t = rt.block_on(store.tutor_thread(profile, thread))?;
    Ok(RepoExams::new(store, profile, &t.course_id))
}

#[allow(clippy::too_many_arguments)]
fn turn(
    locations: &Locations,
    options: &TutorOptions,
    rt: &tokio::runtime::Runtime,
    store: &lantern_store::Store,
    profile: i64,
    thread: i64,
    input: &StudentInput,
    offline: bool,
    model: &ModelOptions,
    now: DateTime<Utc>,
) -> Result<(), CliError> {
    let input = clean_input(input)?;
    let retriever = open_retriever(locations, store, rt)?;
    let supervisor = (!offline)
        .then(|| model.supervisor(locations))
        .transpose()?;
    let exams = exam_service(rt, store, profile, thread)?;
    let ports = TutorPorts {
        llm: supervisor.as_ref().map(|s| s as &dyn Llm),
        retriever: &retriever,
        exams: &exams,
    };
    let mut err = std::io::stderr();
    let answer = rt.block_on(app::send(
        store,
        profile,
        thread,
        &input,
        ports,
        now,
        TutorSinks::words(&mut |text| {
            let _ = err.write_all(text.as_bytes()).and_then(|()| err.flush());
        }),
        &CancelFlag::default(),
    ))?;
    let _ = writeln!(std::io::stderr());
    if options.json {
        outln!(
            "{}",
            to_json(&json!({
                "turnId": answer.turn_id,
                "messages": answer.messages,
                "snapshotLite": answer.snapshot_lite,
                "log": answer.log,
            }))?
        );
    } else {
        for m in &answer.messages {
            print_message(m);
        }
        if answer.origin.is_fallback() {
            eprintln!(
                "(answered by the fallback: {})",
                answer
                    .log
                    .fallback_reason
                    .as_deref()
                    .unwrap_or(answer.origin.as_str())
            );
        }
    }
    Ok(())
}
