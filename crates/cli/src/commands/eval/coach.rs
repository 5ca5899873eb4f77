//! The coach's eval runner: each case starts an argument (optionally at a later step
//! with earlier fields filled), plays its turns through the real store and model, and
//! scores every reply with [`score_reply`] plus the case's own expectations and the
//! checks of issue #49 ([`checks`]): a yes or a no read as an answer, another step's job
//! named, no lead-in saved, every sentence in the student's language, no guidance
//! fragments.

mod checks;

use super::bench::Bench;
use crate::cli_error::CliError;
use checks::{Answer, Job, Taken};
use lantern_coach::app::{self, CoachRepository};
use lantern_coach::quality::{score_reply, score_words, SessionWords};
use lantern_coach::reading::message_weakness;
use lantern_coach::{
    clean_message, instruction_texts, opening_question, CoachChange, CoachMessage, CoachRole,
    CoachSession, Language, ToulminStep,
};
use lantern_core::eval::{model_words, Check, TurnScore};
use lantern_core::llm::CancelFlag;
use lantern_core::text::message_language::clear_language;
use lantern_core::turn::ReplyOrigin;
use lantern_store::StoreError;
use serde::Deserialize;
use std::collections::HashMap;

/// One scripted dialogue.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoachCase {
    id: String,
    #[serde(deserialize_with = "super::language")]
    language: Language,
    title: String,
    #[serde(default)]
    start: Option<Start>,
    turns: Vec<Turn>,
}

/// Where a case starts: a step, with the fields before it filled.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    step: ToulminStep,
    #[serde(default)]
    draft: HashMap<ToulminStep, String>,
}

/// One thing the student does, and what must follow.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Turn {
    #[serde(default)]
    say: Option<String>,
    #[serde(default)]
    accept: bool,
    #[serde(default)]
    reject: bool,
    #[serde(default)]
    edit: Option<Edit>,
    #[serde(default)]
    advance: bool,
    #[serde(default)]
    expect: Expect,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Edit {
    step: ToulminStep,
    text: String,
}

/// What a turn must lead to.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Expect {
    proposal: Option<bool>,
    proposal_contains: Option<String>,
    step: Option<ToulminStep>,
    /// The weakness the app must find in the message as the step's text (its code, or
    /// `none`).
    weakness: Option<String>,
    /// What the message answers to the pending question (`yes_read`).
    answer: Option<Answer>,
    /// The job the message's text does when it is not the step's (`step_job_right`).
    job: Option<Job>,
    /// The conversational lead-in the message opens with, which no proposed or saved
    /// text of the step may keep (`no_lead_in_saved`).
    lead_in: Option<String>,
    /// The language every sentence of the reply must be in (`language_matches`); by
    /// default the message's when it is clearly in one, else the session's.
    #[serde(default, deserialize_with = "super::optional_language")]
    language: Option<Language>,
}

impl Turn {
    /// What the student does, for the report; an error when not exactly one action.
    fn describe(&self) -> Result<String, String> {
        let mut actions = Vec::new();
        if let Some(text) = &self.say {
            actions.push(format!("say {text:?}"));
        }
        if self.accept {
            actions.push("accept".into());
        }
        if self.reject {
            actions.push("reject".into());
        }
        if let Some(edit) = &self.edit {
            actions.push(format!("edit {} {:?}", edit.step.as_str(), edit.text));
        }
        if self.advance {
            actions.push("advance".into());
        }
        match actions.len() {
            1 => Ok(actions.remove(0)),
            n => Err(format!("a turn needs exactly one action, this one has {n}")),
        }
    }
}

/// Plays every case; `progress` sees each scored turn as it finishes.
pub async fn run(
    bench: &Bench,
    cases: &[CoachCase],
    mut progress: impl FnMut(&TurnScore),
) -> Result<Vec<TurnScore>, CliError> {
    for case in cases {
        for (i, turn) in case.turns.iter().enumerate() {
            turn.describe().map_err(|e| {
                CliError::new(
                    lantern_core::ErrorCode::EvalCasesInvalid,
                    format!("case {} turn {i}: {e}", case.id),
                )
            })?;
        }
    }
    let mut scores = Vec::new();
    for case in cases {
        let mut session = start(bench, case).await?;
        let mut lead_ins = LeadIns::new();
        for (i, turn) in case.turns.iter().enumerate() {
            let score = play(bench, case, i, turn, &mut session, &mut lead_ins).await?;
            progress(&score);
            scores.push(score);
        }
    }
    Ok(scores)
}

