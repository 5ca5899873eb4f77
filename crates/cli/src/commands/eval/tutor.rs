//! The tutor's eval runner: the case packs are imported into the run's temporary index,
//! each case gets its own profile (so snapshots never leak between cases), its preset
//! snapshot, a thread, and its turns through the real store, index and model; every turn
//! is scored by [`score_turn`] on what the student saw. An `answer` turn answers the
//! tutor's last question with its known answer (`right`) or a wrong one (`wrong`): typed
//! in the chat for a question in the text, through the answer box for a drill card.

use super::bench::Bench;
use crate::cli_error::CliError;
use crate::locations::Locations;
use chrono::{DateTime, Utc};
use lantern_coach::Language;
use lantern_core::eval::{model_words, TurnScore};
use lantern_core::llm::CancelFlag;
use lantern_core::turn::ReplyOrigin;
use lantern_rag::{import_course_pack, Embedder, EmbedderFiles, LanceRetriever};
use lantern_tutor::app::RepoExams;
use lantern_tutor::app::{self, TutorPorts, TutorSinks};
use lantern_tutor::drill::{DrillKey, DrillSource};
use lantern_tutor::judge::TutorVerdict;
use lantern_tutor::phrase::instruction_texts;
use lantern_tutor::quality::{score_turn, shown_text, ShownTurn, TurnExpectation};
use lantern_tutor::{
    clean_input, clean_message, CleanStudentInput, ClientEvent, DrillResult, MasteryTier,
    StudentInput, TutorAction, TutorCard, TutorCourse, TutorMessage,
};
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
    /// `right` or `wrong`: answer the tutor's last question.
    #[serde(default)]
    answer: Option<String>,
    #[serde(default)]
    expect: Expect,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Expect {
    mapped: Option<String>,
    focus: Option<String>,
    actions: Option<Vec<TutorAction>>,
    #[serde(default)]
    answer_has: Vec<String>,
    #[serde(default, deserialize_with = "super::optional_language")]
    reply_language: Option<Language>,
    grade: Option<TutorVerdict>,
    answered_in_words: Option<bool>,
    not_graded: Option<bool>,
    #[serde(default)]
    practice_on: Vec<String>,
}

fn invalid(case: &str, detail: impl std::fmt::Display) -> CliError {
    CliError::new(
        lantern_core::ErrorCode::EvalCasesInvalid,
        format!("case {case}: {detail}"),
    )
}

impl Turn {
    /// The student's input (a message or a button), with `focus` as the default unit,
    /// cleaned as the app cleans it.
    fn input(&self, case: &str, focus: &str) -> Result<CleanStudentInput, CliError> {
        let unit = self.unit.clone().unwrap_or_else(|| focus.to_string());
        let event = match self.event.as_deref() {
            None => ClientEvent::None,
            Some("REQUEST_DRILL") => ClientEvent::RequestDrill { unit_id: unit },
            Some("STUCK") => ClientEvent::Stuck {
                unit_id: unit,
                drill_message_id: None,
            },
            Some("CHOOSE_UNIT") => ClientEvent::ChooseUnit { unit_id: unit },
            Some("DRILL_CONTINUE") => ClientEvent::DrillContinue {
                unit_id: unit,
                last_result: DrillResult::Incorrect,
                drill_message_id: None,
            },
            Some(other) => return Err(invalid(case, format!("unknown event {other:?}"))),
        };
        if self.say.is_none() && event == ClientEvent::None {
            return Err(invalid(case, "a turn needs `say`, `event` or `answer`"));
        }
        Ok(clean_input(&StudentInput {
            text: self.say.clone().unwrap_or_default(),
            latex: None,
            event,
        })?)
    }
}

/// The scripted student's answer to a question with `key`: the known answer, or one
/// that is surely wrong.
fn scripted_answer(key: &DrillKey, right: bool) -> String {
    if right {
        return key.answer.clone();
    }
    let truth = lantern_core::text::normalize::normalize(&key.answer);
    match key.source {
        DrillSource::TrueFalse => match truth.as_str() {
            "true" => "false",
            "false" => "true",
            "verdadero" => "falso",
            _ => "verdadero",
        }
        .to_string(),
        DrillSource::Misconception => "yes".to_string(),
        DrillSource::ExplainBack => "I am not sure at all".to_string(),
        _ if key.answer.chars().any(|c| c.is_ascii_digit()) => "987654".to_string(),
        _ => "banana".to_string(),
    }
}

/// Everything authored the turn could show: the course's titles, anchors and
/// misconceptions, and the passage's full text.
fn authored_texts(course: &TutorCourse, reply: Option<&TutorMessage>) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    for u in &course.units {
        texts.push(u.title.clone());
        texts.push(u.anchor.clone());
        texts.extend(u.misconceptions.iter().map(|m| m.text.clone()));
    }
    if let Some(p) = reply.and_then(|m| m.passage.as_ref()) {
        texts.push(p.full_text.clone());
    }
    texts
}

/// A reply as a transcript line: its passage (with where it comes from), then its words.
fn transcript(m: &TutorMessage) -> String {
    let words = shown_text(&m.text, m.card.as_ref());
    match &m.passage {
        Some(p) => format!(
            "[{} › {}: {}] {words}",
            p.source,
            if p.section.is_empty() {
                "-"
            } else {
                &p.section
            },
            p.quote
        ),
        None => words,
    }
}

