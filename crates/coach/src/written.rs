//! The model's own text for a step the student asks it to write ("can you make my
//! warrant for me", "hazme la garantía") when there is nothing of theirs to rewrite
//! (spec 000, trigger 2): a short request with only their claim and grounds, one
//! sentence back, kept when it passes the step's checks, does not merely repeat the
//! grounds and copies nothing of the prompt (the shared filter's leak check). A refused
//! sentence is asked for once more without the example ([`write_again_request`]).

use super::filter::{reply_filter, student_texts};
use super::reading::{capitalized, without_lead_in};
use super::step_checks::{named_sources, passes_step_heuristics, repeats_grounds};
use super::weak_text::detect_weakness;
use super::{CoachTurnInput, Language, ToulminStep};
use lantern_core::llm::{ChatMessage, ChatRole, Limits, LlmRequest};
use lantern_core::text::normalize::{has_phrase, normalize, words};
use lantern_core::text::support::DropReason;
use lantern_core::text::terms::is_stop_word;
use lantern_core::text::tidy::sentences;
use schemars::JsonSchema;
use serde::Deserialize;

/// Longest sentence the model may write, in characters.
const MAX_WRITTEN_CHARS: usize = 300;
/// Longest answer, in tokens: above the longest sentence the schema allows.
const MAX_WRITTEN_TOKENS: u32 = 160;

/// What the model answers: the step's text, one sentence.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Written {
    /// The sentence for the step.
    #[schemars(length(max = 300))]
    pub sentence: String,
}

/// Whether the turn asks the model to write the step from the student's material: a
/// rewrite request with no text of the student's for the step.
pub fn wants_written(input: &CoachTurnInput) -> bool {
    input.rewrite_requested() && input.rewritten_text().is_none()
}

/// Whether the student has given anything a written text for `input`'s step could
/// rest on: for the grounds, a figure or a named source in their messages or draft
/// beyond the claim; for a backing, a named source. Without it, any text the model
/// wrote would invent its facts, so the model is not asked and the student is.
/// Reasoning steps (warrant, qualifier, rebuttal) always have the claim.
pub fn has_material(input: &CoachTurnInput) -> bool {
    let mut texts = student_texts(input);
    let claim = input.draft.get(ToulminStep::Claim);
    texts.retain(|t| t.trim() != claim.trim());
    // Each text apart: a text's first word opens a sentence, and names nothing.
    let sources = texts.iter().any(|t| !named_sources(t).is_empty());
    match input.current_step {
        ToulminStep::Grounds => {
            sources || texts.iter().any(|t| t.chars().any(|c| c.is_ascii_digit()))
        }
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking => sources,
        _ => true,
    }
}

/// A whole argument on a topic of its own, step by step: the example the model
/// follows (small models copy instructions; they follow an example).
const EXAMPLE: [(ToulminStep, &str); 7] = [
    (ToulminStep::Claim, "Schools should plant more trees in their playgrounds."),
    (ToulminStep::Grounds, "Our playground reached 40 degrees in June, and the part under the old oak stayed 8 degrees cooler."),
    (ToulminStep::Warrant, "Trees give shade that keeps the ground cool, so more trees would keep pupils cooler at break."),
    (ToulminStep::GroundsBacking, "The temperatures come from the school's own weather station, which the science teacher checks every week."),
    (ToulminStep::WarrantBacking, "Studies of city parks show that shaded ground is several degrees cooler than open asphalt."),
    (ToulminStep::Qualifier, "Probably, in most schools with sunny playgrounds."),
    (ToulminStep::Rebuttal, "Unless the trees block the only light into the classrooms."),
];

/// The argument up to `step` as lines "step: text", from `text_of` (the steps before
/// it, then `step` itself with what `last` gives).
fn lines_up_to(step: ToulminStep, text_of: impl Fn(ToulminStep) -> String, last: &str) -> String {
    ToulminStep::ALL
        .into_iter()
        .take_while(|s| *s != step)
        .map(|s| (s, text_of(s)))
        .filter(|(_, t)| !t.trim().is_empty())
        .map(|(s, t)| format!("{}: {}", s.as_str(), t.trim()))
        .chain([format!("{}: {last}", step.as_str())])
        .collect::<Vec<_>>()
        .join("\n")
}

/// The request: the example argument, then the student's own steps so far and the
/// step to write.
pub fn write_request(input: &CoachTurnInput) -> LlmRequest {
    request(input, true, None)
}

/// The request asked again after a refused sentence: the student's own steps only,
/// with no example to copy.
pub fn write_again_request(input: &CoachTurnInput) -> LlmRequest {
    request(input, false, None)
}

