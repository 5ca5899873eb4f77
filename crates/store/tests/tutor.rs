//! The tutor's persistence against a real SQLite file: threads per profile and course,
//! the snapshot created on first use, and a turn written in one transaction.

use chrono::{DateTime, Utc};
use lantern_core::llm::CancelFlag;
use lantern_core::retrieval::ScriptedRetriever;
use lantern_core::turn::ReplyOrigin;
use lantern_core::Coded;
use lantern_packs::course::{CourseManifest, Edge, ExamFile, Unit, FORMAT_VERSION};
use lantern_store::Store;
use lantern_tutor::app::{self, TutorAnswer, TutorPorts, TutorSinks};
use lantern_tutor::exam::NoExamService;
use lantern_tutor::judge::TutorVerdict;
use lantern_tutor::{clean_input, ClientEvent, StudentInput, TutorCard, TutorRole};

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-05-01T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn manifest() -> CourseManifest {
    let unit = |id: &str, title: &str| Unit {
        id: id.into(),
        title: title.into(),
        anchor: format!("{title} is taught here. Practise it with care."),
        tags: vec![],
        misconceptions: vec!["Writes $2 + 2 = 5$.".into()],
        content: vec![],
        drills: vec![],
    };
    CourseManifest {
        format_version: FORMAT_VERSION,
        id: "geo".into(),
        title: "Geometry".into(),
        language: "en".into(),
        description: String::new(),
        entry_unit: "G-1".into(),
        units: vec![unit("G-1", "Angles"), unit("G-2", "Triangles")],
        prerequisites: vec![Edge {
            from: "G-1".into(),
            to: "G-2".into(),
        }],
    }
}

/// Imports the course as index generation `generation`.
async fn import(store: &Store, generation: &str) {
    let exams = ExamFile {
        format_version: FORMAT_VERSION,
        questions: vec![],
    };
    store
        .replace_course(&manifest(), &exams, &[], generation)
        .await
        .unwrap();
}

async fn store_with_course() -> (tempfile::TempDir, Store, i64) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    import(&store, "g1").await;
    let profile = store.ensure_profile("Ana").await.unwrap().id;
    (dir, store, profile)
}

/// An index that finds nothing (mapping then keeps the snapshot's focus).
static EMPTY_INDEX: std::sync::LazyLock<ScriptedRetriever> =
    std::sync::LazyLock::new(ScriptedRetriever::default);

/// A store with the course imported and a thread of profile "Ana" on it.
async fn store_with_thread() -> (tempfile::TempDir, Store, i64, i64) {
    let (dir, store, profile) = store_with_course().await;
    let id = store
        .create_tutor_thread(profile, "geo", None, now())
        .await
        .unwrap()
        .id;
    (dir, store, profile, id)
}

fn ports() -> TutorPorts<'static> {
    TutorPorts {
        llm: None,
        retriever: &*EMPTY_INDEX,
        exams: &NoExamService,
    }
}

/// Runs one turn of thread `id` without a model.
async fn offline_turn(store: &Store, profile: i64, id: i64, input: &StudentInput) -> TutorAnswer {
    app::send(
        store,
        profile,
        id,
        &clean_input(input).unwrap(),
        ports(),
        now(),
        TutorSinks::words(&mut |_| {}),
        &CancelFlag::default(),
    )
    .await
    .unwrap()
}

#[tokio::test]
async fn a_thread_starts_with_a_snapshot_focused_on_the_entry_unit() {
    let (_dir, store, profile) = store_with_course().await;
    let thread = store
        .create_tutor_thread(profile, "geo", None, now())
        .await
        .unwrap();
    assert_eq!(thread.course_id, "geo");
    assert!(thread.messages.is_empty());
    let course = store.tutor_course("geo").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, now()).await.unwrap();
    assert_eq!(snapshot.focus_unit_id, "G-1");
    assert!(snapshot.unit_progress.is_empty());
    let err = store
        .create_tutor_thread(profile, "nope", None, now())
        .await
        .unwrap_err();
    assert_eq!(err.code(), "tutor_course_not_found");
}

#[tokio::test]
async fn a_turn_saves_its_messages_snapshot_and_log_together() {
    let (_dir, store, profile, id) = store_with_thread().await;
    let answer = offline_turn(
        &store,
        profile,
        id,
        &StudentInput::message("what is an angle?"),
    )
    .await;
    assert_eq!(answer.origin, ReplyOrigin::Offline);
    assert_eq!(answer.messages.len(), 2);
    assert_eq!(answer.messages[0].role, TutorRole::User);
    assert_eq!(answer.snapshot_lite.focus.unit_id, "G-1");
    let thread = store.tutor_thread(profile, id).await.unwrap();
    assert_eq!(thread.turns, 1);
    assert_eq!(thread.messages, answer.messages);
    let log = store.tutor_log(profile, id).await.unwrap();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].turn_id, answer.turn_id);
    let course = store.tutor_course("geo").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, now()).await.unwrap();
    assert_eq!(snapshot.units_in_progress, ["G-1"]);
    assert_eq!(
        snapshot.progress("G-1").unwrap().last_touched_at,
        Some(now())
    );
    // A button press saves no student message, only the reply.
    let drill = StudentInput::event(ClientEvent::RequestDrill {
        unit_id: "G-1".into(),
    });
    let answer = offline_turn(&store, profile, id, &drill).await;
    assert_eq!(answer.messages.len(), 1);
    assert!(matches!(
        answer.messages[0].card,
        Some(TutorCard::Drill { .. })
    ));
}

