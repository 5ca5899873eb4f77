//! Who wrote each tutor reply, as the database keeps it: the five reply kinds walked
//! through the tutor's `send` operation on a real SQLite store, each origin read back
//! from its saved `tutor_messages` row.
//!
//! - model: the model's explanation of the passage;
//! - app: a drill asked for with its button — the authored turn, which needs no model
//!   words (`PreparedTurn::without_model`);
//! - offline: no model loaded;
//! - afterModelFailure: the model crashed or hung mid-turn;
//! - afterBrokenReply: a reply the tutor calls broken (the grammar failed).
//!
//! An exam event's outcome card is the app's too, through the same `answer_turn`.

use chrono::{DateTime, Utc};
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::retrieval::ScriptedRetriever;
use lantern_core::retrieval::Tier;
use lantern_core::turn::ReplyOrigin;
use lantern_packs::course::{
    AnswerOption, CourseManifest, ExamFile, Question, Unit, FORMAT_VERSION,
};
use lantern_store::Store;
use lantern_tutor::app::{self, TutorAnswer, TutorPorts, TutorSinks};
use lantern_tutor::exam::NoExamService;
use lantern_tutor::{clean_input, CleanStudentInput, ClientEvent, StudentInput};
use sqlx::ConnectOptions;

fn now() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-05-01T10:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

/// A one-unit course whose anchor the tutor explains.
fn manifest() -> CourseManifest {
    CourseManifest {
        format_version: FORMAT_VERSION,
        id: "geo".into(),
        title: "Geometry".into(),
        language: "en".into(),
        description: String::new(),
        entry_unit: "G-1".into(),
        units: vec![Unit {
            id: "G-1".into(),
            title: "Angles".into(),
            anchor: "Angles is taught here. Practise it with care.".into(),
            tags: vec![],
            misconceptions: vec![],
            content: vec![],
            drills: vec![],
        }],
        prerequisites: vec![],
    }
}

/// What the student sends, and how the model answers (no model when `None`).
struct Case {
    input: CleanStudentInput,
    model: Option<Result<String, LlmError>>,
    expected: ReplyOrigin,
}

fn cases() -> Vec<Case> {
    let question = || clean_input(&StudentInput::message("what is an angle?")).unwrap();
    let explained = serde_json::json!({ "tutor_text": "Angles is taught here." }).to_string();
    vec![
        Case {
            input: question(),
            model: Some(Ok(explained.clone())),
            expected: ReplyOrigin::Model,
        },
        Case {
            input: CleanStudentInput::event(ClientEvent::RequestDrill {
                unit_id: "G-1".into(),
            }),
            model: Some(Ok(explained)),
            expected: ReplyOrigin::App,
        },
        Case {
            input: question(),
            model: None,
            expected: ReplyOrigin::Offline,
        },
        Case {
            input: question(),
            model: Some(Err(LlmError::Crashed("killed".into()))),
            expected: ReplyOrigin::AfterModelFailure,
        },
        Case {
            input: question(),
            model: Some(Err(LlmError::Timeout(30))),
            expected: ReplyOrigin::AfterModelFailure,
        },
        Case {
            input: question(),
            model: Some(Err(LlmError::Grammar("bad".into()))),
            expected: ReplyOrigin::AfterBrokenReply,
        },
    ]
}

/// The case's input in a new thread, answered by its model through the app.
async fn answered(store: &Store, profile: i64, case: &Case) -> (i64, TutorAnswer) {
    let thread = store
        .create_tutor_thread(profile, "geo", None, now())
        .await
        .unwrap()
        .id;
    let llm = case.model.clone().map(|r| ScriptedLlm::new([r]));
    let index = ScriptedRetriever::default();
    let ports = TutorPorts {
        llm: llm.as_ref().map(|l| l as &dyn Llm),
        retriever: &index,
        exams: &NoExamService,
    };
    let answer = app::send(
        store,
        profile,
        thread,
        &case.input,
        ports,
        now(),
        TutorSinks::words(&mut |_| {}),
        &CancelFlag::default(),
    )
    .await
    .unwrap();
    (thread, answer)
}

/// The `origin` column of the thread's saved reply.
async fn stored_origin(conn: &mut sqlx::SqliteConnection, thread: i64) -> Option<String> {
    sqlx::query_scalar(
        "SELECT origin FROM tutor_messages WHERE thread_id = ? AND role = 'assistant' \
         ORDER BY id DESC LIMIT 1",
    )
    .bind(thread)
    .fetch_one(conn)
    .await
    .unwrap()
}

/// The course's one exam question, on the entry unit; B is right.
fn exam() -> ExamFile {
    ExamFile {
        format_version: FORMAT_VERSION,
        questions: vec![Question {
            id: "Q-1".into(),
            unit_ids: vec!["G-1".into()],
            tier: Tier::Bronze,
            stem: "Which angle is right?".into(),
            options: ["A", "B"]
                .iter()
                .map(|o| AnswerOption {
                    id: (*o).into(),
                    text: format!("option {o}"),
                })
                .collect(),
            correct: "B".into(),
            memo: "The right angle is B.".into(),
            tags: vec![],
            transcript: None,
            video: None,
        }],
    }
}

/// A store on a file with the course imported and profile "Ana", and a second
/// connection to read its rows.
async fn store() -> (tempfile::TempDir, Store, i64, sqlx::SqliteConnection) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lantern.db");
    let store = Store::open(&path).await.unwrap();
    store
        .replace_course(&manifest(), &exam(), &[], "g1")
        .await
        .unwrap();
    let profile = store.create_profile("Ana").await.unwrap().id;
    let conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&path)
        .connect()
        .await
        .unwrap();
    (dir, store, profile, conn)
}

#[tokio::test]
async fn each_reply_kind_is_stored_with_who_wrote_it() {
    let (_dir, store, profile, mut conn) = store().await;
    for case in cases() {
        let (thread, answer) = answered(&store, profile, &case).await;
        let row = stored_origin(&mut conn, thread).await;
        let stored = row.as_deref().and_then(ReplyOrigin::parse);
        assert_eq!(stored, Some(case.expected), "{:?}: row {row:?}", case.input);
        assert_eq!(
            answer.origin, case.expected,
            "the stored origin is returned"
        );
        assert_eq!(answer.log.origin, case.expected, "the log agrees");
        assert!(!answer.messages.last().unwrap().text.is_empty());
    }
}

#[tokio::test]
async fn an_exam_events_card_is_stored_as_the_apps() {
    let (_dir, store, profile, mut conn) = store().await;
    let thread = store
        .create_tutor_thread(profile, "geo", None, now())
        .await
        .unwrap()
        .id;
    let saved = app::submit_exam_answer(&store, profile, thread, "Q-1", "B", now())
        .await
        .unwrap();
    let row = stored_origin(&mut conn, thread).await;
    assert_eq!(
        row.as_deref().and_then(ReplyOrigin::parse),
        Some(ReplyOrigin::App)
    );
    assert_eq!(
        saved.messages.last().unwrap().origin,
        Some(ReplyOrigin::App)
    );
}
