//! `lantern class import|show|history|use|export|remove`: a teacher's class profile —
//! hand-in files imported from files or folders (one at a time, every one kept), the
//! grid and what needs attention, a student's earlier hand-ins and which one is in use,
//! and the grid or the students' summaries as CSV or a printable page. Honours `--now`
//! / `LANTERN_NOW`.

use super::tutor::clock;
use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::language::Language;
use lantern_core::ErrorCode;
use lantern_progress::class::{class_csv, class_page, ClassFilter, ClassView, StudentFlag};
use lantern_store::{find_hand_in_files, read_hand_in_file, write_new_file, HandInOutcome, Store};
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
    /// List a student's hand-ins the class keeps (by the name shown or the key), newest
    /// first, with the one in use.
    History {
        /// The student's name or key.
        student: String,
    },
    /// Use one of a student's earlier hand-ins (by the start of its digest, as
    /// `history` prints it), or `--newest` to go back to the most trusted one.
    Use {
        /// The student's name or key.
        student: String,
        /// The start of the hand-in's digest.
        #[arg(required_unless_present = "newest")]
        digest: Option<String>,
        /// Go back to the most trusted hand-in.
        #[arg(long, conflicts_with = "digest")]
        newest: bool,
    },
    /// Write the grid as CSV, or as a printable HTML page, or each student's summary
    /// CSV made again from their verified hand-in.
    Export {
        #[command(flatten)]
        filter: FilterOptions,
        /// The CSV file to write.
        #[arg(long)]
        csv: Option<PathBuf>,
        /// The HTML page to write.
        #[arg(long)]
        page: Option<PathBuf>,
        /// A folder to write each student's summary CSV in.
        #[arg(long)]
        summaries: Option<PathBuf>,
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
        ClassCommand::Import { paths } => import(&rt, &store, id, paths, now, options.json),
        ClassCommand::History { student } => {
            let key = rt.block_on(student_key(&store, id, student, now))?;
            let history = rt.block_on(store.class_history(id, &key))?;
            if options.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&history).unwrap_or_default()
                );
                return Ok(());
            }
            for h in history {
                let mut marks = Vec::new();
                if h.in_use {
                    marks.push("in use");
                }
                if h.chosen {
                    marks.push("chosen by you");
                }
                if h.edited {
                    marks.push("EDITED after it was made");
                }
                outln!(
                    "{}  made {}  {} ({})  {}",
                    &h.digest[..12],
                    h.exported_at.format("%Y-%m-%d %H:%M"),
                    h.student_name,
                    h.file_name,
                    marks.join(", ")
                );
            }
            Ok(())
        }
        ClassCommand::Use {
            student,
            digest,
            newest,
        } => {
            let key = rt.block_on(student_key(&store, id, student, now))?;
            let digest = match (digest, newest) {
                (_, true) | (None, _) => None,
                (Some(start), false) => Some(rt.block_on(digest_of(&store, id, &key, start))?),
            };
            rt.block_on(store.class_choose(id, &key, digest.as_deref()))?;
            match digest {
                Some(d) => outln!("using hand-in {} of {student}", &d[..12]),
                None => outln!("using {student}'s most trusted hand-in"),
            }
            Ok(())
        }
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
            summaries,
            language,
        } => {
            if let Some(folder) = summaries {
                write_summaries(&rt, &store, id, folder)?;
            }
            if csv.is_none() && page.is_none() {
                return if summaries.is_some() {
                    Ok(())
                } else {
                    Err(CliError::new(
                        ErrorCode::UsageInvalid,
                        "give --csv FILE, --page FILE or --summaries FOLDER",
                    ))
                };
            }
            let view = rt.block_on(store.class_view(id, &filter.filter(), now))?;
            let Some(course) = view.course else {
                return Err(CliError::new(
                    ErrorCode::UsageInvalid,
                    "the class has no hand-in yet",
                ));
            };
            let language = Language::from_code(language).unwrap_or_default();
            let outputs = [
                (csv, class_csv(&course)),
                (page, class_page(&course, language)),
            ];
            for (path, text) in outputs {
                if let Some(path) = path {
                    write_export(path, &text)?;
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

/// The key of the student named (or keyed) `student` in class `id`.
async fn student_key(
    store: &Store,
    id: i64,
    student: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, CliError> {
    let view = store.class_view(id, &ClassFilter::default(), now).await?;
    let wanted = student.trim().to_lowercase();
    let keys: Vec<&str> = view
        .students
        .iter()
        .filter(|s| s.key == wanted || s.name.to_lowercase() == wanted)
        .map(|s| s.key.as_str())
        .collect();
    match keys.as_slice() {
        [key] => Ok((*key).to_string()),
        [] => Err(CliError::new(
            ErrorCode::UsageInvalid,
            format!("no student {student:?} in the class"),
        )),
        _ => Err(CliError::new(
            ErrorCode::UsageInvalid,
            format!("several students are called {student:?}: give the key (`class show --json`)"),
        )),
    }
}

/// The one digest of student `key`'s hand-ins that starts with `start`.
async fn digest_of(store: &Store, id: i64, key: &str, start: &str) -> Result<String, CliError> {
    let start = start.trim().to_lowercase();
    let matching: Vec<String> = store
        .class_history(id, key)
        .await?
        .into_iter()
        .filter(|h| h.digest.starts_with(&start))
        .map(|h| h.digest)
        .collect();
    match matching.as_slice() {
        [digest] if start.len() >= 6 => Ok(digest.clone()),
        _ => Err(CliError::new(
            ErrorCode::HandinNotFound,
            format!("no single hand-in of this student starts with {start:?} (give 6 or more characters from `class history`)"),
        )),
    }
}

/// Writes each student's summary CSV, made again from their verified hand-in, in
/// `folder`.
fn write_summaries(
    rt: &tokio::runtime::Runtime,
    store: &Store,
    id: i64,
    folder: &std::path::Path,
) -> Result<(), CliError> {
    for (index, (name, text)) in rt
        .block_on(store.class_summaries(id, None))?
        .into_iter()
        .enumerate()
    {
        let safe: String = name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .take(40)
            .collect();
        write_export(
            &folder.join(format!("{}-{safe}.summary.csv", index + 1)),
            &text,
        )?;
    }
    Ok(())
}

/// Writes `text` to `path` as a new file and says so.
fn write_export(path: &std::path::Path, text: &str) -> Result<(), CliError> {
    write_new_file(path, text.as_bytes()).map_err(|e| {
        CliError::new(
            ErrorCode::ExportFailed,
            format!("cannot write {}: {e}", path.display()),
        )
    })?;
    outln!("wrote {}", path.display());
    Ok(())
}

fn import(
    rt: &tokio::runtime::Runtime,
    store: &Store,
    id: i64,
    paths: &[PathBuf],
    now: chrono::DateTime<chrono::Utc>,
    json: bool,
) -> Result<(), CliError> {
    let files = find_hand_in_files(paths);
    if files.is_empty() {
        return Err(CliError::new(
            ErrorCode::FileUnreadable,
            "no *.progress.json file there",
        ));
    }
    let mut refused = 0;
    for path in files {
        let (name, bytes) = read_hand_in_file(&path);
        let result = match bytes {
            Ok(bytes) => rt
                .block_on(store.class_import(id, &name, &bytes, now))
                .map_err(CliError::from),
            Err(e) => Err(CliError::from(e)),
        };
        match result {
            Ok(done) if json => outln!("{}", serde_json::to_string(&done).unwrap_or_default()),
            Ok(done) => {
                let what = match done.outcome {
                    HandInOutcome::Added => "added",
                    HandInOutcome::Unchanged => "already imported",
                    HandInOutcome::Outdated => "kept in the student's history, not in use",
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
    for s in view.students.iter().filter(|s| !s.flags.is_empty()) {
        let flags: Vec<&str> = s.flags.iter().map(|f| flag_text(*f)).collect();
        outln!(
            "check {}: {} ({} hand-ins kept; `lantern class history`)",
            s.name,
            flags.join("; "),
            s.hand_ins
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

/// What a flag tells the teacher.
fn flag_text(flag: StudentFlag) -> &'static str {
    match flag {
        StudentFlag::Edited => "the hand-in in use was edited after it was made",
        StudentFlag::SeveralNames => "hand-ins under this student's key give different names",
        StudentFlag::WorkDisagrees => {
            "two hand-ins under this key hold work one laptop cannot have made"
        }
        StudentFlag::ChosenByTeacher => "you chose an earlier hand-in",
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