/// The request for one concrete improvement of the student's weak `draft` of the step
/// (spec 000, trigger 3): the example argument, the student's steps, their draft, and
/// the step to write keeping the draft's idea.
pub fn improve_request(input: &CoachTurnInput, draft: &str) -> LlmRequest {
    request(input, true, Some(draft))
}

/// The improvement asked again after a refused one (it copied the example, or lost the
/// draft's idea): the student's steps and their draft only, with no example to copy.
pub fn improve_again_request(input: &CoachTurnInput, draft: &str) -> LlmRequest {
    request(input, false, Some(draft))
}

/// The request for the step's sentence, with the example argument before the
/// student's steps when `with_example`, and the student's `draft` of the step to keep
/// the idea of.
fn request(input: &CoachTurnInput, with_example: bool, draft: Option<&str>) -> LlmRequest {
    let step = input.current_step;
    // The warrant's connective in the session's language only: a model told of the
    // other language's may write in it.
    let (language, so) = match input.language {
        Language::En => ("English", "so"),
        Language::Es => ("Spanish", "así que"),
    };
    let example = |s: ToulminStep| {
        EXAMPLE
            .iter()
            .find(|(e, _)| *e == s)
            .map_or(String::new(), |(_, t)| t.to_string())
    };
    let mut student = lines_up_to(step, |s| input.draft.get(s).to_string(), "?");
    if let Some(draft) = draft {
        let slot = format!("{}: ?", step.as_str());
        let with_draft = format!("{} draft: {}\n{slot}", step.as_str(), draft.trim());
        student = student.replace(&slot, &with_draft);
    }
    let content = if with_example {
        let shown = lines_up_to(step, example, &example(step));
        format!("Example:\n{shown}\n\nStudent:\n{student}")
    } else {
        format!("Student:\n{student}")
    };
    LlmRequest {
        system: format!(
            "You help a student write one step of their argument. Write the missing {} as one sentence in {language}, about the student's topic{}.{} Answer with JSON only.",
            step.as_str(),
            match (with_example, draft.is_some()) {
                (true, true) => ", in the way the example does, keeping the idea of the student's draft and adding what it lacks",
                (true, false) => ", in the way the example does",
                (false, true) => ", keeping the idea of the student's draft and adding what it lacks",
                (false, false) => "",
            },
            if step == ToulminStep::Warrant {
                format!(" Say why the student's grounds prove their claim, and join it with {so}.")
            } else {
                String::new()
            }
        ),
        messages: vec![ChatMessage {
            role: ChatRole::User,
            content,
        }],
        limits: Limits {
            max_tokens: MAX_WRITTEN_TOKENS,
            ..Limits::default()
        },
        cache_key: None,
    }
}

/// The model's `sentence` as the step's text, when it fits — else its first sentence,
/// when it wrote more ("… This aligns with the student's claim."): see
/// [`checked_text`].
pub fn checked_written(input: &CoachTurnInput, sentence: &str) -> Option<String> {
    checked_text(input, sentence).or_else(|| {
        let first = sentences(sentence).into_iter().next()?;
        (first.trim() != sentence.trim())
            .then(|| checked_text(input, first))
            .flatten()
    })
}

/// `text` as the step's text, when it fits: lead-in off, capitalised, closed with a full
/// stop; passing the step's checks; not repeating the grounds (a warrant) or another
/// field; copying nothing of the prompt.
fn checked_text(input: &CoachTurnInput, text: &str) -> Option<String> {
    let step = input.current_step;
    let mut value = capitalized(without_lead_in(text.trim()));
    if value.chars().count() > MAX_WRITTEN_CHARS {
        return None;
    }
    if !value.ends_with(['.', '!']) {
        value.push('.');
    }
    let draft = &input.draft;
    // Another step's text, alone or inside the sentence, is no text for this step.
    let plain = normalize(&value);
    let repeats = ToulminStep::ALL
        .into_iter()
        .filter(|s| *s != step && draft.is_filled(*s))
        .any(|s| plain.contains(&normalize(draft.get(s))))
        || (step == ToulminStep::Warrant
            && repeats_grounds(
                &value,
                draft.get(ToulminStep::Grounds),
                draft.get(ToulminStep::Claim),
            ));
    let filter = reply_filter(input);
    let leaks = sentences(&value)
        .into_iter()
        .any(|s| matches!(filter.check(s), Err(DropReason::Leak(_))));
    let fits = detect_weakness(step, &value).is_none() && passes_step_heuristics(step, &value);
    let grounded = step != ToulminStep::Warrant
        || speaks_of(
            &value,
            draft.get(ToulminStep::Grounds),
            draft.get(ToulminStep::Claim),
        );
    (fits
        && grounded
        && sourced(input, &value)
        && states_only_given_facts(input, &value)
        && !repeats
        && !leaks
        && !copies_example(&value))
    .then_some(value)
}

