//! The class view from the hand-ins kept: pure, so the app, the command line and the
//! tests compute the same grid.

use super::contract::{
    ClassCell, ClassConfusion, ClassCourse, ClassCourseChoice, ClassFilter, ClassHandIn, ClassRow,
    ClassStudent, ClassUnit, ClassView, FailedQuestion, RecheckDue, StuckStudent, UnitConfusions,
};
use super::trust::ClassTrust;
use crate::{CourseProgress, UnitRecord};
use chrono::{DateTime, NaiveDate, Utc};
use lantern_tutor::contract::MasteryTier;
use std::collections::{BTreeMap, HashMap};

/// A student's record of one course: the hand-in it comes from and the course in it.
type Record<'a> = (&'a ClassHandIn, &'a CourseProgress);

/// Drills graded without a correct answer in a row before a unit counts as stuck.
pub const STUCK_DRILL_ATTEMPTS: u32 = 3;
/// Wrong exam answers on a unit, with none passed, before it counts as stuck.
pub const STUCK_EXAM_WRONG: u32 = 2;
/// Most confusions listed per unit.
pub const CONFUSIONS_PER_UNIT: usize = 3;
/// Most failed questions listed.
pub const FAILED_QUESTIONS_SHOWN: usize = 10;

/// Whether a student is stuck on a unit: not yet gold, and either several drills
/// graded with no correct answer in a row now, or several wrong exam answers with
/// nothing passed.
pub fn is_stuck(unit: &UnitRecord) -> bool {
    let passed = unit.exam_passed.bronze + unit.exam_passed.silver + unit.exam_passed.gold;
    unit.tier != MasteryTier::Gold
        && ((unit.drills_attempted >= STUCK_DRILL_ATTEMPTS && unit.drill_streak == 0)
            || (unit.exam_wrong >= STUCK_EXAM_WRONG && passed == 0))
}

/// A day bound of the filter: `YYYY-MM-DD` (the whole day) or RFC 3339.
fn bound(text: Option<&str>, end_of_day: bool) -> Option<DateTime<Utc>> {
    let text = text?.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(text) {
        return Some(at.with_timezone(&Utc));
    }
    let day = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    let time = if end_of_day {
        day.and_hms_milli_opt(23, 59, 59, 999)
    } else {
        day.and_hms_opt(0, 0, 0)
    };
    time.map(|t| t.and_utc())
}

/// The class view of `hand_ins` (those in use; more do no harm) under `filter`, each
/// student's record chosen and flagged by `trust`, with re-checks due at `now`. Every
/// step is a map lookup or a sort, so the time grows with the size of the records, not
/// with its square.
pub fn class_view(
    hand_ins: &[ClassHandIn],
    trust: &ClassTrust,
    filter: &ClassFilter,
    now: DateTime<Utc>,
) -> ClassView {
    let students = students(hand_ins, trust);
    let records = course_records(hand_ins, trust);
    let courses = course_choices(&records);
    let chosen = filter
        .course_id
        .clone()
        .filter(|id| courses.iter().any(|c| &c.course_id == id))
        .or_else(|| courses.first().map(|c| c.course_id.clone()));
    let since = bound(filter.since.as_deref(), false);
    let until = bound(filter.until.as_deref(), true);
    let course = chosen.map(|id| {
        let of_course: Vec<Record> = records
            .get(id.as_str())
            .map(|by_student| by_student.values().copied().collect())
            .unwrap_or_default();
        course_view(of_course, &id, trust, since, until, now)
    });
    ClassView {
        courses,
        course,
        students,
    }
}

fn students(hand_ins: &[ClassHandIn], trust: &ClassTrust) -> Vec<ClassStudent> {
    let mut out: Vec<ClassStudent> = hand_ins
        .iter()
        .filter(|h| trust.in_use_for_student(&h.report.student.key, &h.digest))
        .map(|h| ClassStudent {
            key: h.report.student.key.clone(),
            name: h.report.student.name.clone(),
            handed_in_at: h.report.exported_at,
            edited: h.edited,
            flags: trust.flags_of(&h.report.student.key),
            hand_ins: trust.kept.get(&h.report.student.key).copied().unwrap_or(1),
            arguments: h.report.arguments.clone(),
            modules: h.report.modules.clone(),
        })
        .collect();
    out.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then(a.key.cmp(&b.key))
    });
    out
}

