//! `lantern bench feedback`: how often the model's feedback on a graded drill passes the
//! tutor's rules (a sentence in the thread's language, not contradicting the checker's
//! verdict, a tag only from the unit's list). For every unit of a pack, template drills
//! are answered once right and once wrong (a foreseen mistake when the template has
//! one); the checker grades, the model writes the feedback, and what the rules refused
//! is replaced by the deterministic feedback, as in the app.

use super::bench_tutor::{bench_course, failed, BenchCourse};
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{CancelFlag, Llm};
use lantern_core::turn::{answer_turn, ReplyOrigin};
use lantern_tutor::drill::template_drill;
use lantern_tutor::grading::PreparedGrade;
use serde_json::json;
use std::path::PathBuf;

/// A wrong answer no drill of the sample course expects.
const UNEXPECTED_ANSWER: &str = "999";

/// Options of `lantern bench feedback`.
#[derive(Debug, Clone, Args)]
pub struct BenchFeedbackOptions {
    #[command(flatten)]
    pub model: ModelOptions,
    /// The course pack to run on.
    #[arg(long, default_value = "courses/grade10-algebra")]
    pub pack: PathBuf,
    /// Template drills per unit (each answered right and wrong).
    #[arg(long, default_value_t = 2)]
    pub per_unit: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Feedback counted by verdict: written by the model and kept, or replaced.
#[derive(Debug, Default)]
struct Tally {
    kept: u32,
    replaced: u32,
}

impl Tally {
    fn add(&mut self, origin: ReplyOrigin) {
        if origin == ReplyOrigin::Model {
            self.kept += 1;
        } else {
            self.replaced += 1;
        }
    }

    fn share(&self) -> f64 {
        100.0 * f64::from(self.kept) / f64::from((self.kept + self.replaced).max(1))
    }
}

/// `lantern bench feedback`
pub fn bench_feedback(
    locations: &Locations,
    options: &BenchFeedbackOptions,
) -> Result<(), CliError> {
    let rt = runtime()?;
    let BenchCourse {
        _dir,
        store,
        course_id,
        ..
    } = bench_course(locations, &rt, &options.pack)?;
    let supervisor = options.model.supervisor(locations)?;
    rt.block_on(supervisor.start()).map_err(failed)?;
    let course = rt.block_on(store.tutor_course(&course_id))?;
    let (mut right, mut wrong) = (Tally::default(), Tally::default());
    let mut samples = Vec::new();
    for unit in &course.units {
        for seed in 0..options.per_unit {
            let Some(drill) = template_drill(unit, seed) else {
                continue;
            };
            let mistake = drill.key.mistakes.first().map(|m| m.answer.clone());
            let answers = [
                (true, drill.key.answer.clone()),
                (false, mistake.unwrap_or_else(|| UNEXPECTED_ANSWER.into())),
            ];
            for (is_right, answer) in answers {
                let prepared = PreparedGrade::new(
                    &drill.prompt,
                    &drill.question_latex,
                    &answer,
                    drill.key.clone(),
                    Some(unit),
                    course.language,
                );
                let llm: &dyn Llm = &supervisor;
                let answered = rt
                    .block_on(answer_turn(
                        &prepared,
                        Some(llm),
                        &mut |_| {},
                        &CancelFlag::default(),
                    ))
                    .map_err(failed)?;
                let tally = if is_right { &mut right } else { &mut wrong };
                tally.add(answered.origin);
                samples.push(json!({
                    "unit": unit.id, "question": drill.question_latex, "answer": answer,
                    "correct": prepared.verdict.is_correct, "origin": answered.origin,
                    "feedback": answered.reply.text, "refused": answered.failure,
                }));
            }
        }
    }
    if options.json {
        outln!(
            "{}",
            json!({
                "model": options.model.model_path(locations)?,
                "right": {"kept": right.kept, "replaced": right.replaced},
                "wrong": {"kept": wrong.kept, "replaced": wrong.replaced},
                "samples": samples,
            })
        );
    } else {
        outln!(
            "model:          {}",
            options.model.model_path(locations)?.display()
        );
        for (name, tally) in [("right answers", &right), ("wrong answers", &wrong)] {
            outln!(
                "{name}:  model feedback kept {} of {} ({:.0} %)",
                tally.kept,
                tally.kept + tally.replaced,
                tally.share()
            );
        }
    }
    Ok(())
}
