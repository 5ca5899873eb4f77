//! `lantern`: Lantern's command line — model pack checks, profiles, generation,
//! benchmarks, and the model worker the app starts.
//!
//! Every failure prints `error[code]: message` on stderr and exits with status 1;
//! wrong usage exits with status 2.

#[macro_use]
mod stdout;
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
    /// The model list (pack and imported GGUFs): memory, eval results, measured speed and
    /// the automatic choice; `measure`, `import` and `remove` change it.
    Models(commands::ModelsOptions),
    /// Check an update folder or local-network address and verify its signed package.
    Update(commands::UpdateOptions),
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
    /// Draft, check, import and list course packs.
    #[command(subcommand)]
    Course(CourseCommand),
    /// Check a student's answer against the expected one, as the tutor grades drills.
    CheckAnswer(commands::CheckAnswerOptions),
    /// Work on a Toulmin argument with the coach, without a window.
    Coach(commands::CoachOptions),
    /// Import, edit by chat, review and export reports, without a window.
    Report(commands::ReportOptions),
    /// Projects of reports and their specification files.
    Project(commands::ProjectOptions),
    /// Learn a course with the adaptive tutor, without a window.
    Tutor(commands::TutorOptions),
    /// Hand in the student's progress as a file (xAPI statements plus a CSV summary).
    Progress(commands::ProgressOptions),
    /// A teacher's class: import hand-ins, see the grid, export it.
    Class(commands::ClassOptions),
    /// Tell the expenses assistant about spending, confirm its proposals, list and total.
    Expenses(commands::ExpensesOptions),
    /// Import guided modules and work through them, without a window.
    Module(commands::ModuleOptions),
    /// Transcribe a WAV file as the tutor's voice button does, with the mathematics heard as LaTeX.
    Transcribe(commands::TranscribeOptions),
    /// Score a loop's replies on scripted dialogues (docs/evals.md).
    Eval(commands::EvalOptions),
    /// Search a course's indexed material (what the tutor retrieves).
    Search(commands::SearchOptions),
    /// Ask the model for one JSON answer under a schema; streams the text, then prints the JSON.
    Generate(commands::GenerateOptions),
    /// Measure performance.
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Run the model worker (started by Lantern itself; speaks JSON lines on stdin/stdout).
    #[command(hide = true)]
    Worker {
        /// The engine configuration, as JSON.
        config: String,
    },
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// The model runtime: throughput, time to first token, memory, vs llama.cpp's llama-bench.
    Llm(commands::BenchLlmOptions),
    /// Retrieval: ingestion rate and filtered query latency over a synthetic corpus.
    Rag(commands::BenchRagOptions),
    /// Whole tutor turns: cold and warm time to first token, turn time, prompt tokens.
    Tutor(commands::BenchTutorOptions),
    /// The tutor's message-to-unit mapping on a calibration file, per course.
    Mapping(commands::BenchMappingOptions),
    /// Feedback on graded drills: the share the model writes that the tutor's rules keep.
    Feedback(commands::BenchFeedbackOptions),
    /// Voice input: the speech model's load time and real-time factor on WAV files.
    Speech(commands::BenchSpeechOptions),
    /// A class's hand-ins: importing a folder of them and computing the class view.
    Class(commands::BenchClassOptions),
    /// Checking crafted packs at the import limits: time and peak memory per case.
    PackCheck(commands::BenchPackCheckOptions),
    /// The multilingual sentence encoder: load, a module's topics, then one message at a time.
    Encoder(commands::BenchEncoderOptions),
}