/// A new argument for `case`, moved to its start step with the given fields.
async fn start(bench: &Bench, case: &CoachCase) -> Result<CoachSession, CliError> {
    let (store, profile) = (&bench.store, bench.profile);
    let session = app::start(store, profile, &case.title, case.language).await?;
    let Some(start) = &case.start else {
        return Ok(session);
    };
    for (step, text) in &start.draft {
        store
            .apply_coach_change(profile, session.id, &CoachChange::draft_edit(*step, text))
            .await?;
    }
    let opened = CoachChange {
        progress: Some((start.step, false)),
        messages: vec![CoachMessage {
            role: CoachRole::Assistant,
            content: opening_question(start.step, case.language),
            step: start.step,
            origin: None,
        }],
        ..CoachChange::default()
    };
    store
        .apply_coach_change(profile, session.id, &opened)
        .await?;
    Ok(store.coach_session(profile, session.id).await?)
}

/// The lead-ins a case's student wrote so far, per step (`expect.leadIn`).
type LeadIns = HashMap<ToulminStep, Vec<String>>;

/// The text the session's pending question asks about: the pending proposal, else the
/// quote of the coach's last message when it is a question.
fn pending_text(session: &CoachSession) -> Option<String> {
    let proposal = session
        .pending_proposal
        .as_ref()
        .filter(|p| p.field == session.current_step);
    if let Some(p) = proposal {
        return Some(p.value.clone());
    }
    let last = session
        .messages
        .iter()
        .rev()
        .find(|m| m.role == CoachRole::Assistant)?;
    checks::asked_about(&last.content).map(str::to_string)
}

