//! The checks issue #49 asks of the coach, each a pure rule over what a turn showed and
//! saved: `yes_read` (a yes or a no answers the pending question), `step_job_right`
//! (text doing another step's job is named as that job, not taken as this step's),
//! `no_lead_in_saved` (no "ok then:" in a proposed or saved text), `language_matches`
//! (every sentence of the reply in the expected language) and `no_guidance_fragment`
//! (no "(because…, this shows…)" shown as if it were a sentence).

use lantern_coach::{Language, ProposedUpdate, ToulminStep, Weakness};
use lantern_core::eval::Check;
use lantern_core::text::message_language::{clear_language, mixes_in_other_language};
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase};
use lantern_core::text::tidy::{detect_language, sentences};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The answer a turn's message gives to the pending question (`expect.answer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// The student takes the text asked about ("definitely", "claro").
    Yes,
    /// The student turns it down ("nope", "para nada").
    No,
}

/// The job a student's text does in an argument (`expect.job`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Job {
    /// The position argued.
    Claim,
    /// Facts, data or examples (the grounds).
    Evidence,
    /// Why the evidence supports the claim (the warrant).
    Link,
    /// Where evidence comes from, or why a link holds (either backing).
    Backing,
    /// How strongly or where the claim holds.
    Qualifier,
    /// The other side's view (the rebuttal).
    Rebuttal,
    /// A reply to the other side's view.
    Reply,
}

impl Job {
    /// The job the text of `step` does.
    pub fn of(step: ToulminStep) -> Self {
        match step {
            ToulminStep::Claim => Self::Claim,
            ToulminStep::Grounds => Self::Evidence,
            ToulminStep::Warrant => Self::Link,
            ToulminStep::GroundsBacking | ToulminStep::WarrantBacking => Self::Backing,
            ToulminStep::Qualifier => Self::Qualifier,
            ToulminStep::Rebuttal => Self::Rebuttal,
        }
    }
}

/// The words `step_job_right` reads replies with, per language
/// (`tests/evals/coach/job-words.json`).
#[derive(Debug, Deserialize)]
struct JobWords {
    jobs: HashMap<String, HashMap<Job, Vec<String>>>,
    praise: HashMap<String, Vec<String>>,
    negations: HashMap<String, Vec<String>>,
}

static JOB_WORDS: LazyLock<JobWords> = LazyLock::new(|| {
    let text = include_str!("../../../../../../tests/evals/coach/job-words.json");
    serde_json::from_str(text).expect("job-words.json is valid")
});

impl JobWords {
    fn for_job(&self, job: Job, language: Language) -> &[String] {
        self.jobs
            .get(language.code())
            .and_then(|jobs| jobs.get(&job))
            .map_or(&[], Vec::as_slice)
    }

    fn list(map: &HashMap<String, Vec<String>>, language: Language) -> &[String] {
        map.get(language.code()).map_or(&[], Vec::as_slice)
    }
}

/// Whether the normalised `plain` has a word starting with `word` (a phrase, normalised).
fn has_word_start(plain: &str, word: &str) -> bool {
    format!(" {plain}").contains(&format!(" {}", normalize(word)))
}

fn names_any(plain: &str, words: &[String]) -> bool {
    words.iter().any(|w| has_word_start(plain, w))
}

/// The texts in quotes in `text` ("…", “…”, «…»), in order.
pub fn quoted(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['"', '“', '«']) {
        let opener = rest[open..].chars().next().unwrap_or('"');
        let closer = match opener {
            '“' => '”',
            '«' => '»',
            _ => '"',
        };
        let inside = &rest[open + opener.len_utf8()..];
        let Some(close) = inside.find(closer) else {
            break;
        };
        out.push(&inside[..close]);
        rest = &inside[close + closer.len_utf8()..];
    }
    out
}

/// `text` with every quoted passage taken out (the student's words, an example).
fn unquoted(text: &str) -> String {
    let mut out = text.to_string();
    for q in quoted(text) {
        out = out.replacen(q, "", 1);
    }
    out
}

/// The text a question asks the student about: the last quoted passage of the
/// question `reply` ends with ("Is "X" the claim you want to keep?").
pub fn asked_about(reply: &str) -> Option<&str> {
    let question = sentences(reply).pop().filter(|s| s.ends_with('?'))?;
    quoted(question).pop()
}

/// Whether `a` and `b` are the same text, one inside the other once normalised.
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (normalize(a), normalize(b));
    !a.is_empty() && !b.is_empty() && (a.contains(&b) || b.contains(&a))
}

/// What a turn led to, for `yes_read`.
#[derive(Debug, Clone, Copy)]
pub struct Taken<'a> {
    /// The text the pending question asked about, when known.
    pub pending: Option<&'a str>,
    /// The proposal the reply carries.
    pub proposal: Option<&'a str>,
    /// The step's text, when the turn saved it.
    pub saved: Option<&'a str>,
}

