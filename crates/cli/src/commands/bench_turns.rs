//! The structured-turn rows of `lantern bench llm`: each loop's real turn schema,
//! decoded token by token and with fast-forward of the tokens its grammar forces, in the
//! same run as free decoding.

use super::median::median;
use crate::cli_error::CliError;
use lantern_core::llm::{CancelFlag, Limits, LlmRequest};
use lantern_llm::{GenerationStats, Supervisor};
use lantern_turn_schemas::loop_turn_schemas;
use serde_json::Value;

/// What a student might send to each loop (the tutor's as its prompt shapes it).
pub(super) fn question(schema: &str) -> &'static str {
    match schema {
        "tutor" => {
            "NOTES: Plants make glucose from carbon dioxide and water, using light \
                    energy captured by chlorophyll.\nSTUDENT: why do plants need light?"
        }
        "coach" => "My claim: phones should be banned in class because they distract students.",
        "modules" => "What is a food web? Explain it with one example.",
        "expenses" => "I spent 12.50 on lunch with a client yesterday.",
        _ => "Add a sentence to the method saying we will survey 40 students.",
    }
}

/// One loop's turns: output tokens per second decoded one by one and fast-forwarded,
/// and the share of fast-forwarded tokens.
pub(super) struct TurnRow {
    /// The loop whose schema was used.
    pub name: &'static str,
    /// Tokens per second, every token sampled after its own model pass.
    pub plain_tps: f64,
    /// Tokens per second with forced tokens evaluated in one batch.
    pub fast_tps: f64,
    /// Share of the output tokens that were forced.
    pub forced_share: f64,
}

/// Samples gathered for one loop over the runs.
#[derive(Default)]
struct Samples {
    plain: Vec<f64>,
    fast: Vec<f64>,
    forced: usize,
    generated: usize,
}

/// Runs every loop's turn `runs` times on `plain` (no fast-forward) and `fast`.
pub(super) fn measure_turns(
    rt: &tokio::runtime::Runtime,
    plain: &Supervisor,
    fast: &Supervisor,
    runs: u32,
) -> Result<Vec<TurnRow>, CliError> {
    let schemas = loop_turn_schemas();
    let mut samples: Vec<Samples> = schemas.iter().map(|_| Samples::default()).collect();
    for run in 0..runs.max(1) {
        for ((name, schema), sample) in schemas.iter().zip(samples.iter_mut()) {
            let request = LlmRequest::new(
                format!(
                    "Run {run}. You are Lantern, a study assistant. Answer with one JSON object."
                ),
                question(name),
            )
            .with_limits(Limits {
                max_tokens: 160,
                temperature: 0.0,
                seed: 1,
            });
            let one_by_one = turn(rt, plain, &request, schema)?;
            let forwarded = turn(rt, fast, &request, schema)?;
            sample.plain.push(one_by_one.decode_tps());
            sample.fast.push(forwarded.decode_tps());
            sample.forced += forwarded.forced_tokens;
            sample.generated += forwarded.generated_tokens;
        }
    }
    Ok(schemas
        .iter()
        .zip(samples)
        .map(|((name, _), s)| TurnRow {
            name,
            plain_tps: median(s.plain),
            fast_tps: median(s.fast),
            forced_share: s.forced as f64 / s.generated.max(1) as f64,
        })
        .collect())
}

fn turn(
    rt: &tokio::runtime::Runtime,
    llm: &Supervisor,
    request: &LlmRequest,
    schema: &Value,
) -> Result<GenerationStats, CliError> {
    let done =
        rt.block_on(llm.complete(request, Some(schema), &mut |_| {}, &CancelFlag::default()))?;
    Ok(done.stats)
}
