//! Choosing, among the hand-ins loaded, each student's record: per student the most
//! trusted hand-in (see [`super::trust`]) for their arguments and modules, and per
//! student and course the most trusted hand-in that has the course. Importing the same
//! file twice is one hand-in (same digest), so it changes nothing.

use super::contract::ClassHandIn;
use super::trust::{rank, Chosen};
use crate::progress::CourseProgress;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// Whether `a` is trusted over `b`.
fn trusted_over(a: &ClassHandIn, b: &ClassHandIn, chosen: &Chosen) -> bool {
    rank_of(a, chosen) > rank_of(b, chosen)
}

fn rank_of<'a>(h: &'a ClassHandIn, chosen: &Chosen) -> (bool, bool, DateTime<Utc>, &'a str) {
    let r = &h.report;
    rank(&r.student.key, &h.digest, h.edited, r.exported_at, chosen)
}

/// Each student's most trusted hand-in, by key.
pub fn newest_per_student<'a>(
    hand_ins: &'a [ClassHandIn],
    chosen: &Chosen,
) -> BTreeMap<&'a str, &'a ClassHandIn> {
    let mut out: BTreeMap<&str, &ClassHandIn> = BTreeMap::new();
    for h in hand_ins {
        let key = h.report.student.key.as_str();
        match out.get(key) {
            Some(current) if !trusted_over(h, current, chosen) => {}
            _ => {
                out.insert(key, h);
            }
        }
    }
    out
}

/// Every course's records: per course id, each student's record from their most
/// trusted hand-in that has it.
pub fn course_records<'a>(
    hand_ins: &'a [ClassHandIn],
    chosen: &Chosen,
) -> BTreeMap<&'a str, BTreeMap<&'a str, (&'a ClassHandIn, &'a CourseProgress)>> {
    let mut out: BTreeMap<&str, BTreeMap<&str, (&ClassHandIn, &CourseProgress)>> = BTreeMap::new();
    for h in hand_ins {
        let key = h.report.student.key.as_str();
        for course in &h.report.courses {
            let students = out.entry(course.course_id.as_str()).or_default();
            match students.get(key) {
                Some((current, _)) if !trusted_over(h, current, chosen) => {}
                _ => {
                    students.insert(key, (h, course));
                }
            }
        }
    }
    out
}
