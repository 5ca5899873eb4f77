//! Reading the student's message deterministically: what kind of message it is
//! (confirmation, rewrite request, request for help, or a text for the step), what is
//! weak about it as the step's text, and the text it offers for the step ("I think
//! homework should be banned because…" offers "Homework should be banned.").

use super::courtesy::{beside_farewell, courtesy_of, thanks_and_goodbye, thanks_then_talk};
pub use super::lead_in::{mixed_in_reason, without_lead_in};
use super::lead_in::{reason_start, without_because_opener, without_lead_ins};
use super::phrase_lists::STEP_NAMES;
use super::spelling::spelled_out;
use super::triggers::{is_confirmation, is_decline, is_rewrite_request};
use super::weak_text::{detect_weakness, Weakness};
use super::what_if::what_if_as_exception;
use super::ToulminStep;
use lantern_core::text::normalize::{has_phrase, normalize, opens_with_phrase, words};
use lantern_core::text::social::Social;
use lantern_core::text::tidy::strip_unsafe_chars;
use lantern_core::text::unmarked::unmarked_question;
use lantern_core::word_list;
use std::sync::LazyLock;

/// What the student's message is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    /// It confirms the last proposal or text ("yes, use that").
    Confirmation,
    /// It answers no to the pending question ("nope", "para nada"): it takes nothing.
    Decline,
    /// It asks the coach to rewrite or improve the text.
    RewriteRequest,
    /// It asks what to do ("what is a warrant?", "no entiendo").
    HelpRequest,
    /// A question about where the argument stands or how to move in it ("what step am
    /// i on", "go back to the claim", "skip this"): the app says where it is.
    SessionQuestion,
    /// It asks whether something is allowed for the step ("is it ok if I use my own
    /// school as an example?", "¿puedo usar un ejemplo mío?").
    TaskQuestion,
    /// Only thanks or a greeting ("thanks", "gracias", "hi"), and which.
    Courtesy(Social),
    /// A goodbye, alone or after a yes or a courtesy ("chao", "ok bye", "listo, chao"):
    /// the student is leaving, and a pending proposal stays as it is.
    Goodbye,
    /// Anything else: a text for the step, or talk about it.
    Text,
}

/// Phrases of a student who asks what to do rather than answering.
/// From `words/{en,es}/help-phrases.txt`.
static HELP_PHRASES: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("help-phrases").collect());

/// Phrases of a student saying they are lost ("no entiendo", "i dont get"), from
/// `words/{en,es}/confusion-phrases.txt`.
static CONFUSION_PHRASES: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("confusion-phrases").collect());

/// Openings of a question about what the step allows, asked of the coach rather than
/// offered as the step's text (normalised).
/// From `words/{en,es}/task-questions.txt`.
static TASK_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("task-questions").collect());

/// A question with fewer words than this ("ok?", "¿vale?", "why?") asks the coach
/// something; it is not offered as the step's text.
const SHORT_QUESTION_WORDS: usize = 4;

/// Words that open a question.
/// From `words/{en,es}/question-words.txt`.
static QUESTION_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("question-words").collect());

/// Words by which a question speaks about the student or to the coach.
/// From `words/{en,es}/personal-words.txt`.
static PERSONAL_WORDS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("personal-words").collect());

/// Verbs that open a question in the first person with the pronoun dropped ("¿debo…?",
/// "¿tengo que…?"). From `words/{en,es}/first-person-verbs.txt`.
static FIRST_PERSON_VERBS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("first-person-verbs").collect());

/// Whether a question (normalised) is asked of the coach rather than offered as a text:
/// it opens with a question word or an auxiliary and speaks of "I" or "you" ("why do I
/// need a number?", "do I have enough evidence?", "¿por qué me pides un ejemplo?");
/// "Why should phones be allowed?" is a text.
fn asks_the_coach(plain: &str) -> bool {
    let all = words(plain);
    // Spanish drops the pronoun: "¿debo…?", "¿tengo que…?", "¿necesito…?" speak of "I".
    let first_person = all.first().is_some_and(|w| FIRST_PERSON_VERBS.contains(w));
    all.first().is_some_and(|w| QUESTION_WORDS.contains(w))
        && (first_person || all.iter().any(|w| PERSONAL_WORDS.contains(w)))
}