/// Plays turn `index` of `case` and scores it.
async fn play(
    bench: &Bench,
    case: &CoachCase,
    index: usize,
    turn: &Turn,
    session: &mut CoachSession,
    lead_ins: &mut LeadIns,
) -> Result<TurnScore, CliError> {
    let (store, profile, id) = (&bench.store, bench.profile, session.id);
    let mut checks = Vec::new();
    let mut reply = String::new();
    let mut words = None;
    let said = assistant_texts(session);
    let step = session.current_step;
    let pending = pending_text(session);
    let before = session.draft.get(step).to_string();
    // A message clearly in one language sets the reply's; "ok" or "me sirve" does not.
    let language = turn
        .expect
        .language
        .or_else(|| turn.say.as_deref().and_then(clear_language))
        .unwrap_or(case.language);
    if let Some(lead) = &turn.expect.lead_in {
        lead_ins.entry(step).or_default().push(lead.clone());
    }
    if let Some(message) = &turn.say {
        if let Some(expected) = &turn.expect.weakness {
            let found =
                message_weakness(session.current_step, message).map_or("none", |w| w.code());
            checks.push(Check::new("expected_weakness", found == expected, || {
                format!("expected {expected}, found {found}")
            }));
        }
        let text = clean_message(message)?;
        app::say(store, profile, id, &text).await?;
        let answered = app::answer(
            store,
            profile,
            id,
            text,
            bench.llm(),
            &mut |_| {},
            &CancelFlag::default(),
        )
        .await;
        let answer = match answered {
            Ok(answer) => answer,
            Err(StoreError::Coach(e)) => {
                // A reply the rules refused: the student saw an error instead of a reply.
                checks.push(Check::new("reply_usable", false, || e.to_string()));
                *session = store.coach_session(profile, id).await?;
                return Ok(score(case, index, turn, String::new(), checks, session));
            }
            Err(e) => return Err(e.into()),
        };
        let result = &answer.reply;
        words = model_words(answer.origin, result.model_words);
        // `language_matches` is judged below, on every sentence shown.
        checks.extend(
            score_reply(&answer.input, result)
                .into_iter()
                .filter(|c| c.name != "language_matches"),
        );
        // The app's own answer (a yes, a no, thanks) needs no model: right with or without.
        let app = answer.origin == ReplyOrigin::App;
        if !app && answer.origin.is_fallback() != bench.llm().is_none() {
            checks.push(Check::new("model_answered", false, || {
                format!("{:?}", answer.origin)
            }));
        }
        let proposal = result.proposed_update.as_ref().map(|p| p.value.as_str());
        if let Some(expected) = turn.expect.proposal {
            checks.push(Check::new(
                "expected_proposal",
                proposal.is_some() == expected,
                || format!("expected a proposal: {expected}, got {proposal:?}"),
            ));
        }
        if let Some(part) = &turn.expect.proposal_contains {
            let found = proposal.is_some_and(|p| p.to_lowercase().contains(&part.to_lowercase()));
            checks.push(Check::new("expected_proposal_text", found, || {
                format!("expected {part:?} in {proposal:?}")
            }));
        }
        reply = answer
            .session
            .messages
            .iter()
            .rev()
            .find(|m| m.role == CoachRole::Assistant && m.origin.is_some())
            .map(|m| m.content.clone())
            .unwrap_or_default();
        let instructions = instruction_texts(answer.input.current_step);
        checks.extend(score_words(
            &reply,
            &SessionWords {
                student: message,
                said: &said,
                instructions: &instructions,
            },
        ));
        *session = answer.session;
        let saved = session.draft.get(step);
        let saved = (saved != before).then_some(saved);
        if let Some(answer) = turn.expect.answer {
            let taken = Taken {
                pending: pending.as_deref(),
                proposal,
                saved,
            };
            checks.push(checks::yes_read(answer, taken, &reply, language));
        }
        if let Some(job) = turn.expect.job {
            let proposal = result.proposed_update.as_ref();
            checks.push(checks::step_job_right(
                job, step, &reply, proposal, language,
            ));
        }
        let mut offered: Vec<&str> = proposal.into_iter().chain(saved).collect();
        offered.extend(checks::quoted(&reply));
        if let Some(leads) = lead_ins.get(&step).filter(|_| !offered.is_empty()) {
            checks.push(checks::no_lead_in_saved(&offered, leads));
        }
    } else {
        let done = if turn.accept {
            app::accept(store, profile, id, bench.llm()).await
        } else if turn.reject {
            app::reject(store, profile, id).await
        } else if let Some(edit) = &turn.edit {
            app::edit(store, profile, id, edit.step, &edit.text).await
        } else {
            app::advance(store, profile, id, bench.llm()).await
        };
        match done {
            Ok(after) => {
                *session = after;
                // The step's opening, when the action opened one, is scored as a reply.
                reply = assistant_texts(session)[said.len()..].join("\n\n");
                // The opening's origin says whether the model's words were kept.
                words = session
                    .messages
                    .iter()
                    .filter(|m| m.role == CoachRole::Assistant)
                    .skip(said.len())
                    .filter_map(|m| m.origin)
                    .last()
                    .and_then(|origin: ReplyOrigin| {
                        model_words(origin, origin == ReplyOrigin::Model)
                    });
                let saved = session.draft.get(step);
                if let Some(leads) = lead_ins.get(&step).filter(|_| turn.accept) {
                    checks.push(checks::no_lead_in_saved(&[saved], leads));
                }
                if !reply.is_empty() {
                    let instructions = instruction_texts(session.current_step);
                    checks.extend(score_words(
                        &reply,
                        &SessionWords {
                            student: "",
                            said: &said,
                            instructions: &instructions,
                        },
                    ));
                }
            }
            // A refusal the case expects (it expects the step to stay) is no failure.
            Err(StoreError::Coach(_)) if turn.expect.step == Some(session.current_step) => {}
            Err(StoreError::Coach(e)) => {
                checks.push(Check::new("action_allowed", false, || e.to_string()));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if !reply.is_empty() {
        checks.push(checks::language_matches(&reply, language));
        checks.push(checks::no_guidance_fragment(&reply));
    }
    Ok(TurnScore {
        model_words: words,
        ..score(case, index, turn, reply, checks, session)
    })
}

/// What the coach said in `session` so far, oldest first.
fn assistant_texts(session: &CoachSession) -> Vec<String> {
    session
        .messages
        .iter()
        .filter(|m| m.role == CoachRole::Assistant)
        .map(|m| m.content.clone())
        .collect()
}

/// The turn's score, with the case's expected step checked against `session`.
fn score(
    case: &CoachCase,
    index: usize,
    turn: &Turn,
    reply: String,
    mut checks: Vec<Check>,
    session: &CoachSession,
) -> TurnScore {
    if let Some(step) = turn.expect.step {
        let now = session.current_step;
        checks.push(Check::new("expected_step", now == step, || {
            format!("expected step {}, at {}", step.as_str(), now.as_str())
        }));
    }
    TurnScore {
        case: case.id.clone(),
        turn: index,
        input: turn.describe().unwrap_or_default(),
        reply,
        checks,
        model_words: None,
    }
}
