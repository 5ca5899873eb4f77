//! Practice on a course with no drill templates and no formulas (issue #33 item 4):
//! drills come from the pack's own sentences and misconceptions, their answers are
//! known, and a student reaches a drill streak, an exam question and bronze — through
//! the real store, a real SQLite file and the local exam service. Once bronze is
//! passed, the bronze questions become practice with options, which never lock.

use chrono::{DateTime, Utc};
use lantern_core::llm::CancelFlag;
use lantern_core::retrieval::{CandidateMetadata, Collection, Record, ScriptedRetriever, Tier};
use lantern_packs::course::{
    AnswerOption, CourseManifest, ExamFile, Misconception, Question, Unit, FORMAT_VERSION,
};
use lantern_store::Store;
use lantern_tutor::app::RepoExams;
use lantern_tutor::app::{self, TutorPorts, TutorSinks};
use lantern_tutor::drill::DrillSource;
use lantern_tutor::{
    clean_input, clean_message, ClientEvent, MasteryTier, StudentInput, TutorAction, TutorCard,
};

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-05-01T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn course() -> (CourseManifest, ExamFile) {
    let manifest = CourseManifest {
        format_version: FORMAT_VERSION,
        id: "steam".into(),
        title: "Steam and factories".into(),
        language: "en".into(),
        description: String::new(),
        entry_unit: "H-1".into(),
        units: vec![Unit {
            id: "H-1".into(),
            title: "Steam power".into(),
            anchor: "James Watt added a separate condenser to the steam engine in 1769. \
                     Steam engines let factories move away from rivers."
                .into(),
            tags: vec!["steam_engine".into()],
            misconceptions: vec![Misconception {
                tag: "watt_invented".into(),
                text: "Thinks James Watt invented the first steam engine.".into(),
            }],
            content: vec![],
            drills: vec![],
        }],
        prerequisites: vec![],
    };
    // A bronze question on H-1 with two options, A and B.
    let bronze = |id: &str, stem: &str, [a, b]: [&str; 2], correct: &str, memo: &str| Question {
        id: id.into(),
        unit_ids: vec!["H-1".into()],
        tier: Tier::Bronze,
        stem: stem.into(),
        options: [("A", a), ("B", b)]
            .map(|(id, text)| AnswerOption {
                id: id.into(),
                text: text.into(),
            })
            .to_vec(),
        correct: correct.into(),
        memo: memo.into(),
        tags: vec![],
        transcript: None,
        video: None,
    };
    let exams = ExamFile {
        format_version: FORMAT_VERSION,
        questions: vec![
            bronze(
                "Q-B1",
                "What did Watt add to the steam engine?",
                ["A boiler", "A separate condenser"],
                "B",
                "Watt's separate condenser saved fuel; the boiler was older.",
            ),
            bronze(
                "Q-B2",
                "Where did the first factories stand?",
                ["By rivers", "In city centres"],
                "A",
                "Water wheels drove the first mills, so they stood by rivers.",
            ),
        ],
    };
    (manifest, exams)
}

/// An index with the course's exam question (retrieval finds exam candidates).
static INDEX: std::sync::LazyLock<ScriptedRetriever> = std::sync::LazyLock::new(|| {
    ScriptedRetriever::new(vec![(
        Collection::ExamCandidates,
        "What did Watt add to the steam engine?".to_string(),
        Record::Candidate(CandidateMetadata {
            course_id: "steam".into(),
            question_id: "Q-B1".into(),
            unit_ids: vec!["H-1".into()],
            difficulty_tier: Tier::Bronze,
            tags: vec![],
        }),
    )])
});

#[tokio::test]
async fn a_course_without_templates_reaches_a_streak_an_exam_and_bronze() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let (manifest, exams) = course();
    store
        .replace_course(&manifest, &exams, &[], "g1")
        .await
        .unwrap();
    let profile = store.ensure_profile("Ana").await.unwrap().id;
    let thread = store
        .create_tutor_thread(profile, "steam", None, now())
        .await
        .unwrap()
        .id;
    let service = RepoExams::new(&store, profile, "steam");
    let ports = TutorPorts {
        llm: None,
        retriever: &*INDEX,
        exams: &service,
    };
    let turn = |input: StudentInput| {
        let store = &store;
        async move {
            app::send(
                store,
                profile,
                thread,
                &clean_input(&input).unwrap(),
                ports,
                now(),
                TutorSinks::words(&mut |_| {}),
                &CancelFlag::default(),
            )
            .await
            .unwrap()
        }
    };
    let grade = |id: String, answer: String| {
        let store = &store;
        async move {
            app::grade_drill(
                store,
                profile,
                thread,
                &id,
                &clean_message(&answer).unwrap(),
                None,
                now(),
                &mut |_| {},
                &CancelFlag::default(),
            )
            .await
            .unwrap()
        }
    };
    let drill = StudentInput::event(ClientEvent::RequestDrill {
        unit_id: "H-1".into(),
    });
    for _ in 0..2 {
        let answer = turn(drill.clone()).await;
        assert!(matches!(
            answer.messages.last().unwrap().card,
            Some(TutorCard::Drill { .. })
        ));
        let (id, _, key) = store.tutor_last_question(thread).await.unwrap().unwrap();
        assert!(key.verified);
        assert!(
            matches!(key.source, DrillSource::Cloze | DrillSource::TrueFalse),
            "{:?}",
            key.source
        );
        let graded = grade(id, key.answer).await;
        assert!(graded.verdict.is_correct, "{:?}", graded.verdict);
    }
    // A streak of two: the next turn offers the bronze question beside the answer.
    let offered = turn(StudentInput::message("what did Watt change?")).await;
    assert_eq!(offered.log.chosen_action, TutorAction::ExamBlock);
    let reply = offered.messages.last().unwrap();
    assert!(matches!(reply.card, Some(TutorCard::Exam { .. })));
    let passed = app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", now())
        .await
        .unwrap();
    assert!(passed.effect.tier_rose);
    let c = store.tutor_course("steam").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &c, now()).await.unwrap();
    assert_eq!(snapshot.mastery("H-1"), MasteryTier::Bronze);

    // Bronze passed: the bronze questions are practice now, graded by letter or text.
    let mut practised = None;
    for _ in 0..24 {
        turn(drill.clone()).await;
        let (id, card, key) = store.tutor_last_question(thread).await.unwrap().unwrap();
        if let (DrillSource::Choice, Some(TutorCard::Drill { question_latex, .. })) =
            (key.source, card)
        {
            if question_latex.contains("first factories") {
                practised = Some((id, question_latex, key));
                break;
            }
        }
    }
    let (id, question, key) = practised.expect("Q-B2 as practice in 24 drills");
    assert!(question.contains(" — A) "), "{question}");
    let wrong = key
        .choices
        .iter()
        .find(|o| o.id != key.answer)
        .unwrap()
        .text
        .clone();
    let graded = grade(id, wrong).await;
    assert!(!graded.verdict.is_correct);
    // A wrong practice answer locks nothing: Q-B2 is still open as an exam question.
    let statuses = store
        .exam_statuses(profile, "steam", &["Q-B2".to_string()], now())
        .await
        .unwrap();
    assert_eq!(
        statuses.get("Q-B2"),
        Some(&lantern_tutor::exam::QuestionStatus::Available)
    );
}