/// Openings of a question about where the argument stands or how to move in it
/// ("how many steps are left", "volver a la tesis"). From
/// `words/{en,es}/session-questions.txt`.
static SESSION_QUESTIONS: LazyLock<Vec<&str>> =
    LazyLock::new(|| word_list!("session-questions").collect());

/// Most words of a question about where the argument stands.
const SHORT_SESSION_QUESTION: usize = 10;

/// Words by which a question points at the argument being written ("what goes
/// here?", "a word like probably"). From `words/{en,es}/task-pointers.txt`.
static TASK_POINTERS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("task-pointers").collect());

/// Words said before a question that are no part of it ("wait", "hmm", "espera"), from
/// `words/{en,es}/interjections.txt`: read past only to find where a question starts.
static INTERJECTIONS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("interjections").collect());

/// Where a question in `plain` (normalised) would start: after its lead-in, then after
/// one interjection.
fn question_start(plain: &str) -> &str {
    // "que" after a lead-in may open the question ("oye, que pongo aqui").
    let (rest, _) = without_lead_ins(plain);
    INTERJECTIONS
        .iter()
        .find_map(|i| rest.strip_prefix(i).and_then(|r| r.strip_prefix(' ')))
        .unwrap_or(rest)
}

/// Words that name a step in a question, and the step each names. From
/// `words/{en,es}/step-words.txt`.
static STEP_WORDS: LazyLock<Vec<(&str, ToulminStep)>> = LazyLock::new(|| {
    word_list!("step-words")
        .filter_map(|line| line.split_once(':'))
        .filter_map(|(word, step)| Some((word.trim(), step.trim().parse().ok()?)))
        .collect()
});

/// The steps `message` names, in the order it names them, each once; a backing named
/// on a backing step is that step ("what counts as a source?").
pub fn named_steps(message: &str, current: ToulminStep) -> Vec<ToulminStep> {
    let on_backing = matches!(
        current,
        ToulminStep::GroundsBacking | ToulminStep::WarrantBacking
    );
    let mut named = Vec::new();
    for word in words(&normalize(message)) {
        let step = STEP_WORDS.iter().find(|(w, _)| *w == word).map(|(_, s)| *s);
        let step = match step {
            Some(ToulminStep::GroundsBacking) if on_backing => Some(current),
            other => other,
        };
        if let Some(step) = step.filter(|s| !named.contains(s)) {
            named.push(step);
        }
    }
    named
}

/// `message` as the text it offers `step`, read written out ("a menos q" → "a menos
/// que"), and at the rebuttal a question raising a case as its exception.
fn as_offered(step: ToulminStep, message: &str) -> String {
    let spelled = spelled_out(message);
    let asked = (step == ToulminStep::Rebuttal)
        .then(|| what_if_as_exception(without_lead_in(&spelled)))
        .flatten();
    asked.unwrap_or(spelled)
}

