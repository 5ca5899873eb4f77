//! Hand-ins and the class view against real SQLite files: a student's evidence handed
//! in, imported into a class on another data folder, the grid equal to the student's
//! own snapshot; re-imports change nothing, newer hand-ins replace older, an edited
//! file is flagged, and each profile kind refuses the other's commands.

use chrono::{DateTime, Duration, Utc};
use lantern_core::retrieval::Tier;
use lantern_core::Coded;
use lantern_packs::course::{
    AnswerOption, CourseManifest, ExamFile, Question, Unit, FORMAT_VERSION,
};
use lantern_progress::class::{ClassFilter, StudentFlag};
use lantern_progress::{make_hand_in, HandIn};
use lantern_store::{HandInOutcome, HandInScope, ProfileKind, Store};
use lantern_tutor::app;

fn t0() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-10-05T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn unit(id: &str, title: &str) -> Unit {
    Unit {
        id: id.into(),
        title: title.into(),
        anchor: format!("{title} is taught here."),
        tags: vec![],
        misconceptions: vec![],
        content: vec![],
        drills: vec![],
    }
}

fn question(id: &str, unit: &str, tier: Tier) -> Question {
    Question {
        id: id.into(),
        unit_ids: vec![unit.into()],
        tier,
        stem: format!("Which is true of {id}?"),
        options: ["A", "B"]
            .iter()
            .map(|o| AnswerOption {
                id: (*o).into(),
                text: format!("option {o}"),
            })
            .collect(),
        correct: "B".into(),
        memo: "Because B.".into(),
        tags: vec![],
        transcript: None,
        video: None,
    }
}

async fn student_laptop() -> (tempfile::TempDir, Store, i64, i64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let manifest = CourseManifest {
        format_version: FORMAT_VERSION,
        id: "cells".into(),
        title: "Cells".into(),
        language: "en".into(),
        description: String::new(),
        entry_unit: "C-1".into(),
        units: vec![unit("C-1", "The cell"), unit("C-2", "Osmosis")],
        prerequisites: vec![],
    };
    let exams = ExamFile {
        format_version: FORMAT_VERSION,
        questions: vec![
            question("Q1", "C-1", Tier::Bronze),
            question("Q2", "C-1", Tier::Bronze),
            question("Q3", "C-2", Tier::Bronze),
        ],
    };
    store
        .replace_course(&manifest, &exams, &[], "g1")
        .await
        .unwrap();
    let profile = store.ensure_profile("Ana").await.unwrap().id;
    let thread = store
        .create_tutor_thread(profile, "cells", None, t0())
        .await
        .unwrap()
        .id;
    (dir, store, profile, thread)
}

async fn class_laptop() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let class = store
        .create_profile_of_kind("Year 9 biology", ProfileKind::Class, Some("2468"), t0())
        .await
        .unwrap();
    assert_eq!(class.kind, ProfileKind::Class);
    (dir, store, class.id)
}

#[tokio::test]
async fn the_class_grid_equals_the_students_own_snapshot() {
    let (_a, student, profile, thread) = student_laptop().await;
    app::submit_exam_answer(&student, profile, thread, "Q1", "A", t0())
        .await
        .unwrap();
    app::submit_exam_answer(
        &student,
        profile,
        thread,
        "Q2",
        "B",
        t0() + Duration::minutes(2),
    )
    .await
    .unwrap();
    let now = t0() + Duration::minutes(5);
    let hand_in = student
        .progress_hand_in(profile, &HandInScope::Course("cells".into()), false, now)
        .await
        .unwrap();
    let record = &hand_in.report.courses[0];
    assert_eq!(record.questions.len(), 2);
    assert_eq!(
        record.units[0].lockouts, 1,
        "Q1 is locked after its wrong answer"
    );
    assert_eq!(record.units[0].exam_wrong, 1);
    assert!(hand_in
        .statements
        .iter()
        .any(|s| s["verb"]["display"]["en-US"] == "answered"));

    let (_b, class, class_id) = class_laptop().await;
    let imported = class
        .class_import(
            class_id,
            "ana.progress.json",
            hand_in.file_text.as_bytes(),
            now,
        )
        .await
        .unwrap();
    assert_eq!(
        (imported.outcome, imported.edited),
        (HandInOutcome::Added, false)
    );
    let view = class
        .class_view(class_id, &ClassFilter::default(), now)
        .await
        .unwrap();
    let course = view.course.unwrap();
    let path = app::learning_path(&student, profile, thread, now)
        .await
        .unwrap();
    assert_eq!(course.rows.len(), 1);
    for (column, cell) in course.units.iter().zip(&course.rows[0].cells) {
        let own = path
            .units
            .iter()
            .find(|n| n.unit_id == column.unit_id)
            .unwrap();
        assert_eq!(cell.tier, own.mastery_tier, "{}", column.unit_id);
    }
    assert!(course.rows[0].cells[0].touched);
    assert_eq!(record.units[0].exam_passed.bronze, 1);
    assert_eq!(course.failed_questions[0].question_id, "Q1");
}

