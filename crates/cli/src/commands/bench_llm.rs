//! `lantern bench llm`: load time (first and remembered), prompt and decode throughput
//! (with and without a grammar), each loop's structured turn with and without
//! fast-forward, cold vs warm time to first token (prefix reuse), the worker's peak
//! memory, the time to read a question's likelihood under five note sentences, and the
//! same model under llama.cpp's own `llama-bench` as the yardstick.
//! With `--draft`, speculative decoding instead (`bench_speculative`).

use super::bench_speculative::bench_speculative;
use super::bench_turns::measure_turns;
use super::llama_bench::{self, Yardstick};
use super::median::median;
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{CancelFlag, Limits, LlmRequest};
use lantern_core::ErrorCode;
use lantern_llm::{peak_rss, GenerationStats, Supervisor};
use std::path::PathBuf;
use std::time::Instant;

/// A loop-sized system prompt (about 300 tokens), as the coach or tutor would send.
const SYSTEM_PROMPT: &str =
    "You are Lantern, a patient study coach for secondary school students. \
You help one student build one argument at a time, in the Toulmin model: a claim, the grounds \
that support it, the warrant that links grounds to claim, backing for grounds and warrant, a \
qualifier that says how strongly the claim holds, and a rebuttal that names when it would not. \
Rules: ask exactly one short question per turn; never write the student's argument for them \
unless they ask you to rewrite their own words; keep every answer under sixty words; quote the \
student's draft when you point at a weakness; prefer concrete everyday examples; when the \
student's text for the current step is clear, specific and relevant, propose it as the value for \
that step with a confidence between zero and one; when it is vague, explain what is missing and \
ask a question that helps the student add it. Answer with one JSON object and nothing else. \
The object has the fields assistantText (what you say to the student), proposedValue (the text \
you propose for the current step, or an empty string), confidence (a number from zero to one), \
and shouldAdvance (true only when the current step is complete).";

/// Options of `lantern bench llm`.
#[derive(Debug, Clone, Args)]
pub struct BenchLlmOptions {
    #[command(flatten)]
    pub model: ModelOptions,
    /// Repetitions of each measurement (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub runs: u32,
    /// Skip building and running llama.cpp's llama-bench.
    #[arg(long)]
    pub no_llama_bench: bool,
    /// Where llama-bench is built (reused when present).
    #[arg(long, default_value = "target/llama-bench")]
    pub llama_bench_dir: PathBuf,
}

struct Bench<'a> {
    llm: &'a Supervisor,
    rt: &'a tokio::runtime::Runtime,
}

impl Bench<'_> {
    fn run(
        &self,
        request: &LlmRequest,
        schema: Option<&serde_json::Value>,
    ) -> Result<GenerationStats, CliError> {
        let done = self.rt.block_on(self.llm.complete(
            request,
            schema,
            &mut |_| {},
            &CancelFlag::default(),
        ))?;
        Ok(done.stats)
    }

    /// Cold (nothing reusable) and warm (system prompt reused) first-token times, and
    /// the prompt rate of the cold turns.
    fn first_token(
        &self,
        run: u32,
        schema: &serde_json::Value,
    ) -> Result<(f64, f64, f64), CliError> {
        // A different opening line makes every cold turn start from scratch.
        let system = format!("Session {run}. {SYSTEM_PROMPT}");
        let limits = Limits {
            max_tokens: 8,
            temperature: 0.0,
            seed: 1,
        };
        let ask = |user: &str| {
            LlmRequest::new(system.clone(), user)
                .with_cache_key("bench")
                .with_limits(limits)
        };
        let cold = self.run(&ask("My claim: school should start at nine."), Some(schema))?;
        let warm = self.run(&ask("Grounds: teenagers sleep later."), Some(schema))?;
        Ok((cold.first_token_ms, warm.first_token_ms, cold.prompt_tps()))
    }

    /// Milliseconds to read how likely a question is under each of [`NOTE_SENTENCES`],
    /// as the modules do before an answer (`lantern_modules::likely`).
    fn likelihoods(&self, run: u32) -> Result<f64, CliError> {
        let offered: Vec<String> = NOTE_SENTENCES.iter().map(|s| s.to_string()).collect();
        let question = format!("trip {run}: what if they lose my suitcase");
        let request = lantern_modules::likely::question_request(&offered, &question);
        let started = Instant::now();
        self.rt
            .block_on(self.llm.likelihoods(&request, &CancelFlag::default()))?;
        Ok(started.elapsed().as_secs_f64() * 1e3)
    }

    fn decode(&self, run: u32, schema: Option<&serde_json::Value>) -> Result<f64, CliError> {
        let request = LlmRequest::new(
            "You are a counting machine.",
            format!("Run {run}: write the whole numbers from 1 to 300, separated by commas."),
        )
        .with_limits(Limits {
            max_tokens: 128,
            temperature: 0.0,
            seed: 1,
        });
        Ok(self.run(&request, schema)?.decode_tps())
    }
}

/// Five sentences of a note, as a module offers them for the answer.
const NOTE_SENTENCES: [&str; 5] = [
    "Book long train or coach journeys a few weeks ahead, because the cheapest tickets sell out first.",
    "Liquids in hand luggage must be in containers of 100 ml or less, in one clear bag.",
    "Put medicines, chargers and a change of clothes in the bag you keep with you, in case your checked luggage goes missing.",
    "Check that your passport is valid for six months after you come back.",
    "Tell your bank before you travel so it does not block your card.",
];

