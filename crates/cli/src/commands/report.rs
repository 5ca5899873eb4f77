//! `lantern report …`: the report editor without a window — import, show, export, chat,
//! review (ops, accept, reject), undo, history, restore, and one tool call applied
//! directly — through the same operations as the app (`lantern_reports::app`).

use super::coach::{parse_language, profile_id};
use super::course::open_retriever;
use super::{open_store, runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand, ValueEnum};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::ErrorCode;
use lantern_reports::app::{self, ChangeSelection, ReportRequest, ReportState};
use lantern_reports::review::change_diffs;
use lantern_reports::{default_project_name, NumberedSection, ReportError};
use lantern_store::Store;
use serde_json::json;
use std::path::PathBuf;

/// Options shared by every report command.
#[derive(Debug, Args)]
pub struct ReportOptions {
    /// The profile whose reports to use; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The language of the app's words (en, es).
    #[arg(long, global = true, value_parser = parse_language, default_value = "en")]
    pub language: Language,
    #[command(subcommand)]
    pub command: ReportCommand,
}

/// What to do with a report.
#[derive(Debug, Subcommand)]
pub enum ReportCommand {
    /// List the profile's reports.
    List,
    /// Import a Markdown (.md, .txt) or Word (.docx) report; prints its id.
    Import {
        /// The file.
        file: PathBuf,
        /// The project (name or id); created when a new name is given. Without it, the
        /// default project named in `--language` ("My reports").
        #[arg(long)]
        project: Option<String>,
    },
    /// Print the report as the student sees it (waiting changes applied).
    Show {
        /// The report's id.
        id: i64,
    },
    /// Write the report's accepted version as Markdown or Word.
    Export {
        /// The report's id.
        id: i64,
        /// The format.
        #[arg(long, value_enum)]
        format: FileFormat,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
    },
    /// Apply one tool call directly, without the model (a new version).
    Tool {
        /// The report's id.
        id: i64,
        /// The tool, e.g. update_section.
        tool: String,
        /// Its arguments as a JSON object, e.g. '{"id":"s3","title":"Roof"}'.
        args: String,
    },
    /// Ask for a change in words; the changes wait for review.
    Chat {
        /// The report's id.
        id: i64,
        /// The request.
        text: String,
        /// Without the model (only requests the app understands on its own).
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// List the changes waiting for review, section by section.
    Ops {
        /// The report's id.
        id: i64,
    },
    /// Accept waiting changes (all with --all): one new version.
    Accept {
        /// The report's id.
        id: i64,
        /// The changes' ids.
        changes: Vec<i64>,
        /// Every waiting change.
        #[arg(long)]
        all: bool,
        /// Confirm that sections will be deleted.
        #[arg(long)]
        confirm_delete: bool,
    },
    /// Reject waiting changes (all with --all).
    Reject {
        /// The report's id.
        id: i64,
        /// The changes' ids.
        changes: Vec<i64>,
        /// Every waiting change.
        #[arg(long)]
        all: bool,
    },
    /// Take back the last accepted step.
    Undo {
        /// The report's id.
        id: i64,
    },
    /// List the report's versions.
    History {
        /// The report's id.
        id: i64,
    },
    /// Make an earlier version the current one.
    Restore {
        /// The report's id.
        id: i64,
        /// The version.
        version: i64,
    },
    /// Delete a report.
    Delete {
        /// The report's id.
        id: i64,
    },
}

/// Files a report exports to.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FileFormat {
    /// Markdown.
    Md,
    /// Word.
    Docx,
}

fn selection(changes: &[i64], all: bool) -> Result<ChangeSelection, CliError> {
    match (all, changes.is_empty()) {
        (true, _) => Ok(ChangeSelection::All),
        (false, false) => Ok(ChangeSelection::Ids(changes.to_vec())),
        (false, true) => Err(CliError::new(
            ErrorCode::UsageInvalid,
            "name the changes or use --all",
        )),
    }
}

/// The project named or numbered `project`, created when it is a new name.
async fn project_id(store: &Store, profile: i64, project: &str) -> Result<i64, CliError> {
    if let Ok(id) = project.parse::<i64>() {
        return Ok(store.project(profile, id).await?.id);
    }
    Ok(store.create_project(profile, project).await?.id)
}

