//! The local exam service and the tutor's evidence against a real SQLite file: 24-hour
//! lockouts to the second, passes, support views, batch status for given ids only,
//! drills graded once with their tags, and the snapshot written with each event.

use chrono::{DateTime, Duration, Utc};
use lantern_core::answers::{solve, Solved};
use lantern_core::llm::CancelFlag;
use lantern_core::retrieval::{ScriptedRetriever, Tier};
use lantern_core::Coded;
use lantern_packs::course::{
    AnswerOption, CourseManifest, DrillTemplate, ExamFile, MistakePattern, ParamRange, Question,
    Unit, FORMAT_VERSION,
};
use lantern_store::Store;
use lantern_tutor::app::RepoExams;
use lantern_tutor::app::{self, DrillGraded, TutorPorts, TutorSinks};
use lantern_tutor::drill::DrillSource;
use lantern_tutor::exam::{ExamService, QuestionStatus, SupportKind};
use lantern_tutor::{
    clean_message, CleanStudentInput, ClientEvent, ExamOutcomeKind, MasteryTier, TutorCard,
};
use std::collections::BTreeMap;

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-05-01T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn question(id: &str, tier: Tier, transcript: Option<&str>) -> Question {
    Question {
        id: id.into(),
        unit_ids: vec!["E-1".into()],
        tier,
        stem: format!("Stem of {id}"),
        options: ["A", "B", "C"]
            .iter()
            .map(|o| AnswerOption {
                id: (*o).into(),
                text: format!("option {o}"),
            })
            .collect(),
        correct: "B".into(),
        memo: format!("Memo of {id}"),
        tags: vec![],
        transcript: transcript.map(str::to_string),
        video: None,
    }
}

fn manifest() -> CourseManifest {
    let template = DrillTemplate {
        id: "add".into(),
        prompt: "Solve for $x$.".into(),
        question: "x + [[b]] = [[c]]".into(),
        answer: "x = [[c - b]]".into(),
        kind: None,
        simplified: false,
        params: BTreeMap::from([
            (
                "b".into(),
                ParamRange {
                    min: 2,
                    max: 9,
                    exclude: vec![],
                },
            ),
            (
                "c".into(),
                ParamRange {
                    min: 12,
                    max: 20,
                    exclude: vec![],
                },
            ),
        ]),
        computed: BTreeMap::new(),
        mistakes: vec![MistakePattern {
            answer: "x = [[c + b]]".into(),
            tag: "adds_instead".into(),
        }],
    };
    let mut misconception =
        lantern_packs::course::Misconception::from("Adds $b$ instead of subtracting.");
    misconception.tag = "adds_instead".into();
    CourseManifest {
        format_version: FORMAT_VERSION,
        id: "eq".into(),
        title: "Equations".into(),
        language: "en".into(),
        description: String::new(),
        entry_unit: "E-1".into(),
        units: vec![Unit {
            id: "E-1".into(),
            title: "One-step equations".into(),
            anchor: "Undo an addition by subtracting on both sides.".into(),
            tags: vec![],
            misconceptions: vec![misconception],
            content: vec![],
            drills: vec![template],
        }],
        prerequisites: vec![],
    }
}

async fn setup() -> (tempfile::TempDir, Store, i64, i64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let exams = ExamFile {
        format_version: FORMAT_VERSION,
        questions: vec![
            question("Q-B1", Tier::Bronze, None),
            question("Q-B2", Tier::Bronze, Some("In this video we subtract.")),
            question("Q-S1", Tier::Silver, None),
        ],
    };
    store
        .replace_course(&manifest(), &exams, &[], "g1")
        .await
        .unwrap();
    let profile = store.ensure_profile("Ana").await.unwrap().id;
    let thread = store
        .create_tutor_thread(profile, "eq", None, t0())
        .await
        .unwrap()
        .id;
    (dir, store, profile, thread)
}

fn code(e: lantern_store::StoreError) -> &'static str {
    e.code().as_str()
}