/// Whether a written `value` for `input`'s step states only what the student gave, when
/// the step is one of facts — the grounds or a backing: every word of it rests on their
/// messages, their draft or the coach's vocabulary (the shared filter's support test), so
/// no number, place or source is invented. A warrant, a qualifier or a rebuttal reasons
/// about those facts in words of its own.
fn states_only_given_facts(input: &CoachTurnInput, value: &str) -> bool {
    let facts = matches!(
        input.current_step,
        ToulminStep::Grounds | ToulminStep::GroundsBacking | ToulminStep::WarrantBacking
    );
    let filter = reply_filter(input);
    !facts
        || sentences(value)
            .into_iter()
            .all(|s| !matches!(filter.check(s), Err(DropReason::Unsupported(_))))
}

/// Whether a written `value` for `input`'s step names only sources the student gave: a
/// backing says where the evidence or the link comes from, so it must name a source
/// ([`named_sources`]) and every one it names must be in the student's messages or
/// draft — a backing the student has no source for is asked of them, never invented.
fn sourced(input: &CoachTurnInput, value: &str) -> bool {
    if !matches!(
        input.current_step,
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking
    ) {
        return true;
    }
    let given = normalize(&student_texts(input).join(" "));
    let named = named_sources(value);
    !named.is_empty() && named.iter().all(|s| has_phrase(&given, s))
}

/// The model's improvement of the student's weak `draft`, when it fits: what
/// [`checked_written`] keeps, and still speaks of the draft (one of its content words,
/// in any form, that the claim does not have) — an improvement, not another idea.
pub fn checked_improvement(input: &CoachTurnInput, draft: &str, sentence: &str) -> Option<String> {
    let claim = input.draft.get(ToulminStep::Claim);
    checked_written(input, sentence).filter(|value| speaks_of(value, draft, claim))
}

/// Characters of a word compared to tell the same word in another form ("crash",
/// "crashes"; "dormir", "dormimos").
const STEM_CHARS: usize = 5;
/// Words in a row shared with the example that make a sentence a copy of it.
const COPIED_RUN: usize = 4;

/// The stems of the content words of `text`.
fn stems(text: &str) -> Vec<String> {
    let plain = normalize(text);
    words(&plain)
        .into_iter()
        .filter(|w| w.chars().count() > 3 && !is_stop_word(w))
        .map(|w| w.chars().take(STEM_CHARS).collect())
        .collect()
}

/// Whether `text` speaks of `source` (a warrant of the student's grounds, an
/// improvement of their draft): one of its content words (in any form) is the
/// source's and not the claim's — "pollution" when the grounds count crashes is a
/// warrant about something else.
fn speaks_of(text: &str, source: &str, claim: &str) -> bool {
    let theirs = stems(source);
    let claimed = stems(claim);
    theirs.is_empty()
        || stems(text)
            .iter()
            .any(|w| theirs.contains(w) && !claimed.contains(w))
}

