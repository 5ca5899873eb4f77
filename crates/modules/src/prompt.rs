//! The model's prompt for an open message or a submitted form: a short system prompt
//! per module (cached), then the current section, the notes the message is about, what
//! is covered, the form's answers and the student's words.

use super::pack::{ModuleManifest, SectionRef, MAX_NOTE_CHARS};
use super::progress::ModuleProgress;
use lantern_core::language::Language;
use lantern_core::llm::{ChatMessage, ChatRole, Limits, LlmRequest};
use lantern_core::text::tidy::sentences;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Longest note put in the prompt, in characters.
const NOTE_CHARS: usize = 320;
/// Most notes put in the prompt.
const NOTES: usize = 3;

/// A passage of the module found for the message (by keywords or retrieval).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// The topic (or section) it belongs to.
    pub source_id: String,
    /// Its title.
    pub title: String,
    /// Its text.
    pub text: String,
}

fn language_name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Es => "Spanish (español)",
    }
}

/// The system prompt: the same for every turn of a module in a language.
pub fn system_prompt(module: &ModuleManifest, language: Language) -> String {
    format!(
        "You are a calm, kind study guide in the module \"{title}\". Answer the student's last message in JSON, in {lang}, \
using only the notes you are given. Write 1 to 3 short blocks of whole sentences in simple words \
(paragraph, list, tip, info or quote), at most 3 sentences in all: apply the notes to what the student asked, in your own words — \
the note itself is shown after your answer, so never copy it; then next_step: one short question for the student and up to 3 short replies the student could click. \
Never diagnose; forms are optional; the student may change topic any time.",
        title = module.title,
        lang = language_name(language),
    )
}

/// `text` within `max` characters: whole sentences when one ends in the second half,
/// else whole words and "…" — never a word cut in two for the model to copy.
fn cut(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max).collect();
    let sentence_end = cut
        .char_indices()
        .filter(|(i, c)| matches!(c, '.' | '!' | '?') && *i >= cut.len() / 2)
        .map(|(i, c)| i + c.len_utf8())
        .next_back();
    if let Some(end) = sentence_end {
        return cut[..end].to_string();
    }
    let words = cut
        .rsplit_once(char::is_whitespace)
        .map_or(cut.as_str(), |(w, _)| w);
    format!("{}…", words.trim_end())
}

/// The labels of the turn's message; a reply that carries one is the prompt leaking.
pub const PROMPT_LABELS: &[&str] = &[
    "we are on:",
    "notes you may use:",
    "covered so far:",
    "student:",
    "task:",
];

/// How the prompt speaks of the student, in the third person: a reply sentence that
/// does ("The student asks that most first jobs…") talks about the task, not to them.
const STUDENT_MENTIONS: &[&str] = &[
    "the student ",
    "the student's",
    "the user",
    "el estudiante",
    "la estudiante",
    "el alumno",
    "la alumna",
    "el usuario",
];

/// How a reply sentence may speak of the note it rests on ("La nota dice que…", "the
/// note says"): talk about the prompt, when the note is shown under the answer anyway
/// (`words/<locale>/source-mentions.txt`, lowercase).
static SOURCE_MENTIONS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| word_list!("source-mentions").collect());

/// The labels a reply in `module` must not carry: [`PROMPT_LABELS`], and the prompt's
/// words for the student and for its notes ([`SOURCE_MENTIONS`]) unless the module's
/// own text uses them (a note may speak of "the student who presents first").
pub fn labels_for(module: &ModuleManifest) -> Vec<&'static str> {
    let text: String = module
        .topics()
        .map(|t| format!("{} {} ", t.title, t.notes).to_lowercase())
        .collect();
    let mentions = STUDENT_MENTIONS.iter().chain(SOURCE_MENTIONS.iter());
    PROMPT_LABELS
        .iter()
        .chain(mentions.filter(|m| !text.contains(*m)))
        .copied()
        .collect()
}

/// The user message for this turn.
pub fn user_message(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    section: Option<&SectionRef<'_>>,
    passages: &[Passage],
    student: &str,
) -> String {
    let mut out = String::new();
    if let Some(section) = section {
        out.push_str(&format!(
            "We are on: {} ({})\n",
            section.section.title, section.phase.title
        ));
    }
    if !passages.is_empty() {
        out.push_str("Notes you may use:\n");
        for p in passages.iter().take(NOTES) {
            out.push_str(&format!("- {}: {}\n", p.title, cut(&p.text, NOTE_CHARS)));
        }
    }
    let covered: Vec<&str> = module
        .topics()
        .filter(|t| progress.covered.contains(&t.id))
        .map(|t| t.title.as_str())
        .collect();
    if !covered.is_empty() {
        out.push_str(&format!("Covered so far: {}\n", covered.join(", ")));
    }
    out.push_str(&format!("Student: {}", cut(student, 1200)));
    out
}

/// What the model is asked to do with the note that answers the student.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerTask {
    /// Apply the note to what the student said.
    Apply,
    /// Pick the note's sentence that answers first ([`crate::chosen`]), then apply it.
    Choose,
    /// Only pick the note's sentence that answers: across languages, where no words of
    /// the model's could be checked against the note, that sentence is the answer.
    Pick,
}

