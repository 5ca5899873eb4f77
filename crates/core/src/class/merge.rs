//! Merging hand-ins by student: for each student and course the newest hand-in that
//! has the course counts; a hand-in every course of which a newer one of the same
//! student also has is superseded and can be dropped. Importing the same file twice is
//! one hand-in (same digest), so it changes nothing.

use super::contract::ClassHandIn;
use crate::progress::CourseProgress;
use std::collections::{BTreeMap, HashSet};

/// Whether `a` is newer than `b` (ties broken by digest, so the order is total).
fn newer(a: &ClassHandIn, b: &ClassHandIn) -> bool {
    (a.report.exported_at, &a.digest) > (b.report.exported_at, &b.digest)
}

/// Each student's newest hand-in, by key.
pub fn newest_per_student(hand_ins: &[ClassHandIn]) -> BTreeMap<&str, &ClassHandIn> {
    let mut out: BTreeMap<&str, &ClassHandIn> = BTreeMap::new();
    for h in hand_ins {
        let key = h.report.student.key.as_str();
        match out.get(key) {
            Some(current) if !newer(h, current) => {}
            _ => {
                out.insert(key, h);
            }
        }
    }
    out
}

/// For `course_id`, each student's record from their newest hand-in that has it.
pub fn newest_course_records<'a>(
    hand_ins: &'a [ClassHandIn],
    course_id: &str,
) -> BTreeMap<&'a str, (&'a ClassHandIn, &'a CourseProgress)> {
    let mut out: BTreeMap<&str, (&ClassHandIn, &CourseProgress)> = BTreeMap::new();
    for h in hand_ins {
        let Some(course) = h.report.courses.iter().find(|c| c.course_id == course_id) else {
            continue;
        };
        let key = h.report.student.key.as_str();
        match out.get(key) {
            Some((current, _)) if !newer(h, current) => {}
            _ => {
                out.insert(key, (h, course));
            }
        }
    }
    out
}

/// The digests of hand-ins that no longer count: a newer hand-in of the same student
/// has every course they have.
pub fn superseded(hand_ins: &[ClassHandIn]) -> Vec<String> {
    hand_ins
        .iter()
        .filter(|old| {
            let courses: HashSet<&str> = old
                .report
                .courses
                .iter()
                .map(|c| c.course_id.as_str())
                .collect();
            hand_ins.iter().any(|new| {
                new.report.student.key == old.report.student.key
                    && newer(new, old)
                    && courses
                        .iter()
                        .all(|id| new.report.courses.iter().any(|c| c.course_id == *id))
            })
        })
        .map(|h| h.digest.clone())
        .collect()
}
