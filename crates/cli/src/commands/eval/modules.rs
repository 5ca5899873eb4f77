//! The guided modules' eval runner: each case imports its module pack (once per run),
//! starts a fresh session in a profile of its own, plays its turns (messages, forms,
//! sections picked) through the real store and model, and scores each reply: it
//! renders, the model's reply was schema-valid without repair, progress and milestones
//! are exactly what the rules give, the section is right, the words are in the
//! expected language, and there are quick replies — and by issue #49's checks
//! (`checks`): the note shown answers the question, distress gets the support message
//! first, and every sentence shown follows the student's language.

mod checks;

use super::bench::Bench;
use super::tutor::resolve_pack;
use crate::cli_error::CliError;
use crate::commands::modules::reply_text;
use crate::locations::Locations;
use checks::Topics;
use lantern_core::eval::{Check, TurnScore};
use lantern_core::eval_words::{word_checks, WordContext};
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::retrieval::Retriever;
use lantern_core::text::tidy::detect_language;
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_modules::app::{self, ModuleRequest, ModuleTurnSaved};
use lantern_modules::offline;
use lantern_modules::prompt::labels_for;
use lantern_modules::replies;
use lantern_modules::turn::clean_message;
use lantern_modules::StudentAct;
use lantern_packs::module::contract::{BlockType, Emotion, Milestone, ModuleReply, ResponseType};
use lantern_packs::module::ModuleManifest;
use lantern_rag::{import_module_pack, Embedder, EmbedderFiles, LanceRetriever};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One scripted conversation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModuleCase {
    id: String,
    #[serde(deserialize_with = "super::language")]
    language: Language,
    /// The module pack's folder.
    pack: PathBuf,
    turns: Vec<Turn>,
}

/// A submitted form.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormTurn {
    id: String,
    answers: Map<String, Value>,
}

/// One thing the student does, and what must follow.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Turn {
    #[serde(default)]
    say: Option<String>,
    #[serde(default)]
    form: Option<FormTurn>,
    #[serde(default)]
    go: Option<String>,
    #[serde(default)]
    expect: Expect,
}

/// What the reply's progress must be.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Expect {
    section: Option<String>,
    newly_covered: Option<Vec<String>>,
    covered: Option<usize>,
    percentage: Option<u32>,
    #[serde(default)]
    milestone: Option<Milestone>,
    sections_completed: Option<usize>,
    /// The topic (or any of the topics) whose note answers the message.
    answered_by: Option<Topics>,
    /// Words of the note sentence the answer should open with (any of them).
    answered_with: Option<Vec<String>>,
    /// Whether the message is distress, which the support message answers first.
    support: Option<bool>,
    /// The reply's language when the message's differs from the session's.
    #[serde(default, deserialize_with = "super::optional_language")]
    reply_language: Option<Language>,
}

fn invalid(case: &ModuleCase, detail: impl std::fmt::Display) -> CliError {
    CliError::new(
        ErrorCode::EvalCasesInvalid,
        format!("case {}: {detail}", case.id),
    )
}

impl Turn {
    /// What the student does (a message cleaned, the only time it is) and how the
    /// eval prints it, or why the turn is not one.
    fn act(&self) -> Result<(StudentAct, String), String> {
        match (&self.say, &self.form, &self.go) {
            (Some(text), None, None) => {
                let clean = clean_message(text).map_err(|e| e.to_string())?;
                Ok((StudentAct::Say(clean), text.clone()))
            }
            (None, Some(form), None) => Ok((
                StudentAct::Form {
                    form_id: form.id.clone(),
                    answers: form.answers.clone(),
                },
                format!("[form {}] {}", form.id, Value::Object(form.answers.clone())),
            )),
            (None, None, Some(section)) => {
                Ok((StudentAct::GoTo(section.clone()), format!("[go {section}]")))
            }
            _ => Err("must be one of say, form, go".into()),
        }
    }
}

