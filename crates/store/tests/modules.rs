//! Guided modules against a real SQLite file: a module saved with its published index
//! generation; one session per profile and module, another profile's not found; a
//! message's coverage saved even when the model crashes; a milestone saved with the reply
//! that shows it and never again; a form refused before anything is saved; starting
//! over clears the progress; a re-import keeps sessions.

use lantern_core::language::Language;
use lantern_core::llm::{CancelFlag, Llm, LlmError, ScriptedLlm};
use lantern_core::turn::ReplyOrigin;
use lantern_core::Coded;
use lantern_modules::app::{self, ModuleRequest, ModuleSessionView, ModuleTurnSaved};
use lantern_modules::turn::clean_message;
use lantern_modules::{ModuleError, StudentAct};
use lantern_packs::module::contract::Milestone;
use lantern_packs::module::parse_module;
use lantern_store::Store;
use serde_json::json;

/// Two sections, four topics (25 % each).
const MODULE: &str = r#"{"formatVersion": 1, "id": "focus", "title": "Focus", "language": "en",
  "phases": [{"id": "p", "title": "Habits", "sections": [
    {"id": "desk", "title": "Your desk", "intro": "A tidy desk helps.", "form": "setup",
     "topics": [
      {"id": "phone", "title": "Phone away", "notes": "Put the phone in another room.", "keywords": {"en": ["phone"], "es": ["móvil"]}},
      {"id": "light", "title": "Good light", "notes": "Daylight keeps you awake.", "keywords": {"en": ["light"], "es": ["luz"]}}]},
    {"id": "time", "title": "Your time", "intro": "Short blocks work.",
     "topics": [
      {"id": "blocks", "title": "Time blocks", "notes": "Work 25 minutes, rest 5.", "keywords": {"en": ["timer"], "es": ["temporizador"]}},
      {"id": "rest", "title": "Rest", "notes": "Rest is part of work.", "keywords": {"en": ["rest"], "es": ["descanso"]}}]}]}],
  "forms": [{"id": "setup", "fields": [
    {"id": "where", "type": "select", "label": "Where do you study?", "options": [
      {"value": "bedroom", "label": "Bedroom", "covers": ["light"]}, {"value": "library", "label": "Library"}]}]}]}"#;

struct Fixture {
    store: Store,
    ana: i64,
    ben: i64,
    _dir: tempfile::TempDir,
}

async fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("lantern.db")).await.unwrap();
    let module = parse_module(MODULE).unwrap();
    store.replace_module(&module, "g1").await.unwrap();
    let ana = store.create_profile("Ana").await.unwrap().id;
    let ben = store.create_profile("Ben").await.unwrap().id;
    Fixture {
        store,
        ana,
        ben,
        _dir: dir,
    }
}

/// One turn of `profile` in `session`, with `llm` (none: the guide).
async fn turn_with(
    f: &Fixture,
    profile: i64,
    session: i64,
    act: StudentAct,
    llm: Option<&ScriptedLlm>,
) -> Result<ModuleTurnSaved, ModuleError> {
    let request = ModuleRequest {
        profile_id: profile,
        session_id: session,
        act,
    };
    let llm = llm.map(|l| l as &dyn Llm);
    app::send(
        &f.store,
        request,
        llm,
        None,
        &mut |_| {},
        &CancelFlag::default(),
    )
    .await
}

/// `profile`'s session of the module in `language`, started over when `restart`.
async fn start(f: &Fixture, profile: i64, language: Language, restart: bool) -> ModuleSessionView {
    app::start(&f.store, profile, "focus", language, restart)
        .await
        .unwrap()
}

/// The student saying `text`, cleaned as a send path does.
fn say(text: &str) -> StudentAct {
    StudentAct::Say(clean_message(text).unwrap())
}

async fn turn(
    f: &Fixture,
    profile: i64,
    session: i64,
    act: StudentAct,
) -> Result<ModuleTurnSaved, ModuleError> {
    turn_with(f, profile, session, act, None).await
}

