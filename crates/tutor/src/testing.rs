//! Fixtures for the tutor's unit tests: a four-unit course, its material in a scripted
//! retriever, policies to check answers against, and a turn's compose input.

use super::closeness::SentenceMeaning;
use super::compose::ComposeInput;
use super::contract::{ExamAvailability, TutorAction};
use super::course::TutorCourse;
use super::drill::DrillKey;
use super::exam::NoExamService;
use super::input::{clean_input, StudentInput};
use super::message::ClientEvent;
use super::plan::TurnPlan;
use super::policy::{PolicyConstraints, TutorPolicy};
use super::snapshot::StudentSnapshot;
use super::turn::{prepare_turn, PreparedTurn, TurnRequest};
use chrono::{DateTime, Utc};
use lantern_core::language::Language;
use lantern_core::retrieval::{
    ChunkMetadata, ChunkType, Collection, Record, ScriptedRetriever, Tier,
};
use lantern_packs::course::{Edge, Unit};
use std::collections::BTreeMap;

/// The fixture's time.
pub fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-01T12:00:00Z")
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

const UNITS: [(&str, &str, &str); 4] = [
    ("N-1", "Inverse operations", "Addition undoes subtraction and multiplication undoes division; inverse operations isolate an unknown."),
    ("N-2", "Linear equations", "Solve a linear equation by doing the same inverse operation to both sides until the unknown is alone."),
    ("N-3", "Graphs of lines", "A straight line y = mx + c has gradient m and y-intercept c; plot two points and join them."),
    ("N-4", "Simultaneous equations", "Two linear equations in two unknowns are solved together by substitution or elimination."),
];

/// N-1 → N-2 → N-4 and N-3 → N-4; entry N-1.
pub fn course() -> TutorCourse {
    let units = UNITS
        .iter()
        .map(|(id, title, anchor)| Unit {
            id: id.to_string(),
            title: title.to_string(),
            anchor: anchor.to_string(),
            tags: vec![],
            misconceptions: vec!["Writes $x + 5 = 12$ as $x = 17$.".into()],
            content: vec![],
            drills: vec![],
        })
        .collect();
    let edges = [("N-1", "N-2"), ("N-2", "N-4"), ("N-3", "N-4")]
        .iter()
        .map(|(f, t)| Edge {
            from: f.to_string(),
            to: t.to_string(),
        })
        .collect::<Vec<_>>();
    TutorCourse::new("fixture", "Fixture algebra", "en", "N-1", units, &edges)
}

/// Retrieval over the fixture's anchors and notes by shared words.
pub fn retriever() -> ScriptedRetriever {
    let mut records = Vec::new();
    for (id, title, anchor) in UNITS {
        for (collection, kind) in [
            (Collection::UnitAnchors, ChunkType::Anchor),
            (Collection::UnitContentChunks, ChunkType::Notes),
        ] {
            let record = Record::Chunk(ChunkMetadata {
                course_id: "fixture".into(),
                unit_id: id.into(),
                chunk_type: kind,
                source_id: format!("{}-{id}", kind.as_str()),
                section: title.into(),
                text: anchor.into(),
            });
            records.push((collection, format!("{title} {anchor}"), record));
        }
    }
    ScriptedRetriever::new(records)
}

/// A fresh snapshot of the fixture course.
pub fn snapshot() -> StudentSnapshot {
    StudentSnapshot::new("1", "fixture", "N-1", now())
}

/// The fixture turn prepared for `input` on `snapshot`.
pub async fn prepared(snapshot: &StudentSnapshot, input: StudentInput) -> PreparedTurn {
    prepared_with(snapshot, input, None).await
}

/// The fixture turn prepared for `input` on `snapshot`, after the tutor asked the
/// question whose key is `pending`.
pub async fn prepared_with(
    snapshot: &StudentSnapshot,
    input: StudentInput,
    pending: Option<&DrillKey>,
) -> PreparedTurn {
    let course = course();
    let input = match clean_input(&input) {
        Ok(clean) => clean,
        Err(e) => panic!("the fixture input is not a turn: {e}"),
    };
    let request = TurnRequest {
        course: &course,
        snapshot,
        input: &input,
        language: Language::En,
        turn_id: "1-1",
        now: now(),
        recent_tutor_texts: &[],
        pending,
        event_drill: None,
        previous_topic: None,
    };
    match prepare_turn(&request, &retriever(), &NoExamService).await {
        Ok(p) => p,
        Err(e) => panic!("the fixture turn did not prepare: {e}"),
    }
}

/// A policy on `focus` with `scoped` units and `actions`, exam-ready with a bronze
/// question available.
pub fn policy(focus: &str, scoped: &[&str], actions: &[TutorAction], stuck: bool) -> TutorPolicy {
    TutorPolicy {
        turn_id: "t-1".into(),
        focus_unit_id: focus.into(),
        primary_target_unit_id: focus.into(),
        prereq_blocking_unit_id: None,
        scoped_unit_ids: scoped.iter().map(|u| u.to_string()).collect(),
        allowed_actions: actions.to_vec(),
        stuck,
        exam_ready: true,
        desired_exam_tier: Tier::Bronze,
        exam_availability: ExamAvailability::Available,
        next_eligible_at: None,
        constraints: PolicyConstraints::default(),
    }
}

/// A plan of `actions` on `focus`.
pub fn plan(focus: &str, actions: &[TutorAction]) -> TurnPlan {
    TurnPlan {
        actions: actions.to_vec(),
        target_unit_ids: vec![focus.into()],
    }
}

/// What composing a turn looks at, with nothing but `event`, `message` and `drill`: no
/// material, no meaning, no pending question, English.
pub fn compose_input<'a>(
    course: &'a TutorCourse,
    policy: &'a TutorPolicy,
    plan: &'a TurnPlan,
    event: &'a ClientEvent,
    message: &'a str,
    drill: Option<&'a DrillKey>,
) -> ComposeInput<'a> {
    static NONE: BTreeMap<String, u32> = BTreeMap::new();
    static NO_MEANING: SentenceMeaning = SentenceMeaning::none();
    ComposeInput {
        course,
        policy,
        plan,
        event,
        message,
        language: Language::En,
        asked: None,
        likeliest: &[],
        material: &[],
        meaning: &NO_MEANING,
        attemptable: &[],
        pending: None,
        drill,
        recent: &[],
        confusion: &NONE,
        practice: &[],
        revisit: None,
        seed: 1,
    }
}
