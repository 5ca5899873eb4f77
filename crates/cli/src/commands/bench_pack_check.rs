//! `lantern bench pack-check`: the worst packs within the import limits that "Check a
//! pack" must read (each manifest at most 8 MiB) — a zip of a few KB inflating to a
//! `course.json` of four million `7`s and its `module.json` twin, millions of blank
//! misconceptions or empty keywords, a hundred thousand repeated ids, ten thousand broken
//! questions, a course at every list limit, drills drawing among 100,001 values (40,000
//! excluded), 2,000 drills (the limit) — each written to a throwaway folder and
//! checked as `lantern course|module check` checks it, each in its own process (so no
//! case reuses memory another freed). Prints one JSON line per case: the time, the peak
//! memory the check added (Linux `VmHWM`, reset just before it) and what the report holds.

use super::peak_memory::{peak_added_mib, reset_peak};
use crate::cli_error::CliError;
use clap::Args;
use lantern_core::ErrorCode;
use lantern_packs::course::check::PackCheckReport;
use lantern_packs::course::PackError;
use lantern_packs::import_limits::{MAX_PREREQUISITES, MAX_QUESTIONS, MAX_TEXT_FILE_BYTES};
use lantern_rag::{check_course_path, check_module_path};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Options of `lantern bench pack-check`.
#[derive(Debug, Args)]
pub struct BenchPackCheckOptions {
    /// Run only this case, in this process (by default every case runs, each in a
    /// process of its own).
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(CASES))]
    pub case: Option<String>,
}

/// The cases, in the order they run.
const CASES: [&str; 11] = [
    "course-zip-4m-units",
    "module-zip-4m-phases",
    "course-blank-misconceptions",
    "course-100k-broken-units-one-id",
    "course-repeated-ids-tags-and-edges",
    "exams-10k-broken-questions",
    "course-at-the-list-limits",
    "module-empty-keywords",
    "module-100k-topics-one-id",
    "course-drills-40k-excluded-values",
    "course-2000-drills",
];

/// What a case checks: a course pack or a module pack.
#[derive(Clone, Copy)]
enum Kind {
    Course,
    Module,
}

/// One crafted pack: its files, and whether it is zipped.
struct Case {
    kind: Kind,
    zipped: bool,
    files: Vec<(&'static str, String)>,
}

fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::new(ErrorCode::BenchFailed, e.to_string())
}

/// `n` copies of `item`, comma-separated.
fn many(item: &str, n: usize) -> String {
    vec![item; n].join(",")
}

/// As many copies of `item` as fit, with `room` bytes left for the rest of the file.
fn fill(item: &str, room: usize) -> String {
    let budget = usize::try_from(MAX_TEXT_FILE_BYTES).unwrap_or(usize::MAX) - room;
    many(item, budget / (item.len() + 1))
}

fn course(units: &str, prerequisites: &str) -> String {
    format!(
        r#"{{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "u", "units": [{units}], "prerequisites": [{prerequisites}]}}"#
    )
}

fn module(phases: &str) -> String {
    format!(
        r#"{{"formatVersion": 1, "id": "m", "title": "M", "language": "en", "phases": [{phases}]}}"#
    )
}

/// One phase with one section whose topics are `topics`.
fn one_section(topics: &str) -> String {
    module(&format!(
        r#"{{"id": "p", "title": "P", "sections": [{{"id": "s", "title": "S", "intro": "I.", "topics": [{topics}]}}]}}"#
    ))
}

const UNIT: &str = r#"{"id": "u", "title": "U", "anchor": "A."}"#;
const EXAMS: &str = r#"{"formatVersion": 1, "questions": []}"#;

/// A question of `exams.json` whose units and options are wrong, and `memo` (the member
/// with its comma, or nothing).
fn question(memo: &str) -> String {
    format!(
        r#"{{"id": "q", "unitIds": ["u", "x"], "tier": "bronze", "stem": "S", "options": [{{"id": "A", "text": "a"}}, {{"id": "A", "text": "b"}}], "correct": "B"{memo}}}"#
    )
}

