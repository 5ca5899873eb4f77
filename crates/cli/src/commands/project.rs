//! `lantern project …`: the projects reports belong to, and their specification files
//! (imported into the index for the report chat's `search_project_specs`).

use super::coach::profile_id;
use super::course::open_retriever;
use super::{open_store, runtime};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_packs::course::{ImportProgress, ImportStage};
use lantern_rag::import_project_specs;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

/// Options shared by every project command.
#[derive(Debug, Args)]
pub struct ProjectOptions {
    /// The profile whose projects to use; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: ProjectCommand,
}

/// What to do with projects.
#[derive(Debug, Subcommand)]
pub enum ProjectCommand {
    /// List the profile's projects.
    List,
    /// Create a project (or give the existing one of that name); prints its id.
    Create {
        /// Its name.
        name: String,
    },
    /// Import specification files (PDF, Markdown, text) into a project.
    ImportSpecs {
        /// The project's id.
        project: i64,
        /// The files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List a project's specification files.
    Specs {
        /// The project's id.
        project: i64,
    },
}

fn print_progress(file: &str, progress: ImportProgress) {
    let mut err = std::io::stderr();
    let _ = write!(
        err,
        "\r{file}: {}/{} passages",
        progress.done, progress.total
    );
    if progress.stage == ImportStage::Done {
        let _ = writeln!(err);
    }
}

/// `lantern project …`
pub fn project(locations: &Locations, options: &ProjectOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    match &options.command {
        ProjectCommand::List => {
            let projects = rt.block_on(store.list_projects(profile))?;
            if options.json {
                outln!("{}", json!(projects));
            } else {
                for p in projects {
                    outln!("{}\t{}", p.id, p.name);
                }
            }
        }
        ProjectCommand::Create { name } => {
            let project = rt.block_on(store.create_project(profile, name))?;
            outln!(
                "{}",
                if options.json {
                    json!(project).to_string()
                } else {
                    project.id.to_string()
                }
            );
        }
        ProjectCommand::ImportSpecs { project, files } => {
            rt.block_on(store.project(profile, *project))?;
            let retriever = open_retriever(locations, &store, &rt)?;
            let paths: Vec<&std::path::Path> = files.iter().map(PathBuf::as_path).collect();
            let imported = rt.block_on(import_project_specs(
                *project,
                &paths,
                &retriever,
                &store,
                &mut print_progress,
            ))?;
            for (name, passages) in imported {
                outln!("{name}\t{passages} passages");
            }
        }
        ProjectCommand::Specs { project } => {
            let files = rt.block_on(store.list_spec_files(profile, *project))?;
            if options.json {
                outln!("{}", json!(files));
            } else {
                for f in files {
                    outln!("{}\t{} passages\t{}", f.name, f.passages, f.imported_at);
                }
            }
        }
    }
    Ok(())
}