/// Where `pack` is: as given when it exists (absolute, or relative to the current
/// folder), else relative to the case file's folder or the first folder above it that
/// has it — so `courses/grade10-algebra` works from anywhere in the repository.
pub(crate) fn resolve_pack(pack: &Path, cases_file: &Path) -> PathBuf {
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
        let exams = RepoExams::new(&bench.store, profile, course_id);
        let ports = TutorPorts {
            llm: bench.llm(),
            retriever: &retriever,
            exams: &exams,
        };
        let mut earlier: Vec<String> = Vec::new();
        for (index, turn) in case.turns.iter().enumerate() {
            let focus = bench
                .store
                .tutor_snapshot(profile, &course, now)
                .await?
                .focus_unit_id;
            let question = bench.store.tutor_last_question(thread.id).await?;
            let (said, messages, log, graded, feedback_origin) = match turn.answer.as_deref() {
                Some(kind @ ("right" | "wrong")) => {
                    let Some((message_id, card, key)) = question else {
                        return Err(invalid(
                            &case.id,
                            format!("turn {}: no question to answer", index + 1),
                        ));
                    };
                    let text = scripted_answer(&key, kind == "right");
                    if matches!(card, Some(TutorCard::Drill { .. })) {
                        let graded = app::grade_drill(
                            &bench.store,
                            profile,
                            thread.id,
                            &message_id,
                            &clean_message(&text)?,
                            bench.llm(),
                            now,
                            &mut |_| {},
                            &CancelFlag::default(),
                        )
                        .await?;
                        let verdict = if graded.verdict.is_correct {
                            TutorVerdict::Right
                        } else {
                            TutorVerdict::NotYet
                        };
                        let origin = Some(graded.origin);
                        (text, graded.messages, None, Some(verdict), origin)
                    } else {
                        let answer = app::send(
                            &bench.store,
                            profile,
                            thread.id,
                            &clean_input(&StudentInput::message(&text))?,
                            ports,
                            now,
                            TutorSinks::words(&mut |_| {}),
                            &CancelFlag::default(),
                        )
                        .await?;
                        let verdict = answer.log.verdict;
                        (text, answer.messages, Some(answer.log), verdict, None)
                    }
                }
                Some(other) => {
                    return Err(invalid(
                        &case.id,
                        format!("answer {other:?}: right or wrong"),
                    ))
                }
                None => {
                    let input = turn.input(&case.id, &focus)?;
                    let answer = app::send(
                        &bench.store,
                        profile,
                        thread.id,
                        &input,
                        ports,
                        now,
                        TutorSinks::words(&mut |_| {}),
                        &CancelFlag::default(),
                    )
                    .await?;
                    let said = turn
                        .say
                        .clone()
                        .or_else(|| turn.event.clone())
                        .unwrap_or_default();
                    let verdict = answer.log.verdict;
                    (said, answer.messages, Some(answer.log), verdict, None)
                }
            };
            let reply = messages
                .iter()
                .rev()
                .find(|m| m.card.is_some() || m.origin.is_some());
            let reply_text = reply.map(transcript).unwrap_or_default();
            let checks = match &log {
                Some(log) => {
                    let key = bench.store.tutor_last_question(thread.id).await?;
                    let mut authored = authored_texts(&course, reply);
                    // The question's own sentence is authored too (a cloze quotes it).
                    if let Some((_, _, k)) = &key {
                        authored.extend(k.explanation.iter().cloned());
                    }
                    let mut instructions = instruction_texts(Language::En);
                    instructions.extend(instruction_texts(Language::Es));
                    let asked_title = turn
                        .expect
                        .mapped
                        .as_deref()
                        .map(|u| course.title_of(u))
                        .unwrap_or_default();
                    let blocker_title = log
                        .prereq_blocking_unit_id
                        .as_deref()
                        .filter(|_| turn.expect.mapped.is_some())
                        .map(|u| course.title_of(u));
                    let shown = ShownTurn {
                        log,
                        student: &said,
                        text: reply.map_or("", |m| m.text.as_str()),
                        card: reply.and_then(|m| m.card.as_ref()),
                        passage: reply.and_then(|m| m.passage.as_ref()),
                        offer: reply.and_then(|m| m.offer.as_ref()),
                        key: key.as_ref().map(|(_, _, k)| k),
                        authored: &authored,
                        earlier: &earlier,
                        instructions: &instructions,
                        titles: (&asked_title, blocker_title.as_deref()),
                        units: &course.units,
                    };
                    let expect = TurnExpectation {
                        mapped: turn.expect.mapped.clone(),
                        focus: turn.expect.focus.clone(),
                        actions: turn.expect.actions.clone(),
                        answer_has: turn.expect.answer_has.clone(),
                        reply_language: turn.expect.reply_language,
                        grade: turn.expect.grade,
                        answered_in_words: turn.expect.answered_in_words,
                        not_graded: turn.expect.not_graded,
                        practice_on: turn.expect.practice_on.clone(),
                    };
                    score_turn(&shown, case.language, &expect)
                }
                None => Vec::new(),
            };
            // A tutor turn's model sentences shown; a drill's feedback is the model's
            // when its origin says so.
            let model_words = match (&log, feedback_origin) {
                (Some(log), _) => model_words(log.origin, log.model_sentences > 0),
                (None, Some(origin)) => model_words(origin, origin == ReplyOrigin::Model),
                (None, None) => None,
            };
            let mut checks = checks;
            if let (Some(want), None) = (turn.expect.grade, &log) {
                checks.push(lantern_core::eval::Check::new(
                    "graded",
                    graded == Some(want),
                    || format!("verdict {graded:?}"),
                ));
            }
            if let Some(m) = reply {
                earlier.push(m.text.clone());
            }
            let score = TurnScore {
                case: case.id.clone(),
                turn: index + 1,
                input: said,
                reply: reply_text,
                checks,
                model_words,
            };
            progress(&score);
            scores.push(score);
        }
    }
    Ok(scores)
}
