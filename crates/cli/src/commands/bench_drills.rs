//! `lantern bench drills`: how often the model writes a drill whose own answer is
//! right. For every unit of a pack, the tutor asks the model for drills (the "Try a
//! Drill" button) and the answer checker solves each question: verified, wrong, or not
//! machine-solvable. The tutor shows only verified drills (or a template's).

use super::bench_tutor::{bench_course, failed, BenchCourse};
use super::{runtime, ModelOptions};
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::llm::{parse_output, CancelFlag, Llm};
use lantern_core::tutor::drill::{check_model_drill, ModelDrillCheck};
use lantern_core::tutor::exam::NoExamService;
use lantern_core::tutor::{ClientEvent, LlmTutorResponse, StudentInput};
use lantern_store::TutorPorts;
use serde_json::json;
use std::path::PathBuf;

/// Options of `lantern bench drills`.
#[derive(Debug, Clone, Args)]
pub struct BenchDrillsOptions {
    #[command(flatten)]
    pub model: ModelOptions,
    /// The course pack to run on.
    #[arg(long, default_value = "courses/grade10-algebra")]
    pub pack: PathBuf,
    /// Drills asked per unit (each with another sampling seed).
    #[arg(long, default_value_t = 3)]
    pub per_unit: u32,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `lantern bench drills`
pub fn bench_drills(locations: &Locations, options: &BenchDrillsOptions) -> Result<(), CliError> {
    let rt = runtime()?;
    let BenchCourse {
        _dir,
        store,
        profile,
        retriever,
        course_id,
    } = bench_course(locations, &rt, &options.pack)?;
    let supervisor = options.model.supervisor(locations)?;
    rt.block_on(supervisor.start()).map_err(failed)?;
    let course = rt.block_on(store.tutor_course(&course_id))?;
    let now = chrono::Utc::now();
    let thread = rt.block_on(store.create_tutor_thread(profile, &course_id, None, now))?;
    let ports = TutorPorts {
        llm: None,
        retriever: &retriever,
        exams: &NoExamService,
    };
    let (mut written, mut verified, mut wrong, mut unsolvable, mut broken) = (0, 0, 0, 0, 0);
    let mut samples = Vec::new();
    for unit in &course.units {
        let input = StudentInput::event(ClientEvent::RequestDrill {
            unit_id: unit.id.clone(),
        });
        let preview = rt.block_on(store.tutor_preview(profile, thread.id, &input, ports, now))?;
        for seed in 0..options.per_unit {
            let mut request = preview.prepared.request.clone();
            request.limits.seed = 42 + seed;
            request.limits.temperature = 0.7;
            // An unusable answer (cut off, unparseable) counts as not written.
            let answer = rt.block_on(supervisor.complete_json(
                &request,
                &preview.prepared.schema,
                &mut |_| {},
                &CancelFlag::default(),
            ));
            let card = answer.ok().and_then(|text| {
                parse_output::<LlmTutorResponse>(&text, &preview.prepared.schema)
                    .ok()
                    .and_then(|r| r.drill_card)
            });
            let Some(card) = card else {
                broken += 1;
                continue;
            };
            written += 1;
            let check = check_model_drill(&card);
            match &check {
                ModelDrillCheck::Verified => verified += 1,
                ModelDrillCheck::Wrong { .. } => wrong += 1,
                ModelDrillCheck::Uncheckable => unsolvable += 1,
            }
            samples.push(json!({
                "unit": unit.id, "prompt": card.prompt, "question": card.question_latex,
                "answer": card.answer_latex, "check": format!("{check:?}"),
            }));
        }
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(written.max(1));
    if options.json {
        outln!(
            "{}",
            json!({
                "model": options.model.model_path(locations)?,
                "asked": course.units.len() as u32 * options.per_unit,
                "written": written, "verified": verified, "wrong": wrong,
                "unsolvable": unsolvable, "broken": broken, "samples": samples,
            })
        );
    } else {
        outln!(
            "model:      {}",
            options.model.model_path(locations)?.display()
        );
        outln!(
            "asked:      {} drills ({} units x {})",
            course.units.len() as u32 * options.per_unit,
            course.units.len(),
            options.per_unit
        );
        outln!("written:    {written} (unparseable {broken})");
        outln!(
            "verified:   {verified} ({:.0} % of written)",
            share(verified)
        );
        outln!("wrong:      {wrong} ({:.0} %)", share(wrong));
        outln!("unsolvable: {unsolvable} ({:.0} %)", share(unsolvable));
    }
    Ok(())
}