/// `lantern report …`
pub fn report(locations: &Locations, options: &ReportOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let language = options.language;
    let state = match &options.command {
        ReportCommand::List => {
            let reports = rt.block_on(store.list_reports(profile))?;
            if options.json {
                outln!("{}", json!(reports));
            } else {
                for r in reports {
                    outln!(
                        "{}\t{}\tv{}\t{} waiting\t{}",
                        r.id,
                        r.title,
                        r.version,
                        r.pending,
                        r.updated_at
                    );
                }
            }
            return Ok(());
        }
        ReportCommand::Import { file, project } => {
            let report = lantern_docx::read_report_file(file)?;
            let project = project
                .clone()
                .unwrap_or_else(|| default_project_name(language));
            let project = rt.block_on(project_id(&store, profile, &project))?;
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let summary = rt.block_on(store.create_report(profile, project, &name, &report))?;
            let media = lantern_rag::media_root(&locations.index_dir());
            lantern_docx::copy_report_images(
                &report,
                file,
                &lantern_docx::report_media_dir(&media, summary.id),
            );
            if options.json {
                outln!("{}", json!(summary));
            } else {
                outln!(
                    "{}\t{}\t{} sections",
                    summary.id,
                    summary.title,
                    report.ids().len()
                );
            }
            return Ok(());
        }
        ReportCommand::Show { id } | ReportCommand::Ops { id } => {
            rt.block_on(store.report_state(profile, *id))?
        }
        ReportCommand::Export { id, format, out } => {
            let state = rt.block_on(store.report_state(profile, *id))?;
            let format = match format {
                FileFormat::Md => "md",
                FileFormat::Docx => "docx",
            };
            lantern_docx::write_report_file(&state.base, format, out)?;
            if !state.pending.is_empty() {
                eprintln!(
                    "(exported version {}; {} changes still wait for review)",
                    state.version,
                    state.pending.len()
                );
            }
            return Ok(());
        }
        ReportCommand::Tool { id, tool, args } => {
            let args: serde_json::Value = serde_json::from_str(args)
                .map_err(|e| ReportError::ArgumentsInvalid(format!("not JSON: {e}")))?;
            let serde_json::Value::Object(args) = args else {
                return Err(ReportError::ArgumentsInvalid(
                    "the arguments must be a JSON object".into(),
                )
                .into());
            };
            let (text, state) =
                rt.block_on(app::tool(&store, profile, *id, tool, args, language))?;
            if let Some(text) = text {
                outln!("{text}");
                return Ok(());
            }
            state
        }
        ReportCommand::Chat {
            id,
            text,
            offline,
            model,
        } => {
            let supervisor = (!offline)
                .then(|| model.supervisor(locations))
                .transpose()?;
            let llm = supervisor.as_ref().map(|s| s as &dyn Llm);
            let project = rt.block_on(store.report_state(profile, *id))?.project_id;
            let has_specs = !rt
                .block_on(store.list_spec_files(profile, project))?
                .is_empty();
            let retriever = has_specs
                .then(|| open_retriever(locations, &store, &rt))
                .transpose()?;
            let specs = retriever.as_ref().map(|r| r as &dyn Retriever);
            let request = ReportRequest {
                profile_id: profile,
                report_id: *id,
                message: lantern_reports::clean_message(text)?,
                language,
            };
            let saved = rt.block_on(app::send(
                &store,
                request,
                llm,
                specs,
                &mut |p| eprintln!("… {} {}", p.step, p.section.unwrap_or_default()),
                &CancelFlag::default(),
            ))?;
            let outcome = &saved.outcome;
            if options.json {
                let steps: Vec<_> = outcome
                    .steps
                    .iter()
                    .map(|s| json!({"call": s.call, "ok": s.ok, "result": s.result}))
                    .collect();
                outln!(
                    "{}",
                    json!({
                        "reply": outcome.reply, "origin": saved.origin, "end": outcome.end.as_str(),
                        "failure": outcome.failure, "changes": outcome.change_ids, "steps": steps, "searchedSpecs": outcome.searched_specs,
                    })
                );
                return Ok(());
            }
            outln!("{}", outcome.reply);
            if let Some(failure) = &outcome.failure {
                eprintln!("(the app wrote the reply: {failure})");
            }
            return Ok(());
        }
        ReportCommand::Accept {
            id,
            changes,
            all,
            confirm_delete,
        } => {
            let chosen = selection(changes, *all)?;
            rt.block_on(app::accept(
                &store,
                profile,
                *id,
                &chosen,
                *confirm_delete,
                language,
            ))?
        }
        ReportCommand::Reject { id, changes, all } => rt.block_on(app::reject(
            &store,
            profile,
            *id,
            &selection(changes, *all)?,
        ))?,
        ReportCommand::Undo { id } => rt.block_on(app::undo(&store, profile, *id))?,
        ReportCommand::Restore { id, version } => {
            rt.block_on(app::restore(&store, profile, *id, *version))?
        }
        ReportCommand::History { id } => {
            let versions = rt.block_on(store.report_versions(profile, *id))?;
            if options.json {
                outln!("{}", json!(versions));
            } else {
                for v in versions {
                    outln!(
                        "v{}\t{}\t{}\t{}",
                        v.version,
                        v.cause,
                        v.created_at,
                        v.summary
                    );
                }
            }
            return Ok(());
        }
        ReportCommand::Delete { id } => {
            rt.block_on(store.delete_report(profile, *id))?;
            let media = lantern_rag::media_root(&locations.index_dir());
            let _ = std::fs::remove_dir_all(lantern_docx::report_media_dir(&media, *id));
            return Ok(());
        }
    };
    if matches!(options.command, ReportCommand::Ops { .. }) {
        print_ops(&state, options.json);
    } else {
        print_state(&state, options.json);
    }
    Ok(())
}