/// Every course's records: per course id, each student's record from their hand-in in
/// use for it.
fn course_records<'a>(
    hand_ins: &'a [ClassHandIn],
    trust: &ClassTrust,
) -> BTreeMap<&'a str, BTreeMap<&'a str, Record<'a>>> {
    let mut out: BTreeMap<&str, BTreeMap<&str, Record>> = BTreeMap::new();
    for h in hand_ins {
        let key = h.report.student.key.as_str();
        for course in &h.report.courses {
            if trust.in_use_for_course(key, &course.course_id, &h.digest) {
                out.entry(course.course_id.as_str())
                    .or_default()
                    .insert(key, (h, course));
            }
        }
    }
    out
}

fn course_choices(records: &BTreeMap<&str, BTreeMap<&str, Record>>) -> Vec<ClassCourseChoice> {
    let mut out: Vec<ClassCourseChoice> = records
        .iter()
        .filter_map(|(id, by_student)| {
            let newest = by_student
                .values()
                .max_by_key(|(h, _)| h.report.exported_at)?;
            Some(ClassCourseChoice {
                course_id: id.to_string(),
                title: newest.1.title.clone(),
                students: u32::try_from(by_student.len()).unwrap_or(u32::MAX),
            })
        })
        .collect();
    out.sort_by(|a, b| a.title.cmp(&b.title).then(a.course_id.cmp(&b.course_id)));
    out
}

/// A course's units by id, for one student's record.
fn units_by_id(course: &CourseProgress) -> HashMap<&str, &UnitRecord> {
    course
        .units
        .iter()
        .map(|u| (u.unit_id.as_str(), u))
        .collect()
}