/// What kind of message `message` is.
pub fn message_kind(message: &str) -> MessageKind {
    // Read as written out: "q pongo aqui" asks "que pongo aqui".
    let spelled = spelled_out(message);
    let plain = normalize(&spelled);
    // A goodbye with thanks may hold a yes ("ok thats it for today thanks bye").
    if thanks_and_goodbye(&plain) {
        return MessageKind::Courtesy(Social::Thanks);
    }
    // A goodbye may come after a yes ("listo, chao"): it confirms nothing.
    if beside_farewell(&plain).is_some_and(|rest| {
        rest.is_empty() || is_confirmation(&rest) || courtesy_of(&rest).is_some()
    }) {
        return MessageKind::Goodbye;
    }
    if is_confirmation(message) {
        return MessageKind::Confirmation;
    }
    if is_rewrite_request(message) {
        return MessageKind::RewriteRequest;
    }
    if let Some(kind) = courtesy_of(&plain) {
        return MessageKind::Courtesy(kind);
    }
    if thanks_then_talk(&plain) {
        return MessageKind::Courtesy(Social::Thanks);
    }
    // A question may come first and a remark after it ("¿cómo se hace? no lo pillo"),
    // or end the message without its mark ("what am i supposed to put here").
    let asks = message.contains('?') || unmarked_question(&spelled).is_some();
    // A question opens after a lead-in or an interjection ("wait what does warrant mean").
    let asked = question_start(&plain);
    // Asked, a session question may go on ("can i go back and change my claim? i think
    // its a bit too strong"); unasked, only a short one is.
    if opens_with_phrase(asked, &SESSION_QUESTIONS)
        && (asks || words(asked).len() <= SHORT_SESSION_QUESTION)
    {
        return MessageKind::SessionQuestion;
    }
    if asks && opens_with_phrase(asked, &TASK_QUESTIONS) {
        return MessageKind::TaskQuestion;
    }
    let all = words(&plain);
    let about_the_task = all
        .iter()
        .any(|w| STEP_NAMES.contains(w) || TASK_POINTERS.contains(w));
    // Lost, about the task, with or without a question mark ("neta no entiendo que va
    // aqui, que es el respaldo de la garantia").
    let lost = CONFUSION_PHRASES.iter().any(|p| has_phrase(&plain, p)) && about_the_task;
    if lost
        || opens_with_phrase(asked, &HELP_PHRASES)
        || (asks && HELP_PHRASES.iter().any(|p| has_phrase(&plain, p)))
        || (asks && all.len() < SHORT_QUESTION_WORDS)
        || (asks && asks_the_coach(asked))
        // A question naming a step, or pointing at the writing, asks about it.
        || (asks && about_the_task)
    {
        return MessageKind::HelpRequest;
    }
    // After help: "no sé" asks for help; "nope" answers no.
    if is_decline(message) {
        return MessageKind::Decline;
    }
    MessageKind::Text
}

/// `text` with its first letter in upper case (a sentence once its lead-in is gone).
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `text` with a lower-case first letter, unless its first word is all capitals ("NHS")
/// or "I".
pub fn lowercased(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if second.is_lowercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_string(),
    }
}

/// What is weak about the student's message as the text of `step`, when it is meant as
/// one (confirmations, rewrite requests and requests for help are not).
pub fn message_weakness(step: ToulminStep, message: &str) -> Option<Weakness> {
    if message_kind(message) != MessageKind::Text {
        return None;
    }
    detect_weakness(step, without_lead_in(&as_offered(step, message)))
}