#[tokio::test]
async fn re_importing_changes_nothing_and_a_newer_hand_in_is_used_the_older_kept() {
    let (_a, student, profile, thread) = student_laptop().await;
    let scope = HandInScope::AllCourses;
    app::submit_exam_answer(&student, profile, thread, "Q1", "A", t0())
        .await
        .unwrap();
    let older = student
        .progress_hand_in(profile, &scope, false, t0() + Duration::hours(1))
        .await
        .unwrap();
    app::submit_exam_answer(
        &student,
        profile,
        thread,
        "Q2",
        "B",
        t0() + Duration::hours(2),
    )
    .await
    .unwrap();
    let newer = student
        .progress_hand_in(profile, &scope, false, t0() + Duration::hours(3))
        .await
        .unwrap();

    let (_b, class, class_id) = class_laptop().await;
    let import = |text: &str| {
        let class = class.clone();
        let bytes = text.as_bytes().to_vec();
        async move {
            class
                .class_import(
                    class_id,
                    "f.progress.json",
                    &bytes,
                    t0() + Duration::hours(4),
                )
                .await
                .unwrap()
                .outcome
        }
    };
    assert_eq!(import(&older.file_text).await, HandInOutcome::Added);
    assert_eq!(import(&older.file_text).await, HandInOutcome::Unchanged);
    assert_eq!(import(&newer.file_text).await, HandInOutcome::Added);
    let key = &newer.report.student.key;
    let history = class.class_history(class_id, key).await.unwrap();
    assert_eq!(history.len(), 2, "the older one is kept");
    assert_eq!(
        history.iter().map(|h| h.in_use).collect::<Vec<_>>(),
        [true, false]
    );
    let view = class
        .class_view(class_id, &ClassFilter::default(), t0() + Duration::hours(4))
        .await
        .unwrap();
    assert_eq!(view.students[0].handed_in_at, newer.report.exported_at);
    assert_eq!(view.students[0].hand_ins, 2);
    assert!(view.students[0].flags.is_empty());
}

#[tokio::test]
async fn an_edited_hand_in_is_imported_flagged() {
    let (_a, student, profile, thread) = student_laptop().await;
    app::submit_exam_answer(&student, profile, thread, "Q1", "A", t0())
        .await
        .unwrap();
    let hand_in = student
        .progress_hand_in(profile, &HandInScope::AllCourses, false, t0())
        .await
        .unwrap();
    let edited = hand_in
        .file_text
        .replacen("\"examWrong\": 1", "\"examWrong\": 0", 1);
    assert_ne!(edited, hand_in.file_text);
    let (_b, class, class_id) = class_laptop().await;
    let imported = class
        .class_import(class_id, "f.progress.json", edited.as_bytes(), t0())
        .await
        .unwrap();
    assert!(imported.edited);
    let view = class
        .class_view(class_id, &ClassFilter::default(), t0())
        .await
        .unwrap();
    assert!(view.course.unwrap().rows[0].edited);
}

#[tokio::test]
async fn a_file_that_is_not_a_hand_in_changes_nothing() {
    let (_b, class, class_id) = class_laptop().await;
    for (bytes, code) in [
        (&b"{\"x\":1}"[..], "handin_invalid"),
        (&b"\xff\xfe"[..], "handin_invalid"),
    ] {
        let e = class
            .class_import(class_id, "bad.json", bytes, t0())
            .await
            .unwrap_err();
        assert_eq!(e.code().as_str(), code);
    }
    let view = class
        .class_view(class_id, &ClassFilter::default(), t0())
        .await
        .unwrap();
    assert!(view.students.is_empty());
}

#[tokio::test]
async fn each_profile_kind_refuses_the_others_commands() {
    let (_a, student, profile, _) = student_laptop().await;
    let class = student
        .create_profile_of_kind("My class", ProfileKind::Class, Some("2468"), t0())
        .await
        .unwrap();
    let e = student
        .class_import(profile, "f", b"{}", t0())
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "class_profile_required");
    let e = student
        .progress_hand_in(class.id, &HandInScope::AllCourses, false, t0())
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "class_profile_required");
    assert_eq!(
        student.ensure_profile("x").await.unwrap().id,
        profile,
        "the first student profile opens, not the class"
    );
}

#[tokio::test]
async fn nothing_worked_on_is_refused_and_a_key_is_made_once() {
    let (_a, student, profile, _) = student_laptop().await;
    let e = student
        .progress_hand_in(profile, &HandInScope::AllCourses, false, t0())
        .await
        .unwrap_err();
    assert_eq!(
        e.code().as_str(),
        "handin_empty",
        "a thread opened is not work: {e}"
    );
    let key = student.student_key(profile).await.unwrap();
    assert_eq!(key.len(), 32);
    assert_eq!(student.student_key(profile).await.unwrap(), key);
}

