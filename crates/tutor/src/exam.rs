//! Exam availability (spec 001, PV-AI-017): the status of a small set of candidate
//! questions decides whether an exam question can be offered now. The statuses come
//! from the exam service through [`ExamService`] (the store implements it over its
//! attempts and lockouts tables; [`NoExamService`] knows no question, for tools that
//! run without a student).

use super::contract::ExamAvailability;
use chrono::{DateTime, Utc};
use lantern_core::llm::BoxFuture;
use lantern_core::retrieval::Tier;
use lantern_packs::course::AnswerOption;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// How long a wrong answer or a viewed memo or video locks a question.
pub const LOCKOUT_HOURS: i64 = 24;

/// The support a student can view for an exam question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
#[serde(rename_all = "lowercase")]
pub enum SupportKind {
    /// The worked solution.
    Memo,
    /// The video walkthrough (its transcript, and the video when the pack has one).
    Video,
}

impl SupportKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Memo => "memo",
            Self::Video => "video",
        }
    }
}

/// The status of one question for the student.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "status")]
pub enum QuestionStatus {
    /// Can be attempted now.
    Available,
    /// Locked until the given time.
    Locked {
        /// When it can be attempted again.
        #[serde(rename = "lockedUntil")]
        locked_until: DateTime<Utc>,
    },
    /// Already passed.
    Passed,
}

/// What the exam service says about the candidates of a turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamAvail {
    /// Available, locked or none.
    pub availability: ExamAvailability,
    /// The candidates that can be attempted now.
    pub candidate_ids: Vec<String>,
    /// When the first locked candidate opens, if all are locked.
    pub next_eligible_at: Option<DateTime<Utc>>,
}

impl ExamAvail {
    /// No candidates (the student is not exam-ready).
    pub fn none() -> Self {
        Self {
            availability: ExamAvailability::None,
            candidate_ids: Vec::new(),
            next_eligible_at: None,
        }
    }
}

/// An exam question of a tier below the one the student works towards, offered as
/// practice (issue #33 item 4): shown and graded as a drill, never an exam attempt — it
/// locks nothing and counts for no tier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PracticeQuestion {
    /// The question's id.
    pub id: String,
    /// The question text.
    pub stem: String,
    /// The options.
    pub options: Vec<AnswerOption>,
    /// The correct option's id.
    pub correct: String,
    /// The worked solution, shown once the student has answered.
    pub memo: String,
}

/// The authoritative exam status of questions for a student.
pub trait ExamService: Send + Sync {
    /// The status of each of `question_ids` at `now`; ids it does not know are absent.
    fn batch_status<'a>(
        &'a self,
        student_id: &'a str,
        question_ids: &'a [String],
        now: DateTime<Utc>,
    ) -> BoxFuture<'a, HashMap<String, QuestionStatus>>;

    /// The questions on `unit_id` of tiers below `below` that the student may practise
    /// now: none locked (a question waiting to be retried is not given away). None by
    /// default.
    fn practice_questions<'a>(
        &'a self,
        _student_id: &'a str,
        _unit_id: &'a str,
        _below: Tier,
        _now: DateTime<Utc>,
    ) -> BoxFuture<'a, Vec<PracticeQuestion>> {
        Box::pin(async { Vec::new() })
    }
}

/// An exam service that knows no question, so availability is `none` (benchmarks and
/// previews that run without a student).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoExamService;

impl ExamService for NoExamService {
    fn batch_status<'a>(
        &'a self,
        _student_id: &'a str,
        _question_ids: &'a [String],
        _now: DateTime<Utc>,
    ) -> BoxFuture<'a, HashMap<String, QuestionStatus>> {
        Box::pin(async { HashMap::new() })
    }
}

/// Availability from the candidates' statuses: `available` when some can be attempted
/// (those are the candidates), else `locked` with the earliest reopening when some are
/// locked, else `none`.
pub fn exam_availability(
    candidate_ids: &[String],
    statuses: &HashMap<String, QuestionStatus>,
) -> ExamAvail {
    let available: Vec<String> = candidate_ids
        .iter()
        .filter(|q| statuses.get(*q) == Some(&QuestionStatus::Available))
        .cloned()
        .collect();
    if !available.is_empty() {
        return ExamAvail {
            availability: ExamAvailability::Available,
            candidate_ids: available,
            next_eligible_at: None,
        };
    }
    let next = candidate_ids
        .iter()
        .filter_map(|q| match statuses.get(q) {
            Some(QuestionStatus::Locked { locked_until }) => Some(*locked_until),
            _ => None,
        })
        .min();
    ExamAvail {
        availability: if next.is_some() {
            ExamAvailability::Locked
        } else {
            ExamAvailability::None
        },
        candidate_ids: Vec::new(),
        next_eligible_at: next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hour: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-01-02T{hour:02}:00:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn some_attemptable_candidate_makes_the_tier_available() {
        let statuses = HashMap::from([
            ("q1".to_string(), QuestionStatus::Passed),
            ("q2".to_string(), QuestionStatus::Available),
        ]);
        let got = exam_availability(&ids(&["q1", "q2"]), &statuses);
        assert_eq!(got.availability, ExamAvailability::Available);
        assert_eq!(got.candidate_ids, ["q2"]);
    }

    #[test]
    fn all_locked_gives_the_earliest_reopening() {
        let statuses = HashMap::from([
            (
                "q1".to_string(),
                QuestionStatus::Locked {
                    locked_until: at(9),
                },
            ),
            (
                "q2".to_string(),
                QuestionStatus::Locked {
                    locked_until: at(5),
                },
            ),
        ]);
        let got = exam_availability(&ids(&["q1", "q2"]), &statuses);
        assert_eq!(got.availability, ExamAvailability::Locked);
        assert_eq!(got.next_eligible_at, Some(at(5)));
        assert!(got.candidate_ids.is_empty());
    }

    #[test]
    fn no_candidates_or_unknown_ones_give_none() {
        let got = exam_availability(&[], &HashMap::new());
        assert_eq!(got.availability, ExamAvailability::None);
        let got = exam_availability(&ids(&["q1"]), &HashMap::new());
        assert_eq!(got.availability, ExamAvailability::None);
    }
}
