//! `lantern class import|show|export|remove`: a teacher's class profile — hand-in
//! files imported from files or folders, the grid and what needs attention, and the
//! grid as CSV or a printable page. Honours `--now` / `LANTERN_NOW`.

use super::tutor::clock;
use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::class::{class_csv, class_page, ClassFilter, ClassView};
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_store::{read_hand_in_files, HandInOutcome, Store};
use std::path::PathBuf;

/// Options of `lantern class`.
#[derive(Debug, Args)]
pub struct ClassOptions {
    /// The class profile's name.
    #[arg(long, global = true)]
    pub class: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The time the view is for (RFC 3339); defaults to now.
    #[arg(long, global = true, env = "LANTERN_NOW")]
    pub now: Option<String>,
    #[command(subcommand)]
    pub command: ClassCommand,
}

/// The view's filter, as options.
#[derive(Debug, Args)]
pub struct FilterOptions {
    /// The course to show; the first by title when absent.
    #[arg(long)]
    pub course: Option<String>,
    /// Only students active on the course on or after this day (YYYY-MM-DD).
    #[arg(long)]
    pub since: Option<String>,
    /// Only students active on the course on or before this day (YYYY-MM-DD).
    #[arg(long)]
    pub until: Option<String>,
}

impl FilterOptions {
    fn filter(&self) -> ClassFilter {
        ClassFilter {
            course_id: self.course.clone(),
            since: self.since.clone(),
            until: self.until.clone(),
        }
    }
}

/// What to do with a class.
#[derive(Debug, Subcommand)]
pub enum ClassCommand {
    /// Import hand-in files: files, or folders searched for `*.progress.json`.
    Import {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Print the grid, who is stuck, confusions, failed questions and re-checks due.
    Show {
        #[command(flatten)]
        filter: FilterOptions,
    },
    /// Write the grid as CSV, or as a printable HTML page.
    Export {
        #[command(flatten)]
        filter: FilterOptions,
        /// The CSV file to write.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// The HTML page to write.
        #[arg(long)]
        page: Option<PathBuf>,
        /// The page's language (en, es).
        #[arg(long, default_value = "en")]
        language: String,
    },
    /// Remove a student's hand-ins (by the name shown).
    Remove {
        /// The student's name.
        student: String,
    },
}

async fn class_id(store: &Store, name: Option<&str>) -> Result<i64, CliError> {
    let Some(name) = name else {
        return Err(CliError::new(
            ErrorCode::UsageInvalid,
            "name the class with --class NAME",
        ));
    };
    let id = store.profile_named(name).await?.id;
    store.ensure_class(id).await?;
    super::profiles::unlock(store, id).await?;
    Ok(id)
}

/// `lantern class …`
pub fn class(locations: &Locations, options: &ClassOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let id = rt.block_on(class_id(&store, options.class.as_deref()))?;
    let now = clock(options.now.as_deref())?.now();
    match &options.command {
        ClassCommand::Import { paths } => import(&rt, &store, id, paths, options.json),
        ClassCommand::Show { filter } => {
            let view = rt.block_on(store.class_view(id, &filter.filter(), now))?;
            if options.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&view).unwrap_or_default()
                );
            } else {
                print_view(&view);
            }
            Ok(())
        }
        ClassCommand::Export {
            filter,
            csv,
            page,
            language,
        } => {
            let view = rt.block_on(store.class_view(id, &filter.filter(), now))?;
            let Some(course) = view.course else {
                return Err(CliError::new(
                    ErrorCode::UsageInvalid,
                    "the class has no hand-in yet",
                ));
            };
            let language = Language::from_code(language).unwrap_or_default();
            if csv.is_none() && page.is_none() {
                return Err(CliError::new(
                    ErrorCode::UsageInvalid,
                    "give --csv FILE or --page FILE",
                ));
            }
            let outputs = [
                (csv, class_csv(&course)),
                (page, class_page(&course, language)),
            ];
            for (path, text) in outputs {
                if let Some(path) = path {
                    std::fs::write(path, text).map_err(|e| {
                        CliError::new(
                            ErrorCode::ExportFailed,
                            format!("cannot write {}: {e}", path.display()),
                        )
                    })?;
                    outln!("wrote {}", path.display());
                }
            }
            Ok(())
        }
        ClassCommand::Remove { student } => {
            let view = rt.block_on(store.class_view(id, &ClassFilter::default(), now))?;
            let keys: Vec<&str> = view
                .students
                .iter()
                .filter(|s| s.name.to_lowercase() == student.trim().to_lowercase())
                .map(|s| s.key.as_str())
                .collect();
            let mut removed = 0;
            for key in keys {
                removed += rt.block_on(store.class_remove_student(id, key))?;
            }
            outln!("removed {removed} hand-in(s) of {student}");
            Ok(())
        }
    }
}