/// The user message when a note answers the student: only that note and the student's
/// words, so a small model has nothing else to copy, and the task last.
pub fn answer_message(
    passages: &[Passage],
    student: &str,
    language: Language,
    task: AnswerTask,
) -> String {
    let mut out = String::from("Notes you may use:\n");
    for p in passages.iter().take(NOTES) {
        if task != AnswerTask::Apply {
            // The sentences to choose from, one per line: the whole note (a pack's
            // note is at most MAX_NOTE_CHARS), so every sentence offered is shown.
            out.push_str(&format!("- {}:\n", p.title));
            for sentence in sentences(&cut(&p.text, MAX_NOTE_CHARS)) {
                out.push_str(&format!("  * {}\n", sentence.trim()));
            }
        } else {
            out.push_str(&format!("- {}: {}\n", p.title, cut(&p.text, NOTE_CHARS)));
        }
    }
    out.push_str(&format!("Student: {}\n", cut(student, 1200)));
    out.push_str(&answer_task(language, task));
    out
}

/// The task's first step when the grammar offers the note's sentences to choose from.
const CHOOSE_TASK: &str =
    "first, as answer_sentence, pick the one sentence of the note that best answers the student; then ";

/// The task closing [`answer_message`], what a small model reads last: answer this
/// student's question by applying the note to it, talking to them, in their language —
/// the note is shown under the answer, so restating it or naming it says nothing new.
/// Across languages, only the choice.
fn answer_task(language: Language, task: AnswerTask) -> String {
    let name = language_name(language);
    match task {
        AnswerTask::Apply | AnswerTask::Choose => format!(
            "Task: {}answer the student's question in {name}, talking to them as \"you\", in 1 to 3 sentences: apply the note to what they said. \
Do not copy the note and do not mention it.",
            if task == AnswerTask::Choose { CHOOSE_TASK } else { "" },
        ),
        AnswerTask::Pick => {
            "Task: as answer_sentence, pick the one sentence of the note that best answers the student.".into()
        }
    }
}

/// The request: system prompt, the last exchanges, the turn's message.
pub fn module_request(
    module: &ModuleManifest,
    language: Language,
    history: &[ChatMessage],
    user: String,
    max_tokens: u32,
) -> LlmRequest {
    let mut messages: Vec<ChatMessage> = history
        .iter()
        .rev()
        .take(4)
        .rev()
        .map(|m| ChatMessage {
            role: m.role,
            content: cut(&m.content, 240),
        })
        .collect();
    messages.push(ChatMessage {
        role: ChatRole::User,
        content: user,
    });
    LlmRequest {
        system: system_prompt(module, language),
        messages,
        limits: Limits {
            max_tokens,
            temperature: 0.3,
            seed: 7,
        },
        cache_key: Some(format!("modules-{}-{}", module.id, language.code())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::{module, module_with};

    #[test]
    fn a_reply_speaking_of_the_student_is_refused_unless_the_notes_do() {
        assert!(labels_for(&module()).contains(&"the student "));
        let m = module_with(
            r#""Sleep fixes memories.""#,
            r#""Sleep helps the student who revises late.""#,
        )
        .expect("a valid module");
        assert!(!labels_for(&m).contains(&"the student "));
        assert!(labels_for(&m).contains(&"el alumno"));
    }

    #[test]
    fn a_reply_speaking_of_the_note_or_the_question_it_answers_is_refused() {
        let labels = labels_for(&module());
        let said = [
            "La nota dice que no se debe lavar el pollo crudo en el fregadero.",
            "La nota te dice que debes lavar las sábanas a 60 °C.",
            "According to the note, sleep fixes memories.",
            "The note tells you to sleep before the exam.",
            "Como la respuesta a tu pregunta, el vaso no es vidrio de envase.",
            "To answer your question, sleep fixes memories.",
        ];
        for sentence in said {
            let lower = sentence.to_lowercase();
            assert!(labels.iter().any(|l| lower.contains(l)), "{sentence}");
        }
    }

    #[test]
    fn the_answer_task_names_the_students_language_and_comes_last() {
        let note = Passage {
            source_id: "sleep".into(),
            title: "Sleep".into(),
            text: "Sleep fixes what you studied.".into(),
        };
        let m = answer_message(
            std::slice::from_ref(&note),
            "¿y si duermo poco?",
            Language::Es,
            AnswerTask::Apply,
        );
        assert!(
            m.ends_with(&answer_task(Language::Es, AnswerTask::Apply)),
            "{m}"
        );
        assert!(!m.contains("answer_sentence"));
        let m = answer_message(
            std::slice::from_ref(&note),
            "¿y si duermo poco?",
            Language::Es,
            AnswerTask::Choose,
        );
        assert!(
            m.ends_with(&answer_task(Language::Es, AnswerTask::Choose)),
            "{m}"
        );
        assert!(m.contains("Task: first, as answer_sentence"), "{m}");
        assert!(answer_task(Language::Es, AnswerTask::Apply).contains("Spanish"));
        assert!(answer_task(Language::En, AnswerTask::Apply).contains("English"));
        let m = answer_message(
            &[note],
            "what if I sleep little?",
            Language::En,
            AnswerTask::Pick,
        );
        assert!(m.ends_with("best answers the student."), "{m}");
        assert!(m.contains("  * Sleep fixes what you studied."), "{m}");
    }

    #[test]
    fn notes_are_cut_between_sentences_or_words_never_inside_a_word() {
        let notes =
            "If you get stuck, mark it and come back later. Glance at the time after each question.";
        assert_eq!(
            cut(notes, 60),
            "If you get stuck, mark it and come back later."
        );
        assert_eq!(
            cut("Glance at the time after each question", 20),
            "Glance at the time…"
        );
    }
}
