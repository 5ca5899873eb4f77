//! `lantern bench tutor`: whole tutor turns on a course pack — time to first token on a
//! cold worker and on warm turns (the course's system prefix reused), total turn time
//! (retrieval, model, checks, saving) and prompt tokens per turn.

use super::bench_llm::median;
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::tutor::exam::NoExamService;
use lantern_core::tutor::{StudentInput, TurnLog};
use lantern_core::ErrorCode;
use lantern_rag::{import_course_pack, Embedder, EmbedderFiles, LanceRetriever};
use lantern_store::{Store, TutorPorts, FIRST_PROFILE_NAME};
use std::path::PathBuf;

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
    let mut logs: Vec<Vec<TurnLog>> = Vec::new();
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
            let answer = rt.block_on(store.tutor_turn(
                profile,
                thread.id,
                &StudentInput::message(message),
                ports,
                now,
                &mut |_| {},
                &CancelFlag::default(),
            ))?;
            run.push(answer.log);
        }
        logs.push(run);
    }
    let first = |l: &TurnLog| l.first_token_ms.unwrap_or(f64::NAN);
    let cold = median(logs.iter().map(|run| first(&run[0])).collect());
    let warm = median(
        logs.iter()
            .flat_map(|run| run[1..].iter().map(first))
            .collect(),
    );
    let all = || logs.iter().flatten();
    let total = median(all().map(|l| l.latency_ms).collect());
    let prompt = median(
        all()
            .map(|l| f64::from(l.prompt_tokens.unwrap_or(0)))
            .collect(),
    );
    let reused = median(
        logs.iter()
            .flat_map(|run| run[1..].iter())
            .map(|l| f64::from(l.reused_tokens.unwrap_or(0)))
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
    outln!("turn:     {total:.0} ms median (retrieval, model, checks, saving)");
    outln!("prompt:   {prompt:.0} tokens median, {reused:.0} reused on warm turns");
    outln!(
        "model:    {explained}/{} turns show model sentences; {dropped} sentences dropped by the checks",
        all().count()
    );
    Ok(())
}
