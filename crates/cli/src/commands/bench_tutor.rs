//! `lantern bench tutor`: whole tutor turns on a course pack — time to the first shown
//! words and to the model's first token, on a thread's first turn (fresh worker) and on
//! warm turns (the course's system prefix reused), whole turn time and where it goes
//! (preparing and retrieval, prompt, decoding and checks, saving), and prompt tokens.

use super::median::median;
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::ErrorCode;
use lantern_rag::{import_course_pack, Embedder, EmbedderFiles, LanceRetriever};
use lantern_store::{Store, FIRST_PROFILE_NAME};
use lantern_tutor::app::{self, TurnTimings, TutorPorts, TutorSinks};
use lantern_tutor::exam::NoExamService;
use lantern_tutor::{clean_input, StudentInput, TurnLog};
use std::path::PathBuf;
use std::time::Instant;

/// The student's messages of each run, in order (the first is the cold turn).
const MESSAGES: [&str; 4] = [
    "How do I solve 3x - 7 = 11?",
    "I think x = 6 but I'm not sure why.",
    "What do I do first when there are brackets?",
    "Can you give me another one?",
];

/// Options of `lantern bench tutor`.
#[derive(Debug, Clone, Args)]
pub struct BenchTutorOptions {
    #[command(flatten)]
    pub model: ModelOptions,
    /// The course pack to run on.
    #[arg(long, default_value = "courses/grade10-algebra")]
    pub pack: PathBuf,
    /// Runs, each on a fresh worker (the medians are reported).
    #[arg(long, default_value_t = 3)]
    pub runs: u32,
}

/// A benchmark failure.
pub fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::new(ErrorCode::BenchFailed, e.to_string())
}

/// A throwaway store, index and profile with the pack imported, for benchmarks.
pub struct BenchCourse {
    /// Keeps the folder alive.
    pub _dir: tempfile::TempDir,
    /// The store.
    pub store: Store,
    /// The profile.
    pub profile: i64,
    /// The index.
    pub retriever: LanceRetriever,
    /// The imported course.
    pub course_id: String,
}

/// Imports `pack` into a fresh store and index.
pub fn bench_course(
    locations: &Locations,
    rt: &tokio::runtime::Runtime,
    pack: &std::path::Path,
) -> Result<BenchCourse, CliError> {
    let dir = tempfile::tempdir().map_err(failed)?;
    let store = rt.block_on(Store::open(&dir.path().join("lantern.db")))?;
    let profile = rt.block_on(store.ensure_profile(FIRST_PROFILE_NAME))?.id;
    let embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), 2)?;
    let retriever = rt.block_on(LanceRetriever::open(
        embedder,
        &dir.path().join("index"),
        &store,
    ))?;
    let course = rt.block_on(import_course_pack(pack, &retriever, &store, &mut |_| {}))?;
    Ok(BenchCourse {
        _dir: dir,
        store,
        profile,
        retriever,
        course_id: course.course_id,
    })
}

/// `lantern bench tutor`
pub fn bench_tutor(locations: &Locations, options: &BenchTutorOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let BenchCourse {
        _dir,
        store,
        profile,
        retriever,
        course_id,
    } = bench_course(locations, &rt, &options.pack)?;
    let now = chrono::Utc::now();
    let mut logs: Vec<Vec<Turn>> = Vec::new();
    for _ in 0..options.runs {
        let supervisor = options.model.supervisor(locations)?;
        rt.block_on(supervisor.start()).map_err(failed)?;
        let thread = rt.block_on(store.create_tutor_thread(profile, &course_id, None, now))?;
        let ports = TutorPorts {
            llm: Some(&supervisor as &dyn Llm),
            retriever: &retriever,
            exams: &NoExamService,
        };
        let mut run = Vec::new();
        for message in MESSAGES {
            let input = clean_input(&StudentInput::message(message))?;
            let started = Instant::now();
            let shown: std::sync::Mutex<Option<f64>> = std::sync::Mutex::new(None);
            let mark = || {
                if let Ok(mut at) = shown.lock() {
                    at.get_or_insert_with(|| started.elapsed().as_secs_f64() * 1e3);
                }
            };
            let sinks = TutorSinks {
                on_passage: Some(&mut |_| mark()),
                on_text: &mut |_| mark(),
            };
            let answer = rt.block_on(app::send(
                &store,
                profile,
                thread.id,
                &input,
                ports,
                now,
                sinks,
                &CancelFlag::default(),
            ))?;
            let shown = shown.into_inner().ok().flatten();
            let whole_ms = started.elapsed().as_secs_f64() * 1e3;
            run.push(Turn {
                first_shown_ms: shown.unwrap_or(whole_ms),
                whole_ms,
                timings: answer.timings,
                log: answer.log,
            });
        }
        logs.push(run);
    }
    report(locations, options, &course_id, &logs)
}

