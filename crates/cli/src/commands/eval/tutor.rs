//! The tutor's eval runner: the case packs are imported into the run's temporary index,
//! each case gets its own profile (so snapshots never leak between cases), its preset
//! snapshot, a thread, and its turns through the real store, index and model; every turn
//! is scored by [`score_turn`].

use super::Bench;
use crate::cli_error::CliError;
use crate::locations::Locations;
use chrono::{DateTime, Utc};
use lantern_core::coach::Language;
use lantern_core::eval::TurnScore;
use lantern_core::llm::CancelFlag;
use lantern_core::tutor::anchoring::unit_material;
use lantern_core::tutor::quality::{score_turn, shown_text, TurnExpectation};
use lantern_core::tutor::{ClientEvent, DrillResult, MasteryTier, StudentInput, TutorAction};
use lantern_rag::{import_course_pack, Embedder, EmbedderFiles, LanceRetriever};
use lantern_store::{StoreExamService, TutorPorts};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// The clock of every eval turn, so time-based rules are reproducible.
const EVAL_NOW: &str = "2026-03-02T09:00:00Z";

/// One scripted conversation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TutorCase {
    id: String,
    pack: PathBuf,
    #[serde(deserialize_with = "super::language")]
    language: Language,
    #[serde(default)]
    snapshot: Preset,
    turns: Vec<Turn>,
}

/// The student's progress before the case.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Preset {
    #[serde(default)]
    focus: Option<String>,
    #[serde(default)]
    mastery: BTreeMap<String, MasteryTier>,
    #[serde(default)]
    drill: BTreeMap<String, Drill>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Drill {
    attempts: u32,
    correct: u32,
    streak_correct: u32,
}

/// One thing the student does.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Turn {
    #[serde(default)]
    say: Option<String>,
    #[serde(default)]
    event: Option<String>,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    expect: Expect,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    mapped: Option<String>,
    focus: Option<String>,
    actions: Option<Vec<TutorAction>>,
}

fn invalid(case: &str, detail: impl std::fmt::Display) -> CliError {
    CliError::new(
        lantern_core::ErrorCode::EvalCasesInvalid,
        format!("case {case}: {detail}"),
    )
}

impl Turn {
    /// The student's input (a message or a button), with `focus` as the default unit.
    fn input(&self, case: &str, focus: &str) -> Result<StudentInput, CliError> {
        let unit = self.unit.clone().unwrap_or_else(|| focus.to_string());
        let event = match self.event.as_deref() {
            None => ClientEvent::None,
            Some("REQUEST_DRILL") => ClientEvent::RequestDrill { unit_id: unit },
            Some("STUCK") => ClientEvent::Stuck { unit_id: unit },
            Some("CHOOSE_UNIT") => ClientEvent::ChooseUnit { unit_id: unit },
            Some("DRILL_CONTINUE") => ClientEvent::DrillContinue {
                unit_id: unit,
                last_result: DrillResult::Incorrect,
            },
            Some(other) => return Err(invalid(case, format!("unknown event {other:?}"))),
        };
        if self.say.is_none() && event == ClientEvent::None {
            return Err(invalid(case, "a turn needs `say` or `event`"));
        }
        Ok(StudentInput {
            text: self.say.clone().unwrap_or_default(),
            latex: None,
            event,
        })
    }
}

/// Where `pack` is: as given when it exists (absolute, or relative to the current
/// folder), else relative to the case file's folder or the first folder above it that
/// has it — so `courses/grade10-algebra` works from anywhere in the repository.
pub(super) fn resolve_pack(pack: &Path, cases_file: &Path) -> PathBuf {
    if pack.exists() {
        return pack.to_path_buf();
    }
    let start = cases_file
        .canonicalize()
        .unwrap_or_else(|_| cases_file.to_path_buf());
    start
        .ancestors()
        .skip(1)
        .map(|dir| dir.join(pack))
        .find(|candidate| candidate.exists())
        .unwrap_or_else(|| pack.to_path_buf())
}

/// Runs `cases` (read from `cases_file`), reporting each scored turn to `progress`.
pub async fn run(
    bench: &Bench,
    locations: &Locations,
    cases_file: &Path,
    cases: &[TutorCase],
    mut progress: impl FnMut(&TurnScore),
) -> Result<Vec<TurnScore>, CliError> {
    let now: DateTime<Utc> = DateTime::parse_from_rfc3339(EVAL_NOW)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| invalid("clock", e))?;
    let embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), 2)?;
    let retriever =
        LanceRetriever::open(embedder, &bench.dir().join("index"), &bench.store).await?;
    let mut courses: HashMap<PathBuf, String> = HashMap::new();
    let mut scores = Vec::new();
    for case in cases {
        if !courses.contains_key(&case.pack) {
            let pack = resolve_pack(&case.pack, cases_file);
            let summary = import_course_pack(&pack, &retriever, &bench.store, &mut |_| {}).await?;
            courses.insert(case.pack.clone(), summary.course_id);
        }
        let course_id = &courses[&case.pack];
        let profile = bench.store.create_profile(&case.id).await?.id;
        let course = bench.store.tutor_course(course_id).await?;
        let mut snapshot = bench.store.tutor_snapshot(profile, &course, now).await?;
        if let Some(focus) = &case.snapshot.focus {
            snapshot.focus_unit_id = focus.clone();
        }
        for (unit, tier) in &case.snapshot.mastery {
            snapshot
                .unit_progress
                .entry(unit.clone())
                .or_default()
                .mastery_tier = *tier;
        }
        for (unit, d) in &case.snapshot.drill {
            let drill = &mut snapshot
                .unit_progress
                .entry(unit.clone())
                .or_default()
                .drill;
            (drill.attempts, drill.correct, drill.streak_correct) =
                (d.attempts, d.correct, d.streak_correct);
        }
        bench.store.put_tutor_snapshot(profile, &snapshot).await?;
        let thread = bench
            .store
            .create_tutor_thread(profile, course_id, Some(case.language), now)
            .await?;
        let exams = StoreExamService::new(&bench.store, profile, course_id);
        let ports = TutorPorts {
            llm: bench.llm(),
            retriever: &retriever,
            exams: &exams,
        };
        for (index, turn) in case.turns.iter().enumerate() {
            let focus = bench
                .store
                .tutor_snapshot(profile, &course, now)
                .await?
                .focus_unit_id;
            let input = turn.input(&case.id, &focus)?;
            let answer = bench
                .store
                .tutor_turn(
                    profile,
                    thread.id,
                    &input,
                    ports,
                    now,
                    &mut |_| {},
                    &CancelFlag::default(),
                )
                .await?;
            let reply = answer
                .messages
                .iter()
                .rev()
                .find(|m| m.card.is_some() || m.origin.is_some())
                .map(|m| shown_text(&m.text, m.card.as_ref()))
                .unwrap_or_default();
            let material = course
                .unit(&answer.log.chosen_unit_id)
                .map(unit_material)
                .unwrap_or_default();
            let expect = TurnExpectation {
                mapped: turn.expect.mapped.clone(),
                focus: turn.expect.focus.clone(),
                actions: turn.expect.actions.clone(),
            };
            let score = TurnScore {
                case: case.id.clone(),
                turn: index + 1,
                input: turn
                    .say
                    .clone()
                    .or_else(|| turn.event.clone())
                    .unwrap_or_default(),
                reply: reply.clone(),
                checks: score_turn(&answer.log, &reply, &material, case.language, &expect),
            };
            progress(&score);
            scores.push(score);
        }
    }
    Ok(scores)
}