/// The report as shown: JSON (tree with numbers, waiting changes) or a numbered text.
fn print_state(state: &ReportState, as_json: bool) {
    let shown = state.shown();
    if as_json {
        let pending: Vec<_> = state
            .pending
            .iter()
            .map(|c| json!({"id": c.id, "op": c.op, "reason": c.reason, "author": c.author}))
            .collect();
        outln!(
            "{}",
            json!({
                "id": state.id, "projectId": state.project_id, "version": state.version, "title": shown.title,
                "preambleMd": shown.preamble_md, "sections": shown.numbered(), "pending": pending,
            })
        );
        return;
    }
    outln!(
        "# {} (version {}, {} waiting)",
        shown.title,
        state.version,
        state.pending.len()
    );
    if !shown.preamble_md.is_empty() {
        outln!("\n{}", shown.preamble_md);
    }
    fn walk(sections: &[NumberedSection], depth: usize) {
        for s in sections {
            outln!(
                "\n{} [{}] {} {}",
                "#".repeat(depth + 1),
                s.id,
                s.number,
                s.title
            );
            if !s.body_md.is_empty() {
                outln!("{}", s.body_md);
            }
            walk(&s.children, depth + 1);
        }
    }
    walk(&shown.numbered(), 1);
}

/// The waiting changes, each with its section before and after.
fn print_ops(state: &ReportState, as_json: bool) {
    let diffs = change_diffs(&state.base, &state.pending);
    if as_json {
        let all: Vec<_> = diffs
            .iter()
            .zip(&state.pending)
            .map(|(d, c)| json!({"id": d.id, "kind": d.kind, "sectionId": d.section_id, "before": d.before, "after": d.after, "applies": d.applies, "reason": c.reason, "author": c.author}))
            .collect();
        outln!("{}", json!(all));
        return;
    }
    if diffs.is_empty() {
        outln!("no changes wait for review");
    }
    for (d, c) in diffs.iter().zip(&state.pending) {
        let side = |s: &Option<(String, String, String)>| {
            s.as_ref()
                .map_or("—".to_string(), |(n, t, _)| format!("{n} {t}"))
        };
        let stale = if d.applies {
            ""
        } else {
            " (no longer applies)"
        };
        outln!(
            "#{} {} [{}] {} → {}{stale}",
            d.id,
            d.kind,
            d.section_id,
            side(&d.before),
            side(&d.after)
        );
        if !c.reason.is_empty() {
            outln!("    reason: {}", c.reason);
        }
        if let (Some((_, _, old)), Some((_, _, new))) = (&d.before, &d.after) {
            if old != new {
                outln!(
                    "    - {}\n    + {}",
                    old.replace('\n', "\n      "),
                    new.replace('\n', "\n      ")
                );
            }
        }
    }
}