#[derive(Debug, Subcommand)]
enum CourseCommand {
    /// Draft a course pack from a folder of Markdown notes, with a REVIEW.md to read.
    New(commands::CourseNewOptions),
    /// Report every problem and warning of a course pack (folder or .zip).
    Check(commands::CourseCheckOptions),
    /// Import a course pack (folder or .zip); re-importing a course replaces it.
    Import {
        /// The pack's folder or zip file.
        path: PathBuf,
    },
    /// List imported courses with the documents the index holds of each.
    List {
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Subcommand)]
enum ProfilesCommand {
    /// List every profile.
    List,
    /// Create a profile.
    Create {
        /// Display name (unique, case-insensitive).
        name: String,
        /// A class profile: a teacher's workspace for hand-ins. It needs a PIN (4 to 12
        /// digits), read from standard input (asked for without echo on a terminal).
        #[arg(long)]
        class: bool,
    },
    /// Lock a profile with a PIN (4 to 12 digits) read from standard input (asked for
    /// twice without echo on a terminal); changing a PIN needs the current one in
    /// LANTERN_PIN.
    SetPin {
        /// The profile's name.
        name: String,
    },
    /// Remove a profile's PIN; the current one in LANTERN_PIN.
    RemovePin {
        /// The profile's name.
        name: String,
    },
}

fn main() -> ExitCode {
    lantern_rag::disable_runtime_telemetry();
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(lantern_speech::WORKER_FLAG) {
        return lantern_speech::run_worker(&args.next().unwrap_or_default());
    }
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("LANTERN_LOG"))
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let locations = locations::Locations::new(cli.data_dir, cli.model_dir);
    let outcome = match cli.command {
        Command::Models(options) => commands::models(&locations, &options),
        Command::Update(options) => commands::update(&locations, &options),
        Command::Inspect { model } => commands::inspect(&model),
        Command::Embed { text } => commands::embed(&locations, &text),
        Command::Profiles(ProfilesCommand::List) => commands::list_profiles(&locations),
        Command::Profiles(ProfilesCommand::Create { name, class }) => {
            commands::create_profile(&locations, &name, class)
        }
        Command::Profiles(ProfilesCommand::SetPin { name }) => commands::set_pin(&locations, &name),
        Command::Profiles(ProfilesCommand::RemovePin { name }) => {
            commands::remove_pin(&locations, &name)
        }
        Command::Course(CourseCommand::Import { path }) => {
            commands::import_course(&locations, &path)
        }
        Command::Course(CourseCommand::List { json }) => commands::list_courses(&locations, json),
        Command::Course(CourseCommand::New(options)) => commands::course_new(&options),
        Command::Course(CourseCommand::Check(options)) => commands::course_check(&options),
        Command::Search(options) => commands::search(&locations, &options),
        Command::CheckAnswer(options) => commands::check_answer(&options),
        Command::Coach(options) => commands::coach(&locations, &options),
        Command::Report(options) => commands::report(&locations, &options),
        Command::Project(options) => commands::project(&locations, &options),
        Command::Tutor(options) => commands::tutor(&locations, &options),
        Command::Progress(options) => commands::progress(&locations, &options),
        Command::Class(options) => commands::class(&locations, &options),
        Command::Expenses(options) => commands::expenses(&locations, &options),
        Command::Module(options) => commands::module(&locations, &options),
        Command::Eval(options) => commands::eval(&locations, &options),
        Command::Transcribe(options) => commands::transcribe(&locations, &options),
        Command::Bench(BenchCommand::Rag(options)) => commands::bench_rag(&locations, &options),
        Command::Generate(options) => commands::generate(&locations, &options),
        Command::Bench(BenchCommand::Llm(options)) => commands::bench_llm(&locations, &options),
        Command::Bench(BenchCommand::Tutor(options)) => commands::bench_tutor(&locations, &options),
        Command::Bench(BenchCommand::Mapping(options)) => {
            commands::bench_mapping(&locations, &options)
        }
        Command::Bench(BenchCommand::Feedback(options)) => {
            commands::bench_feedback(&locations, &options)
        }
        Command::Bench(BenchCommand::Class(options)) => commands::bench_class(&options),
        Command::Bench(BenchCommand::PackCheck(options)) => commands::bench_pack_check(&options),
        Command::Bench(BenchCommand::Encoder(options)) => {
            commands::bench_encoder(&locations, &options)
        }
        Command::Bench(BenchCommand::Speech(options)) => {
            commands::bench_speech(&locations, &options)
        }
        Command::Worker { config } => return lantern_llm::run_worker(&config),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error[{}]: {}", e.code, e.message);
            ExitCode::FAILURE
        }
    }
}
