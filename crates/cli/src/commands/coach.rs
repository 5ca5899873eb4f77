//! `lantern coach …`: the argument coach without a window — the same core rules and the
//! same store as the app, so scripts, tests and evals can run a whole session.

use super::json::to_json;
use super::{open_store, runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand, ValueEnum};
use lantern_coach::app::{self, CoachRepository};
use lantern_coach::{
    clean_message, to_argdown, to_markdown, CoachRole, CoachSession, Language, ToulminStep,
};
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::ErrorCode;
use lantern_store::{write_new_file, Store, FIRST_PROFILE_NAME};
use std::io::Write;
use std::path::PathBuf;

/// Options shared by every coach command.
#[derive(Debug, Args)]
pub struct CoachOptions {
    /// The profile whose arguments to use; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Print the session as JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: CoachCommand,
}

/// What to do with an argument.
#[derive(Debug, Subcommand)]
pub enum CoachCommand {
    /// List the profile's arguments, most recently changed first.
    List,
    /// Start an argument; prints its id and the coach's first question.
    New {
        /// Title of the argument.
        #[arg(long)]
        title: String,
        /// Language of the conversation.
        #[arg(long, value_parser = parse_language, default_value = "en")]
        language: Language,
    },
    /// Say something to the coach and print its reply (streamed).
    Say {
        /// The argument's id.
        id: i64,
        /// What the student says.
        message: String,
        /// Answer with the offline guide instead of the model.
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Accept the pending proposal (the step moves on).
    Accept {
        /// The argument's id.
        id: i64,
    },
    /// Reject the pending proposal.
    Reject {
        /// The argument's id.
        id: i64,
    },
    /// Write your own text for a part of the argument.
    Edit {
        /// The argument's id.
        id: i64,
        /// The part: claim, grounds, warrant, groundsBacking, warrantBacking, qualifier, rebuttal.
        #[arg(long)]
        step: ToulminStep,
        /// The text.
        text: String,
    },
    /// Move on from the current step with your own text ("Done — next step").
    Advance {
        /// The argument's id.
        id: i64,
    },
    /// Print the argument: draft, pending proposal and conversation.
    Show {
        /// The argument's id.
        id: i64,
    },
    /// Export the argument as Markdown or Argdown.
    Export {
        /// The argument's id.
        id: i64,
        /// The format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Markdown)]
        format: ExportFormat,
        /// Write to this file instead of standard output.
        #[arg(long)]
        output: Option<PathBuf>,
    },
}

/// Text formats an argument exports to.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    /// Markdown, one section per element.
    Markdown,
    /// Argdown (argument mapping syntax).
    Argdown,
}

/// Parses `en` / `es`.
pub fn parse_language(code: &str) -> Result<Language, String> {
    Language::from_code(code).ok_or_else(|| format!("unsupported language {code:?} (en, es)"))
}

/// The profile named `name`, or the first profile (created on first use); a profile
/// with a PIN needs it in `LANTERN_PIN` (`profile_locked` otherwise).
pub async fn profile_id(store: &Store, name: Option<&str>) -> Result<i64, CliError> {
    let id = match name {
        Some(name) => store.profile_named(name).await?.id,
        None => store.ensure_profile(FIRST_PROFILE_NAME).await?.id,
    };
    super::profiles::unlock(store, id).await?;
    Ok(id)
}

/// `lantern coach …`
pub fn coach(locations: &Locations, options: &CoachOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let session = match &options.command {
        CoachCommand::List => {
            let sessions = rt.block_on(store.list_coach_sessions(profile))?;
            if options.json {
                outln!("{}", to_json(&sessions)?);
            } else {
                for s in sessions {
                    let state = if s.is_complete {
                        "complete"
                    } else {
                        s.current_step.as_str()
                    };
                    outln!("{}\t{}\t{}\t{}", s.id, s.title, state, s.updated_at);
                }
            }
            return Ok(());
        }
        CoachCommand::New { title, language } => {
            rt.block_on(app::start(&store, profile, title, *language))?
        }
        CoachCommand::Say {
            id,
            message,
            offline,
            model,
        } => {
            let text = clean_message(message)?;
            rt.block_on(app::say(&store, profile, *id, &text))?;
            let supervisor = (!offline)
                .then(|| model.supervisor(locations))
                .transpose()?;
            let llm = supervisor.as_ref().map(|s| s as &dyn Llm);
            let mut out = std::io::stderr();
            let answer = rt.block_on(app::answer(
                &store,
                profile,
                *id,
                text,
                llm,
                &mut |text| {
                    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
                },
                &CancelFlag::default(),
            ))?;
            let _ = writeln!(out);
            if answer.origin.is_fallback() {
                eprintln!("(answered by the offline guide: {:?})", answer.origin);
            }
            answer.session
        }
        CoachCommand::Accept { id } => rt.block_on(app::accept(&store, profile, *id, None))?,
        CoachCommand::Reject { id } => rt.block_on(app::reject(&store, profile, *id))?,
        CoachCommand::Edit { id, step, text } => {
            rt.block_on(app::edit(&store, profile, *id, *step, text))?
        }
        CoachCommand::Advance { id } => rt.block_on(app::advance(&store, profile, *id, None))?,
        CoachCommand::Show { id } => rt.block_on(store.coach_session(profile, *id))?,
        CoachCommand::Export { id, format, output } => {
            let s = rt.block_on(store.coach_session(profile, *id))?;
            let text = match format {
                ExportFormat::Markdown => to_markdown(&s.title, &s.draft),
                ExportFormat::Argdown => to_argdown(&s.title, &s.draft),
            };
            return match output {
                Some(path) => write_new_file(path, text.as_bytes()).map_err(|e| {
                    CliError::new(
                        ErrorCode::ExportFailed,
                        format!("cannot write {}: {e}", path.display()),
                    )
                }),
                None => {
                    out!("{text}");
                    Ok(())
                }
            };
        }
    };
    if options.json {
        outln!("{}", to_json(&session)?);
    } else {
        print_session(&session);
    }
    Ok(())
}

/// The session as text: header, draft, proposal, and the last exchange.
fn print_session(s: &CoachSession) {
    let state = if s.is_complete {
        "complete".to_string()
    } else {
        format!("step: {}", s.current_step.as_str())
    };
    outln!("#{} {} ({}, {state})", s.id, s.title, s.language.code());
    for step in ToulminStep::ALL {
        let text = s.draft.get(step);
        if !text.trim().is_empty() {
            outln!("  {:<15} {}", step.as_str(), text);
        }
    }
    if let Some(p) = &s.pending_proposal {
        outln!("proposal for {}: {}", p.field.as_str(), p.value);
    }
    let start = s
        .messages
        .iter()
        .rposition(|m| m.role == CoachRole::User)
        .unwrap_or(0);
    for m in &s.messages[start..] {
        let who = match m.role {
            CoachRole::User => "student",
            CoachRole::Assistant => "coach",
        };
        outln!("{who}: {}", m.content);
    }
}
