//! The report editor's eval runner: each case imports a report file (Markdown or Word,
//! beside the case file), plays its turns — requests through the real store and model,
//! accepting or rejecting what waits — and scores the report the student then sees
//! against the case's expectations, plus the checks every turn must pass.

use super::bench::Bench;
use crate::cli_error::CliError;
use crate::locations::Locations;
use lantern_core::eval::{Check, TurnScore};
use lantern_core::language::Language;
use lantern_core::llm::CancelFlag;
use lantern_core::retrieval::Retriever;
use lantern_core::text::support::{DropReason, ReplyFilter};
use lantern_core::text::tidy::{detect_language, sentences};
use lantern_core::turn::ReplyOrigin;
use lantern_core::ErrorCode;
use lantern_rag::{import_project_specs, Embedder, EmbedderFiles, LanceRetriever};
use lantern_reports::app::{self, ChangeSelection, ReportRequest, ReportState};
use lantern_reports::quality::{
    edit_right, images_kept, no_leak_in_body, question_answered, reply_ok, section_numbered,
    tree_valid, ExpectedAnswer, TextEdit,
};
use lantern_reports::rewrite_check::lost_numbers;
use lantern_reports::{default_project_name, Report, ReportTurnOutcome};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One scripted conversation on one report.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportCase {
    id: String,
    #[serde(deserialize_with = "super::language")]
    language: Language,
    /// The report file, relative to the case file.
    report: String,
    /// Specification files of the report's project, relative to the case file.
    #[serde(default)]
    specs: Vec<String>,
    turns: Vec<Turn>,
}

/// One thing the student does, and what must follow.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Turn {
    #[serde(default)]
    say: Option<String>,
    /// Accept every waiting change (deletes confirmed).
    #[serde(default)]
    accept_all: bool,
    /// Reject every waiting change.
    #[serde(default)]
    reject_all: bool,
    #[serde(default)]
    expect: Expect,
}

/// What the report must look like after the turn. Numbers in `titles`, `bodyContains`
/// and `outline` are the report's after the turn; in `bodyChanged`, `titleChanged` and
/// `shorter` they name sections as numbered before it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Expect {
    outline: Option<Vec<String>>,
    #[serde(default)]
    titles: BTreeMap<String, String>,
    #[serde(default)]
    body_contains: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    body_changed: Vec<String>,
    #[serde(default)]
    title_changed: Vec<String>,
    #[serde(default)]
    shorter: Vec<String>,
    #[serde(default)]
    missing: Vec<String>,
    changes: Option<usize>,
    asks: Option<bool>,
    #[serde(default)]
    reply_contains: Vec<String>,
    /// The turn searched the project's specifications.
    searched_specs: Option<bool>,
    /// The last accepted version still has these titles (a delete waits for review).
    #[serde(default)]
    accepted_has: Vec<String>,
    /// These words are gone from the section's text.
    #[serde(default)]
    body_lacks: BTreeMap<String, Vec<String>>,
    /// When the section (numbered before the turn) changed, every number of its old
    /// text is still there.
    #[serde(default)]
    keeps_facts: Vec<String>,
    /// When the section (numbered before the turn) changed, its text is in this language.
    #[serde(default)]
    body_language: BTreeMap<String, String>,
    /// The turn is a question about the report: words without a change are its answer.
    #[serde(default)]
    answers: bool,
    /// A number or phrase edit: section number (before the turn) → the replacements that
    /// give its expected text (`edit_right`).
    #[serde(default)]
    edit: BTreeMap<String, Vec<TextEdit>>,
    /// A question's answer: facts the reply states, each "a|b" for alternatives
    /// (`question_answered`; implies `answers`).
    #[serde(default)]
    answer: Vec<String>,
    /// Numbers (before the turn) of the sections the answer may come from; the reply
    /// names one of their titles.
    #[serde(default)]
    answer_from: Vec<String>,
}

impl Expect {
    /// Whether the turn is a question about the report.
    fn is_question(&self) -> bool {
        self.answers || !self.answer.is_empty()
    }
}

fn invalid(case: &ReportCase, detail: impl std::fmt::Display) -> CliError {
    CliError::new(
        ErrorCode::EvalCasesInvalid,
        format!("case {}: {detail}", case.id),
    )
}