/// One measured turn.
struct Turn {
    /// From sending the message to the first words on screen.
    first_shown_ms: f64,
    /// The whole turn, saving included.
    whole_ms: f64,
    timings: TurnTimings,
    log: TurnLog,
}

/// Prints the medians of `logs` (runs of turns, the first of each on a fresh worker).
fn report(
    locations: &Locations,
    options: &BenchTutorOptions,
    course_id: &str,
    logs: &[Vec<Turn>],
) -> Result<(), CliError> {
    let warm_turns = || logs.iter().flat_map(|run| run[1..].iter());
    let cold_median =
        |f: &dyn Fn(&Turn) -> f64| median(logs.iter().map(|run| f(&run[0])).collect());
    let warm_median = |f: &dyn Fn(&Turn) -> f64| median(warm_turns().map(f).collect());
    let first_shown = |t: &Turn| t.first_shown_ms;
    let whole = |t: &Turn| t.whole_ms;
    let prepare = |t: &Turn| t.timings.prepare_ms;
    let prompt = |t: &Turn| t.log.first_token_ms.unwrap_or(0.0);
    let decode = |t: &Turn| t.timings.answer_ms - t.log.first_token_ms.unwrap_or(0.0);
    let save = |t: &Turn| t.timings.save_ms;
    let first = |t: &Turn| t.log.first_token_ms.unwrap_or(f64::NAN);
    let cold = cold_median(&first);
    let warm = warm_median(&first);
    let all = || logs.iter().flatten().map(|t| &t.log);
    let prompt_tokens = median(
        all()
            .map(|l| f64::from(l.prompt_tokens.unwrap_or(0)))
            .collect(),
    );
    let reused = median(
        warm_turns()
            .map(|t| f64::from(t.log.reused_tokens.unwrap_or(0)))
            .collect(),
    );
    let explained = all().filter(|l| l.model_sentences > 0).count();
    let dropped: usize = all().map(|l| l.dropped.len()).sum();
    outln!(
        "model:    {} ({} threads)",
        options.model.model_path(locations)?.display(),
        options.model.threads()
    );
    outln!(
        "turns:    {} runs x {} turns on {}",
        options.runs,
        MESSAGES.len(),
        course_id
    );
    outln!(
        "TTFT:     cold {cold:.0} ms, warm {warm:.0} ms, warm / cold = {:.2} (target <= 0.30)",
        warm / cold
    );
    outln!(
        "shown:    first words on screen: thread's first turn {:.0} ms (target <= 4000), warm {:.0} ms (target <= 1000)",
        cold_median(&first_shown),
        warm_median(&first_shown)
    );
    outln!(
        "turn:     whole turn: thread's first turn {:.0} ms, warm {:.0} ms (target <= 3000 Qwen2.5, <= 2000 SmolLM2)",
        cold_median(&whole),
        warm_median(&whole)
    );
    outln!(
        "where:    warm medians: preparing and retrieval {:.0} ms, prompt {:.0} ms, decoding and checks {:.0} ms, saving {:.0} ms",
        warm_median(&prepare),
        warm_median(&prompt),
        warm_median(&decode),
        warm_median(&save)
    );
    outln!("prompt:   {prompt_tokens:.0} tokens median, {reused:.0} reused on warm turns");
    outln!(
        "model:    {explained}/{} turns show model sentences; {dropped} sentences dropped by the checks",
        all().count()
    );
    Ok(())
}
