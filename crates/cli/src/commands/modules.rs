//! `lantern module …`: guided modules without a window — import a pack, list the
//! library, start (or resume) a session, say something, send a form, go to a section,
//! show progress — through the same operations (`lantern_modules::app`) as the app.

use super::coach::{parse_language, profile_id};
use super::course::{open_retriever, print_import_progress, EMBED_THREADS};
use super::module_check::module_check;
use super::module_new::module_new;
use super::{open_store, runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::{Args, Subcommand};
use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::retrieval::Retriever;
use lantern_core::Coded;
use lantern_modules::app::{self, ModuleMessage, ModuleRequest, ProgressView};
use lantern_modules::turn::clean_message;
use lantern_modules::{ModuleError, StudentAct};
use lantern_packs::module::contract::{BlockType, ModuleReply};
use lantern_rag::import_module_pack;
use serde_json::{json, Value};
use std::path::PathBuf;

/// Options shared by every module command.
#[derive(Debug, Args)]
pub struct ModuleOptions {
    /// The profile to act as; defaults to the first profile.
    #[arg(long, global = true)]
    pub profile: Option<String>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// The language of a new session, of `new`'s notes, or of `check`'s messages (en, es);
    /// by default English (told from the notes for `new`).
    #[arg(long, global = true, value_parser = parse_language)]
    pub language: Option<Language>,
    #[command(subcommand)]
    pub command: ModuleCommand,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum ModuleCommand {
    /// Draft a module pack from a folder of Markdown notes, with a REVIEW.md to read.
    New {
        /// The folder of notes (.md, .markdown, .txt; subfolders too).
        folder: PathBuf,
        /// Where to write the pack (a new or empty folder); by default `<FOLDER>-pack`.
        #[arg(long)]
        out: Option<PathBuf>,
        /// The module id (a-z, 0-9, -); by default made from the title.
        #[arg(long)]
        id: Option<String>,
        /// The module title; by default the notes' own title or the folder's name.
        #[arg(long)]
        title: Option<String>,
    },
    /// Report every problem and warning of a module pack (folder or .zip).
    Check {
        /// The pack's folder or zip file.
        path: PathBuf,
    },
    /// Import a module pack (folder or .zip); re-importing a module replaces it.
    Import {
        /// The pack's folder or zip file.
        path: PathBuf,
    },
    /// The imported modules.
    List,
    /// Open the profile's session of a module (started on first use); prints its id.
    Start {
        /// The module's id.
        module: String,
        /// Start over: progress and conversation are cleared.
        #[arg(long)]
        restart: bool,
    },
    /// Say something in a session.
    Say {
        /// The session's id.
        session: i64,
        /// The message.
        text: String,
        /// Without the model (the app's own replies and the module's notes).
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Send a form's answers, e.g. `form 3 self_check '{"sleep_hours": 6}'`.
    Form {
        /// The session's id.
        session: i64,
        /// The form's id.
        form: String,
        /// The answers by field id, as a JSON object.
        answers: String,
        /// Without the model.
        #[arg(long)]
        offline: bool,
        #[command(flatten)]
        model: ModelOptions,
    },
    /// Go to a section (as the section list does).
    Go {
        /// The session's id.
        session: i64,
        /// The section's id.
        section: String,
    },
    /// The session's progress.
    Progress {
        /// The session's id.
        session: i64,
    },
    /// The session's conversation.
    Show {
        /// The session's id.
        session: i64,
    },
}

/// A reply as plain text: blocks, media, forms, quick replies, progress.
pub fn reply_text(reply: &ModuleReply) -> String {
    let mut out = Vec::new();
    for block in &reply.content.text_blocks {
        out.push(match block.kind {
            BlockType::Heading => format!(
                "{} {}",
                "#".repeat(usize::from(block.level.unwrap_or(2))),
                block.content
            ),
            BlockType::Paragraph | BlockType::List => block.content.clone(),
            BlockType::Quote => format!("> {}", block.content),
            other => format!("[{}] {}", other.as_str(), block.content),
        });
    }
    for media in &reply.content.media {
        out.push(format!(
            "[{} {}] {}",
            media.kind.as_str(),
            media.src,
            media.alt.clone().unwrap_or_default()
        ));
    }
    for form in &reply.content.forms {
        let fields: Vec<String> = form
            .fields
            .iter()
            .map(|f| {
                let options: Vec<&str> = f.options.iter().map(|o| o.value.as_str()).collect();
                if options.is_empty() {
                    format!("{} ({})", f.id, f.kind.as_str())
                } else {
                    format!("{} ({}: {})", f.id, f.kind.as_str(), options.join("|"))
                }
            })
            .collect();
        out.push(format!(
            "[form {}] {} — optional: {}",
            form.id,
            form.title.clone().unwrap_or_default(),
            fields.join(", ")
        ));
    }
    if let Some(step) = &reply.content.next_step {
        if let Some(prompt) = &step.prompt {
            out.push(prompt.clone());
        }
        for s in &step.suggestions {
            out.push(format!("→ {s}"));
        }
    }
    if let Some(p) = &reply.meta.progress {
        let milestone = p
            .milestone
            .map(|m| format!(" · milestone {}", m.as_str()))
            .unwrap_or_default();
        out.push(format!(
            "progress {} % ({} left){milestone}",
            p.percentage, p.remaining_topics
        ));
    }
    out.join("\n")
}

fn print_message(message: &ModuleMessage) {
    match &message.reply {
        Some(reply) => outln!("{}\n", reply_text(reply)),
        None => outln!("> {}\n", message.text),
    }
}

fn print_progress(progress: &ProgressView, json: bool) {
    if json {
        outln!("{}", json!(progress));
        return;
    }
    outln!(
        "{} % — {} of {} topics",
        progress.percentage,
        progress.covered,
        progress.total
    );
    for s in &progress.sections {
        let mark = if s.current {
            ">"
        } else if s.completed {
            "✓"
        } else {
            " "
        };
        outln!(
            "{mark} {}\t{}/{}\t{} ({})",
            s.id,
            s.covered,
            s.topics,
            s.title,
            s.phase
        );
    }
    let celebrated: Vec<&str> = progress.celebrated.iter().map(|m| m.as_str()).collect();
    outln!(
        "milestones: {}",
        if celebrated.is_empty() {
            "none".into()
        } else {
            celebrated.join(", ")
        }
    );
}

/// `lantern module …`
pub fn module(locations: &Locations, options: &ModuleOptions) -> Result<(), CliError> {
    match &options.command {
        ModuleCommand::New {
            folder,
            out,
            id,
            title,
        } => {
            return module_new(
                folder,
                out.as_deref(),
                id.as_deref(),
                title.as_deref(),
                options.language,
            )
        }
        ModuleCommand::Check { path } => {
            return module_check(path, options.json, options.language.unwrap_or_default())
        }
        _ => {}
    }
    let rt = runtime()?;
    let store = open_store(locations, &rt)?;
    // The school's distress phrases, as the app reads them before each turn; a bad file
    // is refused with its code and the school's message in the command's language.
    lantern_modules::distress::load_from(&locations.data_dir)
        .map_err(|e| CliError::new(e.code(), e.message(options.language.unwrap_or_default())))?;
    let profile = rt.block_on(profile_id(&store, options.profile.as_deref()))?;
    let json = options.json;
    let (session, act, offline, model) = match &options.command {
        ModuleCommand::Import { path } => {
            let retriever = open_retriever(locations, &store, &rt)?;
            let (summary, _) =
                rt.block_on(import_module_pack(path, &retriever, &store, &mut |p| {
                    print_import_progress(p, "passages")
                }))?;
            if json {
                outln!("{}", json!(summary));
            } else {
                outln!(
                    "imported {}: {} sections, {} topics, {} media files, {} passages",
                    summary.module_id,
                    summary.sections,
                    summary.topics,
                    summary.media,
                    summary.passages
                );
            }
            return Ok(());
        }
        ModuleCommand::List => {
            let modules = rt.block_on(store.list_modules())?;
            if json {
                outln!("{}", json!(modules));
            } else {
                for m in modules {
                    outln!(
                        "{}\t{}\t{} sections\t{} topics\t{}",
                        m.id,
                        m.language,
                        m.sections,
                        m.topics,
                        m.title
                    );
                }
            }
            return Ok(());
        }
        ModuleCommand::Start { module, restart } => {
            let view = rt.block_on(app::start(
                &store,
                profile,
                module,
                options.language.unwrap_or_default(),
                *restart,
            ))?;
            if json {
                outln!("{}", json!(view));
            } else {
                outln!("session {} — {}", view.session_id, view.title);
                if let Some(last) = view.messages.last() {
                    print_message(last);
                }
            }
            return Ok(());
        }
        ModuleCommand::Progress { session } => {
            print_progress(
                &rt.block_on(app::open(&store, profile, *session))?.progress,
                json,
            );
            return Ok(());
        }
        ModuleCommand::Show { session } => {
            let view = rt.block_on(app::open(&store, profile, *session))?;
            if json {
                outln!("{}", json!(view));
            } else {
                view.messages.iter().for_each(print_message);
            }
            return Ok(());
        }
        ModuleCommand::Say {
            session,
            text,
            offline,
            model,
        } => (
            *session,
            StudentAct::Say(clean_message(text)?),
            *offline,
            Some(model),
        ),
        ModuleCommand::Form {
            session,
            form,
            answers,
            offline,
            model,
        } => {
            let answers = match serde_json::from_str(answers) {
                Ok(Value::Object(map)) => map,
                _ => {
                    return Err(ModuleError::FormInvalid(
                        "the answers must be a JSON object".into(),
                    )
                    .into())
                }
            };
            (
                *session,
                StudentAct::Form {
                    form_id: form.clone(),
                    answers,
                },
                *offline,
                Some(model),
            )
        }
        ModuleCommand::Go { session, section } => {
            (*session, StudentAct::GoTo(section.clone()), true, None)
        }
        // Drafting and checking need no store; they returned above.
        ModuleCommand::New { .. } | ModuleCommand::Check { .. } => return Ok(()),
    };
    let supervisor = match model {
        Some(model) if !offline => Some(model.supervisor(locations)?),
        _ => None,
    };
    let llm = supervisor.as_ref().map(|s| s as &dyn Llm);
    // The app's reader: the embedder, and the multilingual encoder across languages.
    let retriever = match (&act, locations.pack()) {
        (StudentAct::Say(_), Ok(pack)) => open_retriever(locations, &store, &rt)
            .ok()
            .map(|r| r.with_pack_encoder(&pack, EMBED_THREADS)),
        _ => None,
    };
    let request = ModuleRequest {
        profile_id: profile,
        session_id: session,
        act,
    };
    let saved = rt.block_on(app::send(
        &store,
        request,
        llm,
        retriever.as_ref().map(|r| r as &dyn Retriever),
        &mut |_| {},
        &CancelFlag::default(),
    ))?;
    if json {
        outln!("{}", json!(saved));
    } else {
        print_message(&saved.reply);
    }
    Ok(())
}
