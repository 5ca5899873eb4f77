//! `lantern bench mapping`: how well the tutor maps a message to the unit it is about,
//! per course, on a calibration file (`tests/evals/tutor/mapping.json`): the share of
//! questions whose top unit is right (unit@1), the share mapped to the right unit at or
//! above the policy's 0.55 threshold (sure), and the same for each kind of evidence
//! alone (retrieval, lexical), so a change in weights shows where it helps.

use super::bench_tutor::{bench_course, failed};
use super::json::to_json;
use super::runtime;
use crate::cli_error::CliError;
use crate::locations::Locations;
use clap::Args;
use lantern_core::text::message_language::message_language;
use lantern_tutor::context::mapping_hits;
use lantern_tutor::course_lexicon::course_lexicon;
use lantern_tutor::mapping::{map_message, retrieval_confidence, MappingEvidence};
use lantern_tutor::policy::TARGET_CONFIDENCE;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Options of `lantern bench mapping`.
#[derive(Debug, Clone, Args)]
pub struct BenchMappingOptions {
    /// The calibration file.
    #[arg(long, default_value = "tests/evals/tutor/mapping.json")]
    pub cases: PathBuf,
    /// Print each question's mapping too (with `--json`: each course's `mapped` list).
    #[arg(long)]
    pub verbose: bool,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MappingFile {
    courses: Vec<MappingCourse>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MappingCourse {
    pack: PathBuf,
    questions: Vec<MappingQuestion>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MappingQuestion {
    say: String,
    unit: String,
}

/// Counts of one course.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    n: usize,
    at1: usize,
    sure: usize,
    retrieval_at1: usize,
    lexical_at1: usize,
}

fn top(scores: &BTreeMap<String, f64>) -> Option<(&str, f64)> {
    scores
        .iter()
        .filter(|(_, c)| **c > 0.0)
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map(|(u, c)| (u.as_str(), *c))
}

fn rate(x: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        x as f64 / n as f64
    }
}

/// Runs the mapping benchmark.
pub fn bench_mapping(locations: &Locations, options: &BenchMappingOptions) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&options.cases).map_err(failed)?;
    let file: MappingFile = serde_json::from_str(&text).map_err(failed)?;
    let rt = runtime()?;
    let mut rows = Vec::new();
    let mut all = Tally::default();
    for c in &file.courses {
        let pack = super::eval::resolve_pack(&c.pack, &options.cases);
        let bench = bench_course(locations, &rt, &pack)?;
        let course = rt.block_on(bench.store.tutor_course(&bench.course_id))?;
        let lexicon = course_lexicon(&course);
        let names = course.unit_names();
        let mut t = Tally::default();
        let mut mapped_rows = Vec::new();
        for q in &c.questions {
            let [anchors, content, exams] =
                rt.block_on(mapping_hits(&bench.retriever, &course.id, &q.say))?;
            let mapped = map_message(&MappingEvidence {
                message: &q.say,
                units: &names,
                anchors: &anchors,
                content: &content,
                exams: &exams,
                event_unit: None,
                lexicon: &lexicon,
                previous_topic: None,
                cross_language: message_language(&q.say, course.language) != course.language,
            });
            let best = mapped.first();
            let right = best.is_some_and(|m| m.unit_id == q.unit);
            let retrieval = retrieval_confidence(&anchors, &content, &exams);
            let lexical = lexicon.confidence(&q.say);
            t.n += 1;
            t.at1 += usize::from(right);
            t.sure += usize::from(right && best.is_some_and(|m| m.confidence >= TARGET_CONFIDENCE));
            t.retrieval_at1 += usize::from(top(&retrieval).is_some_and(|(u, _)| u == q.unit));
            t.lexical_at1 += usize::from(top(&lexical).is_some_and(|(u, _)| u == q.unit));
            if options.verbose && options.json {
                mapped_rows.push(json!({"say": q.say, "unit": q.unit,
                    "mapped": best.map(|m| m.unit_id.as_str()),
                    "confidence": best.map_or(0.0, |m| m.confidence)}));
            } else if options.verbose {
                outln!(
                    "{} {:<8} {:<8} {:.2}  r {:?}  l {:?}  {}",
                    if right { "ok  " } else { "MISS" },
                    q.unit,
                    best.map_or("-", |m| m.unit_id.as_str()),
                    best.map_or(0.0, |m| m.confidence),
                    top(&retrieval).map(|(u, c)| format!("{u} {c:.2}")),
                    top(&lexical).map(|(u, c)| format!("{u} {c:.2}")),
                    q.say
                );
            }
        }
        all.n += t.n;
        all.at1 += t.at1;
        all.sure += t.sure;
        all.retrieval_at1 += t.retrieval_at1;
        all.lexical_at1 += t.lexical_at1;
        rows.push((course.id.clone(), t, mapped_rows));
    }
    if options.json {
        let courses: Vec<_> = rows
            .iter()
            .map(|(id, t, mapped)| {
                let mut row = json!({"course": id, "questions": t.n, "unitAt1": rate(t.at1, t.n),
                       "sure": rate(t.sure, t.n), "retrievalAt1": rate(t.retrieval_at1, t.n),
                       "lexicalAt1": rate(t.lexical_at1, t.n)});
                if options.verbose {
                    row["mapped"] = json!(mapped);
                }
                row
            })
            .collect();
        outln!(
            "{}",
            to_json(
                &json!({"courses": courses, "unitAt1": rate(all.at1, all.n), "sure": rate(all.sure, all.n)})
            )?
        );
        return Ok(());
    }
    outln!("course                      n   unit@1  sure≥0.55  retrieval@1  lexical@1");
    let totals = [("all".to_string(), all)];
    for (id, t) in rows
        .iter()
        .map(|(id, t, _)| (id, t))
        .chain(totals.iter().map(|(id, t)| (id, t)))
    {
        outln!(
            "{:<26} {:>3}   {:>5.1}%     {:>5.1}%       {:>5.1}%     {:>5.1}%",
            id,
            t.n,
            100.0 * rate(t.at1, t.n),
            100.0 * rate(t.sure, t.n),
            100.0 * rate(t.retrieval_at1, t.n),
            100.0 * rate(t.lexical_at1, t.n)
        );
    }
    Ok(())
}