/// Whether `sentence` copies the example argument: four words in a row of one of its
/// sentences.
fn copies_example(sentence: &str) -> bool {
    let plain = normalize(sentence);
    let mine = words(&plain);
    EXAMPLE.iter().any(|(_, example)| {
        let example = normalize(example);
        let theirs = words(&example);
        theirs
            .windows(COPIED_RUN)
            .any(|run| mine.windows(COPIED_RUN).any(|m| m == run))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asked(message: &str) -> CoachTurnInput {
        let mut input = CoachTurnInput::first_message(ToulminStep::Warrant, message, Language::En);
        input.draft.set(
            ToulminStep::Claim,
            "Cities should ban cars from their centres.",
        );
        input.draft.set(
            ToulminStep::Grounds,
            "Our town centre had 40 crashes with cars last year, most of them near schools.",
        );
        input
    }

    #[test]
    fn make_it_for_me_with_nothing_written_asks_the_model_with_the_students_material() {
        let input = asked("can you make my warrant for me");
        assert!(wants_written(&input));
        let request = write_request(&input);
        let content = &request.messages[0].content;
        assert!(
            content.contains("grounds: Our town centre had 40 crashes"),
            "{content}"
        );
        assert!(content.ends_with("warrant: ?"), "{content}");
        assert!(content.contains("warrant: Trees give shade"), "{content}");
        assert!(!content.contains("rebuttal"), "{content}");
        assert!(request.system.contains("warrant"));
        assert!(!wants_written(&asked("cars make the air dirty")));
    }

    #[test]
    fn the_request_asked_again_has_the_students_material_and_no_example() {
        let again = write_again_request(&asked("can you make my warrant for me"));
        let first = write_request(&asked("can you make my warrant for me"));
        let student = first.messages[0].content.split("\n\n").last().unwrap();
        assert_eq!(again.messages[0].content, student);
        assert!(!student.contains("Trees"), "{student}");
        assert!(!again.system.contains("example"), "{}", again.system);
        assert!(again.system.contains("join it with so.") && !again.system.contains("Spanish"));
        assert_eq!(again.limits.max_tokens, first.limits.max_tokens);
    }

    #[test]
    fn with_no_figure_or_source_of_theirs_there_is_nothing_to_write_facts_from() {
        let mut input = CoachTurnInput::first_message(
            ToulminStep::Grounds,
            "escríbelo tú porfa, yo no sé qué poner de evidencia",
            Language::Es,
        );
        input.draft.set(
            ToulminStep::Claim,
            "Las ciudades deberían prohibir los patinetes.",
        );
        assert!(!has_material(&input));
        let mut given = CoachTurnInput::first_message(
            ToulminStep::Grounds,
            "hazlo tú: en mi barrio hubo 90 accidentes",
            Language::Es,
        );
        given.draft = input.draft.clone();
        assert!(has_material(&given));
        // A backing needs a source the student named; a warrant always has the claim.
        let mut asked = asked("can you think of a backing for me");
        asked.current_step = ToulminStep::GroundsBacking;
        asked
            .draft
            .set(ToulminStep::Grounds, "Our street had 40 crashes last year.");
        assert!(!has_material(&asked));
        asked.current_step = ToulminStep::Warrant;
        assert!(has_material(&asked));
    }

    #[test]
    fn written_grounds_state_only_facts_the_student_gave() {
        let mut input = CoachTurnInput::first_message(
            ToulminStep::Grounds,
            "can you write my evidence for me",
            Language::En,
        );
        input.draft.set(
            ToulminStep::Claim,
            "Cities should ban cars from their centres.",
        );
        let invented = "Car pollution causes thousands of asthma cases in city centres every year.";
        assert_eq!(checked_written(&input, invented), None);
    }

    #[test]
    fn a_written_backing_names_only_a_source_the_student_gave() {
        let mut input = asked("can you think of a backing for me");
        input.current_step = ToulminStep::GroundsBacking;
        // No source in the student's words: none may be invented, nor a backing without one.
        for invented in [
            "The figures come from a survey by the town council of all crashes last year.",
            "The number of crashes is much higher than in other towns, so the centre is unsafe.",
        ] {
            assert_eq!(checked_written(&input, invented), None, "{invented}");
        }
        input.draft.set(
            ToulminStep::Grounds,
            "The Road Safety Trust counted 40 crashes with cars in our town centre last year.",
        );
        assert!(checked_written(
            &input,
            "The crash figures come from the Road Safety Trust, which counted the crashes in our town."
        )
        .is_some());
        // What the student did not say is not written for them ("every crash").
        assert_eq!(
            checked_written(
                &input,
                "The crash figures come from the Road Safety Trust, which counts every crash in the town."
            ),
            None
        );
        // Nor is another step's text, alone or with more after it.
        let grounds = input.draft.get(ToulminStep::Grounds).to_string();
        assert_eq!(
            checked_written(&input, &format!("{grounds} The Road Safety Trust says so.")),
            None
        );
    }

    #[test]
    fn the_written_warrant_is_kept_only_when_it_links_and_does_not_repeat_the_grounds() {
        let input = asked("can you make my warrant for me");
        assert_eq!(
            checked_written(
                &input,
                "fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer"
            )
            .as_deref(),
            Some("Fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer.")
        );
        let mut es = asked("hazme la garantía");
        es.draft.set(
            ToulminStep::Claim,
            "Los institutos deberían empezar más tarde.",
        );
        es.draft.set(
            ToulminStep::Grounds,
            "En mi clase casi todos dormimos menos de 7 horas, según una encuesta a 28 alumnos.",
        );
        assert!(checked_written(
            &es,
            "Quien duerme poco rinde peor, así que empezar más tarde para dormir más ayuda a aprender."
        )
        .is_some());
        assert_eq!(
            checked_written(
                &input,
                "Fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer. This aligns with the student's claim."
            )
            .as_deref(),
            Some("Fewer cars in the centre means fewer chances for a crash, so banning them makes the centre safer."),
            "what the model added after the step's sentence is left out"
        );
        for bad in [
            "Cars can cause damage to the ground, so more cars would keep pupils cooler at break.",
            "Cars cause pollution that harms the environment, so banning cars would help protect the environment.",
            "The numbers show that your claim is true because our town centre had 40 crashes with cars last year.",
            "Cars are dangerous",
            "Our town centre had 40 crashes with cars last year, most of them near schools.",
        ] {
            assert_eq!(checked_written(&input, bad), None, "{bad}");
        }
    }
}