/// Plays every case; `progress` sees each scored turn as it finishes.
pub async fn run(
    bench: &Bench,
    locations: &Locations,
    cases_file: &Path,
    cases: &[ReportCase],
    mut progress: impl FnMut(&TurnScore),
) -> Result<Vec<TurnScore>, CliError> {
    let folder = cases_file.parent().unwrap_or(Path::new("."));
    let retriever = if cases.iter().any(|c| !c.specs.is_empty()) {
        let embedder = Embedder::load(&EmbedderFiles::in_pack(&locations.pack()?), 2)?;
        Some(LanceRetriever::open(embedder, &bench.dir().join("index"), &bench.store).await?)
    } else {
        None
    };
    let specs = retriever.as_ref().map(|r| r as &dyn Retriever);
    let mut scores = Vec::new();
    for case in cases {
        // Each case has its own project, so one case's specifications never answer another's.
        let name = format!("{} {}", default_project_name(case.language), case.id);
        let project = bench.store.create_project(bench.profile, &name).await?.id;
        if let (Some(retriever), false) = (&retriever, case.specs.is_empty()) {
            let paths: Vec<PathBuf> = case.specs.iter().map(|s| folder.join(s)).collect();
            let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
            import_project_specs(project, &paths, retriever, &bench.store, &mut |_, _| {}).await?;
        }
        let path = folder.join(&case.report);
        let report = lantern_docx::read_report_file(&path).map_err(|e| invalid(case, e))?;
        let id = bench
            .store
            .create_report(bench.profile, project, &case.report, &report)
            .await?
            .id;
        let mut earlier = Vec::new();
        for (i, turn) in case.turns.iter().enumerate() {
            let to_play = Play {
                case,
                id,
                index: i,
                turn,
                specs,
            };
            let score = play(bench, to_play, &mut earlier).await?;
            progress(&score);
            scores.push(score);
        }
    }
    Ok(scores)
}

/// One turn of a case to play, and the replies before it in the case.
struct Play<'a> {
    case: &'a ReportCase,
    id: i64,
    index: usize,
    turn: &'a Turn,
    specs: Option<&'a dyn Retriever>,
}

async fn play(
    bench: &Bench,
    to_play: Play<'_>,
    earlier: &mut Vec<String>,
) -> Result<TurnScore, CliError> {
    let Play {
        case,
        id,
        index,
        turn,
        specs,
    } = to_play;
    let (store, profile) = (&bench.store, bench.profile);
    let before = store.report_state(profile, id).await?;
    let mut checks = Vec::new();
    let mut words = None;
    let mut shown_reply = None;
    let (input, reply, changes) = match (&turn.say, turn.accept_all, turn.reject_all) {
        (Some(message), false, false) => {
            let request = ReportRequest {
                profile_id: profile,
                report_id: id,
                message: lantern_reports::clean_message(message)?,
                language: case.language,
            };
            let saved = app::send(
                store,
                request,
                bench.llm(),
                specs,
                &mut |_| {},
                &CancelFlag::default(),
            )
            .await?;
            checks.extend(reply_ok(&saved.outcome.reply, case.language));
            checks.extend(honest_reply(&saved.outcome, turn.expect.is_question()));
            shown_reply = Some(saved.outcome.reply.clone());
            // The model's own words: an answer, not the app's confirmation of changes
            // nor the report's statement it quotes with the answer.
            if saved.origin == ReplyOrigin::Model && saved.outcome.change_ids.is_empty() {
                let own = saved.outcome.model_text.as_deref();
                checks.extend(model_words(
                    own.unwrap_or(&saved.outcome.reply),
                    message,
                    &before.shown(),
                    earlier,
                ));
            }
            earlier.push(saved.outcome.reply.clone());
            words = saved.outcome.model_words;
            if let Some(expected) = turn.expect.searched_specs {
                let searched = saved.outcome.searched_specs;
                checks.push(Check::new("searched_specs", searched == expected, || {
                    format!("searched: {searched}")
                }));
            }
            let detail = saved.outcome.failure.clone().unwrap_or_default();
            (
                format!("say {message:?}"),
                format!(
                    "{} [{}{detail}]",
                    saved.outcome.reply,
                    saved.outcome.end.as_str()
                ),
                Some(saved.outcome.change_ids.len()),
            )
        }
        (None, true, false) => {
            app::accept(
                store,
                profile,
                id,
                &ChangeSelection::All,
                true,
                case.language,
            )
            .await?;
            ("accept all".into(), String::new(), None)
        }
        (None, false, true) => {
            app::reject(store, profile, id, &ChangeSelection::All).await?;
            ("reject all".into(), String::new(), None)
        }
        _ => {
            return Err(invalid(
                case,
                format!("turn {index} needs exactly one of say, acceptAll, rejectAll"),
            ))
        }
    };
    let after = store.report_state(profile, id).await?;
    let shown = after.shown();
    checks.push(tree_valid(&shown));
    checks.push(images_kept(&before.shown(), &shown));
    if shown_reply.is_some() {
        checks.extend(no_leak_in_body(&before.shown(), &shown));
    }
    if let (false, Some(reply), Some(changes)) =
        (turn.expect.answer.is_empty(), &shown_reply, changes)
    {
        let titles: Vec<String> = turn
            .expect
            .answer_from
            .iter()
            .filter_map(|n| section_numbered(&before.shown(), n).map(|s| s.title.clone()))
            .collect();
        let expected = ExpectedAnswer {
            facts: &turn.expect.answer,
            sections: &titles,
        };
        checks.push(question_answered(reply, changes, expected));
    }
    checks.extend(expectations(
        &turn.expect,
        &before,
        &after,
        &shown,
        &reply,
        changes,
    ));
    Ok(TurnScore {
        case: case.id.clone(),
        turn: index,
        input,
        reply,
        checks,
        model_words: words,
    })
}