/// The checks every reply must pass.
fn render_checks(reply: &ModuleReply, module: &ModuleManifest) -> Check {
    let blocks_ok = !reply.content.text_blocks.is_empty()
        && reply.content.text_blocks.iter().all(|b| {
            !b.content.trim().is_empty() && b.level.is_some() == (b.kind == BlockType::Heading)
        });
    let media_ok = reply
        .content
        .media
        .iter()
        .all(|m| module.media_file(&m.src).is_some());
    let forms_ok = reply
        .content
        .forms
        .iter()
        .flat_map(|f| &f.fields)
        .all(|f| f.kind.is_choice() == (f.options.len() >= 2));
    let no_mojibake = !serde_json::to_string(reply)
        .unwrap_or_default()
        .contains("ðŸ");
    Check::new(
        "renders",
        blocks_ok && media_ok && forms_ok && no_mojibake,
        || format!("blocks {blocks_ok}, media {media_ok}, forms {forms_ok}, utf-8 {no_mojibake}"),
    )
}

/// The milestone a turn owes when its case names none: the highest the percentage has
/// reached, `now`, above the last one celebrated, `celebrated` — on the path the
/// session took, which a model's earlier notes decide, not on a fixed turn.
fn owed_milestone(celebrated: u32, now: u32) -> Option<Milestone> {
    Milestone::ALL
        .iter()
        .copied()
        .rfind(|m| celebrated < m.percent() && m.percent() <= now)
}

fn progress_checks(
    saved: &ModuleTurnSaved,
    module: &ModuleManifest,
    expect: &Expect,
    celebrated: u32,
) -> Vec<Check> {
    let mut checks = Vec::new();
    let Some(reply) = &saved.reply.reply else {
        return vec![Check::new("renders", false, || "no reply".into())];
    };
    let shown = reply.meta.progress.clone();
    let stored = &saved.progress;
    let titles = |ids: &[String]| -> Vec<String> {
        module
            .topics()
            .filter(|t| ids.contains(&t.id))
            .map(|t| t.title.clone())
            .collect()
    };
    let mut wrong = Vec::new();
    match &shown {
        None => wrong.push("no progress in the reply".to_string()),
        Some(p) => {
            if p.percentage != f64::from(stored.percentage) {
                wrong.push(format!(
                    "shown {} % but stored {} %",
                    p.percentage, stored.percentage
                ));
            }
            if let Some(expected) = expect.percentage {
                if stored.percentage != expected {
                    wrong.push(format!("{} %, expected {expected} %", stored.percentage));
                }
            }
            if let Some(expected) = &expect.newly_covered {
                let mut want = titles(expected);
                let mut got = p.newly_covered.clone();
                want.sort();
                got.sort();
                if want != got {
                    wrong.push(format!("newly covered {got:?}, expected {want:?}"));
                }
            }
            if let Some(expected) = expect.covered {
                if stored.covered != expected {
                    wrong.push(format!("{} covered, expected {expected}", stored.covered));
                }
            }
        }
    }
    checks.push(Check::new("progress_correct", wrong.is_empty(), || {
        wrong.join("; ")
    }));
    let milestone = shown.as_ref().and_then(|p| p.milestone);
    let want = expect.milestone.or_else(|| {
        // Distress is answered with support alone: the milestone waits.
        let distress = expect.support == Some(true);
        owed_milestone(celebrated, stored.percentage).filter(|_| !distress)
    });
    checks.push(Check::new("milestone_right", milestone == want, || {
        format!("{milestone:?}, expected {want:?}")
    }));
    if let Some(section) = &expect.section {
        let current = stored
            .sections
            .iter()
            .find(|s| s.current)
            .map(|s| s.id.clone());
        checks.push(Check::new(
            "section_right",
            current.as_deref() == Some(section),
            || format!("{current:?}, expected {section}"),
        ));
    }
    if let Some(expected) = expect.sections_completed {
        let done = stored.sections.iter().filter(|s| s.completed).count();
        checks.push(Check::new("sections_completed", done == expected, || {
            format!("{done}, expected {expected}")
        }));
    }
    checks.push(checks::quick_replies(reply, module));
    checks
}

