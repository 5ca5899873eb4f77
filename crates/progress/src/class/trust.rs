//! Which of a student's hand-ins the class view trusts, and what the teacher should be
//! told about a student key. The class keeps every hand-in it imported (nothing is
//! deleted by an import); for each student and course one is in use:
//! - the hand-in the teacher chose for that student, when it has the course;
//! - otherwise the newest unedited one: an edited file never wins over an unedited
//!   one, however late it says it was made;
//! - otherwise the newest edited one.
//!
//! A student's key is printed in every file they hand in, so a classmate can make a
//! file under it. Two signs of that are flagged, never resolved silently: the key seen
//! with two names, and two hand-ins whose work cannot come from one profile (a course's
//! first activity moved, or a later file has less work than an earlier one: evidence on
//! one laptop only grows).

use super::contract::{ClassHandIn, StudentFlag};
use crate::ProgressReport;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// One course of a hand-in, as much as the checks across hand-ins need.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CourseEvidence {
    /// The course's id.
    pub course_id: String,
    /// The first piece of work on it.
    pub first_activity_at: Option<DateTime<Utc>>,
    /// Drills graded plus exam answers submitted: only ever grows on one laptop.
    pub answers: u64,
}

/// What the class keeps of a hand-in beside its report: enough to choose which one is
/// in use and to flag its student without reading every report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandInMeta {
    /// SHA-256 of its content.
    pub digest: String,
    /// The student's key.
    pub student_key: String,
    /// The name it gives.
    pub student_name: String,
    /// When it says it was made.
    pub exported_at: DateTime<Utc>,
    /// Its content does not match its seal.
    pub edited: bool,
    /// Its courses' evidence.
    pub courses: Vec<CourseEvidence>,
}

impl HandInMeta {
    /// The meta of a hand-in with `digest` and `edited` reporting `report`.
    pub fn of(digest: &str, edited: bool, report: &ProgressReport) -> Self {
        Self {
            digest: digest.to_string(),
            student_key: report.student.key.clone(),
            student_name: report.student.name.clone(),
            exported_at: report.exported_at,
            edited,
            courses: evidence_of(report),
        }
    }

    /// The meta of a hand-in the class keeps.
    pub fn of_hand_in(hand_in: &ClassHandIn) -> Self {
        Self::of(&hand_in.digest, hand_in.edited, &hand_in.report)
    }
}

/// Each course's evidence in `report`.
pub fn evidence_of(report: &ProgressReport) -> Vec<CourseEvidence> {
    report
        .courses
        .iter()
        .map(|c| CourseEvidence {
            course_id: c.course_id.clone(),
            first_activity_at: c.first_activity_at,
            answers: c
                .units
                .iter()
                .map(|u| u64::from(u.drills_attempted))
                .sum::<u64>()
                + c.questions
                    .iter()
                    .map(|q| u64::from(q.attempts))
                    .sum::<u64>(),
        })
        .collect()
}

/// The hand-in the teacher chose per student key.
pub type Chosen = BTreeMap<String, String>;

/// A hand-in's rank among its student's, higher trusted first: the teacher's choice,
/// then unedited over edited, then newer, then by digest (so the order is total).
fn rank<'a>(
    student_key: &str,
    digest: &'a str,
    edited: bool,
    exported_at: DateTime<Utc>,
    chosen: &Chosen,
) -> (bool, bool, DateTime<Utc>, &'a str) {
    let is_chosen = chosen.get(student_key).is_some_and(|c| c == digest);
    (is_chosen, !edited, exported_at, digest)
}

fn trust_order(a: &HandInMeta, b: &HandInMeta, chosen: &Chosen) -> Ordering {
    rank(&a.student_key, &a.digest, a.edited, a.exported_at, chosen).cmp(&rank(
        &b.student_key,
        &b.digest,
        b.edited,
        b.exported_at,
        chosen,
    ))
}

/// The most trusted hand-in of each student key and scope (`None`: the student's
/// arguments and modules; `Some(course)`: that course).
fn best_per_scope<'a>(
    metas: &'a [HandInMeta],
    chosen: &Chosen,
) -> BTreeMap<(&'a str, Option<&'a str>), &'a HandInMeta> {
    let mut best: BTreeMap<(&str, Option<&str>), &HandInMeta> = BTreeMap::new();
    for meta in metas {
        let key = meta.student_key.as_str();
        let courses = meta.courses.iter().map(|c| Some(c.course_id.as_str()));
        for scope in std::iter::once(None).chain(courses) {
            match best.get(&(key, scope)) {
                Some(current) if trust_order(meta, current, chosen) != Ordering::Greater => {}
                _ => {
                    best.insert((key, scope), meta);
                }
            }
        }
    }
    best
}