/// `lantern bench llm` (with `--draft`: speculative decoding against the model alone)
pub fn bench_llm(locations: &Locations, options: &BenchLlmOptions) -> Result<(), CliError> {
    if let Some(draft) = &options.model.draft {
        return bench_speculative(locations, &options.model, options.runs, draft);
    }
    let model = options.model.model_path(locations)?;
    let threads = options.model.threads();
    // A fresh record of checked files: the first start checks the pack file's sha256,
    // the second finds it remembered.
    let scratch =
        tempfile::tempdir().map_err(|e| CliError::new(ErrorCode::BenchFailed, e.to_string()))?;
    let record = scratch.path().join(lantern_llm::verified::RECORD_FILE);
    let llm = options
        .model
        .supervisor_recording(locations, record.clone())?;
    let mut plain_options = options.model.clone();
    plain_options.plain_decoding = true;
    let plain = plain_options.supervisor_recording(locations, record)?;
    let rt = runtime()?;
    outln!("model:    {} ({threads} threads)", model.display());
    let loaded = Instant::now();
    rt.block_on(llm.start())?;
    let first_load = loaded.elapsed().as_secs_f64() * 1e3;
    let loaded = Instant::now();
    rt.block_on(plain.start())?;
    outln!(
        "load:     {first_load:.0} ms first start, {:.0} ms once the file is known",
        loaded.elapsed().as_secs_f64() * 1e3
    );

    let reply_schema = serde_json::json!({
        "type": "object",
        "properties": {"assistantText": {"type": "string"}, "confidence": {"type": "number"}},
        "required": ["assistantText", "confidence"]
    });
    let numbers_schema = serde_json::json!({
        "type": "object",
        "properties": {"numbers": {"type": "array", "items": {"type": "integer"}}},
        "required": ["numbers"]
    });
    let bench = Bench { llm: &llm, rt: &rt };
    // llama-bench runs interleaved with our turns, so both see the same machine load.
    let yardstick = if options.no_llama_bench {
        None
    } else {
        Some(llama_bench::build(&options.llama_bench_dir)?)
    };
    let (mut cold, mut warm, mut prompt, mut free, mut constrained) =
        (vec![], vec![], vec![], vec![], vec![]);
    let mut read = vec![];
    let (mut their_prompt, mut their_decode) = (vec![], vec![]);
    for run in 0..options.runs.max(1) {
        let (c, w, p) = bench.first_token(run, &reply_schema)?;
        cold.push(c);
        warm.push(w);
        prompt.push(p);
        free.push(bench.decode(run, None)?);
        constrained.push(bench.decode(run, Some(&numbers_schema))?);
        read.push(bench.likelihoods(run)?);
        if let Some(binary) = &yardstick {
            let Yardstick {
                prompt_tps,
                decode_tps,
            } = llama_bench::measure(binary, &model, threads, 1)?;
            their_prompt.push(prompt_tps);
            their_decode.push(decode_tps);
        }
    }
    let turns = measure_turns(&rt, &plain, &llm, options.runs)?;
    let (cold, warm, prompt) = (median(cold), median(warm), median(prompt));
    let (free, constrained) = (median(free), median(constrained));
    outln!("prompt:   {prompt:.1} tok/s");
    outln!("decode:   {free:.1} tok/s free text, {constrained:.1} tok/s under a JSON grammar");
    outln!(
        "          grammar / free = {:.2} (target >= 0.85)",
        constrained / free
    );
    for row in &turns {
        outln!(
            "turn:     {:<8} {:.1} tok/s one by one, {:.1} tok/s fast-forward ({:.0} % forced): \
             {:.2} x one by one, {:.2} x free decoding (target >= 1.5 for tutor and coach)",
            row.name,
            row.plain_tps,
            row.fast_tps,
            row.forced_share * 100.0,
            row.fast_tps / row.plain_tps,
            row.fast_tps / free
        );
    }
    outln!(
        "likelihood: {:.0} ms to read a question under five note sentences (the modules' second reading)",
        median(read)
    );
    outln!(
        "TTFT:     cold {cold:.0} ms, warm {warm:.0} ms, warm / cold = {:.2} (target <= 0.30)",
        warm / cold
    );
    let pid = rt.block_on(llm.worker_pid());
    match pid
        .and_then(peak_rss)
        .map(|b| b as f64 / (1u64 << 20) as f64)
    {
        Some(mb) => outln!("peak RSS: {mb:.0} MB (worker)"),
        None => outln!("peak RSS: unavailable"),
    }
    if yardstick.is_some() {
        let (their_prompt, their_decode) = (median(their_prompt), median(their_decode));
        outln!("llama-bench: pp512 {their_prompt:.1} tok/s, tg128 {their_decode:.1} tok/s (same threads, interleaved)");
        outln!(
            "          decode / llama-bench = {:.2} (target >= 0.95)",
            free / their_decode
        );
        outln!(
            "          prompt / llama-bench = {:.2}",
            prompt / their_prompt
        );
    }
    Ok(())
}