/// `yes_read`: a yes takes the text the pending question asked about (proposed or
/// saved), a no does not; and neither is read as a too-short text for the step ("A few
/// more words would make clear what you mean").
pub fn yes_read(answer: Answer, taken: Taken<'_>, reply: &str, language: Language) -> Check {
    let is_pending = |t: &str| taken.pending.is_none_or(|p| same_text(p, t));
    let took = taken.proposal.is_some_and(is_pending) || taken.saved.is_some_and(is_pending);
    let plain = normalize(reply);
    let too_short = Weakness::TooShort
        .keywords(language)
        .iter()
        .any(|k| plain.contains(&normalize(k)));
    let passed = !too_short && (took == (answer == Answer::Yes));
    Check::new("yes_read", passed, || {
        let what = if too_short {
            "read as a too-short text".to_string()
        } else if took {
            format!("took {:?} on a no", taken.proposal.or(taken.saved))
        } else {
            format!("did not take {:?}", taken.pending)
        };
        format!("{answer:?}: {what}")
    })
}

/// `step_job_right`: a text doing `job`'s work, offered at `step`, is named as that job
/// in the reply, not proposed for `step`, and no sentence accepts or praises it as
/// `step`'s text (a praise word, the step's job word, neither the job's word nor a
/// negation: "That gives a reason to trust the link in your warrant.").
pub fn step_job_right(
    job: Job,
    step: ToulminStep,
    reply: &str,
    proposal: Option<&ProposedUpdate>,
    language: Language,
) -> Check {
    let words = &*JOB_WORDS;
    let own = words.for_job(job, language);
    let here = words.for_job(Job::of(step), language);
    let praise = JobWords::list(&words.praise, language);
    let negations = JobWords::list(&words.negations, language);
    let shown = unquoted(reply);
    let named = names_any(&normalize(&shown), own);
    // The other side's view called a reply to it is named wrong.
    let called_reply =
        job == Job::Rebuttal && names_any(&normalize(&shown), words.for_job(Job::Reply, language));
    let proposed_here = job != Job::of(step) && proposal.is_some_and(|p| p.field == step);
    let praised: Vec<&str> = sentences(&shown)
        .into_iter()
        .filter(|s| {
            let plain = normalize(s);
            names_any(&plain, praise)
                && names_any(&plain, here)
                && !names_any(&plain, own)
                && !negations.iter().any(|n| has_phrase(&plain, &normalize(n)))
        })
        .collect();
    Check::new(
        "step_job_right",
        named && !called_reply && !proposed_here && praised.is_empty(),
        || {
            let mut why = Vec::new();
            if !named {
                why.push(format!("{job:?} not named"));
            }
            if called_reply {
                why.push("called a reply".to_string());
            }
            if let Some(p) = proposal.filter(|_| proposed_here) {
                why.push(format!("proposed as {}: {:?}", step.as_str(), p.value));
            }
            if !praised.is_empty() {
                why.push(format!("taken as {}: {praised:?}", step.as_str()));
            }
            why.join("; ")
        },
    )
}

/// `no_lead_in_saved`: none of the `texts` proposed, offered or saved for a step opens
/// with one of the conversational `lead_ins` the student wrote before it ("ok then",
/// "vale, pues").
pub fn no_lead_in_saved(texts: &[&str], lead_ins: &[String]) -> Check {
    let leads: Vec<String> = lead_ins.iter().map(|l| normalize(l)).collect();
    let leads: Vec<&str> = leads.iter().map(String::as_str).collect();
    let kept: Vec<&str> = texts
        .iter()
        .copied()
        .filter(|t| opens_with_phrase(&normalize(t), &leads))
        .collect();
    Check::new("no_lead_in_saved", kept.is_empty(), || {
        format!("lead-in kept: {kept:?}")
    })
}

/// The language a sentence reads as, when it can be told: Spanish punctuation or a
/// clear lead of function words, else `whatlang` on sentences long enough to judge.
fn sentence_language(sentence: &str) -> Option<Language> {
    clear_language(sentence).or_else(|| detect_language(sentence))
}

/// `language_matches`: the reply as a whole and every sentence of it (quotes of the
/// student's or an example's words left out) read as `expected`, and none mixes in the
/// other language's function words.
pub fn language_matches(reply: &str, expected: Language) -> Check {
    let shown = unquoted(reply);
    let whole = detect_language(&shown).filter(|l| *l != expected);
    let wrong: Vec<&str> = sentences(&shown)
        .into_iter()
        .filter(|s| {
            sentence_language(s).is_some_and(|l| l != expected)
                || mixes_in_other_language(s, expected)
        })
        .collect();
    Check::new(
        "language_matches",
        whole.is_none() && wrong.is_empty(),
        || format!("expected {}: {wrong:?}", expected.code()),
    )
}

