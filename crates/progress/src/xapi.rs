//! The report as xAPI 1.0.3 statements, so a school's learning record store can take
//! the same file the class view reads. Statement ids are derived from what they state,
//! so handing in again re-sends the same ids and a store keeps one copy.
//!
//! Identifiers use the reserved `.invalid` domain: they name things, they are never
//! fetched.

use super::contract::{ArgumentRecord, CourseProgress, HandInStudent, ModuleRecord};
use super::events::ProgressEvent;
use super::ProgressReport;
use chrono::{DateTime, SecondsFormat, Utc};
use lantern_tutor::contract::MasteryTier;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The root every Lantern activity and extension id starts with.
pub const XAPI_ROOT: &str = "https://lantern.invalid";
/// The xAPI version the statements follow.
pub const XAPI_VERSION: &str = "1.0.3";

const VERB_ROOT: &str = "http://adlnet.gov/expapi/verbs/";

/// Every statement of `report`, then one per event, oldest first.
pub fn statements(report: &ProgressReport, events: &[ProgressEvent]) -> Vec<Value> {
    let actor = actor(&report.student);
    let mut out = Vec::new();
    let mut sorted: Vec<&ProgressEvent> = events.iter().collect();
    sorted.sort_by_key(|e| e.at());
    for event in sorted {
        out.push(event_statement(&actor, &report.student, event));
    }
    for course in &report.courses {
        out.push(course_statement(
            &actor,
            &report.student,
            course,
            report.exported_at,
        ));
    }
    for (index, argument) in report.arguments.iter().enumerate() {
        out.push(argument_statement(&actor, &report.student, index, argument));
    }
    for module in &report.modules {
        out.push(module_statement(&actor, &report.student, module));
    }
    out
}

fn actor(student: &HandInStudent) -> Value {
    json!({
        "objectType": "Agent",
        "name": student.name,
        "account": { "homePage": format!("{XAPI_ROOT}/students"), "name": student.key },
    })
}

fn verb(name: &str) -> Value {
    json!({ "id": format!("{VERB_ROOT}{name}"), "display": { "en-US": name } })
}

fn segment(id: &str) -> String {
    url::form_urlencoded::byte_serialize(id.as_bytes()).collect()
}

fn course_iri(course_id: &str) -> String {
    format!("{XAPI_ROOT}/courses/{}", segment(course_id))
}

fn unit_iri(course_id: &str, unit_id: &str) -> String {
    format!("{}/units/{}", course_iri(course_id), segment(unit_id))
}

fn extension(name: &str) -> String {
    format!("{XAPI_ROOT}/xapi/{name}")
}

fn time(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn activity(id: String, name: &str, kind: &str) -> Value {
    json!({
        "objectType": "Activity",
        "id": id,
        "definition": {
            "name": { "und": name },
            "type": format!("http://adlnet.gov/expapi/activities/{kind}"),
        },
    })
}

/// A UUID-shaped id derived from the student and what the statement says.
fn statement_id(student: &HandInStudent, parts: &[&str]) -> String {
    let mut hash = Sha256::new();
    hash.update(student.key.as_bytes());
    for part in parts {
        hash.update([0]);
        hash.update(part.as_bytes());
    }
    let mut b: [u8; 16] = hash.finalize()[..16].try_into().unwrap_or([0; 16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = hex::encode(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

fn statement(
    id: String,
    actor: &Value,
    verb_name: &str,
    object: Value,
    result: Value,
    at: DateTime<Utc>,
    course_id: Option<&str>,
) -> Value {
    let mut s = json!({
        "id": id,
        "actor": actor,
        "verb": verb(verb_name),
        "object": object,
        "result": result,
        "timestamp": time(at),
        "version": XAPI_VERSION,
    });
    if let Some(course) = course_id {
        s["context"] = json!({
            "contextActivities": { "parent": [{ "objectType": "Activity", "id": course_iri(course) }] },
        });
    }
    s
}

fn event_statement(actor: &Value, student: &HandInStudent, event: &ProgressEvent) -> Value {
    let at = time(event.at());
    match event {
        ProgressEvent::Mastery {
            course_id,
            unit_id,
            tier,
            at: when,
        } => statement(
            statement_id(student, &["mastery", course_id, unit_id, tier.name(), &at]),
            actor,
            if *tier == MasteryTier::Gold {
                "mastered"
            } else {
                "progressed"
            },
            activity(unit_iri(course_id, unit_id), unit_id, "lesson"),
            json!({ "extensions": { extension("tier"): tier.name() } }),
            *when,
            Some(course_id),
        ),
        ProgressEvent::Drill {
            course_id,
            unit_id,
            correct,
            at: when,
        } => statement(
            statement_id(student, &["drill", course_id, unit_id, &at]),
            actor,
            "answered",
            activity(
                format!("{}/drills", unit_iri(course_id, unit_id)),
                unit_id,
                "cmi.interaction",
            ),
            json!({ "success": correct }),
            *when,
            Some(course_id),
        ),
        ProgressEvent::Exam {
            course_id,
            question_id,
            tier,
            correct,
            at: when,
        } => statement(
            statement_id(student, &["exam", course_id, question_id, &at]),
            actor,
            "answered",
            activity(
                format!(
                    "{}/questions/{}",
                    course_iri(course_id),
                    segment(question_id)
                ),
                question_id,
                "cmi.interaction",
            ),
            json!({ "success": correct, "extensions": { extension("tier"): tier.as_str() } }),
            *when,
            Some(course_id),
        ),
    }
}

fn course_statement(
    actor: &Value,
    student: &HandInStudent,
    course: &CourseProgress,
    exported_at: DateTime<Utc>,
) -> Value {
    let mastered = course
        .units
        .iter()
        .filter(|u| u.tier == MasteryTier::Gold)
        .count();
    statement(
        statement_id(student, &["course", &course.course_id, &time(exported_at)]),
        actor,
        "progressed",
        activity(course_iri(&course.course_id), &course.title, "course"),
        json!({
            "duration": format!("PT{}M", course.minutes_on_task),
            "completion": !course.units.is_empty() && mastered == course.units.len(),
            "score": { "raw": mastered, "min": 0, "max": course.units.len() },
        }),
        exported_at,
        None,
    )
}

fn argument_statement(
    actor: &Value,
    student: &HandInStudent,
    index: usize,
    argument: &ArgumentRecord,
) -> Value {
    let at = time(argument.completed_at);
    let id = statement_id(student, &["argument", &argument.title, &at]);
    let mut result = json!({ "completion": true });
    if let Some(text) = &argument.argument {
        result["response"] = json!(text.claim);
        result["extensions"] = json!({ extension("toulmin"): text });
    }
    statement(
        id,
        actor,
        "completed",
        activity(
            format!("{XAPI_ROOT}/arguments/{}", index + 1),
            &argument.title,
            "assessment",
        ),
        result,
        argument.completed_at,
        None,
    )
}

fn module_statement(actor: &Value, student: &HandInStudent, module: &ModuleRecord) -> Value {
    statement(
        statement_id(
            student,
            &["module", &module.module_id, &time(module.updated_at)],
        ),
        actor,
        if module.finished {
            "completed"
        } else {
            "progressed"
        },
        activity(
            format!("{XAPI_ROOT}/modules/{}", segment(&module.module_id)),
            &module.title,
            "module",
        ),
        json!({
            "completion": module.finished,
            "score": { "raw": module.percentage, "min": 0, "max": 100 },
        }),
        module.updated_at,
        None,
    )
}