fn course_view(
    mut records: Vec<Record>,
    course_id: &str,
    trust: &ClassTrust,
    since: Option<DateTime<Utc>>,
    until: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> ClassCourse {
    records.retain(|(h, c)| {
        let active = c.last_activity_at.unwrap_or(h.report.exported_at);
        since.is_none_or(|s| active >= s) && until.is_none_or(|u| active <= u)
    });
    records.sort_by_cached_key(|(h, _)| {
        (
            h.report.student.name.to_lowercase(),
            h.report.student.key.clone(),
        )
    });
    let units = columns(&records);
    let title = records
        .iter()
        .max_by_key(|(h, _)| h.report.exported_at)
        .map(|(_, c)| c.title.clone())
        .unwrap_or_else(|| course_id.to_string());
    let unit_maps: Vec<HashMap<&str, &UnitRecord>> =
        records.iter().map(|(_, c)| units_by_id(c)).collect();
    let mut rows = Vec::new();
    let mut stuck = Vec::new();
    let mut rechecks = Vec::new();
    for ((h, course), by_id) in records.iter().zip(&unit_maps) {
        let name = &h.report.student.name;
        let cells = units
            .iter()
            .map(|column| {
                let Some(unit) = by_id.get(column.unit_id.as_str()) else {
                    return ClassCell::default();
                };
                let due = unit.recheck_due_at.filter(|d| *d <= now);
                if let Some(due_at) = due {
                    rechecks.push(RecheckDue {
                        name: name.clone(),
                        unit_id: unit.unit_id.clone(),
                        unit_title: column.title.clone(),
                        due_at,
                    });
                }
                if is_stuck(unit) {
                    stuck.push(StuckStudent {
                        name: name.clone(),
                        unit_id: unit.unit_id.clone(),
                        unit_title: column.title.clone(),
                        drills_attempted: unit.drills_attempted,
                        drills_correct: unit.drills_correct,
                        exam_wrong: unit.exam_wrong,
                        confusion: unit.confusions.first().map(|c| {
                            if c.text.is_empty() {
                                c.tag.clone()
                            } else {
                                c.text.clone()
                            }
                        }),
                    });
                }
                ClassCell {
                    touched: unit.touched,
                    tier: unit.tier,
                    stuck: is_stuck(unit),
                    needs_review: unit.needs_review,
                    recheck_due: due.is_some(),
                    drills_attempted: unit.drills_attempted,
                    drills_correct: unit.drills_correct,
                }
            })
            .collect();
        rows.push(ClassRow {
            student_key: h.report.student.key.clone(),
            name: name.clone(),
            handed_in_at: h.report.exported_at,
            edited: h.edited,
            flags: trust.flags_of(&h.report.student.key),
            minutes_on_task: course.minutes_on_task,
            last_activity_at: course.last_activity_at,
            cells,
        });
    }
    stuck.sort_by(|a, b| {
        b.drills_attempted
            .saturating_add(b.exam_wrong)
            .cmp(&a.drills_attempted.saturating_add(a.exam_wrong))
            .then(a.name.cmp(&b.name))
    });
    rechecks.sort_by(|a, b| a.due_at.cmp(&b.due_at).then(a.name.cmp(&b.name)));
    ClassCourse {
        course_id: course_id.to_string(),
        title,
        confusions: confusions(&unit_maps, &units),
        failed_questions: failed_questions(&records),
        units,
        rows,
        stuck,
        rechecks,
    }
}

/// The units in the newest hand-in's order, then any only older hand-ins name.
fn columns(records: &[Record]) -> Vec<ClassUnit> {
    let mut by_newest: Vec<&Record> = records.iter().collect();
    by_newest.sort_by_key(|(h, _)| std::cmp::Reverse(h.report.exported_at));
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<ClassUnit> = Vec::new();
    for (_, course) in by_newest {
        for unit in &course.units {
            if seen.insert(unit.unit_id.as_str()) {
                out.push(ClassUnit {
                    unit_id: unit.unit_id.clone(),
                    title: unit.title.clone(),
                });
            }
        }
    }
    out
}

fn confusions(
    unit_maps: &[HashMap<&str, &UnitRecord>],
    units: &[ClassUnit],
) -> Vec<UnitConfusions> {
    units
        .iter()
        .filter_map(|column| {
            let mut tally: BTreeMap<&str, ClassConfusion> = BTreeMap::new();
            for by_id in unit_maps {
                let Some(unit) = by_id.get(column.unit_id.as_str()) else {
                    continue;
                };
                for c in &unit.confusions {
                    let entry = tally.entry(&c.tag).or_insert_with(|| ClassConfusion {
                        tag: c.tag.clone(),
                        text: c.text.clone(),
                        count: 0,
                        students: 0,
                    });
                    entry.count = entry.count.saturating_add(c.count);
                    entry.students += 1;
                    if entry.text.is_empty() {
                        entry.text = c.text.clone();
                    }
                }
            }
            let mut list: Vec<ClassConfusion> = tally.into_values().collect();
            list.sort_by(|a, b| {
                b.students
                    .cmp(&a.students)
                    .then(b.count.cmp(&a.count))
                    .then(a.tag.cmp(&b.tag))
            });
            list.truncate(CONFUSIONS_PER_UNIT);
            (!list.is_empty()).then(|| UnitConfusions {
                unit_id: column.unit_id.clone(),
                unit_title: column.title.clone(),
                confusions: list,
            })
        })
        .collect()
}

fn failed_questions(records: &[Record]) -> Vec<FailedQuestion> {
    let mut tally: BTreeMap<&str, FailedQuestion> = BTreeMap::new();
    for (_, course) in records {
        for q in &course.questions {
            let entry = tally
                .entry(&q.question_id)
                .or_insert_with(|| FailedQuestion {
                    question_id: q.question_id.clone(),
                    stem: q.stem.clone(),
                    tier: q.tier,
                    wrong: 0,
                    students: 0,
                    answered_by: 0,
                });
            entry.answered_by += 1;
            entry.wrong = entry.wrong.saturating_add(q.wrong);
            if q.wrong > 0 {
                entry.students += 1;
            }
        }
    }
    let mut list: Vec<FailedQuestion> = tally.into_values().filter(|q| q.wrong > 0).collect();
    list.sort_by(|a, b| {
        b.students
            .cmp(&a.students)
            .then(b.wrong.cmp(&a.wrong))
            .then(a.question_id.cmp(&b.question_id))
    });
    list.truncate(FAILED_QUESTIONS_SHOWN);
    list
}