#[tokio::test]
async fn a_wrong_answer_locks_the_question_for_24_hours_to_the_second() {
    let (_dir, store, profile, thread) = setup().await;
    let saved = app::submit_exam_answer(&store, profile, thread, "Q-B1", "A", t0())
        .await
        .unwrap();
    assert_eq!(saved.outcome, ExamOutcomeKind::Incorrect);
    let until = t0() + Duration::hours(24);
    assert_eq!(
        saved.status,
        QuestionStatus::Locked {
            locked_until: until
        }
    );
    let ids = vec!["Q-B1".to_string()];
    let at = |t| store.exam_statuses(profile, "eq", &ids, t);
    assert_eq!(
        at(until - Duration::seconds(1)).await.unwrap()["Q-B1"],
        QuestionStatus::Locked {
            locked_until: until
        }
    );
    assert_eq!(at(until).await.unwrap()["Q-B1"], QuestionStatus::Available);
    let e = app::submit_exam_answer(
        &store,
        profile,
        thread,
        "Q-B1",
        "B",
        until - Duration::seconds(1),
    )
    .await
    .unwrap_err();
    assert_eq!(code(e), "exam_question_locked");
    let passed = app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", until)
        .await
        .unwrap();
    assert_eq!(passed.status, QuestionStatus::Passed);
    let e = app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", until)
        .await
        .unwrap_err();
    assert_eq!(code(e), "exam_already_passed");
}

#[tokio::test]
async fn the_snapshot_and_the_timeline_follow_exam_events() {
    let (_dir, store, profile, thread) = setup().await;
    app::submit_exam_answer(&store, profile, thread, "Q-B1", "C", t0())
        .await
        .unwrap();
    let course = store.tutor_course("eq").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, t0()).await.unwrap();
    assert_eq!(snapshot.revisit_queue["Q-B1"].tier, Tier::Bronze);
    assert_eq!(snapshot.exam_touched.get("Q-B1"), Some(&true));
    let t = store.tutor_thread(profile, thread).await.unwrap();
    assert!(matches!(
        t.messages.last().unwrap().card,
        Some(TutorCard::ExamOutcome {
            outcome: ExamOutcomeKind::Incorrect,
            locked_until: Some(_),
            ..
        })
    ));
    let lite = app::snapshot_lite(&store, profile, thread, t0())
        .await
        .unwrap();
    assert_eq!(lite.revisit.locked_count, 1);
    assert!(lite.revisit.next_eligible_at.is_some());
    let later = app::snapshot_lite(&store, profile, thread, t0() + Duration::hours(24))
        .await
        .unwrap();
    assert_eq!(
        (later.revisit.locked_count, later.revisit.ready_count),
        (0, 1)
    );
}

#[tokio::test]
async fn viewing_support_locks_once_and_a_passed_question_stays_free() {
    let (_dir, store, profile, thread) = setup().await;
    let memo = app::view_exam_support(&store, profile, thread, "Q-B2", SupportKind::Memo, t0())
        .await
        .unwrap();
    assert_eq!(memo.support_text.as_deref(), Some("Memo of Q-B2"));
    let until = t0() + Duration::hours(24);
    assert_eq!(
        memo.status,
        QuestionStatus::Locked {
            locked_until: until
        }
    );
    let again = app::view_exam_support(
        &store,
        profile,
        thread,
        "Q-B2",
        SupportKind::Video,
        t0() + Duration::hours(5),
    )
    .await
    .unwrap();
    assert_eq!(
        again.status,
        QuestionStatus::Locked {
            locked_until: until
        }
    );
    assert_eq!(
        again.support_text.as_deref(),
        Some("In this video we subtract.")
    );
    let e = app::view_exam_support(&store, profile, thread, "Q-B1", SupportKind::Video, t0())
        .await
        .unwrap_err();
    assert_eq!(code(e), "exam_support_unavailable");
    app::submit_exam_answer(&store, profile, thread, "Q-S1", "B", t0())
        .await
        .unwrap();
    let free = app::view_exam_support(&store, profile, thread, "Q-S1", SupportKind::Memo, t0())
        .await
        .unwrap();
    assert_eq!(free.status, QuestionStatus::Passed);
    let course = store.tutor_course("eq").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, t0()).await.unwrap();
    assert!(!snapshot.revisit_queue.contains_key("Q-S1"));
    assert!(snapshot.revisit_queue.contains_key("Q-B2"));
}

