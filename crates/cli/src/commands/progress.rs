//! `lantern progress export`: the student's hand-in, written as a sealed
//! `*.progress.json` (xAPI statements) and a `*.progress.csv` summary. The summary is
//! printed first; `--show-file` prints the whole file instead of writing it, so what
//! leaves is exactly what was read. Honours `--now` / `LANTERN_NOW`.

use super::coach::profile_id;
use super::tutor::clock;
use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::ErrorCode;
use lantern_progress::{HandIn, HANDIN_SUFFIX, SUMMARY_SUFFIX};
use lantern_store::{write_new_file, HandInScope};
use std::path::PathBuf;

/// Options of `lantern progress`.
#[derive(Debug, Args)]
pub struct ProgressOptions {
    /// The profile handing in; defaults to the first student profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// The time of the hand-in (RFC 3339); defaults to now.
    #[arg(long, global = true, env = "LANTERN_NOW")]
    pub now: Option<String>,
    #[command(subcommand)]
    pub command: ProgressCommand,
}

/// What to do with the student's progress.
#[derive(Debug, Subcommand)]
pub enum ProgressCommand {
    /// Write the hand-in: one course, or every course worked on.
    Export {
        /// Only this course (its id); every course worked on when absent.
        #[arg(long)]
        course: Option<String>,
        /// Put the text of finished coach arguments in the file (only their titles
        /// otherwise).
        #[arg(long)]
        include_arguments: bool,
        /// The folder to write into (a USB stick); the current folder by default.
        #[arg(long, default_value = ".")]
        out: PathBuf,
        /// Print the file's whole text and write nothing.
        #[arg(long)]
        show_file: bool,
    },
}

/// `lantern progress …`
pub fn progress(locations: &Locations, options: &ProgressOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let now = clock(options.now.as_deref())?.now();
    let ProgressCommand::Export {
        course,
        include_arguments,
        out,
        show_file,
    } = &options.command;
    let scope = course
        .clone()
        .map_or(HandInScope::AllCourses, HandInScope::Course);
    let hand_in = rt.block_on(store.progress_hand_in(profile, &scope, *include_arguments, now))?;
    if *show_file {
        outln!("{}", hand_in.file_text.trim_end());
        return Ok(());
    }
    print_summary(&hand_in);
    let (json, csv) = write(&hand_in, out)?;
    outln!("wrote {}", json.display());
    outln!("wrote {}", csv.display());
    Ok(())
}

/// What the file holds, as the student reads it.
fn print_summary(hand_in: &HandIn) {
    let report = &hand_in.report;
    outln!(
        "{} hands in (key {}):",
        report.student.name,
        report.student.key
    );
    for course in &report.courses {
        outln!(
            "course {} — {} minutes",
            course.title,
            course.minutes_on_task
        );
        for unit in &course.units {
            if !unit.touched {
                continue;
            }
            outln!(
                "  {}: {}, drills {}/{}, exam passes {}/{}/{}, wrong {}, locked {}",
                unit.title,
                unit.tier.name(),
                unit.drills_correct,
                unit.drills_attempted,
                unit.exam_passed.bronze,
                unit.exam_passed.silver,
                unit.exam_passed.gold,
                unit.exam_wrong,
                unit.lockouts
            );
        }
    }
    for argument in &report.arguments {
        let text = if argument.argument.is_some() {
            "with its text"
        } else {
            "title only"
        };
        outln!("argument {} ({text})", argument.title);
    }
    for module in &report.modules {
        outln!("module {}: {} %", module.title, module.percentage);
    }
    outln!("{} xAPI statements", hand_in.statements.len());
}

/// Writes the file and the summary into `folder` (never through a link planted there:
/// [`write_new_file`]); their paths.
fn write(hand_in: &HandIn, folder: &std::path::Path) -> Result<(PathBuf, PathBuf), CliError> {
    let json = folder.join(format!("{}{HANDIN_SUFFIX}", hand_in.file_stem));
    let csv = folder.join(format!("{}{SUMMARY_SUFFIX}", hand_in.file_stem));
    for (path, text) in [(&json, &hand_in.file_text), (&csv, &hand_in.csv_text)] {
        write_new_file(path, text.as_bytes()).map_err(|e| {
            CliError::new(
                ErrorCode::ExportFailed,
                format!("cannot write {}: {e}", path.display()),
            )
        })?;
    }
    Ok((json, csv))
}