fn import(
    rt: &tokio::runtime::Runtime,
    store: &Store,
    id: i64,
    paths: &[PathBuf],
    json: bool,
) -> Result<(), CliError> {
    let files = read_hand_in_files(paths);
    if files.is_empty() {
        return Err(CliError::new(
            ErrorCode::FileUnreadable,
            "no *.progress.json file there",
        ));
    }
    let mut refused = 0;
    for (name, bytes) in files {
        let result = match bytes {
            Ok(bytes) => rt
                .block_on(store.class_import(id, &name, &bytes))
                .map_err(CliError::from),
            Err(e) => Err(CliError::from(e)),
        };
        match result {
            Ok(done) if json => outln!("{}", serde_json::to_string(&done).unwrap_or_default()),
            Ok(done) => {
                let what = match done.outcome {
                    HandInOutcome::Added => "added",
                    HandInOutcome::Unchanged => "already imported",
                    HandInOutcome::Outdated => "older than what the class has",
                };
                let edited = if done.edited {
                    " — EDITED after it was made"
                } else {
                    ""
                };
                outln!("{name}: {} — {what}{edited}", done.student);
            }
            Err(e) => {
                refused += 1;
                if json {
                    outln!(
                        "{}",
                        serde_json::json!({ "fileName": name, "code": e.code.as_str(), "message": e.message })
                    );
                } else {
                    outln!("{name}: refused [{}] {}", e.code.as_str(), e.message);
                }
            }
        }
    }
    if refused > 0 {
        eprintln!("{refused} file(s) refused");
    }
    Ok(())
}

fn print_view(view: &ClassView) {
    let Some(course) = &view.course else {
        outln!("no hand-in yet: import files with `lantern class import`");
        return;
    };
    outln!("{} — {}", course.title, students(course.rows.len()));
    for row in &course.rows {
        let cells: Vec<String> = row
            .cells
            .iter()
            .map(|c| {
                let mark = if c.touched { &c.tier.name()[..1] } else { "." };
                if c.stuck {
                    format!("{}!", mark.to_uppercase())
                } else {
                    mark.to_uppercase()
                }
            })
            .collect();
        let edited = if row.edited { " (edited)" } else { "" };
        outln!(
            "  {:<24} {} {} min{edited}",
            row.name,
            cells.join(" "),
            row.minutes_on_task
        );
    }
    for s in &course.stuck {
        outln!(
            "stuck: {} on {} ({} drills, {} right)",
            s.name,
            s.unit_title,
            s.drills_attempted,
            s.drills_correct
        );
    }
    for unit in &course.confusions {
        for c in &unit.confusions {
            outln!(
                "confusion in {}: {} ({})",
                unit.unit_title,
                if c.text.is_empty() { &c.tag } else { &c.text },
                students(c.students as usize)
            );
        }
    }
    for q in &course.failed_questions {
        outln!(
            "failed: {} ({} wrong, {})",
            q.stem,
            q.wrong,
            students(q.students as usize)
        );
    }
    for r in &course.rechecks {
        outln!(
            "re-check due: {} on {} since {}",
            r.name,
            r.unit_title,
            r.due_at.format("%Y-%m-%d")
        );
    }
}

/// "1 student", "3 students".
fn students(n: usize) -> String {
    if n == 1 {
        "1 student".into()
    } else {
        format!("{n} students")
    }
}