/// Words that say plainly that nothing changed, or what was taken back.
const HONEST: &[&str] = &[
    "i made no change",
    "i can t find",
    "i cant find",
    "no encuentro",
    "already like that",
    "no he hecho ningun cambio",
    "ya esta asi",
    "i took back",
    "i undid",
    "he retirado",
    "he deshecho",
];

/// `no_false_success`: a turn that saved no change says so (or asks, or answers the
/// question it was asked) — never words that read like success.
fn honest_reply(outcome: &ReportTurnOutcome, answers: bool) -> Vec<Check> {
    let changed = !outcome.change_ids.is_empty();
    let words = normal(&outcome.reply);
    let ok = changed
        || answers
        || outcome.reply.trim_end().ends_with('?')
        || HONEST.iter().any(|h| words.contains(h));
    vec![Check::new("no_false_success", ok, || outcome.reply.clone())]
}

/// The checks of the model's own words: no echo of the request, nothing said earlier in
/// the case, and every sentence resting on the report.
fn model_words(reply: &str, message: &str, report: &Report, earlier: &[String]) -> Vec<Check> {
    let material: Vec<String> = report
        .all_sections()
        .iter()
        .map(|s| format!("{}. {}", s.title, s.body_md))
        .collect();
    let material: Vec<&str> = material.iter().map(String::as_str).collect();
    let earlier: Vec<&str> = earlier.iter().map(String::as_str).collect();
    let filter = ReplyFilter::new(None, &material, message).with_said(&earlier);
    let failing = |reason: fn(&DropReason) -> bool| -> Vec<&str> {
        sentences(reply)
            .into_iter()
            .filter(|s| filter.check(s).as_ref().err().is_some_and(reason))
            .collect()
    };
    let echo = failing(|r| *r == DropReason::Echo);
    let repeat = failing(|r| *r == DropReason::Repeat);
    let unsupported = failing(|r| matches!(r, DropReason::Unsupported(_)));
    vec![
        Check::new("no_echo", echo.is_empty(), || echo.join(" | ")),
        Check::new("no_repeat_across_turns", repeat.is_empty(), || {
            repeat.join(" | ")
        }),
        Check::new("supported", unsupported.is_empty(), || {
            unsupported.join(" | ")
        }),
    ]
}

fn normal(text: &str) -> String {
    lantern_core::text::normalize::normalize(text)
}