#[tokio::test]
async fn batch_status_answers_only_for_the_ids_asked_and_per_profile() {
    let (_dir, store, profile, thread) = setup().await;
    app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", t0())
        .await
        .unwrap();
    let other = store.create_profile("Ben").await.unwrap().id;
    let ids = vec!["Q-B1".to_string(), "NOPE".to_string()];
    let mine = RepoExams::new(&store, profile, "eq")
        .batch_status("x", &ids, t0())
        .await;
    assert_eq!(mine.len(), 1);
    assert_eq!(mine["Q-B1"], QuestionStatus::Passed);
    let theirs = RepoExams::new(&store, other, "eq")
        .batch_status("x", &ids, t0())
        .await;
    assert_eq!(theirs["Q-B1"], QuestionStatus::Available);
}

#[tokio::test]
async fn bad_exam_input_gets_coded_errors() {
    let (_dir, store, profile, thread) = setup().await;
    let e = app::submit_exam_answer(&store, profile, thread, "Q-B1", "Z", t0())
        .await
        .unwrap_err();
    assert_eq!(code(e), "exam_invalid_option");
    let e = app::submit_exam_answer(&store, profile, thread, "Q-404", "A", t0())
        .await
        .unwrap_err();
    assert_eq!(code(e), "exam_question_not_found");
}

static EMPTY_INDEX: std::sync::LazyLock<ScriptedRetriever> =
    std::sync::LazyLock::new(ScriptedRetriever::default);

/// Asks for drills without a model until one comes from the unit's template (the pack
/// also gives clozes and true-or-false drills); returns its message id and its right
/// answer, solved from the question as a student would.
async fn drill(store: &Store, profile: i64, thread: i64) -> (String, String) {
    let exams = RepoExams::new(store, profile, "eq");
    for _ in 0..12 {
        let answer = app::send(
            store,
            profile,
            thread,
            &CleanStudentInput::event(ClientEvent::RequestDrill {
                unit_id: "E-1".into(),
            }),
            TutorPorts {
                llm: None,
                retriever: &*EMPTY_INDEX,
                exams: &exams,
            },
            t0(),
            TutorSinks::words(&mut |_| {}),
            &CancelFlag::default(),
        )
        .await
        .unwrap();
        let (_, _, key) = store.tutor_last_question(thread).await.unwrap().unwrap();
        if key.source != DrillSource::Template {
            continue;
        }
        let message = answer.messages.last().unwrap();
        let Some(TutorCard::Drill {
            prompt,
            question_latex,
            ..
        }) = &message.card
        else {
            panic!("no drill: {message:?}");
        };
        let Some(Solved::Answer(right)) = solve(prompt, question_latex) else {
            panic!("unsolvable {question_latex}");
        };
        return (message.id.clone(), right);
    }
    panic!("no template drill in 12 requests");
}

