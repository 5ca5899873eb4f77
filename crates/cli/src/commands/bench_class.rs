//! `lantern bench class`: a class's hand-ins imported into a throwaway data folder —
//! `--students` synthetic students, each with one course of `--units` units and
//! `--events` dated pieces of evidence — then the class view computed. Prints the time
//! to read and import the folder, to compute the view, and the files' sizes.

use super::runtime;
use crate::cli_error::CliError;
use chrono::{DateTime, Duration, Utc};
use clap::Args;
use lantern_core::class::ClassFilter;
use lantern_core::progress::{
    make_hand_in, ConfusionRecord, CourseProgress, HandInStudent, ProgressEvent, ProgressReport,
    QuestionRecord, UnitRecord, HANDIN_SUFFIX,
};
use lantern_core::retrieval::Tier;
use lantern_core::tutor::snapshot::PassedByTier;
use lantern_core::tutor::MasteryTier;
use lantern_core::ErrorCode;
use lantern_store::{read_hand_in_files, ProfileKind, Store};
use std::time::Instant;

/// Options of `lantern bench class`.
#[derive(Debug, Args)]
pub struct BenchClassOptions {
    /// Students in the class.
    #[arg(long, default_value_t = 30)]
    pub students: usize,
    /// Units in the course.
    #[arg(long, default_value_t = 20)]
    pub units: usize,
    /// Dated pieces of evidence per student (drills, exam answers, mastery changes).
    #[arg(long, default_value_t = 200)]
    pub events: usize,
}

const TIERS: [MasteryTier; 4] = [
    MasteryTier::None,
    MasteryTier::Bronze,
    MasteryTier::Silver,
    MasteryTier::Gold,
];

fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::new(ErrorCode::BenchFailed, e.to_string())
}

/// Student `s`'s report and events at `now`.
fn synthetic(
    s: usize,
    options: &BenchClassOptions,
    now: DateTime<Utc>,
) -> (ProgressReport, Vec<ProgressEvent>) {
    let units: Vec<UnitRecord> = (0..options.units)
        .map(|u| UnitRecord {
            unit_id: format!("U-{u:02}"),
            title: format!("Unit {u}"),
            touched: !(s + u).is_multiple_of(4),
            tier: TIERS[(s * 7 + u) % 4],
            drills_attempted: u32::try_from((s + u) % 6).unwrap_or(0),
            drills_correct: u32::try_from((s + u) % 3).unwrap_or(0),
            drill_streak: u32::try_from(s % 2).unwrap_or(0),
            exam_passed: PassedByTier {
                bronze: 1,
                silver: 0,
                gold: 0,
            },
            exam_wrong: u32::try_from(u % 3).unwrap_or(0),
            lockouts: 0,
            recheck_due_at: u.is_multiple_of(5).then_some(now),
            needs_review: false,
            confusions: vec![ConfusionRecord {
                tag: format!("m-{}", u % 3),
                text: "A stated misconception.".into(),
                count: 2,
            }],
            last_touched_at: Some(now),
        })
        .collect();
    let questions = (0..options.units)
        .map(|u| QuestionRecord {
            question_id: format!("Q-{u:02}"),
            stem: format!("Question on unit {u}"),
            tier: Tier::Bronze,
            unit_ids: vec![format!("U-{u:02}")],
            attempts: 3,
            wrong: u32::try_from(u % 3).unwrap_or(0),
            passed: true,
        })
        .collect();
    let events = (0..options.events)
        .map(|e| {
            let at = now - Duration::minutes(i64::try_from(options.events - e).unwrap_or(0));
            let unit_id = format!("U-{:02}", e % options.units.max(1));
            match e % 3 {
                0 => ProgressEvent::Drill {
                    course_id: "bench".into(),
                    unit_id,
                    correct: e.is_multiple_of(2),
                    at,
                },
                1 => ProgressEvent::Exam {
                    course_id: "bench".into(),
                    question_id: format!("Q-{:02}", e % options.units.max(1)),
                    tier: Tier::Bronze,
                    correct: e.is_multiple_of(2),
                    at,
                },
                _ => ProgressEvent::Mastery {
                    course_id: "bench".into(),
                    unit_id,
                    tier: MasteryTier::Bronze,
                    at,
                },
            }
        })
        .collect();
    let report = ProgressReport {
        student: HandInStudent {
            key: format!("{s:032x}"),
            name: format!("Student {s:02}"),
        },
        exported_at: now,
        courses: vec![CourseProgress {
            course_id: "bench".into(),
            title: "Bench course".into(),
            units,
            questions,
            minutes_on_task: 90,
            first_activity_at: Some(now - Duration::days(30)),
            last_activity_at: Some(now),
        }],
        arguments: vec![],
        modules: vec![],
    };
    (report, events)
}

/// `lantern bench class`
pub fn bench_class(options: &BenchClassOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let dir = tempfile::tempdir().map_err(failed)?;
    let usb = dir.path().join("usb");
    std::fs::create_dir_all(&usb).map_err(failed)?;
    let now = Utc::now();
    let mut bytes = 0usize;
    for s in 0..options.students {
        let (report, events) = synthetic(s, options, now);
        let hand_in = make_hand_in(report, &events, "bench").map_err(failed)?;
        bytes += hand_in.file_text.len();
        std::fs::write(
            usb.join(format!("{}{HANDIN_SUFFIX}", hand_in.file_stem)),
            &hand_in.file_text,
        )
        .map_err(failed)?;
    }
    let store = rt.block_on(Store::open(&dir.path().join("lantern.db")))?;
    let class = rt
        .block_on(store.create_profile_of_kind("Bench class", ProfileKind::Class))?
        .id;
    let started = Instant::now();
    let files = read_hand_in_files(std::slice::from_ref(&usb));
    let mut imported = 0;
    for (name, read) in files {
        let read = read.map_err(failed)?;
        rt.block_on(store.class_import(class, &name, &read))?;
        imported += 1;
    }
    let import_ms = started.elapsed().as_secs_f64() * 1000.0;
    let started = Instant::now();
    let view = rt.block_on(store.class_view(class, &ClassFilter::default(), now))?;
    let view_ms = started.elapsed().as_secs_f64() * 1000.0;
    let rows = view.course.map_or(0, |c| c.rows.len());
    outln!(
        "{}",
        serde_json::json!({
            "students": options.students,
            "units": options.units,
            "eventsPerStudent": options.events,
            "filesImported": imported,
            "meanFileKb": bytes as f64 / 1024.0 / options.students.max(1) as f64,
            "importMs": import_ms,
            "viewMs": view_ms,
            "gridRows": rows,
        })
    );
    Ok(())
}