#[tokio::test]
async fn a_module_is_listed_and_its_generation_published() {
    let f = fixture().await;
    let listed = f.store.list_modules().await.unwrap();
    assert_eq!(
        (listed[0].id.as_str(), listed[0].sections, listed[0].topics),
        ("focus", 2, 4)
    );
    let published = f.store.published_generations().await.unwrap();
    assert!(published.contains(&("module-focus".to_string(), "g1".to_string())));
    assert_eq!(
        f.store.module("nope").await.unwrap_err().code(),
        "module_not_found"
    );
}

#[tokio::test]
async fn one_session_per_profile_and_module_and_others_are_not_found() {
    let f = fixture().await;
    let first = start(&f, f.ana, Language::En, false).await;
    let again = start(&f, f.ana, Language::En, false).await;
    assert_eq!(first.session_id, again.session_id);
    assert_eq!(first.messages.len(), 1, "the opening reply");
    let err = turn(&f, f.ben, first.session_id, say("hi"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), "module_session_not_found");
}

#[tokio::test]
async fn coverage_is_kept_when_the_model_crashes_and_the_guide_answers() {
    let f = fixture().await;
    let s = start(&f, f.ana, Language::En, false).await;
    let crash = ScriptedLlm::new([Err(LlmError::Crashed("abort".into()))]);
    let message = say("my phone distracts me, why?");
    let saved = turn_with(&f, f.ana, s.session_id, message, Some(&crash))
        .await
        .unwrap();
    assert_eq!(saved.origin, ReplyOrigin::AfterModelFailure);
    assert_eq!(saved.progress.percentage, 25);
    let reopened = app::open(&f.store, f.ana, s.session_id).await.unwrap();
    assert_eq!(reopened.progress.covered, 1);
    assert_eq!(reopened.messages.len(), 3);
}

#[tokio::test]
async fn a_milestone_is_saved_with_its_reply_and_never_repeated() {
    let f = fixture().await;
    let s = start(&f, f.ana, Language::En, false).await;
    let first = turn(&f, f.ana, s.session_id, say("next")).await.unwrap();
    let milestone = first
        .reply
        .reply
        .as_ref()
        .unwrap()
        .meta
        .progress
        .as_ref()
        .unwrap()
        .milestone;
    assert_eq!(milestone, Some(Milestone::Half));
    assert_eq!(
        first.progress.celebrated,
        [Milestone::Quarter, Milestone::Half]
    );
    let back = turn(&f, f.ana, s.session_id, StudentAct::GoTo("desk".into()))
        .await
        .unwrap();
    assert_eq!(
        back.reply.reply.unwrap().meta.progress.unwrap().milestone,
        None
    );
}

/// The setup form answered with `place`.
fn setup_form(place: &str) -> StudentAct {
    StudentAct::Form {
        form_id: "setup".into(),
        answers: json!({ "where": place }).as_object().unwrap().clone(),
    }
}

#[tokio::test]
async fn a_bad_form_is_refused_before_anything_is_saved() {
    let f = fixture().await;
    let s = start(&f, f.ana, Language::En, false).await;
    let err = turn(&f, f.ana, s.session_id, setup_form("garden"))
        .await
        .unwrap_err();
    assert_eq!(err.code(), "module_form_invalid");
    assert_eq!(
        app::open(&f.store, f.ana, s.session_id)
            .await
            .unwrap()
            .messages
            .len(),
        1
    );
    let saved = turn(&f, f.ana, s.session_id, setup_form("bedroom"))
        .await
        .unwrap();
    assert_eq!(saved.student.text, "Where do you study?: Bedroom");
    assert_eq!(saved.student.form.unwrap()["answers"]["where"], "bedroom");
    assert_eq!(saved.progress.covered, 1);
}

#[tokio::test]
async fn starting_over_clears_progress_and_a_reimport_keeps_sessions() {
    let f = fixture().await;
    let s = start(&f, f.ana, Language::Es, false).await;
    turn(&f, f.ana, s.session_id, say("siguiente"))
        .await
        .unwrap();
    f.store
        .replace_module(&parse_module(MODULE).unwrap(), "g2")
        .await
        .unwrap();
    let kept = start(&f, f.ana, Language::Es, false).await;
    assert_eq!(kept.progress.percentage, 50);
    assert_eq!(kept.generation, "g2");
    let fresh = start(&f, f.ana, Language::Es, true).await;
    assert_eq!(fresh.progress.percentage, 0);
    assert_eq!(fresh.messages.len(), 1);
}