async fn grade(store: &Store, profile: i64, thread: i64, id: &str, text: &str) -> DrillGraded {
    app::grade_drill(
        store,
        profile,
        thread,
        id,
        &clean_message(text).unwrap(),
        None,
        t0(),
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_drill_is_graded_once_by_the_checker_and_counts_its_tag() {
    let (_dir, store, profile, thread) = setup().await;
    let (id, right) = drill(&store, profile, thread).await;
    let wrong = grade(&store, profile, thread, &id, "x = 1000").await;
    assert!(!wrong.verdict.is_correct);
    let e = app::grade_drill(
        &store,
        profile,
        thread,
        &id,
        &clean_message(&right).unwrap(),
        None,
        t0(),
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap_err();
    assert_eq!(code(e), "tutor_drill_already_graded");
    let (id, right) = drill(&store, profile, thread).await;
    let ok = grade(&store, profile, thread, &id, &right).await;
    assert!(ok.verdict.is_correct, "{right}");
    assert!(matches!(
        ok.messages.last().unwrap().card,
        Some(TutorCard::DrillFeedback {
            is_correct: true,
            ..
        })
    ));
    let course = store.tutor_course("eq").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, t0()).await.unwrap();
    let p = snapshot.progress("E-1").unwrap();
    assert_eq!(
        (p.drill.attempts, p.drill.correct, p.drill.streak_correct),
        (2, 1, 1)
    );
    let e = app::grade_drill(
        &store,
        profile,
        thread,
        "999",
        &clean_message("1").unwrap(),
        None,
        t0(),
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
    .unwrap_err();
    assert_eq!(code(e), "tutor_drill_not_found");
}

#[tokio::test]
async fn a_foreseen_wrong_answer_counts_its_misconception_tag() {
    let (_dir, store, profile, thread) = setup().await;
    let (id, right) = drill(&store, profile, thread).await;
    // The template foresees x = c + b; rebuild it from the question.
    let t = store.tutor_thread(profile, thread).await.unwrap();
    let Some(TutorCard::Drill { question_latex, .. }) = &t.messages.last().unwrap().card else {
        panic!()
    };
    let numbers: Vec<i64> = question_latex
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect();
    let foreseen = format!("x = {}", numbers[1] + numbers[0]);
    let graded = grade(&store, profile, thread, &id, &foreseen).await;
    assert!(!graded.verdict.is_correct, "{right} vs {foreseen}");
    assert_eq!(
        graded.verdict.common_mistake_tag.as_deref(),
        Some("adds_instead")
    );
    let course = store.tutor_course("eq").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, t0()).await.unwrap();
    assert_eq!(
        snapshot.progress("E-1").unwrap().confusion_tags["adds_instead"],
        1
    );
}

#[tokio::test]
async fn bronze_then_silver_from_drills_and_passes() {
    let (_dir, store, profile, thread) = setup().await;
    for _ in 0..2 {
        let (id, right) = drill(&store, profile, thread).await;
        grade(&store, profile, thread, &id, &right).await;
    }
    let bronze = app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", t0())
        .await
        .unwrap();
    assert!(bronze.effect.tier_rose);
    let silver = app::submit_exam_answer(&store, profile, thread, "Q-S1", "B", t0())
        .await
        .unwrap();
    assert!(silver.effect.tier_rose);
    assert_eq!(silver.snapshot_lite.focus.mastery_tier, MasteryTier::Silver);
}

#[tokio::test]
async fn mastery_changes_draw_the_progress_chart_and_the_learning_path() {
    let (_dir, store, profile, thread) = setup().await;
    assert!(app::progress_history(&store, profile, thread)
        .await
        .unwrap()
        .is_empty());
    for _ in 0..2 {
        let (id, right) = drill(&store, profile, thread).await;
        grade(&store, profile, thread, &id, &right).await;
    }
    app::submit_exam_answer(&store, profile, thread, "Q-B1", "B", t0())
        .await
        .unwrap();
    let later = t0() + chrono::Duration::hours(1);
    app::submit_exam_answer(&store, profile, thread, "Q-S1", "B", later)
        .await
        .unwrap();
    let points = app::progress_history(&store, profile, thread)
        .await
        .unwrap();
    let counts: Vec<(u32, u32)> = points.iter().map(|p| (p.bronze, p.silver)).collect();
    assert_eq!(counts, [(1, 0), (1, 1)]);
    let path = app::learning_path(&store, profile, thread, later)
        .await
        .unwrap();
    let focus = path.units.iter().find(|u| u.is_focus).unwrap();
    assert_eq!(focus.mastery_tier, MasteryTier::Silver);
    assert!(!focus.blocked);
    // Deleting the thread keeps the history with the student's progress.
    let other = store
        .create_tutor_thread(profile, "eq", None, later)
        .await
        .unwrap();
    store.delete_tutor_thread(profile, thread).await.unwrap();
    assert_eq!(
        app::progress_history(&store, profile, other.id)
            .await
            .unwrap()
            .len(),
        2
    );
}