/// The case `name`, built in memory.
fn build(name: &str) -> Option<Case> {
    let course_case = |course: String, exams: String| Case {
        kind: Kind::Course,
        zipped: false,
        files: vec![("course.json", course), ("exams.json", exams)],
    };
    let module_case = |module: String| Case {
        kind: Kind::Module,
        zipped: false,
        files: vec![("module.json", module)],
    };
    Some(match name {
        "course-zip-4m-units" => Case {
            zipped: true,
            ..course_case(course(&fill("7", 200), ""), EXAMS.into())
        },
        "module-zip-4m-phases" => Case {
            zipped: true,
            ..module_case(module(&fill("7", 200)))
        },
        "course-blank-misconceptions" => {
            let unit = format!(
                r#"{{"id": "u", "title": "U", "anchor": "A.", "misconceptions": [{}]}}"#,
                fill(r#""""#, 200)
            );
            course_case(course(&unit, ""), EXAMS.into())
        }
        "course-100k-broken-units-one-id" => {
            let unit = r#"{"id": "u", "title": "U", "anchor": "A.", "x": 1}"#;
            course_case(course(&many(unit, 100_000), ""), EXAMS.into())
        }
        "course-repeated-ids-tags-and-edges" => {
            let tagged = fill(r#"{"tag": "a", "text": "T."}"#, 400_000);
            let first = format!(
                r#"{{"id": "u", "title": "U", "anchor": "A.", "misconceptions": [{tagged}]}}"#
            );
            let edges = many(r#"{"from": "u", "to": "u"}"#, MAX_PREREQUISITES);
            let units = format!("{first},{}", many(UNIT, 999));
            course_case(course(&units, &edges), EXAMS.into())
        }
        "exams-10k-broken-questions" => {
            let questions = many(&question(""), MAX_QUESTIONS);
            let exams = format!(r#"{{"formatVersion": 1, "questions": [{questions}]}}"#);
            course_case(course(UNIT, ""), exams)
        }
        "course-at-the-list-limits" => {
            let units: Vec<String> = (0..1000)
                .map(|i| format!(r#"{{"id": "u{i}", "title": "U", "anchor": "A."}}"#))
                .collect();
            let questions = many(&question(r#", "memo": "Short.""#), MAX_QUESTIONS);
            let exams = format!(r#"{{"formatVersion": 1, "questions": [{questions}]}}"#);
            course_case(course(&units.join(","), ""), exams)
        }
        "module-empty-keywords" => module_case(one_section(&format!(
            r#"{{"id": "t", "title": "T", "notes": "N.", "keywords": {{"en": [{}]}}}}"#,
            fill(r#""""#, 400)
        ))),
        "module-100k-topics-one-id" => module_case(one_section(&many(
            r#"{"id": "t", "title": "T", "notes": "N.", "keywords": {"en": [""]}}"#,
            100_000,
        ))),
        "course-drills-40k-excluded-values" => {
            let exclude = many("1", 40_000);
            let drills: Vec<String> = (0..50)
                .map(|i| {
                    format!(
                        r#"{{"id": "d{i}", "prompt": "P", "question": "[[a]]", "answer": "[[a]]", "params": {{"a": {{"min": 0, "max": 100000, "exclude": [{exclude}]}}}}}}"#
                    )
                })
                .collect();
            let unit = format!(
                r#"{{"id": "u", "title": "U", "anchor": "A.", "drills": [{}]}}"#,
                drills.join(",")
            );
            course_case(course(&unit, ""), EXAMS.into())
        }
        "course-2000-drills" => {
            let drill = |id: String| {
                format!(
                    r#"{{"id": "{id}", "prompt": "Solve for x.", "question": "x - [[a]] = 0", "answer": "x = [[a]]", "params": {{"a": {{"min": 0, "max": 100000}}}}, "mistakes": [{{"answer": "x = [[-a]]", "tag": "sign_error"}}]}}"#
                )
            };
            let units: Vec<String> = (0..1000)
                .map(|i| {
                    let drills = [drill(format!("d{i}a")), drill(format!("d{i}b"))].join(",");
                    format!(
                        r#"{{"id": "u{i}", "title": "U", "anchor": "A.", "drills": [{drills}]}}"#
                    )
                })
                .collect();
            let course = format!(
                r#"{{"formatVersion": 1, "id": "c", "title": "T", "entryUnit": "u0", "units": [{}]}}"#,
                units.join(",")
            );
            course_case(course, EXAMS.into())
        }
        _ => return None,
    })
}

/// Writes `case` under `dir`: a zip or a folder, and its largest file's size.
fn write_case(case: &Case, dir: &Path) -> Result<(PathBuf, usize), CliError> {
    let largest = case.files.iter().map(|(_, t)| t.len()).max().unwrap_or(0);
    if largest as u64 > MAX_TEXT_FILE_BYTES {
        return Err(failed(format!(
            "a file of {largest} bytes is over the limit"
        )));
    }
    if case.zipped {
        let path = dir.join("pack.zip");
        let file = std::fs::File::create(&path).map_err(failed)?;
        let mut zip = zip::ZipWriter::new(file);
        let options = zip::write::SimpleFileOptions::default().compression_level(Some(9));
        for (name, text) in &case.files {
            zip.start_file(*name, options).map_err(failed)?;
            zip.write_all(text.as_bytes()).map_err(failed)?;
        }
        zip.finish().map_err(failed)?;
        return Ok((path, largest));
    }
    let path = dir.join("pack");
    std::fs::create_dir_all(&path).map_err(failed)?;
    for (name, text) in &case.files {
        std::fs::write(path.join(name), text).map_err(failed)?;
    }
    Ok((path, largest))
}

/// Builds, writes and checks the case `name` in this process; prints its line.
fn run_case(name: &str) -> Result<(), CliError> {
    let case = build(name).ok_or_else(|| failed(format!("no case {name}")))?;
    let dir = tempfile::tempdir().map_err(failed)?;
    let (path, largest) = write_case(&case, dir.path())?;
    let zip_bytes = case
        .zipped
        .then(|| std::fs::metadata(&path).map(|m| m.len()));
    let zip_bytes = zip_bytes.transpose().map_err(failed)?;
    let check: fn(&Path) -> Result<PackCheckReport, PackError> = match case.kind {
        Kind::Course => check_course_path,
        Kind::Module => check_module_path,
    };
    drop(case);
    let baseline = reset_peak();
    let started = Instant::now();
    let report = check(&path).map_err(failed)?;
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    let added = peak_added_mib(baseline);
    outln!(
        "{}",
        serde_json::json!({
            "case": name,
            "largestFileBytes": largest,
            "zipBytes": zip_bytes,
            "checkMs": ms,
            "peakAddedMiB": added,
            "problems": report.problems.len(),
            "warnings": report.warnings.len(),
            "omitted": report.omitted,
            "firstProblem": report.problems.first().map(|p| &p.code),
        })
    );
    Ok(())
}

/// `lantern bench pack-check`
pub fn bench_pack_check(options: &BenchPackCheckOptions) -> Result<(), CliError> {
    if let Some(name) = &options.case {
        return run_case(name);
    }
    let lantern = std::env::current_exe().map_err(failed)?;
    for name in CASES {
        let output = Command::new(&lantern)
            .args(["bench", "pack-check", "--case", name])
            .output()
            .map_err(failed)?;
        if !output.status.success() {
            let error = String::from_utf8_lossy(&output.stderr);
            return Err(failed(format!("{name}: {}", error.trim())));
        }
        outln!("{}", String::from_utf8_lossy(&output.stdout).trim_end());
    }
    Ok(())
}