/// The digests of the hand-ins in use: per student, the most trusted one overall (for
/// their arguments and modules) and the most trusted one having each course.
pub fn in_use(metas: &[HandInMeta], chosen: &Chosen) -> BTreeSet<String> {
    best_per_scope(metas, chosen)
        .into_values()
        .map(|m| m.digest.clone())
        .collect()
}

/// The flags of each student key of `metas` (keys without a flag are absent).
pub fn flags(metas: &[HandInMeta], chosen: &Chosen) -> BTreeMap<String, BTreeSet<StudentFlag>> {
    let mut by_key: BTreeMap<&str, Vec<&HandInMeta>> = BTreeMap::new();
    for meta in metas {
        by_key.entry(&meta.student_key).or_default().push(meta);
    }
    let mut out = BTreeMap::new();
    for (key, mut hand_ins) in by_key {
        let mut set = BTreeSet::new();
        let names: BTreeSet<String> = hand_ins
            .iter()
            .map(|h| h.student_name.trim().to_lowercase())
            .collect();
        if names.len() > 1 {
            set.insert(StudentFlag::SeveralNames);
        }
        hand_ins.sort_by(|a, b| (a.exported_at, &a.digest).cmp(&(b.exported_at, &b.digest)));
        if work_disagrees(&hand_ins) {
            set.insert(StudentFlag::WorkDisagrees);
        }
        if let Some(top) = hand_ins.iter().max_by(|a, b| trust_order(a, b, chosen)) {
            if top.edited {
                set.insert(StudentFlag::Edited);
            }
            if chosen.contains_key(key) {
                set.insert(StudentFlag::ChosenByTeacher);
            }
        }
        if !set.is_empty() {
            out.insert(key.to_string(), set);
        }
    }
    out
}

/// Whether hand-ins of one key, oldest first, hold work one profile cannot have made:
/// per course, a first activity that moved, or fewer answers than an earlier file.
fn work_disagrees(oldest_first: &[&HandInMeta]) -> bool {
    let mut seen: BTreeMap<&str, &CourseEvidence> = BTreeMap::new();
    for hand_in in oldest_first {
        for course in &hand_in.courses {
            if let Some(earlier) = seen.get(course.course_id.as_str()) {
                let moved = matches!(
                    (earlier.first_activity_at, course.first_activity_at),
                    (Some(a), Some(b)) if a != b
                );
                if moved || course.answers < earlier.answers {
                    return true;
                }
            }
            seen.insert(&course.course_id, course);
        }
    }
    false
}

/// What the class view needs beside the hand-ins in use: which hand-in is in use per
/// student and per student and course, each key's flags, and how many hand-ins the
/// class keeps of each key.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClassTrust {
    /// Per student key, the digest of their most trusted hand-in.
    pub per_student: BTreeMap<String, String>,
    /// Per student key and course id, the digest of their most trusted hand-in having it.
    pub per_course: BTreeMap<String, BTreeMap<String, String>>,
    /// Each flagged key's flags.
    pub flags: BTreeMap<String, BTreeSet<StudentFlag>>,
    /// Hand-ins kept per key.
    pub kept: BTreeMap<String, u32>,
}

impl ClassTrust {
    /// The trust of a class keeping `metas`, with the teacher's `chosen` hand-ins.
    pub fn of(metas: &[HandInMeta], chosen: Chosen) -> Self {
        let mut kept: BTreeMap<String, u32> = BTreeMap::new();
        for meta in metas {
            *kept.entry(meta.student_key.clone()).or_default() += 1;
        }
        let mut per_student = BTreeMap::new();
        let mut per_course: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for ((key, scope), meta) in best_per_scope(metas, &chosen) {
            let digest = meta.digest.clone();
            match scope {
                None => per_student.insert(key.to_string(), digest),
                Some(course) => per_course
                    .entry(key.to_string())
                    .or_default()
                    .insert(course.to_string(), digest),
            };
        }
        Self {
            per_student,
            per_course,
            flags: flags(metas, &chosen),
            kept,
        }
    }

    /// Whether `digest` is `key`'s hand-in in use for their arguments and modules.
    pub fn in_use_for_student(&self, key: &str, digest: &str) -> bool {
        self.per_student.get(key).is_some_and(|d| d == digest)
    }

    /// Whether `digest` is `key`'s hand-in in use for course `course_id`.
    pub fn in_use_for_course(&self, key: &str, course_id: &str, digest: &str) -> bool {
        self.per_course
            .get(key)
            .and_then(|courses| courses.get(course_id))
            .is_some_and(|d| d == digest)
    }

    /// The flags of `key`, in a fixed order.
    pub fn flags_of(&self, key: &str) -> Vec<StudentFlag> {
        self.flags
            .get(key)
            .map(|set| set.iter().copied().collect())
            .unwrap_or_default()
    }
}