/// The checks of the model's part of a turn; `own_words`: whether the reply shows the
/// model's own words ([`asked_for_words`]).
fn model_checks(
    saved: &ModuleTurnSaved,
    module: &ModuleManifest,
    language: Language,
    own_words: Option<bool>,
) -> Vec<Check> {
    let reply = &saved.reply;
    let mut checks = Vec::new();
    // Whenever the model returned text: did it read as RESPONSE_SCHEMA with no repair?
    if let Some(read_as) = reply.read_as.as_deref() {
        let valid = read_as == "schema" && reply.repairs == 0;
        checks.push(Check::new("schema_valid_without_repair", valid, || {
            format!("read as {read_as}, {} repairs", reply.repairs)
        }));
    }
    // The app's replies, and the guide's when no model was asked (`--offline`), have no
    // model answer to score.
    if matches!(saved.origin, ReplyOrigin::App | ReplyOrigin::Offline) {
        return checks;
    }
    // Issue #49 item 3: the model's answer (its own words, or the note's sentence it
    // chose when its words were refused) comes first, not the note alone.
    checks.push(Check::new(
        "answer_before_note",
        saved.origin == ReplyOrigin::Model,
        || {
            format!(
                "{}: {}",
                saved.origin.as_str(),
                saved.failure.as_deref().unwrap_or("")
            )
        },
    ));
    if own_words == Some(true) {
        // The model's words: the module's note shown after them keeps its own language.
        let text = reply
            .reply
            .as_ref()
            .map(|r| block_words(r, module))
            .unwrap_or_default();
        let detected = detect_language(&text);
        checks.push(Check::new(
            "language",
            detected.is_none_or(|l| l == language),
            || format!("{detected:?}"),
        ));
    }
    checks
}

/// Issue #49's checks of what `reply` shows: the note answering the question (with
/// `expect.answeredBy`), the sentence the answer opens with (with
/// `expect.answeredWith`), the support message first (with `expect.support`), and every
/// sentence in `want`.
fn issue_checks(
    reply: &ModuleReply,
    module: &ModuleManifest,
    expect: &Expect,
    want: Language,
    message: &str,
) -> Vec<Check> {
    let shown = checks::shown_lines(reply);
    let mut out = Vec::new();
    if let Some(expected) = &expect.answered_by {
        let notes = checks::note_sentences(module);
        out.push(checks::answers_the_question(&shown, &notes, expected));
    }
    if let Some(phrases) = &expect.answered_with {
        out.push(checks::opens_with_the_answer(
            reply, phrases, module, message,
        ));
    }
    if let Some(distress) = expect.support {
        let support = [replies::crisis(Language::En), replies::crisis(Language::Es)];
        out.push(checks::support_first(&shown, &support, distress));
    }
    let authored = checks::authored_pieces(module);
    out.push(checks::language_matches(&shown, &authored, want));
    out
}

/// Whether the model's own words were kept, when the turn asked the model (`None` for
/// the app's replies and the offline guide): its reply's origin is `model` when a text
/// block passed the reply filter and the word checks, or when it answers with the
/// note's sentence the model chose, which is the note's words, not the model's.
fn asked_for_words(saved: &ModuleTurnSaved, module: &ModuleManifest) -> Option<bool> {
    let asked = !matches!(saved.origin, ReplyOrigin::App | ReplyOrigin::Offline);
    let chose = saved
        .reply
        .reply
        .as_ref()
        .is_some_and(|r| checks::opens_with_a_chosen_sentence(r, module));
    asked.then_some(saved.origin == ReplyOrigin::Model && !chose)
}

