//! `lantern check-answer`: the tutor's answer checker on one pair, for teachers writing
//! drill templates and for scripts. The verdict is printed; the exit code is 0 either
//! way (a wrong answer is not a failure of the command).

use crate::cli_error::CliError;
use clap::Args;
use lantern_core::answers::{check_answer as check, AnswerKind, CheckOptions};
use lantern_core::ErrorCode;

/// Options of `lantern check-answer`.
#[derive(Debug, Clone, Args)]
pub struct CheckAnswerOptions {
    /// The expected answer (plain text or simple LaTeX).
    #[arg(long)]
    pub expected: String,
    /// The student's answer.
    #[arg(long)]
    pub answer: String,
    /// number, expression, equation, set or text; inferred from the expected answer
    /// when absent.
    #[arg(long, value_parser = |s: &str| s.parse::<AnswerKind>())]
    pub kind: Option<AnswerKind>,
    /// The answer must also be simplified.
    #[arg(long)]
    pub simplified: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `lantern check-answer`
pub fn check_answer(options: &CheckAnswerOptions) -> Result<(), CliError> {
    let verdict = check(
        &options.expected,
        &options.answer,
        &CheckOptions {
            kind: options.kind,
            require_simplified: options.simplified,
        },
    );
    if options.json {
        let text = serde_json::to_string(&verdict)
            .map_err(|e| CliError::new(ErrorCode::InternalError, e.to_string()))?;
        outln!("{text}");
    } else if verdict.correct {
        outln!("correct ({})", verdict.explanation);
    } else {
        outln!(
            "not accepted: {}: {}",
            verdict.reason.map_or("", |r| r.as_str()),
            verdict.explanation
        );
    }
    Ok(())
}