/// Bob's genuine hand-in, and the class that imported it.
async fn bob_handed_in() -> (tempfile::TempDir, tempfile::TempDir, Store, i64, HandIn) {
    let (a, student, profile, thread) = student_laptop().await;
    app::submit_exam_answer(&student, profile, thread, "Q1", "B", t0())
        .await
        .unwrap();
    let bob = student
        .progress_hand_in(
            profile,
            &HandInScope::AllCourses,
            false,
            t0() + Duration::hours(1),
        )
        .await
        .unwrap();
    let (b, class, class_id) = class_laptop().await;
    let imported = class
        .class_import(
            class_id,
            "bob.progress.json",
            bob.file_text.as_bytes(),
            t0() + Duration::hours(2),
        )
        .await
        .unwrap();
    assert_eq!(imported.outcome, HandInOutcome::Added);
    (a, b, class, class_id, bob)
}

/// A sealed file under Bob's key and name that Mallory made with the source in hand:
/// her own work, dated `at`.
fn forged_as_bob(bob: &HandIn, at: DateTime<Utc>) -> HandIn {
    let mut report = bob.report.clone();
    report.exported_at = at;
    let course = &mut report.courses[0];
    course.first_activity_at = Some(t0() - Duration::days(20));
    course.questions.clear();
    for unit in &mut course.units {
        unit.tier = lantern_tutor::contract::MasteryTier::None;
        unit.exam_passed = Default::default();
    }
    make_hand_in(report, &[], "all").unwrap()
}

#[tokio::test]
async fn a_classmates_file_under_bobs_key_deletes_nothing_is_flagged_and_bob_can_be_restored() {
    let (_a, _b, class, class_id, bob) = bob_handed_in().await;
    let now = t0() + Duration::hours(5);
    let forged = forged_as_bob(&bob, t0() + Duration::hours(3));
    class
        .class_import(
            class_id,
            "bob2.progress.json",
            forged.file_text.as_bytes(),
            now,
        )
        .await
        .unwrap();
    let key = &bob.report.student.key;
    let history = class.class_history(class_id, key).await.unwrap();
    assert_eq!(history.len(), 2, "Bob's genuine hand-in is still there");
    let view = class
        .class_view(class_id, &ClassFilter::default(), now)
        .await
        .unwrap();
    assert!(view.students[0].flags.contains(&StudentFlag::WorkDisagrees));

    let genuine = history
        .iter()
        .find(|h| h.exported_at == bob.report.exported_at)
        .unwrap();
    class
        .class_choose(class_id, key, Some(&genuine.digest))
        .await
        .unwrap();
    let view = class
        .class_view(class_id, &ClassFilter::default(), now)
        .await
        .unwrap();
    assert_eq!(view.students[0].handed_in_at, bob.report.exported_at);
    let course = view.course.unwrap();
    assert_eq!(
        course.rows[0].cells[0].tier,
        bob.report.courses[0].units[0].tier
    );
    assert!(course.rows[0].flags.contains(&StudentFlag::ChosenByTeacher));

    class.class_choose(class_id, key, None).await.unwrap();
    let e = class
        .class_choose(class_id, key, Some(&"0".repeat(64)))
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "handin_not_found");
}

#[tokio::test]
async fn a_file_dated_in_the_future_is_refused_and_stores_nothing() {
    let (_a, _b, class, class_id, bob) = bob_handed_in().await;
    let from_2099 = forged_as_bob(&bob, "2099-01-01T00:00:00Z".parse().unwrap());
    let e = class
        .class_import(
            class_id,
            "bob.progress.json",
            from_2099.file_text.as_bytes(),
            t0() + Duration::hours(5),
        )
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "handin_future_dated");
    let history = class
        .class_history(class_id, &bob.report.student.key)
        .await
        .unwrap();
    assert_eq!(history.len(), 1);
}

#[tokio::test]
async fn an_edited_file_never_replaces_a_sealed_one_however_late_its_date() {
    let (_a, _b, class, class_id, bob) = bob_handed_in().await;
    let later = bob.file_text.replace(
        &bob.report
            .exported_at
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "2026-10-05T13:00:00.000Z",
    );
    let later = later.replacen("\"drillsAttempted\": 0", "\"drillsAttempted\": 40", 1);
    assert_ne!(later, bob.file_text);
    let imported = class
        .class_import(
            class_id,
            "bob.progress.json",
            later.as_bytes(),
            t0() + Duration::hours(5),
        )
        .await
        .unwrap();
    assert!(imported.edited);
    assert_eq!(imported.outcome, HandInOutcome::Outdated);
    let view = class
        .class_view(class_id, &ClassFilter::default(), t0() + Duration::hours(5))
        .await
        .unwrap();
    assert_eq!(view.students[0].handed_in_at, bob.report.exported_at);
    assert!(!view.students[0].edited);
}

#[tokio::test]
async fn the_summaries_are_regenerated_from_the_verified_report() {
    let (_a, _b, class, class_id, bob) = bob_handed_in().await;
    let summaries = class.class_summaries(class_id, None).await.unwrap();
    assert_eq!(summaries.len(), 1);
    assert_eq!(summaries[0].1, lantern_progress::csv_summary(&bob.report));
}
