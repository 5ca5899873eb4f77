//! `lantern bench class`: a class's hand-ins imported into a throwaway data folder —
//! `--students` synthetic students, each with one course of `--units` units and
//! `--events` dated pieces of evidence — then the class view computed. Prints the time
//! to read and import the folder, to compute the view, the files' sizes and the peak
//! memory the import and the view added.
//!
//! `--worst-case N` imports instead N crafted files near the 16 MiB limit, in turn: a
//! sealed hand-in of 30,000 units, one of millions of empty statements (both refused),
//! and the largest sealed hand-in within every limit (accepted); the peak memory must
//! not grow with N.

use super::peak_memory::{peak_added_mib, reset_peak};
use super::runtime;
use crate::cli_error::CliError;
use chrono::{DateTime, Duration, Utc};
use clap::Args;
use lantern_core::retrieval::Tier;
use lantern_core::{Coded, ErrorCode};
use lantern_progress::class::ClassFilter;
use lantern_progress::{
    make_hand_in, ConfusionRecord, CourseProgress, HandInStudent, ProgressEvent, ProgressReport,
    QuestionRecord, UnitRecord, HANDIN_SUFFIX, MAX_HANDIN_BYTES, MAX_HANDIN_UNITS,
};
use lantern_store::{find_hand_in_files, read_hand_in_file, ProfileKind, Store};
use lantern_tutor::snapshot::PassedByTier;
use lantern_tutor::MasteryTier;
use std::collections::BTreeMap;
use std::path::Path;
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
    /// Import this many crafted worst-case files instead (see the module's doc).
    #[arg(long)]
    pub worst_case: Option<usize>,
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

/// A file of `kind` (0, 1, 2: see the module's doc) for student `s`, as compact JSON.
fn worst_case_file(kind: usize, s: usize, now: DateTime<Utc>) -> Result<String, CliError> {
    let sealed = |units: usize, events: usize| -> Result<String, CliError> {
        let options = BenchClassOptions {
            students: 1,
            units,
            events,
            worst_case: None,
        };
        let (report, events) = synthetic(s, &options, now);
        let hand_in = make_hand_in(report, &events, "bench").map_err(failed)?;
        let value: serde_json::Value = serde_json::from_str(&hand_in.file_text).map_err(failed)?;
        serde_json::to_string(&value).map_err(failed)
    };
    match kind {
        0 => sealed(30_000, 0),
        1 => {
            let mut value: serde_json::Value =
                serde_json::from_str(&sealed(2, 0)?).map_err(failed)?;
            let room = usize::try_from(MAX_HANDIN_BYTES).unwrap_or(0) - (1 << 20);
            value["statements"] = serde_json::Value::Array(vec![serde_json::json!({}); room / 3]);
            serde_json::to_string(&value).map_err(failed)
        }
        _ => sealed(MAX_HANDIN_UNITS, 14_000),
    }
}

/// Writes the class's files into `usb`; their total size.
fn write_files(
    options: &BenchClassOptions,
    usb: &Path,
    now: DateTime<Utc>,
) -> Result<usize, CliError> {
    let mut bytes = 0usize;
    let count = options.worst_case.unwrap_or(options.students);
    for s in 0..count {
        let text = match options.worst_case {
            Some(_) => worst_case_file(s % 3, s, now)?,
            None => {
                let (report, events) = synthetic(s, options, now);
                make_hand_in(report, &events, "bench")
                    .map_err(failed)?
                    .file_text
            }
        };
        bytes += text.len();
        std::fs::write(usb.join(format!("student-{s:05}{HANDIN_SUFFIX}")), &text)
            .map_err(failed)?;
    }
    Ok(bytes)
}

/// `lantern bench class`
pub fn bench_class(options: &BenchClassOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let dir = tempfile::tempdir().map_err(failed)?;
    let usb = dir.path().join("usb");
    std::fs::create_dir_all(&usb).map_err(failed)?;
    let now = Utc::now();
    let bytes = write_files(options, &usb, now)?;
    let store = rt.block_on(Store::open(&dir.path().join("lantern.db")))?;
    // A class profile needs a PIN; this one lives only in the bench's temporary folder.
    let class = rt
        .block_on(store.create_profile_of_kind(
            "Bench class",
            ProfileKind::Class,
            Some("0000"),
            now,
        ))?
        .id;
    let baseline = reset_peak();
    let started = Instant::now();
    let (mut imported, mut refused) = (0, BTreeMap::<String, usize>::new());
    for path in find_hand_in_files(std::slice::from_ref(&usb)) {
        let (name, read) = read_hand_in_file(&path);
        let done = match read {
            Ok(read) => rt
                .block_on(store.class_import(class, &name, &read, now))
                .map_err(|e| e.code()),
            Err(e) => Err(e.code()),
        };
        match done {
            Ok(_) => imported += 1,
            Err(code) => *refused.entry(code.as_str().to_string()).or_default() += 1,
        }
    }
    let import_ms = started.elapsed().as_secs_f64() * 1000.0;
    let import_peak = peak_added_mib(baseline);
    let baseline = reset_peak();
    let started = Instant::now();
    let view = rt.block_on(store.class_view(class, &ClassFilter::default(), now))?;
    let view_ms = started.elapsed().as_secs_f64() * 1000.0;
    let view_peak = peak_added_mib(baseline);
    let rows = view.course.map_or(0, |c| c.rows.len());
    let files = options.worst_case.unwrap_or(options.students);
    outln!(
        "{}",
        serde_json::json!({
            "worstCase": options.worst_case.is_some(),
            "files": files,
            "units": options.units,
            "eventsPerStudent": options.events,
            "filesImported": imported,
            "filesRefused": refused,
            "meanFileKb": bytes as f64 / 1024.0 / files.max(1) as f64,
            "importMs": import_ms,
            "importPeakAddedMiB": import_peak,
            "viewMs": view_ms,
            "viewPeakAddedMiB": view_peak,
            "gridRows": rows,
        })
    );
    Ok(())
}