/// The text `message` offers for `step`, ready to propose: lead-in removed, a claim's
/// mixed-in reason cut off, starting with a capital and ending with a full stop — when
/// it passes the step's checks.
pub fn offered_text(step: ToulminStep, message: &str) -> Option<String> {
    if message_kind(message) != MessageKind::Text {
        return None;
    }
    let spelled = as_offered(step, &strip_unsafe_chars(message));
    let text = without_lead_in(&spelled);
    let text = match (mixed_in_reason(step, &spelled), reason_start(text)) {
        (Some(_), Some(at)) => &text[..at],
        _ => text,
    };
    let text = text.trim().trim_end_matches([',', ';', ':', ' ']);
    if text.ends_with('?') {
        return None;
    }
    let mut offered = capitalized(without_because_opener(step, text));
    if !offered.ends_with(['.', '!', '"', '”', ')']) {
        offered.push('.');
    }
    detect_weakness(step, &offered).is_none().then_some(offered)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ToulminStep::*;

    #[test]
    fn confirmations_rewrites_help_and_texts_are_told_apart() {
        assert_eq!(message_kind("yes, use that"), MessageKind::Confirmation);
        assert_eq!(
            message_kind("Can you rewrite it?"),
            MessageKind::RewriteRequest
        );
        assert_eq!(message_kind("what is a warrant?"), MessageKind::HelpRequest);
        assert_eq!(
            message_kind("no entiendo qué pongo aquí"),
            MessageKind::HelpRequest
        );
        assert_eq!(message_kind("idk"), MessageKind::HelpRequest);
        for asked in [
            "wait what does warrant mean",
            "hold on what is a qualifier",
            "ok so what is a rebuttal",
            "espera qué significa respaldo",
        ] {
            assert_eq!(message_kind(asked), MessageKind::HelpRequest, "{asked}");
        }
        assert_eq!(
            message_kind("wait times at the hospital show what is wrong"),
            MessageKind::Text
        );
        for asked in [
            "what step am i on",
            "how many steps are left",
            "go back to the claim",
            "skip this step",
            "¿cuántos pasos quedan?",
            "volver a la tesis",
        ] {
            assert_eq!(message_kind(asked), MessageKind::SessionQuestion, "{asked}");
        }
        assert_eq!(
            message_kind("skipping breakfast makes pupils tired"),
            MessageKind::Text
        );
        // A question that names a step asks about it; one on the topic is a text.
        for asked in [
            "¿para qué sirve el matizador?",
            "does this count as a rebuttal?",
        ] {
            assert_eq!(message_kind(asked), MessageKind::HelpRequest, "{asked}");
        }
        // A question pointing at the writing asks about it.
        for asked in [
            "ok so what goes here then?",
            "does it have to have a word like probably in it?",
            "¿aquí va lo que diría alguien que no está de acuerdo?",
        ] {
            assert_eq!(message_kind(asked), MessageKind::HelpRequest, "{asked}");
        }
        assert_eq!(
            message_kind("Should phones be banned at break?"),
            MessageKind::Text
        );
        assert_eq!(message_kind("not really"), MessageKind::Decline);
        assert_eq!(message_kind("no sé"), MessageKind::HelpRequest);
        assert_eq!(message_kind("ok?"), MessageKind::HelpRequest);
        assert_eq!(message_kind("¿vale?"), MessageKind::HelpRequest);
        assert_eq!(
            message_kind("Should schools ban phones in class?"),
            MessageKind::Text
        );
        assert_eq!(message_kind("Phones distract students."), MessageKind::Text);
    }

    #[test]
    fn a_question_about_the_parts_of_an_argument_is_asked_of_the_coach() {
        for asked in [
            "how is evidence different from a reason?",
            "¿en qué se diferencian las pruebas de una razón?",
        ] {
            assert_eq!(message_kind(asked), MessageKind::HelpRequest, "{asked}");
        }
    }

    #[test]
    fn a_question_names_the_steps_it_asks_about() {
        assert_eq!(
            named_steps("how is evidence different from a reason?", Grounds),
            [Grounds, Warrant]
        );
        assert_eq!(
            named_steps("¿qué fuente vale aquí?", WarrantBacking),
            [WarrantBacking]
        );
        assert_eq!(named_steps("what goes here?", Claim), []);
    }

    #[test]
    fn a_goodbye_alone_or_after_a_yes_is_a_goodbye() {
        for said in [
            "chao",
            "bye",
            "ok bye",
            "listo, chao",
            "vale, hasta luego",
            "sí, chao",
        ] {
            assert_eq!(message_kind(said), MessageKind::Goodbye, "{said}");
        }
        // A text that names a farewell is still a text; thanks with a goodbye stays thanks.
        assert_eq!(
            message_kind("people leave the zoo and say bye to the animals"),
            MessageKind::Text
        );
        assert_eq!(
            message_kind("gracias por la ayuda, hasta luego"),
            MessageKind::Courtesy(Social::Thanks)
        );
    }

    #[test]
    fn thanks_for_the_help_is_a_courtesy() {
        for said in [
            "muchas gracias, me has ayudado un montón",
            "thanks, that really helped me",
        ] {
            assert!(
                matches!(message_kind(said), MessageKind::Courtesy(_)),
                "{said}"
            );
        }
    }

    #[test]
    fn a_question_with_a_remark_after_it_is_still_a_question() {
        assert_eq!(
            message_kind("¿cómo se hace una garantía? no lo pillo"),
            MessageKind::HelpRequest
        );
        assert_eq!(
            message_kind("what counts as a source? my teacher never said"),
            MessageKind::HelpRequest
        );
    }

    #[test]
    fn a_student_saying_they_are_lost_about_the_task_asks_for_help_without_a_question_mark() {
        for lost in [
            "neta no entiendo que va aqui, que es el respaldo de la garantia",
            "i dont get what goes in the warrant",
        ] {
            assert_eq!(message_kind(lost), MessageKind::HelpRequest, "{lost}");
        }
        assert_eq!(
            message_kind("muchos alumnos no entienden los intereses de una tarjeta"),
            MessageKind::Text
        );
    }

    #[test]
    fn a_question_sent_without_its_mark_asks_like_a_marked_one() {
        assert_eq!(
            message_kind("what am i supposed to put here"),
            MessageKind::HelpRequest
        );
        // A clause that only looks like a question opening is a text.
        assert_eq!(
            message_kind("dogs lower stress, which helps students learn"),
            MessageKind::Text
        );
    }

    #[test]
    fn texting_is_read_written_out() {
        // "q" opens the question after a lead-in; "a menos q" opens an exception.
        assert_eq!(
            message_kind("oye q pongo aqui, lo de las excepciones no lo pillo"),
            MessageKind::HelpRequest
        );
        assert_eq!(
            message_weakness(Rebuttal, "mmm pues a menos q la acera sea muy ancha"),
            None
        );
        assert_eq!(
            offered_text(Rebuttal, "mmm pues a menos q la acera sea muy ancha").as_deref(),
            Some("A menos que la acera sea muy ancha.")
        );
    }

    #[test]
    fn a_question_raising_a_case_is_the_rebuttal_s_exception() {
        assert_eq!(
            offered_text(Rebuttal, "but what if the charity can't store it all?").as_deref(),
            Some("Unless the charity can't store it all.")
        );
        assert_eq!(
            offered_text(Rebuttal, "¿pero qué pasa si te enfermás y no podés ir?").as_deref(),
            Some("Salvo si te enfermás y no podés ir.")
        );
        // Asked about the task, or at another step, it is a question.
        assert_eq!(
            offered_text(Rebuttal, "what if I can't think of one?"),
            None
        );
        assert_eq!(
            offered_text(Warrant, "but what if the charity can't store it all?"),
            None
        );
    }

    #[test]
    fn a_longer_question_about_moving_in_the_argument_is_a_session_question() {
        assert_eq!(
            message_kind("hold on can i go back and change my claim? i think its a bit too strong"),
            MessageKind::SessionQuestion
        );
    }

    #[test]
    fn thanks_and_goodbye_is_a_courtesy() {
        for said in [
            "ok thats it for today thanks bye",
            "bueno, listo por hoy, gracias, chau",
        ] {
            assert!(
                matches!(message_kind(said), MessageKind::Courtesy(_)),
                "{said}"
            );
        }
    }

    #[test]
    fn thanks_then_talk_about_the_help_is_a_courtesy() {
        let said = "thanks so much for helping with this part, i honestly had no idea what backing even meant";
        assert_eq!(message_kind(said), MessageKind::Courtesy(Social::Thanks));
        // Saying the help was useful is talk about the help too.
        for said in [
            "thanks, that was actually helpful",
            "gracias, me ha sido muy útil",
        ] {
            assert_eq!(
                message_kind(said),
                MessageKind::Courtesy(Social::Thanks),
                "{said}"
            );
        }
        assert_eq!(
            message_kind("thanks, phones help us learn"),
            MessageKind::Text
        );
    }

    #[test]
    fn thanks_and_greetings_alone_are_social_not_a_text() {
        for m in [
            "thanks",
            "Thank you so much!",
            "gracias",
            "muchas gracias",
            "hi",
        ] {
            assert!(matches!(message_kind(m), MessageKind::Courtesy(_)), "{m}");
        }
        for m in [
            "hi, phones should be banned",
            "thanks, phones help us learn",
        ] {
            assert_eq!(message_kind(m), MessageKind::Text, "{m}");
        }
    }

    #[test]
    fn a_question_about_what_the_step_allows_is_asked_of_the_coach() {
        for m in [
            "is it ok if i use my own school as an example?",
            "Can I use a number from the news?",
            "¿Puedo usar un ejemplo de mi clase?",
        ] {
            assert_eq!(message_kind(m), MessageKind::TaskQuestion, "{m}");
            assert_eq!(message_weakness(Grounds, m), None, "{m}");
        }
        assert_eq!(
            message_kind("Can schools ban phones in class?"),
            MessageKind::Text
        );
    }

    #[test]
    fn a_question_about_me_or_you_is_asked_of_the_coach() {
        for m in [
            "why do I need a number?",
            "What do you think of my grounds?",
            "¿Por qué me pides un ejemplo?",
            "Do I have enough evidence?",
            "¿Debo poner una cifra?",
        ] {
            assert_eq!(message_kind(m), MessageKind::HelpRequest, "{m}");
        }
        assert_eq!(
            message_kind("Why should phones be allowed in every class?"),
            MessageKind::Text
        );
    }

    #[test]
    fn a_reason_mixed_into_a_claim_is_found_in_both_languages() {
        let en = "I think homework should be banned because kids need time to play.";
        assert_eq!(
            mixed_in_reason(Claim, en),
            Some("because kids need time to play.")
        );
        assert_eq!(
            message_weakness(Claim, en),
            Some(Weakness::ClaimIncludesReason)
        );
        let es = "Creo que los móviles deberían permitirse porque ayudan a buscar información";
        assert_eq!(
            mixed_in_reason(Claim, es),
            Some("porque ayudan a buscar información")
        );
        assert_eq!(mixed_in_reason(Grounds, en), None, "only the claim");
        assert_eq!(mixed_in_reason(Claim, "Because it rains."), None);
        assert_eq!(
            mixed_in_reason(
                Claim,
                "los festivales deberían prohibir la reventa, o sea, es injusto"
            ),
            Some("o sea, es injusto")
        );
    }

    #[test]
    fn the_claim_before_because_is_offered() {
        assert_eq!(
            offered_text(
                Claim,
                "I think homework should be banned because kids need time to play."
            )
            .as_deref(),
            Some("Homework should be banned.")
        );
        assert_eq!(
            offered_text(
                Claim,
                "creo que el uniforme debería ser opcional, porque cuesta dinero"
            )
            .as_deref(),
            Some("El uniforme debería ser opcional.")
        );
        assert_eq!(offered_text(Claim, "phones bad"), None, "too short");
        assert_eq!(
            offered_text(Claim, "Should schools get rid of uniforms?"),
            None,
            "a question"
        );
        assert_eq!(
            offered_text(Claim, "yes"),
            None,
            "a confirmation offers nothing"
        );
    }

    #[test]
    fn help_requests_and_confirmations_have_no_weakness() {
        assert_eq!(message_weakness(Warrant, "what is a warrant?"), None);
        assert_eq!(message_weakness(Claim, "ok"), None);
        assert_eq!(
            message_weakness(Claim, "Should schools ban phones in class?"),
            Some(Weakness::IsQuestion)
        );
        assert_eq!(
            message_weakness(Qualifier, "It is true for everyone"),
            Some(Weakness::MissingHedge)
        );
    }

    #[test]
    fn lead_ins_are_taken_off() {
        assert_eq!(
            without_lead_in("My claim: schools should act."),
            "schools should act."
        );
        assert_eq!(
            without_lead_in("I think that rest matters a lot"),
            "rest matters a lot"
        );
        assert_eq!(without_lead_in("Creo que la tarea cansa"), "la tarea cansa");
        assert_eq!(
            without_lead_in("En mi opinión, la tarea cansa"),
            "la tarea cansa"
        );
        assert_eq!(without_lead_in("I thinker"), "I thinker");
        assert_eq!(without_lead_in("Homework helps"), "Homework helps");
    }
}
