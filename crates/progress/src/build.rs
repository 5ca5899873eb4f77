//! A course's record from what the laptop holds: the course, the student's snapshot,
//! their exam answers and locks, and the moments they worked. Pure.

use super::contract::{ConfusionRecord, CourseProgress, QuestionRecord, UnitRecord};
use super::time_on_task::minutes_on_task;
use chrono::{DateTime, Utc};
use lantern_core::retrieval::Tier;
use lantern_tutor::snapshot::StudentSnapshot;
use lantern_tutor::TutorCourse;
use std::collections::{BTreeMap, HashSet};

/// An exam question of the course, as the record names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuestionFacts {
    /// Its id.
    pub id: String,
    /// Its stem.
    pub stem: String,
    /// Its tier.
    pub tier: Tier,
    /// The units it examines.
    pub unit_ids: Vec<String>,
}

/// One submitted exam answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnswerFacts {
    /// The question.
    pub question_id: String,
    /// Whether it was right.
    pub correct: bool,
    /// When.
    pub at: DateTime<Utc>,
}

/// Everything a course's record is built from.
#[derive(Debug, Clone, PartialEq)]
pub struct CourseFacts<'a> {
    /// The course.
    pub course: &'a TutorCourse,
    /// The student's snapshot, if they ever opened the course.
    pub snapshot: Option<&'a StudentSnapshot>,
    /// The course's exam questions.
    pub questions: &'a [QuestionFacts],
    /// Every answer the student submitted in the course.
    pub answers: &'a [AnswerFacts],
    /// Questions locked at `now`.
    pub locked: &'a HashSet<String>,
    /// When the student did something in the course (messages, grades, answers).
    pub moments: &'a [DateTime<Utc>],
}

/// The record of one course.
pub fn course_progress(facts: &CourseFacts<'_>) -> CourseProgress {
    let questions = question_records(facts);
    let units = facts
        .course
        .units
        .iter()
        .map(|unit| {
            let on_unit = |q: &&QuestionFacts| q.unit_ids.iter().any(|u| u == &unit.id);
            let unit_questions: Vec<&QuestionFacts> =
                facts.questions.iter().filter(on_unit).collect();
            let exam_wrong = questions
                .iter()
                .filter(|q| q.unit_ids.iter().any(|u| u == &unit.id))
                .map(|q| q.wrong)
                .sum();
            let lockouts = unit_questions
                .iter()
                .filter(|q| facts.locked.contains(&q.id))
                .count();
            let progress = facts.snapshot.and_then(|s| s.progress(&unit.id));
            let text_of = |tag: &str| {
                unit.misconceptions
                    .iter()
                    .find(|m| m.tag == tag)
                    .map(|m| m.text.clone())
                    .unwrap_or_default()
            };
            let mut confusions: Vec<ConfusionRecord> = progress
                .map(|p| {
                    p.confusion_tags
                        .iter()
                        .map(|(tag, count)| ConfusionRecord {
                            tag: tag.clone(),
                            text: text_of(tag),
                            count: *count,
                        })
                        .collect()
                })
                .unwrap_or_default();
            confusions.sort_by(|a, b| b.count.cmp(&a.count).then(a.tag.cmp(&b.tag)));
            UnitRecord {
                unit_id: unit.id.clone(),
                title: unit.title.clone(),
                touched: progress.is_some(),
                tier: progress.map(|p| p.mastery_tier).unwrap_or_default(),
                drills_attempted: progress.map_or(0, |p| p.drill.attempts),
                drills_correct: progress.map_or(0, |p| p.drill.correct),
                drill_streak: progress.map_or(0, |p| p.drill.streak_correct),
                exam_passed: progress.map(|p| p.exam.passed_by_tier).unwrap_or_default(),
                exam_wrong,
                lockouts: u32::try_from(lockouts).unwrap_or(u32::MAX),
                recheck_due_at: progress.and_then(|p| p.recheck).map(|r| r.due_at),
                needs_review: progress.is_some_and(|p| p.needs_review),
                confusions,
                last_touched_at: progress.and_then(|p| p.last_touched_at),
            }
        })
        .collect();
    CourseProgress {
        course_id: facts.course.id.clone(),
        title: facts.course.title.clone(),
        units,
        questions,
        minutes_on_task: minutes_on_task(facts.moments),
        first_activity_at: facts.moments.iter().min().copied(),
        last_activity_at: facts.moments.iter().max().copied(),
    }
}

/// A record per question answered at least once, in the course's order.
fn question_records(facts: &CourseFacts<'_>) -> Vec<QuestionRecord> {
    let mut tally: BTreeMap<&str, (u32, u32)> = BTreeMap::new();
    for answer in facts.answers {
        let entry = tally.entry(answer.question_id.as_str()).or_default();
        entry.0 += 1;
        if !answer.correct {
            entry.1 += 1;
        }
    }
    facts
        .questions
        .iter()
        .filter_map(|q| {
            let (attempts, wrong) = *tally.get(q.id.as_str())?;
            Some(QuestionRecord {
                question_id: q.id.clone(),
                stem: q.stem.clone(),
                tier: q.tier,
                unit_ids: q.unit_ids.clone(),
                attempts,
                wrong,
                passed: wrong < attempts,
            })
        })
        .collect()
}
