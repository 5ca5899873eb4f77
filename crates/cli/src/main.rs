//! `lantern`: Lantern's command line — model pack checks, profiles and diagnostics.
//!
//! Every failure prints `error[code]: message` on stderr and exits with status 1;
//! wrong usage exits with status 2.

mod cli_error;
mod commands;
mod locations;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Lantern: an offline AI study desk.
#[derive(Debug, Parser)]
#[command(name = "lantern", version, about)]
struct Cli {
    /// Data folder (database, vector index); defaults to the app's data folder.
    #[arg(long, global = true, env = "LANTERN_DATA_DIR")]
    data_dir: Option<PathBuf>,
    /// Model pack folder; defaults to the first complete pack found.
    #[arg(long, global = true, env = lantern_core::pack::PACK_DIR_VARIABLE)]
    model_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the models Lantern knows and whether the model pack has them.
    Models,
    /// Check a GGUF model file and print what it says about itself.
    Inspect {
        /// Path of the .gguf file.
        model: PathBuf,
    },
    /// Embed a text with the pack's embedder and print the vector's size and norm.
    Embed {
        /// The text to embed.
        text: String,
    },
    /// Manage the profiles of students sharing this laptop.
    #[command(subcommand)]
    Profiles(ProfilesCommand),
}

#[derive(Debug, Subcommand)]
enum ProfilesCommand {
    /// List every profile.
    List,
    /// Create a profile.
    Create {
        /// Display name (unique, case-insensitive).
        name: String,
    },
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("LANTERN_LOG"))
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let locations = locations::Locations::new(cli.data_dir, cli.model_dir);
    let outcome = match cli.command {
        Command::Models => commands::models(&locations),
        Command::Inspect { model } => commands::inspect(&model),
        Command::Embed { text } => commands::embed(&locations, &text),
        Command::Profiles(ProfilesCommand::List) => commands::list_profiles(&locations),
        Command::Profiles(ProfilesCommand::Create { name }) => {
            commands::create_profile(&locations, &name)
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error[{}]: {}", e.code, e.message);
            ExitCode::FAILURE
        }
    }
}