#[tokio::test]
async fn the_tutors_question_is_graded_on_the_next_message_and_its_passage_is_kept() {
    let (_dir, store, profile, id) = store_with_thread().await;
    let first = offline_turn(
        &store,
        profile,
        id,
        &StudentInput::message("what is an angle?"),
    )
    .await;
    let reply = first.messages.last().unwrap();
    let passage = reply.passage.as_ref().expect("a passage");
    assert_eq!(passage.unit_id, "G-1");
    let (_, card, key) = store
        .tutor_last_question(id)
        .await
        .unwrap()
        .expect("a question");
    assert!(card.is_none() && key.verified);
    let answer = offline_turn(&store, profile, id, &StudentInput::message(&key.answer)).await;
    assert_eq!(answer.origin, ReplyOrigin::App, "a verdict needs no model");
    let graded = answer.messages.last().unwrap();
    assert_eq!(graded.verdict, Some(TutorVerdict::Right));
    assert_eq!(answer.log.verdict, Some(TutorVerdict::Right));
    let course = store.tutor_course("geo").await.unwrap();
    let snapshot = store.tutor_snapshot(profile, &course, now()).await.unwrap();
    let drill = &snapshot.progress(&key.unit_id).unwrap().drill;
    assert_eq!(
        (drill.attempts, drill.correct, drill.streak_correct),
        (1, 1, 1)
    );
    let thread = store.tutor_thread(profile, id).await.unwrap();
    assert_eq!(thread.messages[1].passage.as_ref(), Some(passage));
    assert_eq!(thread.messages[3].verdict, Some(TutorVerdict::Right));
}

#[tokio::test]
async fn a_stopped_turn_saves_nothing() {
    let (_dir, store, profile, id) = store_with_thread().await;
    let llm = lantern_core::llm::ScriptedLlm::new([]);
    let cancel = CancelFlag::default();
    cancel.cancel();
    let ports = TutorPorts {
        llm: Some(&llm),
        ..ports()
    };
    let err = app::send(
        &store,
        profile,
        id,
        &clean_input(&StudentInput::message("what is an angle?")).unwrap(),
        ports,
        now(),
        TutorSinks::words(&mut |_| {}),
        &cancel,
    )
    .await
    .unwrap_err();
    assert_eq!(err.code(), "model_cancelled");
    assert!(store
        .tutor_thread(profile, id)
        .await
        .unwrap()
        .messages
        .is_empty());
    assert!(store.tutor_log(profile, id).await.unwrap().is_empty());
}

#[tokio::test]
async fn threads_belong_to_their_profile_and_survive_a_reimport() {
    let (_dir, store, profile, id) = store_with_thread().await;
    offline_turn(&store, profile, id, &StudentInput::message("angles")).await;
    let other = store.create_profile("Ben").await.unwrap().id;
    assert_eq!(
        store.tutor_thread(other, id).await.unwrap_err().code(),
        "tutor_thread_not_found"
    );
    assert!(store.list_tutor_threads(other).await.unwrap().is_empty());
    import(&store, "g2").await;
    assert_eq!(
        store
            .tutor_thread(profile, id)
            .await
            .unwrap()
            .messages
            .len(),
        2
    );
    store.delete_tutor_thread(profile, id).await.unwrap();
    assert!(store.list_tutor_threads(profile).await.unwrap().is_empty());
}

#[tokio::test]
async fn the_passage_is_handed_over_before_any_words_and_is_the_one_saved() {
    let (_dir, store, profile, id) = store_with_thread().await;
    let order = std::sync::Mutex::new(Vec::<String>::new());
    let mut on_passage = |p: &lantern_tutor::passage::SourcePassage| {
        order.lock().unwrap().push(format!("passage {}", p.unit_id));
    };
    let mut on_text = |t: &str| order.lock().unwrap().push(format!("text {t}"));
    let sinks = TutorSinks {
        on_passage: Some(&mut on_passage),
        on_text: &mut on_text,
    };
    let answer = app::send(
        &store,
        profile,
        id,
        &clean_input(&StudentInput::message("what is an angle?")).unwrap(),
        ports(),
        now(),
        sinks,
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    let saved = answer.messages.last().unwrap().passage.as_ref().unwrap();
    let order = order.into_inner().unwrap();
    assert_eq!(order.first(), Some(&format!("passage {}", saved.unit_id)));
    assert!(answer.timings.prepare_ms >= 0.0 && answer.timings.save_ms >= 0.0);
}