/// `no_guidance_fragment`: the coach's own words (quotes left out) never trail off into
/// fragments — no "…" or "..." as in "(because…, this shows…)" or "unless…, except
/// when…".
pub fn no_guidance_fragment(reply: &str) -> Check {
    let shown = unquoted(reply);
    let fragments: Vec<&str> = sentences(&shown)
        .into_iter()
        .filter(|s| s.contains('…') || s.contains("..."))
        .collect();
    Check::new("no_guidance_fragment", fragments.is_empty(), || {
        format!("{fragments:?}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposal(step: ToulminStep, value: &str) -> ProposedUpdate {
        ProposedUpdate {
            field: step,
            value: value.into(),
            rationale: String::new(),
        }
    }

    #[test]
    fn a_yes_takes_the_pending_text_and_a_no_does_not() {
        let pending = Some("Cities should ban cars from their centres");
        let proposed = Taken {
            pending,
            proposal: Some("Cities should ban cars from their centres."),
            saved: None,
        };
        let nothing = Taken {
            pending,
            proposal: None,
            saved: None,
        };
        let ok = "Accept it below to save it in your draft. Shall we save this claim?";
        let short = "A few more words would make clear what you mean. What is your claim?";
        assert!(yes_read(Answer::Yes, proposed, ok, Language::En).passed);
        assert!(!yes_read(Answer::Yes, nothing, short, Language::En).passed);
        assert!(!yes_read(Answer::Yes, nothing, ok, Language::En).passed);
        assert!(
            yes_read(
                Answer::No,
                nothing,
                "What would you say instead?",
                Language::En
            )
            .passed
        );
        assert!(!yes_read(Answer::No, proposed, ok, Language::En).passed);
        // A save of the pending text counts as taking it.
        let saved = Taken {
            saved: pending,
            ..nothing
        };
        assert!(yes_read(Answer::Yes, saved, ok, Language::En).passed);
    }

    #[test]
    fn another_steps_job_is_named_and_not_taken_as_this_step() {
        let step = ToulminStep::WarrantBacking;
        let praised = "That gives a reason to trust the link in your warrant. Would this convince a doubtful reader?";
        assert!(!step_job_right(Job::Rebuttal, step, praised, None, Language::En).passed);
        let named = "That sounds like the other side's view; we will use it at the rebuttal step. What supports your link?";
        assert!(step_job_right(Job::Rebuttal, step, named, None, Language::En).passed);
        let proposed = proposal(step, "Some drivers say they need their car.");
        assert!(!step_job_right(Job::Rebuttal, step, named, Some(&proposed), Language::En).passed);
        let offered = "¿Quieres quedarte con \"pero eso se arregla\" como respaldo?";
        assert!(!step_job_right(Job::Reply, step, offered, None, Language::Es).passed);
        let replied = "Eso responde a la otra parte; lo usaremos en la refutación. ¿Qué fuente respalda tu garantía?";
        assert!(step_job_right(Job::Reply, step, replied, None, Language::Es).passed);
        let mislabelled =
            "That is a reply to the other side's view; we will use it at the rebuttal.";
        assert!(!step_job_right(Job::Rebuttal, step, mislabelled, None, Language::En).passed);
    }

    #[test]
    fn a_lead_in_is_not_kept_in_a_saved_text() {
        let leads = vec!["ok then".to_string(), "vale, pues".to_string()];
        assert!(!no_lead_in_saved(&["Ok then: cities should ban cars."], &leads).passed);
        assert!(
            !no_lead_in_saved(
                &["Vale, pues los institutos deberían empezar más tarde."],
                &leads
            )
            .passed
        );
        assert!(no_lead_in_saved(&["Cities should ban cars."], &leads).passed);
        // A word that only starts like the lead-in is no lead-in.
        assert!(no_lead_in_saved(&["Okthenism is a word."], &leads).passed);
    }

    #[test]
    fn every_sentence_is_in_the_expected_language_quotes_aside() {
        let spanish = "¿Quieres quedarte con \"cities should ban cars\" como tesis?";
        assert!(language_matches(spanish, Language::Es).passed);
        let mixed = "Esa es una postura clara que puedes defender. Tell me more, ask a question, or continue when you're ready.";
        assert!(!language_matches(mixed, Language::Es).passed);
        let english =
            "That is a clear position you can argue. Is this the position you want to defend?";
        assert!(language_matches(english, Language::En).passed);
        assert!(!language_matches(english, Language::Es).passed);
    }

    #[test]
    fn guidance_fragments_are_not_shown() {
        let leaked = "It does not yet explain why the grounds support the claim (because…, this shows…). Why?";
        assert!(!no_guidance_fragment(leaked).passed);
        assert!(!no_guidance_fragment("Name when it fails: unless..., except when...").passed);
        let example =
            "Say how they connect, for example with \"this shows that…\". How do they connect?";
        assert!(no_guidance_fragment(example).passed);
    }

    #[test]
    fn the_question_asks_about_its_last_quote() {
        let asked = "That is clear. Is \"Cities should ban cars\" the claim you want to keep?";
        assert_eq!(asked_about(asked), Some("Cities should ban cars"));
        assert_eq!(asked_about("You wrote \"cars\". Good."), None);
        let explained = "The reason goes after \"porque\". ¿Cuál es tu postura?";
        assert_eq!(asked_about(explained), None);
        assert_eq!(quoted("«a» and “b”"), ["a", "b"]);
    }
}
