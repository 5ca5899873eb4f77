//! `lantern generate`: one grammar-constrained answer, streamed, then the parsed JSON.

use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{clamp_to_schema, CancelFlag, Limits, LlmError, LlmRequest};
use lantern_core::ErrorCode;
use std::io::Write;
use std::path::PathBuf;

/// What to ask and under which schema.
#[derive(Debug, Clone, Args)]
pub struct GenerateOptions {
    #[command(flatten)]
    pub model: ModelOptions,
    /// JSON Schema file the answer must match.
    #[arg(long)]
    pub schema: PathBuf,
    /// The user message.
    #[arg(long)]
    pub prompt: String,
    /// The system prompt.
    #[arg(
        long,
        default_value = "You are a helpful assistant. Answer with one JSON object."
    )]
    pub system: String,
    /// Most tokens to generate.
    #[arg(long, default_value_t = Limits::default().max_tokens)]
    pub max_tokens: u32,
    /// Sampling temperature (0 = greedy).
    #[arg(long, default_value_t = Limits::default().temperature)]
    pub temperature: f32,
    /// Sampling seed.
    #[arg(long, default_value_t = Limits::default().seed)]
    pub seed: u32,
}

fn read_schema(path: &PathBuf) -> Result<serde_json::Value, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::new(
            ErrorCode::SchemaUnreadable,
            format!("{}: {e}", path.display()),
        )
    })?;
    let schema: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        CliError::new(
            ErrorCode::SchemaInvalid,
            format!("{}: not JSON ({e})", path.display()),
        )
    })?;
    if !schema.is_object() {
        return Err(CliError::new(
            ErrorCode::SchemaInvalid,
            format!("{}: a JSON Schema must be an object", path.display()),
        ));
    }
    Ok(schema)
}

/// `lantern generate --schema FILE --prompt TEXT`
pub fn generate(locations: &Locations, options: &GenerateOptions) -> Result<(), CliError> {
    let schema = read_schema(&options.schema)?;
    let llm = options.model.supervisor(locations)?;
    let request = LlmRequest::new(&options.system, &options.prompt).with_limits(Limits {
        max_tokens: options.max_tokens,
        temperature: options.temperature,
        seed: options.seed,
    });
    let rt = runtime()?;
    let mut stdout = std::io::stdout();
    let done = rt.block_on(llm.complete(
        &request,
        Some(&schema),
        &mut |delta| {
            let _ = stdout
                .write_all(delta.as_bytes())
                .and_then(|()| stdout.flush());
        },
        &CancelFlag::default(),
    ))?;
    outln!();
    if done.stats.truncated {
        return Err(LlmError::BadOutput(format!(
            "the answer hit the cap of {} tokens",
            options.max_tokens
        ))
        .into());
    }
    let mut value: serde_json::Value = serde_json::from_str(&done.text)
        .map_err(|e| LlmError::BadOutput(format!("not JSON ({e})")))?;
    clamp_to_schema(&mut value, &schema);
    let pretty = serde_json::to_string_pretty(&value)
        .map_err(|e| CliError::new(ErrorCode::RuntimeFailed, e.to_string()))?;
    outln!("{pretty}");
    eprintln!(
        "{} prompt tokens ({} reused), {} generated, first token after {:.0} ms",
        done.stats.prompt_tokens,
        done.stats.reused_tokens,
        done.stats.generated_tokens,
        done.stats.first_token_ms
    );
    Ok(())
}