fn expectations(
    expect: &Expect,
    before: &ReportState,
    after: &ReportState,
    shown: &Report,
    reply: &str,
    changes: Option<usize>,
) -> Vec<Check> {
    let was = before.shown();
    let mut checks = Vec::new();
    if !expect.edit.is_empty() {
        checks.push(edit_right(&was, shown, &expect.edit));
    }
    if let Some(outline) = &expect.outline {
        let actual: Vec<String> = shown
            .outline()
            .iter()
            .map(|e| format!("{} {}", e.number, e.title))
            .collect();
        let same = actual.len() == outline.len()
            && actual
                .iter()
                .zip(outline)
                .all(|(a, b)| normal(a) == normal(b));
        checks.push(Check::new("outline", same, || format!("{actual:?}")));
    }
    for (number, title) in &expect.titles {
        let found = section_numbered(shown, number).map(|s| s.title.clone());
        let ok = found.as_deref().is_some_and(|t| normal(t) == normal(title));
        checks.push(Check::new("title", ok, || format!("{number}: {found:?}")));
    }
    for (number, needles) in &expect.body_contains {
        let body = section_numbered(shown, number)
            .map(|s| normal(&s.body_md))
            .unwrap_or_default();
        let ok = needles.iter().all(|n| body.contains(&normal(n)));
        checks.push(Check::new("body_contains", ok, || {
            format!("{number}: {body:?}")
        }));
    }
    let then_and_now = |number: &String| {
        let old = section_numbered(&was, number);
        let new = old.and_then(|o| shown.find(&o.id));
        (old.cloned(), new.cloned())
    };
    for number in &expect.body_changed {
        let (old, new) = then_and_now(number);
        let ok = matches!((&old, &new), (Some(o), Some(n)) if o.body_md != n.body_md && !n.body_md.trim().is_empty());
        checks.push(Check::new("body_changed", ok, || {
            format!("{number}: {:?}", new.map(|n| n.body_md))
        }));
    }
    for number in &expect.shorter {
        let (old, new) = then_and_now(number);
        let ok = matches!((&old, &new), (Some(o), Some(n)) if n.body_md.len() < o.body_md.len() && !n.body_md.trim().is_empty());
        checks.push(Check::new("shorter", ok, || {
            format!("{number}: {:?}", new.map(|n| n.body_md))
        }));
    }
    for number in &expect.title_changed {
        let (old, new) = then_and_now(number);
        let ok = matches!((&old, &new), (Some(o), Some(n)) if normal(&o.title) != normal(&n.title));
        checks.push(Check::new("title_changed", ok, || {
            format!("{number}: {:?}", new.map(|n| n.title))
        }));
    }
    for title in &expect.missing {
        let gone = !shown
            .all_sections()
            .iter()
            .any(|s| normal(&s.title) == normal(title));
        checks.push(Check::new("missing", gone, || {
            format!("{title} is still there")
        }));
    }
    for (number, needles) in &expect.body_lacks {
        let body = section_numbered(shown, number)
            .map(|s| normal(&s.body_md))
            .unwrap_or_default();
        let ok = !needles.iter().any(|n| body.contains(&normal(n)));
        checks.push(Check::new("body_lacks", ok, || {
            format!("{number}: {body:?}")
        }));
    }
    for number in &expect.keeps_facts {
        if let (Some(old), Some(new)) = then_and_now(number) {
            if old.body_md != new.body_md {
                let lost = lost_numbers(&old.body_md, &new.body_md);
                checks.push(Check::new("keeps_facts", lost.is_empty(), || {
                    format!("lost {lost:?}: {}", new.body_md)
                }));
            }
        }
    }
    for (number, language) in &expect.body_language {
        if let (Some(old), Some(new)) = then_and_now(number) {
            if old.body_md != new.body_md {
                let detected = detect_language(&new.body_md);
                let ok = detected.is_some_and(|l| format!("{l:?}").eq_ignore_ascii_case(language));
                checks.push(Check::new("body_language", ok, || {
                    format!("{detected:?}: {}", new.body_md)
                }));
            }
        }
    }
    for title in &expect.accepted_has {
        let kept = after
            .base
            .all_sections()
            .iter()
            .any(|s| normal(&s.title) == normal(title));
        checks.push(Check::new("waits_for_review", kept, || {
            format!("{title} was applied without review")
        }));
    }
    if let (Some(expected), Some(actual)) = (expect.changes, changes) {
        checks.push(Check::new("changes", expected == actual, || {
            format!("{actual} changes")
        }));
    }
    if let Some(asks) = expect.asks {
        let asked = reply
            .split(" [")
            .next()
            .unwrap_or_default()
            .trim_end()
            .ends_with('?');
        checks.push(Check::new("asks", asked == asks, || {
            "question expected or not".into()
        }));
    }
    for needle in &expect.reply_contains {
        let ok = normal(reply).contains(&normal(needle));
        checks.push(Check::new("reply_contains", ok, || {
            format!("no {needle:?}")
        }));
    }
    checks
}