/// The words of a reply's text blocks, without headings, the app's milestone line and
/// the module's notes the app shows as a source after the model's answer: what the word
/// checks score.
fn block_words(reply: &ModuleReply, module: &ModuleManifest) -> String {
    let notes: Vec<String> = module
        .topics()
        .map(|t| offline::note_block(t).content)
        .collect();
    reply
        .content
        .text_blocks
        .iter()
        .filter(|b| b.kind != BlockType::Heading && !b.content.starts_with('🎉'))
        .filter(|b| !notes.contains(&b.content))
        .map(|b| b.content.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `cases` (read from `cases_file`), reporting each scored turn to `progress`.
pub async fn run(
    bench: &Bench,
    locations: &Locations,
    cases_file: &Path,
    cases: &[ModuleCase],
    mut progress: impl FnMut(&TurnScore),
) -> Result<Vec<TurnScore>, CliError> {
    let pack = locations.pack()?;
    let embedder = Embedder::load(&EmbedderFiles::in_pack(&pack), 2)?;
    let retriever = LanceRetriever::open(embedder, &bench.dir().join("index"), &bench.store)
        .await?
        .with_pack_encoder(&pack, 2);
    let mut modules: HashMap<PathBuf, ModuleManifest> = HashMap::new();
    let mut scores = Vec::new();
    for case in cases {
        if !modules.contains_key(&case.pack) {
            let pack = resolve_pack(&case.pack, cases_file);
            let (summary, _) =
                import_module_pack(&pack, &retriever, &bench.store, &mut |_| {}).await?;
            let (module, _) = bench.store.module(&summary.module_id).await?;
            modules.insert(case.pack.clone(), module);
        }
        let module = &modules[&case.pack];
        let profile = bench
            .store
            .create_profile(&format!("case {}", case.id))
            .await?
            .id;
        let session = app::start(&bench.store, profile, &module.id, case.language, false).await?;
        let mut earlier: Vec<String> = Vec::new();
        let mut celebrated = 0;
        for (i, turn) in case.turns.iter().enumerate() {
            let (act, input) = turn
                .act()
                .map_err(|why| invalid(case, format!("turn {i}: {why}")))?;
            let saved = app::send(
                &bench.store,
                ModuleRequest {
                    profile_id: profile,
                    session_id: session.session_id,
                    act,
                },
                bench.llm(),
                Some(&retriever as &dyn Retriever),
                &mut |_| {},
                &CancelFlag::default(),
            )
            .await
            .map_err(|e| invalid(case, format!("turn {i}: {e}")))?;
            let reply = saved.reply.reply.clone().unwrap_or_else(|| {
                offline::reply(Vec::new(), ResponseType::Error, Emotion::Neutral)
            });
            let mut checks = vec![render_checks(&reply, module)];
            checks.extend(progress_checks(&saved, module, &turn.expect, celebrated));
            if let Some(m) = reply.meta.progress.as_ref().and_then(|p| p.milestone) {
                celebrated = m.percent();
            }
            let want = turn.expect.reply_language.unwrap_or(case.language);
            let own_words = asked_for_words(&saved, module);
            checks.extend(model_checks(&saved, module, want, own_words));
            checks.extend(issue_checks(
                &reply,
                module,
                &turn.expect,
                want,
                &saved.student.text,
            ));
            let words = block_words(&reply, module);
            if own_words == Some(true) {
                let said: Vec<&str> = earlier.iter().map(String::as_str).collect();
                let labels = labels_for(module);
                let context = WordContext {
                    student: &saved.student.text,
                    labels: &labels,
                    earlier: &said,
                    ..WordContext::default()
                };
                checks.extend(word_checks(&words, &context));
            }
            earlier.push(words);
            let score = TurnScore {
                case: case.id.clone(),
                turn: i,
                input,
                reply: reply_text(&reply),
                checks,
                model_words: own_words,
            };
            progress(&score);
            scores.push(score);
        }
    }
    Ok(scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_owes_the_highest_milestone_reached_since_the_last_celebrated() {
        assert_eq!(owed_milestone(0, 25), Some(Milestone::Quarter));
        assert_eq!(owed_milestone(0, 62), Some(Milestone::Half));
        assert_eq!(owed_milestone(25, 37), None);
        assert_eq!(owed_milestone(50, 100), Some(Milestone::Complete));
        assert_eq!(owed_milestone(100, 100), None);
    }
}
