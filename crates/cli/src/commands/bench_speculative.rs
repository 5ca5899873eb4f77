//! `lantern bench llm --draft FILE`: speculative decoding against the model alone, in
//! one run so both see the same machine. For each loop's turn schema, greedy and at the
//! loops' temperature: decode speed alone and drafted, the share of drafted tokens
//! kept, and whether the greedy text is the same; a tutor answer whole, drafted and
//! alone, against the draft model answering alone; each worker's resident memory.

use super::bench_turns::question;
use super::median::median;
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::llm::{CancelFlag, Limits, LlmRequest};
use lantern_llm::{peak_rss, Completion, Supervisor};
use lantern_turn_schemas::loop_turn_schemas;
use serde_json::Value;
use std::path::Path;

/// Tokens a tutor answer may use (the "answer of at most 60 tokens").
const TUTOR_ANSWER_TOKENS: u32 = 60;
/// The sampling temperature the loops use (`Limits::default`).
fn loop_temperature() -> f32 {
    Limits::default().temperature
}

/// The three workers compared.
struct Workers {
    alone: Supervisor,
    drafted: Supervisor,
    draft_alone: Supervisor,
}

/// One loop's figures over the runs.
#[derive(Default)]
struct Row {
    alone_tps: Vec<f64>,
    drafted_tps: Vec<f64>,
    drafted: usize,
    kept: usize,
    greedy_turns: usize,
    greedy_same: usize,
}

fn complete(
    rt: &tokio::runtime::Runtime,
    llm: &Supervisor,
    request: &LlmRequest,
    schema: &Value,
) -> Result<Completion, CliError> {
    Ok(rt.block_on(llm.complete(request, Some(schema), &mut |_| {}, &CancelFlag::default()))?)
}

fn request(run: u32, name: &str, limits: Limits) -> LlmRequest {
    LlmRequest::new(
        format!("Run {run}. You are Lantern, a study assistant. Answer with one JSON object."),
        question(name),
    )
    .with_limits(limits)
}

/// `lantern bench llm --draft FILE`
pub(super) fn bench_speculative(
    locations: &Locations,
    model: &ModelOptions,
    runs: u32,
    draft: &Path,
) -> Result<(), CliError> {
    let rt = runtime()?;
    let mut alone = model.clone();
    alone.draft = None;
    let mut draft_alone = alone.clone();
    draft_alone.model = Some(draft.to_path_buf());
    let workers = Workers {
        alone: alone.supervisor(locations)?,
        drafted: model.supervisor(locations)?,
        draft_alone: draft_alone.supervisor(locations)?,
    };
    outln!(
        "model:    {} drafted by {} ({} threads)",
        model.model_path(locations)?.display(),
        draft.display(),
        model.threads()
    );
    for worker in [&workers.alone, &workers.drafted, &workers.draft_alone] {
        rt.block_on(worker.start())?;
    }
    let schemas = loop_turn_schemas();
    let mut rows: Vec<Row> = schemas.iter().map(|_| Row::default()).collect();
    for run in 0..runs.max(1) {
        for ((name, schema), row) in schemas.iter().zip(rows.iter_mut()) {
            for temperature in [0.0, loop_temperature()] {
                let limits = Limits {
                    max_tokens: 160,
                    temperature,
                    seed: run + 1,
                };
                let ask = request(run, name, limits);
                let alone = complete(&rt, &workers.alone, &ask, schema)?;
                let drafted = complete(&rt, &workers.drafted, &ask, schema)?;
                row.alone_tps.push(alone.stats.decode_tps());
                row.drafted_tps.push(drafted.stats.decode_tps());
                row.drafted += drafted.stats.drafted_tokens;
                row.kept += drafted.stats.accepted_tokens;
                if temperature <= 0.0 {
                    row.greedy_turns += 1;
                    row.greedy_same += usize::from(alone.text == drafted.text);
                }
            }
        }
    }
    for ((name, _), row) in schemas.iter().zip(rows) {
        let (alone, drafted) = (median(row.alone_tps), median(row.drafted_tps));
        outln!(
            "turn:     {name:<8} alone {alone:.1} tok/s, drafted {drafted:.1} tok/s = {:.2} x \
             (target >= 1.6); {:.0} % of {} drafted tokens kept; greedy text the same in {}/{}",
            drafted / alone,
            100.0 * row.kept as f64 / row.drafted.max(1) as f64,
            row.drafted,
            row.greedy_same,
            row.greedy_turns
        );
    }
    tutor_answer(&rt, &workers, runs)?;
    for (label, worker) in [
        ("drafted", &workers.drafted),
        ("alone", &workers.alone),
        ("draft alone", &workers.draft_alone),
    ] {
        let mb = rt
            .block_on(worker.worker_pid())
            .and_then(peak_rss)
            .map(|bytes| bytes as f64 / f64::from(1u32 << 20));
        match mb {
            Some(mb) => outln!("peak RSS: {mb:.0} MB ({label} worker)"),
            None => outln!("peak RSS: unavailable ({label} worker)"),
        }
    }
    Ok(())
}

/// A tutor answer of at most [`TUTOR_ANSWER_TOKENS`], whole (first token and the rest):
/// drafted and alone, against the draft model alone.
fn tutor_answer(
    rt: &tokio::runtime::Runtime,
    workers: &Workers,
    runs: u32,
) -> Result<(), CliError> {
    let schemas = loop_turn_schemas();
    let Some((name, schema)) = schemas.iter().find(|(name, _)| *name == "tutor") else {
        return Ok(());
    };
    let (mut drafted, mut alone, mut small) = (vec![], vec![], vec![]);
    let (mut drafted_first, mut alone_first) = (vec![], vec![]);
    for run in 0..runs.max(1) {
        let ask = request(
            run + 100,
            name,
            Limits {
                max_tokens: TUTOR_ANSWER_TOKENS,
                temperature: loop_temperature(),
                seed: run + 1,
            },
        );
        let whole = |c: &Completion| c.stats.first_token_ms + c.stats.decode_ms;
        let d = complete(rt, &workers.drafted, &ask, schema)?;
        let a = complete(rt, &workers.alone, &ask, schema)?;
        let s = complete(rt, &workers.draft_alone, &ask, schema)?;
        drafted.push(whole(&d));
        alone.push(whole(&a));
        small.push(whole(&s));
        drafted_first.push(d.stats.first_token_ms);
        alone_first.push(a.stats.first_token_ms);
    }
    let (drafted, alone, small) = (median(drafted), median(alone), median(small));
    outln!(
        "tutor:    answer of <= {TUTOR_ANSWER_TOKENS} tokens whole: drafted {drafted:.0} ms, alone \
         {alone:.0} ms, draft model alone {small:.0} ms; drafted / draft model = {:.2}, alone / \
         draft model = {:.2} (target <= 2.5); first words drafted {:.0} ms, alone {:.0} ms",
        drafted / small,
        alone / small,
        median(drafted_first),
        median(alone_first)
    );
    Ok(())
}
