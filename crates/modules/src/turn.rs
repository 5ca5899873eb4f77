//! One turn of a guided module. Code first: the student's act (a message, a form, a
//! section picked) updates the progress — topics covered by keywords and form answers,
//! a section completed by moving on — and decides the reply's kind. Navigation, reviews,
//! forms offered, greetings and the support message are written by code from the pack;
//! an open message or a submitted form goes to the model under this turn's grammar, its
//! reply is read leniently and checked, and unusable words are replaced by the notes the
//! message is about. Every reply, code's too, goes through the shared turn
//! (`answer_turn`), which alone says who wrote it. Last, the app writes progress,
//! module state and milestones over whatever the model said.

use super::chosen;
use super::contract::{
    BlockType, Emotion, Form, Milestone, ModuleReply, NextStep, ResponseType, TextBlock,
    MAX_SUGGESTIONS,
};
use super::error::ModuleError;
use super::fallback::{read_any_reply, ReadAs};
use super::forms::{check_answers, form_topics, SubmittedForm};
use super::grammar::{
    answer_schema, model_schema, pick_schema, GrammarMenu, MODEL_MAX_TOKENS, MODEL_SUGGESTIONS,
};
use super::keywords::topics_in;
use super::language::{module_language, reply_language};
use super::likely;
use super::offline;
use super::pack::{FormTemplate, ModuleManifest, Topic};
use super::progress::{ModuleProgress, ProgressChange};
use super::prompt::{
    answer_message, labels_for, module_request, user_message, AnswerTask, Passage,
};
use super::ranking::{
    answering_topics, named_keys, named_weight, told_part, topic_texts, Before, Meaning,
};
use super::reading::{read_intent, Intent};
use super::replies;
use super::rules::Repair;
use super::student_voice::StudentVoice;
use lantern_core::language::Language;
use lantern_core::llm::{
    BoxFuture, CancelFlag, ChatMessage, ChatRole, DeltaSink, Llm, LlmError, LlmRequest,
};
use lantern_core::text::checked_stream::CheckedStream;
use lantern_core::text::normalize::{has_phrase, normalize, words};
use lantern_core::text::social::Social;
use lantern_core::text::support::{
    is_teaching_talk, DropReason, Filtered, ReplyFilter, MIN_SENTENCE_WORDS,
};
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::text::tidy::{
    detect_language, is_readable, repeats_itself, sentences, tidy_reply,
};
use lantern_core::turn::{answer_turn, falls_back, CleanInput, LoopTurn, ReplyOrigin};
use lantern_core::Coded;
use lantern_core::ErrorCode;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// What the student did.
#[derive(Debug, Clone, PartialEq)]
pub enum StudentAct {
    /// Wrote a message, cleaned once by [`clean_message`] where it came in.
    Say(CleanInput),
    /// Submitted a form: its id and answers by field id.
    Form {
        /// The form's id.
        form_id: String,
        /// Answers by field id.
        answers: Map<String, Value>,
    },
    /// Picked a section in the section list.
    GoTo(String),
}

/// Everything a turn needs, loaded.
#[derive(Debug, Clone)]
pub struct ModuleTurnInput {
    /// The module.
    pub module: ModuleManifest,
    /// The student's progress before the turn.
    pub progress: ModuleProgress,
    /// The session's language.
    pub language: Language,
    /// What the student did.
    pub act: StudentAct,
    /// Earlier messages (student's words, the module's first block), oldest first.
    pub history: Vec<ChatMessage>,
    /// Passages retrieval found for the message (`module_content`).
    pub passages: Vec<Passage>,
    /// How close in meaning the message is to each topic (id, cosine), as the app's
    /// embedder tells it ([`crate::ranking::topic_texts`]); empty without one.
    pub closeness: Vec<(String, f32)>,
    /// How close in meaning the message is to each of the topics' texts (text, cosine),
    /// a note's sentences among them, as the embedder tells it; empty without one.
    pub text_closeness: Vec<(String, f32)>,
    /// How close in meaning the question a longer message asks is to each topic, as
    /// `closeness` is for the whole message; empty without an embedder, or when the
    /// question does not say enough to be read alone
    /// (`ranking::meaningful_question`).
    pub asked_closeness: Vec<(String, f32)>,
    /// Ids of the forms the student already sent in this session.
    pub forms_sent: Vec<String>,
    /// Forms the session's replies showed (the model's own among them), newest first.
    pub forms_shown: Vec<Form>,
    /// The texts of the session's earlier replies, which no model sentence may repeat.
    pub said: Vec<String>,
    /// The topics whose notes the session's last reply that showed any showed
    /// ([`crate::offline::shown_topics`]): what a message continuing the talk is about.
    pub shown_before: Vec<String>,
    /// The session's last reply showed no note (support, thanks, a greeting).
    pub unanswered_before: bool,
}

/// The reply's kind, decided by code.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// Show the current section (after moving on from `completed`, or going there).
    Enter {
        /// The section just completed.
        completed: Option<String>,
    },
    /// The last section was completed.
    Finished,
    /// Review progress.
    Review,
    /// Offer the section's form.
    OfferForm,
    /// Answer a greeting, thanks or a request for help; `None`: a message that only
    /// acknowledges.
    Social(Option<Social>),
    /// Say what the module is about.
    About,
    /// Answer a goodbye.
    Farewell,
    /// The support message.
    Crisis,
    /// The model answers the message or the form.
    Answer,
}

/// How many of the student's messages before a turn tell what its question is about
/// when it names little: "vale y cuánto tarda en curarse del todo uno de esos" came two
/// messages after the helix was named.
const TALK_BEFORE: usize = 2;

/// A turn with everything decided before the model.
#[derive(Debug, Clone)]
pub struct PreparedModuleTurn {
    /// The module.
    pub module: ModuleManifest,
    /// The reply's language: the message's, else the session's.
    pub language: Language,
    /// What the reply is.
    pub plan: Plan,
    /// The progress after the turn.
    pub progress: ModuleProgress,
    /// What the turn changed.
    pub change: ProgressChange,
    /// The student's turn as stored and shown (a form becomes its answers in words).
    pub student_text: String,
    /// The student's last [`TALK_BEFORE`] messages before this one, newest first, which
    /// tell what a question naming little is about ("¿y cuánto tarda?" after "me perforé
    /// la lengua").
    pub earlier_text: Option<String>,
    /// The form submitted, checked.
    pub submitted: Option<SubmittedForm>,
    /// Topics the message is about (keywords, form answers, retrieval).
    pub focus: Vec<String>,
    /// The model's request and schema, for [`Plan::Answer`].
    pub request: Option<(LlmRequest, Value)>,
    /// Ids of the forms sent in this session, this turn's included.
    pub forms_sent: Vec<String>,
    /// The shared reply filter the model's sentences pass: supported by the notes or
    /// the student's words, no run or label of the prompt, nothing said before.
    pub filter: ReplyFilter,
    /// The statements of the answering note the model chooses its answer from
    /// ([`chosen`]); empty when no note answers or it has a single sentence.
    pub answer_sentences: Vec<String>,
    /// How close in meaning the message is to each of [`Self::answer_sentences`], as the
    /// embedder tells it: what overrules a choice that does not answer.
    pub answer_closeness: Vec<(String, f32)>,
    /// A self-check was asked for and the module has none: the model may write one;
    /// without it the app says there is none, never a note.
    pub form_asked: bool,
}

/// What a turn produced.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleTurnOutcome {
    /// The reply, with the app's progress.
    pub reply: ModuleReply,
    /// Who wrote its words, as the shared turn said.
    pub origin: ReplyOrigin,
    /// How the model's text read as RESPONSE_SCHEMA, whenever the model returned text
    /// (also when its words were then found unusable).
    pub model_read: Option<ModelRead>,
    /// The model's blocks and suggestions dropped for their words.
    pub dropped: Vec<Repair>,
    /// Why the guide answered after the model was asked.
    pub failure: Option<String>,
}

/// How the model's text read as a RESPONSE_SCHEMA reply, before its words were judged.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelRead {
    /// As a schema object, the legacy form, a cut-off object or plain Markdown.
    pub read_as: ReadAs,
    /// What the schema checks dropped or changed.
    pub repairs: Vec<Repair>,
}

impl ModelRead {
    /// Whether the reply was a schema object that needed no repair.
    pub fn is_valid_without_repair(&self) -> bool {
        self.read_as == ReadAs::Schema && self.repairs.is_empty()
    }
}

/// A message trimmed, or why it cannot be one.
pub fn clean_message(message: &str) -> Result<CleanInput, ModuleError> {
    lantern_core::turn::clean_or(
        message,
        MAX_MESSAGE_CHARS,
        || ModuleError::MessageEmpty,
        ModuleError::MessageTooLong,
    )
}

/// The turn that opens a new session in `language`: the module's first section, which
/// code writes (its reply comes from [`run_module_turn`] like any other).
pub fn prepare_opening(module: ModuleManifest, language: Language) -> PreparedModuleTurn {
    PreparedModuleTurn {
        progress: ModuleProgress::start(&module),
        module,
        language,
        plan: Plan::Enter { completed: None },
        change: ProgressChange::default(),
        student_text: String::new(),
        earlier_text: None,
        submitted: None,
        focus: Vec::new(),
        request: None,
        forms_sent: Vec::new(),
        filter: ReplyFilter::default(),
        answer_sentences: Vec::new(),
        answer_closeness: Vec::new(),
        form_asked: false,
    }
}

/// Adds the current section's form when it has one the student has not sent yet.
fn attach_section_form(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    sent: &[String],
    reply: &mut ModuleReply,
) {
    let form = offline::current_section(module, progress)
        .and_then(|s| s.section.form.clone())
        .filter(|id| !sent.contains(id))
        .and_then(|id| module.form(&id));
    if let Some(form) = form {
        reply.content.forms = vec![form.to_form()];
    }
}

/// Decides the turn: progress, plan, and the model's request when it answers.
pub fn prepare_module_turn(input: ModuleTurnInput) -> Result<PreparedModuleTurn, ModuleError> {
    let ModuleTurnInput {
        module,
        mut progress,
        mut language,
        act,
        history,
        passages,
        closeness,
        text_closeness,
        asked_closeness,
        mut forms_sent,
        forms_shown,
        said: said_before,
        shown_before,
        unanswered_before,
    } = input;
    let mut change = ProgressChange::default();
    let mut submitted = None;
    let mut focus: Vec<String> = Vec::new();
    // A check-in asked of a module without forms: the model may write a short one.
    let mut model_form = false;
    let mut earlier_text = None;
    let (plan, student_text) = match act {
        StudentAct::Say(text) => {
            // Every sentence of the reply follows the message's language.
            language = reply_language(&text, language);
            let found = topics_in(&module, &text);
            change.newly_covered = progress.cover(&module, &found);
            let talk: Vec<&str> = history
                .iter()
                .rev()
                .filter(|m| m.role == ChatRole::User)
                .take(TALK_BEFORE)
                .map(|m| m.content.as_str())
                .collect();
            let earlier = talk.first().copied();
            earlier_text = (!talk.is_empty()).then(|| talk.join("\n"));
            let before = Before {
                message: earlier,
                shown: &shown_before,
                unanswered: unanswered_before,
            };
            let meaning = Meaning {
                message: &closeness,
                asked: &asked_closeness,
                across: language != module_language(&module),
            };
            focus = answering_topics(&module, &text, meaning, before);
            let plan = match read_intent(&module, &text) {
                Intent::Crisis => Plan::Crisis,
                Intent::Continue => {
                    let from = progress.current_section.clone();
                    let newly = progress.complete_current(&module);
                    change.newly_covered.extend(newly);
                    change.moved = true;
                    if progress.finished && progress.current_section == from {
                        Plan::Finished
                    } else {
                        Plan::Enter {
                            completed: Some(from),
                        }
                    }
                }
                Intent::GoTo(section) => {
                    change.moved = progress.current_section != section;
                    progress.go_to(&module, &section);
                    Plan::Enter { completed: None }
                }
                Intent::Review => Plan::Review,
                Intent::Form if module.forms.is_empty() => {
                    model_form = true;
                    Plan::Answer
                }
                Intent::Form => Plan::OfferForm,
                Intent::Social(kind) => Plan::Social(Some(kind)),
                Intent::Acknowledged => Plan::Social(None),
                Intent::About => Plan::About,
                Intent::Farewell => Plan::Farewell,
                Intent::Open => Plan::Answer,
            };
            (plan, text.into_string())
        }
        StudentAct::Form { form_id, answers } => {
            // The pack's form, else one a reply of this session showed (the model's).
            let form = match module.form(&form_id) {
                Some(form) => form.clone(),
                None => forms_shown
                    .iter()
                    .find(|f| f.id == form_id)
                    .map(FormTemplate::from_form)
                    .ok_or_else(|| ModuleError::FormNotFound(form_id.clone()))?,
            };
            let checked = check_answers(&form, &answers)?;
            let mut found = form_topics(&module, &form, &checked);
            if found.is_empty() {
                found = topics_in(&module, &checked.as_message());
            }
            change.newly_covered = progress.cover(&module, &found);
            focus = found;
            let text = checked.as_message();
            forms_sent.push(checked.form_id.clone());
            submitted = Some(checked);
            (Plan::Answer, text)
        }
        StudentAct::GoTo(section) => {
            if !progress.go_to(&module, &section) {
                return Err(ModuleError::SectionNotFound(section));
            }
            change.moved = true;
            let title = module
                .section(&section)
                .map(|s| s.section.title.clone())
                .unwrap_or(section);
            (Plan::Enter { completed: None }, title)
        }
    };
    // A student in distress is answered with support alone: a milestone reached waits
    // for the next reply.
    if !matches!(plan, Plan::Crisis) {
        change.milestone = progress.reach_milestones(&module);
    }
    // Retrieval's passages ground a message no topic answers.
    if focus.is_empty() {
        for p in &passages {
            if module.topic(&p.source_id).is_some() && !focus.contains(&p.source_id) {
                focus.push(p.source_id.clone());
            }
        }
    }
    // Notes that answer the message: the model applies them, and they are shown after.
    let answering = answers_a_note(submitted.as_ref(), &focus);
    // The note's statements the model chooses the answer from, before its own words.
    let answer_sentences = match focus.first().and_then(|id| module.topic(id)) {
        Some(topic) if plan == Plan::Answer && answering && !model_form => {
            let offered = chosen::answer_sentences(topic, &student_text);
            // "y eso xq?" asks the reason of the sentence the last answer gave.
            match chosen::reason_of_last_answer(&offered, &said_before, &student_text) {
                Some(reason) => vec![reason],
                None => chosen::not_given_before(offered, &said_before, &student_text),
            }
        }
        _ => Vec::new(),
    };
    let answer_closeness = chosen::closeness_of(&answer_sentences, &text_closeness);
    tracing::debug!(?answer_closeness, "answer sentences");
    // Across languages the model only picks the sentence that answers
    // (`chosen::quoted_answer`): no words of its own could be checked against the note.
    let answer_task = if answer_sentences.is_empty() {
        AnswerTask::Apply
    } else if module_language(&module) != language {
        AnswerTask::Pick
    } else {
        AnswerTask::Choose
    };
    let request = (plan == Plan::Answer).then(|| {
        let section = offline::current_section(&module, &progress);
        // The model applies the note that answers best; the offline guide may show two.
        let mut notes: Vec<Passage> = focus
            .iter()
            .take(if answering { 1 } else { focus.len() })
            .filter_map(|id| module.topic(id))
            .map(|t| Passage {
                source_id: t.id.clone(),
                title: t.title.clone(),
                text: t.notes.clone(),
            })
            .collect();
        if notes.is_empty() {
            if let Some(s) = &section {
                notes.extend(s.section.topics.iter().take(2).map(|t| Passage {
                    source_id: t.id.clone(),
                    title: t.title.clone(),
                    text: t.notes.clone(),
                }));
            }
        }
        let user = if answering {
            answer_message(&notes, &student_text, language, answer_task)
        } else {
            user_message(&module, &progress, section.as_ref(), &notes, &student_text)
        };
        // The prompt without the notes' bodies or the student's words: what a reply must
        // not copy.
        let bare: Vec<Passage> = notes
            .iter()
            .map(|n| Passage {
                text: String::new(),
                ..n.clone()
            })
            .collect();
        let scaffold = user_message(&module, &progress, section.as_ref(), &bare, "");
        let task = answer_message(&bare, "", language, answer_task);
        // What the model's sentences may rest on: an answer, the note it applies (each
        // sentence on that note's sentences, not words gathered across the section);
        // other replies, the notes, the passages retrieval found and the section.
        let mut material: Vec<String> = notes.iter().map(|n| n.text.clone()).collect();
        if !answering {
            material.extend(passages.iter().map(|p| p.text.clone()));
            if let Some(s) = &section {
                material.push(s.section.title.clone());
                material.push(s.section.intro.clone());
                material.extend(s.section.topics.iter().map(|t| t.notes.clone()));
            }
        }
        let material_refs: Vec<&str> = material.iter().map(String::as_str).collect();
        // A note that answers is shown under the model's answer: a sentence copying it,
        // or restating one of its sentences without bringing it to the student's case,
        // says it twice, worse than the note.
        let shown_after: Vec<&str> = notes
            .iter()
            .filter(|_| answering)
            .map(|n| n.text.as_str())
            .collect();
        let said: Vec<&str> = history
            .iter()
            .filter(|m| m.role == ChatRole::Assistant)
            .map(|m| m.content.as_str())
            .chain(said_before.iter().map(String::as_str))
            .collect();
        let menu = GrammarMenu {
            media: section
                .map(|s| offline::section_media(&module, &s))
                .unwrap_or_default()
                .into_iter()
                .map(|m| (m.kind, m.src))
                .collect(),
            form: model_form,
        };
        // Notes that answer are the whole context: of the history only the student's
        // message before (what "esto" is), never the app's earlier sentences to copy; the
        // answer is one paragraph (the note follows it), unless a check-in form is asked.
        let (context, schema): (Vec<ChatMessage>, _) = if answering && !model_form {
            let before = history.iter().rev().find(|m| m.role == ChatRole::User);
            let schema = match answer_task {
                AnswerTask::Pick => pick_schema(&answer_sentences),
                _ => answer_schema(&answer_sentences),
            };
            (before.cloned().into_iter().collect(), schema)
        } else {
            (history.clone(), model_schema(&menu))
        };
        let request = module_request(&module, language, &context, user, MODEL_MAX_TOKENS);
        // A sentence restating most of the student's message is no answer to it; what
        // the student only asks supports nothing ("Te puedes reventar…" after "¿me las
        // puedo reventar?").
        let told = told_part(&student_text);
        let filter = ReplyFilter::new(Some(language), &material_refs, &told)
            .without_quoting(&[student_text.as_str()])
            .with_instructions(&[request.system.as_str(), scaffold.as_str(), task.as_str()])
            .with_labels(&labels_for(&module))
            .with_said(&said)
            .with_shown_after(&shown_after);
        (request, schema, filter)
    });
    let (request, filter) = match request {
        Some((request, schema, filter)) => (Some((request, schema)), filter),
        None => (None, ReplyFilter::default()),
    };
    Ok(PreparedModuleTurn {
        module,
        language,
        plan,
        progress,
        change,
        student_text,
        earlier_text,
        submitted,
        focus,
        request,
        forms_sent,
        filter,
        answer_sentences,
        answer_closeness,
        form_asked: model_form,
    })
}

/// The words of an answer (the model's, checked, or the guide's).
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    /// The reply before the app's progress.
    pub reply: ModuleReply,
    /// The model's blocks and suggestions dropped for their words.
    pub dropped: Vec<Repair>,
}

/// What code read of the offered sentences before the model writes.
struct Reading {
    /// The model's likelihood of the question under each offered sentence.
    likelihood: Vec<(String, f64)>,
    /// Whether the model's grammar allows one sentence only, the one code took instead
    /// of the model's first choice: its choice is then not read again.
    forced: bool,
}

/// How one of the model's attempts at an answer ended.
enum Attempt {
    /// Its words, checked (or why none can be used), and whether any reached the
    /// student.
    Answered(Box<Result<Words, ModuleError>>, bool),
    /// Code overruled the sentence the model chose (`pick`) and took `sentence`
    /// instead; the words the model was writing on its choice were stopped unread.
    Overruled {
        /// The model's choice.
        pick: String,
        /// The sentence code took.
        sentence: String,
    },
}

impl Attempt {
    /// The attempt as an answer: an overruled one has no words of the model's.
    fn answered(self) -> (Result<Words, ModuleError>, bool) {
        match self {
            Self::Answered(answered, shown) => (*answered, shown),
            Self::Overruled { pick, .. } => {
                let why = format!("its choice {pick:?} does not answer the question");
                (Err(ModuleError::BrokenReply(why)), false)
            }
        }
    }
}

/// A turn's words for the shared turn: code's when the plan needs no model, else the
/// model's under the turn's grammar (remembering how its text read, whatever the words
/// turn out to be), else the guide's.
struct TurnWords<'p> {
    prepared: &'p PreparedModuleTurn,
    read: std::sync::Mutex<Option<ModelRead>>,
    /// The note's sentence the model's last answer chose, checked ([`chosen`]).
    chosen: std::sync::Mutex<Option<String>>,
    /// The first block of the model's last answer, as written (before any check).
    wrote: std::sync::Mutex<Option<String>>,
}

/// Whether a block's words or a quick reply can be shown in `language`: readable as a
/// whole, and not in the other language as `whatlang` tells it. A rule on top of the
/// shared filter, not a copy of it: the filter judges one sentence at a time by its
/// function words and never readability, and quick replies and prompts do not pass it.
fn usable_words(text: &str, language: Language) -> bool {
    is_readable(text) && detect_language(text).is_none_or(|l| l == language)
}

/// A block's text with only the sentences (a list: the lines) the filter keeps, and
/// the ones it dropped with why.
fn filter_block(
    filter: &mut ReplyFilter,
    block: &TextBlock,
) -> (String, Vec<(String, DropReason)>) {
    if block.kind == BlockType::List {
        let mut lines = Vec::new();
        let mut dropped = Vec::new();
        for line in block.content.lines().filter(|l| !l.trim().is_empty()) {
            let item = line.trim_start_matches(['-', '*', ' ']).trim();
            let mut done = filter.filter(item);
            // An item of several sentences whose last one stops short ("… later. Glance
            // at the tim") was cut off; a one-line item needs no full stop.
            if item.contains(FINISHED) {
                drop_unfinished_last(&mut done);
            }
            if done.kept.is_empty() {
                dropped.extend(done.dropped);
            } else {
                lines.push(format!("- {}", done.text()));
            }
        }
        return (lines.join("\n"), dropped);
    }
    let mut done = filter.filter(&block.content);
    drop_unfinished_last(&mut done);
    (done.text(), done.dropped)
}

/// The match keys of what the notes that answer say beyond the student's own words and
/// the names of what they are about (their titles and keywords): what an answer must
/// bring ([`brings_the_note`]). Naming the topic is not applying its note:
/// "Noise-cancelling headphones are very costly." to "why are noise cancelling ones
/// better? they are very costly" brings only the student's words and the topic's name.
fn note_beyond_student(prepared: &PreparedModuleTurn) -> BTreeSet<String> {
    let topics: Vec<&Topic> = prepared
        .focus
        .iter()
        .filter_map(|id| prepared.module.topic(id))
        .collect();
    let mut known = term_keys(&prepared.student_text);
    for topic in &topics {
        known.extend(named_keys(topic, None));
    }
    topics
        .iter()
        .flat_map(|topic| content_terms(&topic.notes))
        .filter(|term| !term.is_number && !is_teaching_talk(term) && !term.in_keys(&known))
        .flat_map(|term| term.keys)
        .collect()
}

/// Whether an answer's `text` brings something of the notes that answer (a content term
/// of theirs the student did not write, `note`): an answer applies the note; one made
/// only of the student's words, teaching talk and other notes ("Si te pongo rojo, puedes
/// decir: sí, me pongo rojo") says nothing, however well the filter finds it supported.
fn brings_the_note(text: &str, note: &BTreeSet<String>) -> bool {
    content_terms(text)
        .iter()
        .any(|term| !is_teaching_talk(term) && term.in_keys(note))
}

/// Whether a sentence the filter dropped is an interjection ("¡Claro!", "Sure!", "You're
/// right!"): fewer words than a sentence needs, or teaching talk alone, so nothing after
/// it leans on it.
fn is_interjection(sentence: &str, why: &DropReason) -> bool {
    match why {
        DropReason::Fragment => words(&normalize(sentence)).len() < MIN_SENTENCE_WORDS,
        DropReason::SaysNothing => content_terms(sentence).iter().all(is_teaching_talk),
        _ => false,
    }
}

/// Share of an opening's content terms that must be the student's for it to restate
/// their message.
const RESTATED_SHARE: f32 = 0.6;

/// Whether `sentence`, dropped as unsupported or an echo, only restates the student's
/// message (`student`: its match keys) in words of its own ("Entiendo que tienes tres
/// tareas que debes completar: …"): most of its content terms are theirs.
fn restates_the_student(sentence: &str, why: &DropReason, student: &BTreeSet<String>) -> bool {
    if !matches!(why, DropReason::Unsupported(_) | DropReason::Echo) {
        return false;
    }
    let terms: Vec<_> = content_terms(sentence)
        .into_iter()
        .filter(|t| !t.is_number && !is_teaching_talk(t))
        .collect();
    let theirs = terms.iter().filter(|t| t.in_keys(student)).count();
    !terms.is_empty() && theirs as f32 >= RESTATED_SHARE * terms.len() as f32
}

/// The start of an answer's block: the sentences the filter keeps up to the first it
/// drops, the dropped ones (with why), the text after that one, which is not read, and
/// whether the answer broke off there. A sentence in the student's `voice` is dropped as
/// an echo of their message. An interjection, and an opening that only restates the
/// student's message (`student`: its match keys), are logged and passed over: nothing
/// after them leans on words the student did not read.
fn answer_start(
    filter: &mut ReplyFilter,
    text: &str,
    student: &BTreeSet<String>,
    voice: &StudentVoice,
) -> (String, Vec<(String, DropReason)>, String, bool) {
    let all = sentences(text);
    let mut kept: Vec<String> = Vec::new();
    let mut passed_over = Vec::new();
    for (at, sentence) in all.iter().enumerate() {
        let mut done = filter.filter(sentence);
        drop_unfinished_last(&mut done);
        if done.dropped.is_empty() && voice.spoken_in(sentence) {
            done.dropped.push((sentence.to_string(), DropReason::Echo));
        }
        if let Some((dropped, why)) = done.dropped.pop() {
            let opening = kept.is_empty() && done.kept.is_empty();
            let passable = is_interjection(&dropped, &why)
                || (opening && restates_the_student(&dropped, &why, student));
            passed_over.push((dropped, why));
            if !passable {
                return (kept.join(" "), passed_over, all[at + 1..].join(" "), true);
            }
            continue;
        }
        kept.extend(done.kept);
    }
    (kept.join(" "), passed_over, String::new(), false)
}

/// Drops the last kept sentence when the model did not finish it ("Glance at the tim",
/// "write them,"): it was cut off.
fn drop_unfinished_last(done: &mut Filtered) {
    if let Some(last) = done.kept.last() {
        let end = last
            .trim_end()
            .trim_end_matches(['"', '”', '»', ')', '\'', '’']);
        if !end.ends_with(FINISHED) {
            let cut = done.kept.pop().unwrap_or_default();
            done.dropped.push((cut, DropReason::Fragment));
        }
    }
}

/// The terms no passage supports, for the log (" (eat, sleep)"); empty for other
/// reasons.
fn unsupported_terms(why: &DropReason) -> String {
    match why {
        DropReason::Unsupported(terms) if !terms.is_empty() => format!(" ({})", terms.join(", ")),
        _ => String::new(),
    }
}

/// How a finished sentence ends (before any closing quote or bracket).
const FINISHED: &[char] = &['.', '!', '?', '…', ':'];

/// Keeps the model's blocks and suggestions whose words are usable; each sentence rests
/// on `chosen`, the note's sentence the model chose as its answer, when it chose one.
fn check_words(
    mut words: Words,
    prepared: &PreparedModuleTurn,
    chosen: Option<&str>,
) -> Result<Words, ModuleError> {
    let language = prepared.language;
    let student = normalize(&prepared.student_text);
    let student_keys = term_keys(&prepared.student_text);
    let note_sentences: Vec<&str> = prepared
        .module
        .topics()
        .flat_map(|t| sentences(&t.notes))
        .collect();
    let voice = StudentVoice::of(&prepared.student_text).beside_notes(note_sentences);
    let mut filter = prepared.filter.clone();
    if let Some(sentence) = chosen {
        filter.rest_on(&[sentence]);
    }
    let mut kept = Vec::new();
    let answering = answers_a_note(prepared.submitted.as_ref(), &prepared.focus);
    // What an answer must bring of its notes, and what it may apply to the student's
    // situation (the answering topics' titles, keywords and notes): read only when there
    // is an answer.
    let (note, applicable) = if answering {
        let texts = prepared
            .focus
            .iter()
            .filter_map(|id| prepared.module.topic(id))
            .flat_map(topic_texts);
        (
            note_beyond_student(prepared),
            texts.collect::<Vec<_>>().join(". "),
        )
    } else {
        (BTreeSet::new(), String::new())
    };
    // Whether a sentence of the answer was dropped: nothing after it is kept.
    let mut broken_off = false;
    for (i, mut block) in std::mem::take(&mut words.reply.content.text_blocks)
        .into_iter()
        .enumerate()
    {
        let looping = repeats_itself(&block.content);
        if !matches!(block.kind, BlockType::List | BlockType::Heading) {
            block.content = tidy_reply(&block.content);
            if answering {
                for question in take_questions(&mut block) {
                    words.dropped.push(Repair {
                        path: format!("content.text_blocks[{i}]"),
                        reason: format!("a question is not an answer: {question:?}"),
                    });
                }
            }
        }
        let said_before = kept
            .iter()
            .any(|k: &TextBlock| normalize(&k.content) == normalize(&block.content));
        // Every sentence of a text block passes the shared filter; a list keeps the
        // lines that pass. A heading is the block's label, not a claim.
        let claims_progress = block.kind == BlockType::Success && block.content.contains('%');
        let false_claim = claims_progress && prepared.change.milestone.is_none();
        if block.kind != BlockType::Heading && !looping && !false_claim {
            // An answer is the model's sentences up to the first one dropped: what
            // follows it ("Por último…", "Esto…") leans on what was dropped, and is not
            // read.
            let mut unread = String::new();
            let (text, dropped, broke) = if answering && broken_off {
                unread = block.content.clone();
                (String::new(), Vec::new(), true)
            } else if answering && block.kind != BlockType::List {
                let (mut text, mut dropped, after, mut broke) =
                    answer_start(&mut filter, &block.content, &student_keys, &voice);
                // An answer that brings nothing of the notes that answer says nothing.
                if !text.is_empty() && !brings_the_note(&text, &note) {
                    dropped.insert(0, (std::mem::take(&mut text), DropReason::SaysNothing));
                    broke = true;
                }
                // Nor may it apply its sentence to a situation the sentence is not about.
                let beyond = if text.is_empty() {
                    Vec::new()
                } else {
                    let (student, title) = (&prepared.student_text, &prepared.module.title);
                    chosen::applied_elsewhere(&text, &applicable, student, title)
                };
                if !beyond.is_empty() {
                    let why = DropReason::Unsupported(beyond);
                    dropped.insert(0, (std::mem::take(&mut text), why));
                    broke = true;
                }
                unread = after;
                (text, dropped, broke)
            } else {
                let (text, dropped) = filter_block(&mut filter, &block);
                let broke = dropped.iter().any(|(s, why)| !is_interjection(s, why));
                (text, dropped, broke)
            };
            broken_off |= answering && broke;
            let emptied = text.is_empty() && (!dropped.is_empty() || broken_off);
            for (sentence, why) in dropped {
                words.dropped.push(Repair {
                    path: format!("content.text_blocks[{i}]"),
                    reason: format!(
                        "{}{}: {:?}",
                        why.check(),
                        unsupported_terms(&why),
                        sentence.chars().take(160).collect::<String>()
                    ),
                });
            }
            if !unread.is_empty() {
                words.dropped.push(Repair {
                    path: format!("content.text_blocks[{i}]"),
                    reason: format!("follows a dropped sentence: {unread:?}"),
                });
            }
            if emptied {
                // Every sentence was dropped, each logged with its check.
                continue;
            }
            block.content = text;
        }
        let reason = if looping {
            Some("repeats itself")
        } else if said_before {
            Some("says an earlier block again")
        } else if block.content.is_empty() || !usable_words(&block.content, language) {
            Some("unreadable or in another language")
        } else if normalize(&block.content) == student {
            Some("repeats the student's message")
        } else if false_claim {
            Some("claims progress the app did not count")
        } else {
            None
        };
        match reason {
            Some(reason) => words.dropped.push(Repair {
                path: format!("content.text_blocks[{i}]"),
                reason: format!(
                    "{reason}: {:?}",
                    block.content.chars().take(80).collect::<String>()
                ),
            }),
            None => kept.push(block),
        }
    }
    if let Some(intro) = answering.then(|| drop_dangling_intro(&mut kept)).flatten() {
        words.dropped.push(Repair {
            path: "content.text_blocks".to_string(),
            reason: format!("introduces nothing: {intro:?}"),
        });
    }
    if kept.iter().all(|b| b.kind == BlockType::Heading) {
        let why: Vec<String> = words
            .dropped
            .iter()
            .map(|r| format!("{} {}", r.path, r.reason))
            .collect();
        return Err(ModuleError::BrokenReply(format!(
            "no usable text block ({})",
            why.join("; ")
        )));
    }
    words.reply.content.text_blocks = keep_sentences(kept, MAX_ANSWER_SENTENCES);
    if let Some(step) = &mut words.reply.content.next_step {
        step.suggestions.retain(|s| {
            usable_words(s, language) && one_request(s) && !offers_covered_topic(s, prepared)
        });
        step.suggestions.truncate(MODEL_SUGGESTIONS);
        step.prompt = step.prompt.take().filter(|p| {
            usable_words(p, language) && one_short_question(p) && asks_afresh(&filter, p)
        });
    }
    if words.reply.meta.response_type == ResponseType::Error {
        words.reply.meta.response_type = ResponseType::Conversational;
    }
    Ok(words)
}

/// Drops the answer's last sentence when it only introduces what should follow it ("puedes
/// hacer lo siguiente:") and nothing of the model's does (the note shown after is the
/// app's), with the block it leaves empty; returns it.
fn drop_dangling_intro(blocks: &mut Vec<TextBlock>) -> Option<String> {
    let last = blocks.last_mut().filter(|b| b.kind != BlockType::List)?;
    let all = sentences(&last.content);
    let (intro, before) = all.split_last()?;
    if !intro.trim_end().ends_with(':') {
        return None;
    }
    let intro = intro.trim().to_string();
    last.content = before.join(" ");
    if last.content.trim().is_empty() {
        blocks.pop();
    }
    Some(intro)
}

/// Whether the model is asked to answer the message by applying a note: an open
/// message (no form) that notes answer. Its closing question has its own field, so a
/// question in the answer's text answers nothing.
fn answers_a_note(submitted: Option<&SubmittedForm>, focus: &[String]) -> bool {
    submitted.is_none() && !focus.is_empty()
}

/// Takes the questions out of a block's text ("¿Por dónde empiezo?"), returning them.
fn take_questions(block: &mut TextBlock) -> Vec<String> {
    let (questions, rest): (Vec<&str>, Vec<&str>) = sentences(&block.content)
        .into_iter()
        .partition(|s| s.trim_end().ends_with('?'));
    let questions = questions.into_iter().map(String::from).collect();
    block.content = rest.join(" ");
    questions
}

/// Most sentences of the model's answer (a list: its lines).
const MAX_ANSWER_SENTENCES: usize = 3;

/// The blocks cut to their first `max` sentences (a list's lines), what follows dropped.
fn keep_sentences(blocks: Vec<TextBlock>, max: usize) -> Vec<TextBlock> {
    let mut left = max;
    let mut out = Vec::new();
    for mut block in blocks {
        if block.kind == BlockType::Heading {
            out.push(block);
            continue;
        }
        if left == 0 {
            break;
        }
        let list = block.kind == BlockType::List;
        let parts: Vec<String> = if list {
            block.content.lines().map(String::from).collect()
        } else {
            sentences(&block.content)
                .into_iter()
                .map(String::from)
                .collect()
        };
        if parts.len() > left {
            block.content = parts[..left].join(if list { "\n" } else { " " });
        }
        left -= parts.len().min(left);
        out.push(block);
    }
    out
}

/// Most words of the model's closing question.
const MAX_PROMPT_WORDS: usize = 16;

/// Whether the model's closing prompt is one short question ("When does it happen
/// most?"): one question mark, at the end — not a list of them, nor a question with the
/// student's answer after it.
fn one_short_question(prompt: &str) -> bool {
    let prompt = prompt.trim();
    prompt.matches('?').count() == 1
        && prompt.ends_with('?')
        && prompt.split_whitespace().count() <= MAX_PROMPT_WORDS
}

/// Whether a quick reply is one request: a phrase, or one question ending with its
/// question mark ("What is the exam stress? What is the main reason" is two, cut off).
fn one_request(chip: &str) -> bool {
    let chip = chip.trim();
    match chip.matches('?').count() {
        0 => true,
        1 => chip.ends_with('?'),
        _ => false,
    }
}

/// Whether a question copies nothing of the prompt, the student or the conversation
/// (a question may bring words the notes do not have).
fn asks_afresh(filter: &ReplyFilter, question: &str) -> bool {
    matches!(
        filter.check(question),
        Ok(()) | Err(DropReason::Unsupported(_) | DropReason::SaysNothing)
    )
}

/// Whether a quick reply the model wrote offers a topic the student already covered, or
/// the one whose note this answer shows ([`show_source`]) (every word of its title, or
/// one of its keywords, and nothing of an open topic).
fn offers_covered_topic(chip: &str, prepared: &PreparedModuleTurn) -> bool {
    let chip_keys = term_keys(chip);
    let names = |t: &Topic| {
        let title = term_keys(&t.title);
        let keyword = t
            .keywords
            .en
            .iter()
            .chain(&t.keywords.es)
            .any(|k| !term_keys(k).is_empty() && term_keys(k).is_subset(&chip_keys));
        keyword || (!title.is_empty() && title.is_subset(&chip_keys))
    };
    let answered = prepared
        .focus
        .first()
        .filter(|_| answers_a_note(prepared.submitted.as_ref(), &prepared.focus));
    let (covered, open): (Vec<&Topic>, Vec<&Topic>) = prepared
        .module
        .topics()
        .partition(|t| prepared.progress.covered.contains(&t.id) || answered == Some(&t.id));
    covered.into_iter().any(names) && !open.into_iter().any(names)
}

/// Whether the reply's first block is a paragraph: `None` until its `"content"` string
/// starts in `raw`, then whether its `"type"` said `paragraph`.
fn first_block_is_paragraph(raw: &str) -> Option<bool> {
    let text_value = raw.match_indices("\"content\"").find(|(at, key)| {
        raw[at + key.len()..]
            .trim_start()
            .strip_prefix(':')
            .is_some_and(|rest| rest.trim_start().starts_with('"'))
    });
    let (at, _) = text_value?;
    let block = &raw[raw[..at].rfind('{').unwrap_or(0)..at];
    let compact: String = block.split_whitespace().collect();
    Some(compact.contains("\"type\":\"paragraph\""))
}

impl TurnWords<'_> {
    /// The answer across languages: the note's sentence the model picks
    /// ([`chosen::quoted_answer`]), unless code overrules the pick; not streamed. Asked
    /// once: the pick is a few forced tokens, and without one the note answers.
    async fn picked_across(
        &self,
        llm: &dyn Llm,
        request: &LlmRequest,
        schema: &Value,
        cancel: &CancelFlag,
    ) -> Result<Words, ModuleError> {
        let p = self.prepared;
        let raw = llm
            .complete_json(request, schema, &mut |_| {}, cancel)
            .await?;
        let pick = chosen::chosen(&raw, &p.answer_sentences)
            .ok_or_else(|| ModuleError::BrokenReply("no sentence of the note chosen".into()))?;
        let instead = chosen::instead_across(
            &pick,
            &p.answer_closeness,
            &p.answer_sentences,
            &p.student_text,
            p.earlier_text.as_deref(),
        );
        let mut dropped = Vec::new();
        if instead.is_some() {
            dropped.push(Repair {
                path: format!("content.{}", chosen::FIELD),
                reason: format!("its choice {pick:?} does not answer the question"),
            });
        }
        let sentence = instead.unwrap_or(pick);
        let topic = p.focus.first().and_then(|id| p.module.topic(id));
        let topic = topic.ok_or_else(|| ModuleError::BrokenReply("no note answers".into()))?;
        let from = module_language(&p.module);
        Ok(Words {
            reply: chosen::quoted_answer(&sentence, topic, p.language, from),
            dropped,
        })
    }

    /// The model's likelihood of the student's question under each offered sentence
    /// ([`likely`]): read before the answer is written, when there are two or more to
    /// choose from; empty when the model reads no likelihoods. Not asked across
    /// languages (the question in one, the sentences in another): there the likelihood
    /// weighs the languages more than what is asked.
    async fn likelihood(&self, llm: &dyn Llm, cancel: &CancelFlag) -> Vec<(String, f64)> {
        let p = self.prepared;
        if p.answer_sentences.len() < 2 {
            return Vec::new();
        }
        let request = likely::question_request(&p.answer_sentences, &p.student_text);
        match llm.reply_likelihoods(&request, cancel).await {
            Ok(values) => {
                let read = likely::paired(&p.answer_sentences, &values);
                tracing::debug!(?values, got = ?likely::likeliest(&read), "likelihood reading");
                read
            }
            Err(e) => {
                tracing::info!("modules: no likelihood reading: {e}");
                Vec::new()
            }
        }
    }

    /// The answer with the note's sentence the model chose (or code took instead), its
    /// own words dropped for `why` (kept in the turn's log).
    ///
    /// When those words restate another of the note's sentences, one the question's
    /// words name and the choice does not, that sentence answers
    /// ([`chosen::restated_instead`]).
    fn chosen_answer(&self, why: &str) -> Option<Words> {
        let p = self.prepared;
        let pick = self.chosen.lock().ok()?.clone()?;
        let wrote = self.wrote.lock().ok()?.clone().unwrap_or_default();
        let topic = p.focus.first().and_then(|id| p.module.topic(id))?;
        let (sentence, answers) = match chosen::restated_instead(
            &pick,
            &wrote,
            &p.answer_sentences,
            &p.student_text,
            p.earlier_text.as_deref(),
        ) {
            Some(restated) => (restated, "the sentence its words restate answers"),
            None => (pick, "the chosen sentence answers"),
        };
        Some(Words {
            reply: chosen::sentence_answer(&sentence, topic),
            dropped: vec![Repair {
                path: "content.text_blocks".into(),
                reason: format!("{why}; {answers}"),
            }],
        })
    }

    /// One answer from the model under the turn's grammar, its first paragraph streamed
    /// to `on_text` as the filter keeps its sentences, then read and checked; with
    /// whether any of its words reached the student.
    async fn attempt(
        &self,
        llm: &dyn Llm,
        request: &LlmRequest,
        schema: &Value,
        reading: &Reading,
        on_text: &mut (dyn FnMut(&str) + Send),
        cancel: &CancelFlag,
    ) -> Attempt {
        let prepared = self.prepared;
        // Only the first block streams, and only a paragraph: its sentences the
        // filter keeps are the start of the saved reply.
        let mut stream =
            CheckedStream::new("content", prepared.filter.clone()).holding(|s| s.contains('%'));
        let mut raw = String::new();
        let mut shown = false;
        // Decided once, when the first block's text starts (not on every delta).
        let mut paragraph = None;
        // The model's choice, once written, and the sentence code takes instead when
        // it overrules the choice: the words built on it are then not shown.
        let mut pick: Option<String> = None;
        let mut instead: Option<String> = None;
        // This attempt's own stop: the student's stops it too, and so does code when it
        // overrules the model's choice, as the words that follow would rest on it.
        let stop = cancel.child();
        let mut forward = |delta: &str| {
            raw.push_str(delta);
            if pick.is_none() {
                pick = chosen::chosen_so_far(&raw, &prepared.answer_sentences);
                // A sentence code took is the only one the grammar allowed.
                instead = pick.as_deref().filter(|_| !reading.forced).and_then(|p| {
                    chosen::instead_of(
                        p,
                        &reading.likelihood,
                        &prepared.answer_closeness,
                        &prepared.answer_sentences,
                        &prepared.student_text,
                        prepared.earlier_text.as_deref(),
                    )
                });
                if let Some(p) = &pick {
                    // Weighed only when the debug line is written.
                    let named = || -> Vec<usize> {
                        let text = &prepared.student_text;
                        let sentences = prepared.answer_sentences.iter();
                        sentences.map(|s| named_weight(s, text)).collect()
                    };
                    tracing::debug!(pick = p, ?instead, named = ?named(), "answer pick");
                }
                match (&pick, &instead) {
                    (_, Some(_)) => {
                        stream.stop();
                        stop.cancel();
                    }
                    // The words that follow apply the chosen sentence: they rest on it.
                    (Some(chosen), None) => stream.rest_on(&[chosen]),
                    (None, None) => {}
                }
            }
            if paragraph.is_none() {
                paragraph = first_block_is_paragraph(&raw);
                if paragraph == Some(false) {
                    stream.stop();
                }
            }
            let text = stream.push(delta);
            if !text.is_empty() {
                shown = true;
                on_text(&text);
            }
        };
        let answered = llm
            .complete_json(request, schema, &mut forward, &stop)
            .await;
        if let (Some(pick), Some(sentence)) = (pick, instead) {
            if let Ok(mut picked) = self.chosen.lock() {
                *picked = Some(sentence.clone());
            }
            // The student stopped the turn: the words on the overruled choice stay unread.
            if cancel.is_cancelled() {
                return Attempt::Answered(Box::new(Err(LlmError::Cancelled.into())), shown);
            }
            return Attempt::Overruled { pick, sentence };
        }
        // A reply cut off at the token cap keeps its finished blocks.
        let text = match answered {
            Ok(text) => text,
            Err(LlmError::BadOutput(_)) if !raw.is_empty() && !cancel.is_cancelled() => raw,
            Err(e) => return Attempt::Answered(Box::new(Err(e.into())), shown),
        };
        let chose = chosen::chosen(&text, &prepared.answer_sentences);
        if let Some(sentence) = &chose {
            if let Ok(mut picked) = self.chosen.lock() {
                *picked = Some(sentence.clone());
            }
        }
        let read = read_any_reply(&text, &prepared.module.media);
        if let Ok(mut wrote) = self.wrote.lock() {
            let blocks = &read.checked.reply.content.text_blocks;
            *wrote = blocks.first().map(|b| b.content.clone());
        }
        if let Ok(mut seen) = self.read.lock() {
            *seen = Some(ModelRead {
                read_as: read.read_as,
                repairs: read.checked.repairs,
            });
        }
        let words = Words {
            reply: read.checked.reply,
            dropped: Vec::new(),
        };
        Attempt::Answered(
            Box::new(check_words(words, prepared, chose.as_deref())),
            shown,
        )
    }
}

impl LoopTurn for TurnWords<'_> {
    type Reply = Words;
    type Error = ModuleError;

    fn ask<'a>(
        &'a self,
        llm: &'a dyn Llm,
        on_text: DeltaSink<'a>,
        cancel: &'a CancelFlag,
    ) -> BoxFuture<'a, Result<Words, ModuleError>> {
        Box::pin(async move {
            let Some((request, schema)) = &self.prepared.request else {
                return Err(ModuleError::BrokenReply("nothing to ask".into()));
            };
            if self.prepared.picks_across() {
                return self.picked_across(llm, request, schema, cancel).await;
            }
            let mut reading = Reading {
                likelihood: self.likelihood(llm, cancel).await,
                forced: false,
            };
            let forced;
            let mut schema = schema;
            let mut overruled = None;
            let (first, shown) = match self
                .attempt(llm, request, schema, &reading, on_text, cancel)
                .await
            {
                Attempt::Answered(answered, shown) => (*answered, shown),
                // Code took another sentence than the model chose: the model writes
                // again, on that sentence, which its grammar now allows alone.
                Attempt::Overruled { pick, sentence } => {
                    overruled = Some(Repair {
                        path: format!("content.{}", chosen::FIELD),
                        reason: format!(
                            "its choice {pick:?} does not answer the question; written again on {sentence:?}"
                        ),
                    });
                    forced = answer_schema(std::slice::from_ref(&sentence));
                    schema = &forced;
                    reading.forced = true;
                    let again = self.attempt(llm, request, schema, &reading, on_text, cancel);
                    again.await.answered()
                }
            };
            // An answer none of whose words could be used, before any reached the
            // student, is asked for once more, sampled otherwise; the same checks judge it.
            // A second try that fails for another reason than a crash or a hang leaves
            // the first's verdict. Words already written again on code's sentence are not
            // asked for a third time: the sentence answers.
            let answered = match first {
                Err(broken @ ModuleError::BrokenReply(_))
                    if !shown && !cancel.is_cancelled() && overruled.is_none() =>
                {
                    let again = request.clone().retried();
                    let retried = self.attempt(llm, &again, schema, &reading, on_text, cancel);
                    match retried.await.answered().0 {
                        Err(e) if !falls_back(e.code()) && !cancel.is_cancelled() => Err(broken),
                        other => other,
                    }
                }
                other => other,
            };
            // Words that could not be used still leave the model's reading of the note:
            // the sentence it chose answers first. Without one, the guide answers.
            let answered = match answered {
                Err(ModuleError::BrokenReply(why)) if !cancel.is_cancelled() => self
                    .chosen_answer(&format!("its own words refused: {why}"))
                    .ok_or(ModuleError::BrokenReply(why)),
                other => other,
            };
            answered.map(|mut words| {
                words.dropped.splice(0..0, overruled);
                words
            })
        })
    }

    fn offline(&self) -> Result<Words, ModuleError> {
        let p = self.prepared;
        let lead = p
            .submitted
            .as_ref()
            .map(|_| replies::form_thanks(p.language));
        let reply = if p.form_asked {
            offline::offer_form(&p.module, &p.progress, p.language)
        } else {
            offline::notes_answer(&p.module, &p.progress, p.language, &p.focus, lead)
        };
        Ok(Words {
            reply,
            dropped: Vec::new(),
        })
    }

    fn without_model(&self) -> Option<Result<Words, ModuleError>> {
        // Model words are checked word by word against the module's notes, which
        // cannot be done across languages: only the note's sentence the model picks
        // answers there; a note with none to pick answers framed in the student's.
        let p = self.prepared;
        if p.plan == Plan::Answer && !p.in_module_language() && !p.picks_across() {
            return Some(self.offline());
        }
        (self.prepared.plan != Plan::Answer).then(|| {
            Ok(Words {
                reply: code_reply(self.prepared),
                dropped: Vec::new(),
            })
        })
    }

    fn is_broken_reply(&self, code: ErrorCode) -> bool {
        matches!(
            code,
            ErrorCode::ModuleReplyUnusable
                | ErrorCode::ModelOutputInvalid
                | ErrorCode::ModelGrammarFailed
        )
    }
}

impl PreparedModuleTurn {
    /// Whether the reply is in the module's language.
    fn in_module_language(&self) -> bool {
        module_language(&self.module) == self.language
    }

    /// Whether the model only picks the note's sentence that answers, quoted in the
    /// note's language after a lead in the student's ([`chosen::quoted_answer`]): a note
    /// answers in another language than the student's, and it has statements to pick.
    pub fn picks_across(&self) -> bool {
        self.plan == Plan::Answer
            && !self.in_module_language()
            && !self.answer_sentences.is_empty()
            && self.request.is_some()
    }
}

/// The reply code writes for a plan that needs no model.
fn code_reply(prepared: &PreparedModuleTurn) -> ModuleReply {
    let (module, progress, language) = (&prepared.module, &prepared.progress, prepared.language);
    match &prepared.plan {
        Plan::Enter { completed } => {
            offline::section_opening(module, progress, language, completed.as_deref())
        }
        Plan::Finished => offline::finished(module, language),
        Plan::Review => offline::review(module, progress, language),
        Plan::OfferForm => offline::offer_form(module, progress, language),
        Plan::Social(kind) => offline::social(module, progress, language, *kind),
        Plan::About => offline::about(module, progress, language),
        Plan::Farewell => offline::farewell(module, progress, language),
        Plan::Crisis => offline::crisis(module, progress, language),
        Plan::Answer => offline::notes_answer(module, progress, language, &prepared.focus, None),
    }
}

/// Whether the reply already celebrates `milestone` in a success block.
fn celebrates(reply: &ModuleReply, milestone: Milestone) -> bool {
    let number = milestone.percent().to_string();
    reply
        .content
        .text_blocks
        .iter()
        .any(|b| b.kind == BlockType::Success && b.content.contains(&number))
}

/// Writes the app's progress, module state and milestone over the reply.
pub fn stamp_progress(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    change: &ProgressChange,
    reply: &mut ModuleReply,
) {
    if change.milestone.is_some() {
        reply.meta.emotion = Some(Emotion::Celebratory);
    }
    reply.meta.progress = Some(progress.reply_progress(module, change));
    reply.meta.module_state = Some(progress.module_state(module));
}

/// Adds the milestone's success block when the reply does not celebrate it.
fn celebrate(reply: &mut ModuleReply, prepared: &PreparedModuleTurn) {
    let (Some(milestone), language) = (prepared.change.milestone, prepared.language) else {
        return;
    };
    let covered: Vec<String> = prepared
        .progress
        .covered
        .iter()
        .filter_map(|id| prepared.module.topic(id))
        .map(|t| t.title.clone())
        .collect();
    if celebrates(reply, milestone) {
        return;
    }
    let at = usize::from(
        reply
            .content
            .text_blocks
            .first()
            .is_some_and(|b| b.kind == BlockType::Heading),
    );
    reply.content.text_blocks.insert(
        at.min(reply.content.text_blocks.len()),
        TextBlock::new(
            BlockType::Success,
            replies::milestone_block(language, milestone, &covered),
        ),
    );
}

/// After the model's answer, the note it applied, as its source (not for a form's
/// answers, which no single note answers, nor when the model quoted the note).
fn show_source(prepared: &PreparedModuleTurn, reply: &mut ModuleReply) {
    let note = prepared
        .focus
        .first()
        .filter(|_| prepared.submitted.is_none())
        .and_then(|id| prepared.module.topic(id));
    // A model that quoted the note already shows it.
    let shown = normalize(
        &reply
            .content
            .text_blocks
            .iter()
            .map(|b| b.content.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    );
    let quoted = |topic: &Topic| {
        sentences(&topic.notes)
            .into_iter()
            .any(|s| has_phrase(&shown, &normalize(s)))
    };
    if let Some(topic) = note.filter(|t| !quoted(t)) {
        reply.content.text_blocks.push(offline::note_block(topic));
    }
}

/// The model's suggestions followed by the app's navigation, without repeats; the app's
/// do not offer a topic whose note the reply shows (nor do the model's:
/// [`offers_covered_topic`]).
fn merge_suggestions(prepared: &PreparedModuleTurn, reply: &mut ModuleReply) {
    let shown = offline::shown_topics(&prepared.module, reply);
    let code = offline::suggestions(
        &prepared.module,
        &prepared.progress,
        prepared.language,
        &shown,
    );
    let step = reply
        .content
        .next_step
        .get_or_insert_with(NextStep::default);
    let navigation = code.last().cloned();
    let mut merged: Vec<String> = step
        .suggestions
        .iter()
        .take(MAX_SUGGESTIONS - 1)
        .cloned()
        .collect();
    for chip in code.into_iter().rev().skip(1).rev().chain(navigation) {
        if merged.len() < MAX_SUGGESTIONS
            && !merged.iter().any(|m| normalize(m) == normalize(&chip))
        {
            merged.push(chip);
        }
    }
    step.suggestions = merged;
    step.can_skip = true;
    if step.prompt.is_none() {
        step.prompt = Some(replies::open_prompt(prepared.language));
    }
}

/// Runs the turn through the shared turn: code's reply (origin `app`), or the model's
/// under the turn's grammar with the guide's when it is missing, crashes or writes
/// unusable words; then the app's progress, milestone and module state.
pub async fn run_module_turn(
    prepared: &PreparedModuleTurn,
    llm: Option<&dyn Llm>,
    on_text: DeltaSink<'_>,
    cancel: &CancelFlag,
) -> Result<ModuleTurnOutcome, ModuleError> {
    let words = TurnWords {
        prepared,
        read: std::sync::Mutex::new(None),
        chosen: std::sync::Mutex::new(None),
        wrote: std::sync::Mutex::new(None),
    };
    let answered = answer_turn(&words, llm, on_text, cancel).await?;
    for repair in &answered.reply.dropped {
        tracing::info!("modules: dropped {}: {}", repair.path, repair.reason);
    }
    if let Some(why) = &answered.failure {
        tracing::info!("modules: the guide answered: {why}");
    }
    let model_read = words.read.into_inner().ok().flatten();
    let mut reply = answered.reply.reply;
    if prepared.plan == Plan::Answer {
        if answered.origin == ReplyOrigin::Model {
            show_source(prepared, &mut reply);
        }
        merge_suggestions(prepared, &mut reply);
    }
    if matches!(prepared.plan, Plan::Enter { .. }) {
        attach_section_form(
            &prepared.module,
            &prepared.progress,
            &prepared.forms_sent,
            &mut reply,
        );
    }
    celebrate(&mut reply, prepared);
    stamp_progress(
        &prepared.module,
        &prepared.progress,
        &prepared.change,
        &mut reply,
    );
    Ok(ModuleTurnOutcome {
        reply,
        origin: answered.origin,
        model_read,
        dropped: answered.reply.dropped,
        failure: answered.failure,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_core::llm::{ScriptedLlm, RETRY_TEMPERATURE};
    use lantern_packs::module::testing::module;
    use serde_json::json;

    fn input(progress: ModuleProgress, act: StudentAct) -> ModuleTurnInput {
        ModuleTurnInput {
            module: module(),
            progress,
            language: Language::En,
            act,
            history: Vec::new(),
            passages: Vec::new(),
            closeness: Vec::new(),
            text_closeness: Vec::new(),
            asked_closeness: Vec::new(),
            forms_sent: Vec::new(),
            forms_shown: Vec::new(),
            said: Vec::new(),
            shown_before: Vec::new(),
            unanswered_before: false,
        }
    }

    fn say(text: &str) -> StudentAct {
        StudentAct::Say(clean_message(text).unwrap())
    }

    async fn run(prepared: &PreparedModuleTurn, llm: Option<&ScriptedLlm>) -> ModuleTurnOutcome {
        let llm = llm.map(|l| l as &dyn Llm);
        run_module_turn(prepared, llm, &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap()
    }

    /// `prepared` run with the model writing `reply` on its first try and on the retry.
    async fn answered_twice(prepared: &PreparedModuleTurn, reply: String) -> ModuleTurnOutcome {
        run(
            prepared,
            Some(&ScriptedLlm::new([Ok(reply.clone()), Ok(reply)])),
        )
        .await
    }

    const MODEL_REPLY: &str = r#"{"content":{"text_blocks":[{"content":"Your heart races from adrenaline at work. At night it races the same way.","type":"paragraph"}],"next_step":{"prompt":"When does it happen most?","suggestions":["Before tests","At night"]}},"meta":{"response_type":"conversational","emotion":"supportive","progress":{"percentage":99}}}"#;

    /// The turn for "my heart races at night" at the module's start: a note answers it.
    fn heart_turn() -> PreparedModuleTurn {
        prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("my heart races at night"),
        ))
        .unwrap()
    }

    /// [`MODEL_REPLY`] with `answer` as its paragraph.
    fn answering(answer: &str) -> String {
        MODEL_REPLY.replace(
            "Your heart races from adrenaline at work. At night it races the same way.",
            answer,
        )
    }

    #[tokio::test]
    async fn the_apps_progress_overwrites_the_models() {
        let prepared = heart_turn();
        assert_eq!(prepared.change.newly_covered, ["heart"]);
        let llm = ScriptedLlm::new([Ok(MODEL_REPLY.to_string())]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert!(out.model_read.unwrap().is_valid_without_repair());
        assert!(out.dropped.is_empty(), "{:?}", out.dropped);
        let progress = out.reply.meta.progress.unwrap();
        assert_eq!(progress.percentage, 16.0);
        assert_eq!(progress.newly_covered, ["Racing heart"]);
        let chips = out.reply.content.next_step.unwrap().suggestions;
        assert_eq!(chips.first().map(String::as_str), Some("Before tests"));
        assert_eq!(
            chips.last().map(String::as_str),
            Some("Continue: Your thoughts")
        );
    }

    #[test]
    fn a_note_that_answers_is_applied_in_one_paragraph_in_the_students_language() {
        let asked = input(
            ModuleProgress::start(&module()),
            say("¿por qué se me acelera el corazón?"),
        );
        let prepared = prepare_module_turn(asked).expect("prepared");
        let (request, schema) = prepared.request.as_ref().expect("the model is asked");
        assert_eq!(schema, &answer_schema(&[]));
        let task = request.messages.last().expect("the turn's message");
        assert!(task.content.ends_with("in Spanish (español), talking to them as \"you\", in 1 to 3 sentences: apply the note to what they said. Do not copy the note and do not mention it."), "{}", task.content);
        let chat = input(ModuleProgress::start(&module()), say("tell me something"));
        let prepared = prepare_module_turn(chat).expect("prepared");
        assert_ne!(prepared.request.map(|(_, s)| s), Some(answer_schema(&[])));
    }

    #[test]
    fn the_models_answer_keeps_three_sentences() {
        let blocks = vec![
            TextBlock::new(BlockType::Paragraph, "One. Two."),
            TextBlock::new(BlockType::List, "- three\n- four"),
            TextBlock::new(BlockType::Tip, "Five."),
        ];
        let kept = keep_sentences(blocks, MAX_ANSWER_SENTENCES);
        assert_eq!(kept.len(), 2);
        assert_eq!(kept[1].content, "- three");
    }

    #[tokio::test]
    async fn the_models_answer_comes_first_and_the_note_it_applies_after() {
        let prepared = heart_turn();
        let out = run(
            &prepared,
            Some(&ScriptedLlm::new([Ok(MODEL_REPLY.to_string())])),
        )
        .await;
        let blocks = &out.reply.content.text_blocks;
        assert!(blocks[0]
            .content
            .starts_with("Your heart races from adrenaline"));
        let last = blocks.last().unwrap();
        assert_eq!(last.kind, BlockType::Info);
        assert!(
            last.content.starts_with("**Racing heart**"),
            "{}",
            last.content
        );
    }

    #[tokio::test]
    async fn an_answer_copying_the_note_shown_under_it_is_refused() {
        let prepared = heart_turn();
        let copy = answering(RACING_HEART);
        let out = answered_twice(&prepared, copy).await;
        assert!(out.origin.is_fallback());
        let text = reply_text_of(&out);
        let note = text.matches("adrenaline at work").count();
        assert_eq!(note, 1, "{text:?}");
    }

    /// The answer the heart turn's notes support.
    const ADRENALINE: &str = "Adrenaline makes your heart race at night.";

    /// The heart turn answered with `opening` then [`ADRENALINE`]: the model's answer is
    /// kept as [`ADRENALINE`] alone; why the opening was dropped.
    async fn dropped_opening(opening: &str) -> String {
        let answer = answering(&format!("{opening} {ADRENALINE}"));
        let out = run(&heart_turn(), Some(&ScriptedLlm::new([Ok(answer)]))).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(out.reply.content.text_blocks[0].content, ADRENALINE);
        out.dropped[0].reason.clone()
    }

    #[tokio::test]
    async fn a_question_in_the_answer_is_not_kept_as_the_answer() {
        let why = dropped_opening("Why does my heart race at night?").await;
        assert!(why.starts_with("a question is not an answer"), "{why}");
    }

    /// Why the guide answered [`heart_turn`] when the model answered `answer` twice.
    async fn refused(answer: &str) -> String {
        let out = answered_twice(&heart_turn(), answering(answer)).await;
        assert_eq!(out.origin, ReplyOrigin::AfterBrokenReply);
        out.failure.unwrap_or_default()
    }

    #[tokio::test]
    async fn an_answer_that_brings_nothing_of_the_note_that_answers_is_no_answer() {
        let why = refused("If that is how it is for you, then your heart races at night.").await;
        assert!(why.contains("says_something"), "{why}");
    }

    #[test]
    fn naming_the_topic_is_not_bringing_its_note() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("what is adrenaline doing to my heart"),
        ))
        .unwrap();
        assert_eq!(prepared.focus, ["heart"]);
        let note = note_beyond_student(&prepared);
        // "racing" names the topic ("Racing heart"); "work" is what its note says.
        assert!(!brings_the_note("Your heart is racing.", &note), "{note:?}");
        assert!(brings_the_note("Adrenaline is at work.", &note), "{note:?}");
    }

    #[tokio::test]
    async fn an_answer_rests_on_the_note_it_applies_not_on_the_sections_other_notes() {
        let why = refused("Slow breathing calms the body.").await;
        assert!(
            why.contains("supported (slow, breathing, calms, body)"),
            "{why}"
        );
    }

    #[tokio::test]
    async fn an_answer_in_the_students_voice_is_an_echo_not_an_answer() {
        let why = refused("My heart races at night from adrenaline at work.").await;
        assert!(why.contains("no_echo"), "{why}");
    }

    #[tokio::test]
    async fn an_interjection_before_the_answer_is_passed_over() {
        let why = dropped_opening("Sure!").await;
        assert!(why.starts_with("fragment"), "{why}");
    }

    #[tokio::test]
    async fn an_opening_that_only_restates_the_students_message_is_passed_over() {
        let opening = "I understand that your heart races at night and keeps pounding.";
        let why = dropped_opening(opening).await;
        assert!(why.contains("pounding"), "{why}");
    }

    #[tokio::test]
    async fn an_unsupported_opening_of_its_own_still_ends_the_answer() {
        let prepared = heart_turn();
        let answer = answering(
            "Determination is the key to every task. Adrenaline makes your heart race at night.",
        );
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(answer)]))).await;
        assert_ne!(
            out.origin,
            ReplyOrigin::Model,
            "{:?}",
            out.reply.content.text_blocks
        );
    }

    #[tokio::test]
    async fn an_answer_that_only_introduces_the_note_is_no_answer() {
        let prepared = heart_turn();
        let intro =
            answering("Adrenaline makes your heart race at night. You can do the following:");
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(intro)]))).await;
        assert_eq!(
            out.reply.content.text_blocks[0].content,
            "Adrenaline makes your heart race at night."
        );
        let only = answering("Here is what you can do about your heart at work:");
        let out = answered_twice(&prepared, only).await;
        assert_eq!(out.origin, ReplyOrigin::AfterBrokenReply);
    }

    #[tokio::test]
    async fn an_answer_ends_at_its_first_dropped_sentence() {
        let prepared = heart_turn();
        let broken = answering("Adrenaline makes your heart race at night. Zebras sing opera loudly. Your heart races from adrenaline at work.");
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(broken)]))).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(
            out.reply.content.text_blocks[0].content,
            "Adrenaline makes your heart race at night."
        );
        let reasons: Vec<&str> = out.dropped.iter().map(|r| r.reason.as_str()).collect();
        assert!(
            reasons.iter().any(|r| r.starts_with("supported")),
            "{reasons:?}"
        );
        assert!(
            reasons.contains(
                &"follows a dropped sentence: \"Your heart races from adrenaline at work.\""
            ),
            "{reasons:?}"
        );
    }

    #[test]
    fn a_closing_prompt_is_one_short_question() {
        assert!(one_short_question("When does it happen most?"));
        assert!(!one_short_question(
            "What is the exam stress? What is the main reason for stress? How can I manage it?"
        ));
        assert!(!one_short_question(
            "How is stress showing up for you? Signs I notice: headaches."
        ));
        assert!(one_request("Breathing tips") && one_request("What helps at night?"));
        assert!(!one_request(
            "What is the exam stress? What is the main reason"
        ));
    }

    #[tokio::test]
    async fn a_quick_reply_offering_a_covered_topic_is_dropped() {
        let prepared = heart_turn();
        let reply = MODEL_REPLY.replace(
            r#"["Before tests","At night"]"#,
            r#"["More about a racing heart","Breathing tips"]"#,
        );
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(reply)]))).await;
        let chips = out.reply.content.next_step.unwrap().suggestions;
        assert!(
            !chips.iter().any(|c| c.contains("racing heart")),
            "{chips:?}"
        );
        assert_eq!(chips.first().map(String::as_str), Some("Breathing tips"));
    }

    #[tokio::test]
    async fn a_quick_reply_offering_the_note_the_reply_shows_is_dropped() {
        // The racing-heart note answers, but no keyword covered it: it is shown as the
        // answer's source and still not offered, by the model's chip or by the app's.
        let mut prepared = heart_turn();
        prepared.progress.covered.clear();
        let chip = replies::topic_chip(Language::En, Language::En, "Racing heart");
        let reply = MODEL_REPLY.replace(
            r#"["Before tests","At night"]"#,
            &format!(r#"["{}","Breathing tips"]"#, chip.replace('"', "\\\"")),
        );
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(reply)]))).await;
        assert_eq!(
            offline::shown_topics(&prepared.module, &out.reply),
            ["heart"]
        );
        let chips = out.reply.content.next_step.unwrap().suggestions;
        assert!(!chips.contains(&chip), "{chips:?}");
        assert_eq!(chips.first().map(String::as_str), Some("Breathing tips"));
    }

    #[tokio::test]
    async fn what_streams_is_the_start_of_the_saved_reply() {
        let prepared = heart_turn();
        let reply = MODEL_REPLY
            .replace(
                r#"{"content":"Your heart races"#,
                r#"{"type":"paragraph","content":"Your heart races"#,
            )
            .replace(
                r#"the same way.","type":"paragraph"}"#,
                r#"the same way. Hearts were studied on Mars in 1850."}"#,
            );
        let llm = ScriptedLlm::new([Ok(reply)]);
        let mut streamed = String::new();
        let out = run_module_turn(
            &prepared,
            Some(&llm),
            &mut |t| streamed.push_str(t),
            &CancelFlag::default(),
        )
        .await
        .unwrap();
        let saved = &out.reply.content.text_blocks[0].content;
        assert_eq!(
            streamed.trim_end(),
            "Your heart races from adrenaline at work. At night it races the same way."
        );
        assert!(saved.starts_with(streamed.trim_end()), "{saved}");
        assert!(!saved.contains("Mars"));
    }

    #[tokio::test]
    async fn the_grammar_offers_only_the_sections_own_media() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("why does this happen?"),
        ))
        .unwrap();
        let llm = ScriptedLlm::new([Ok(MODEL_REPLY.to_string())]);
        run(&prepared, Some(&llm)).await;
        let schema = llm.schemas().remove(0);
        let media = &schema["properties"]["content"]["properties"]["media"]["items"]["anyOf"][0];
        assert_eq!(
            media["properties"]["src"]["enum"],
            json!(["media/curve.svg"])
        );
        assert!(schema["properties"]["meta"]["properties"]
            .get("progress")
            .is_none());
    }

    #[tokio::test]
    async fn a_milestone_gets_a_success_block_once() {
        let m = module();
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&m),
            say("my heart races and I can't breathe"),
        ))
        .unwrap();
        assert_eq!(prepared.change.milestone, Some(Milestone::Quarter));
        let llm = ScriptedLlm::new([Ok(MODEL_REPLY.to_string())]);
        let out = run(&prepared, Some(&llm)).await;
        let success: Vec<_> = out
            .reply
            .content
            .text_blocks
            .iter()
            .filter(|b| b.kind == BlockType::Success)
            .collect();
        assert_eq!(success.len(), 1);
        assert!(success[0].content.contains("25 %"));
        assert_eq!(out.reply.meta.emotion, Some(Emotion::Celebratory));
        let again = prepare_module_turn(input(
            prepared.progress.clone(),
            say("I still feel my heart pounding"),
        ))
        .unwrap();
        assert_eq!(again.change.milestone, None);
    }

    #[tokio::test]
    async fn a_milestone_reached_in_distress_waits_for_the_next_reply() {
        let m = module();
        let crisis = prepare_module_turn(input(
            ModuleProgress::start(&m),
            say("my heart races and I can't breathe, I give up"),
        ))
        .unwrap();
        assert_eq!(crisis.plan, Plan::Crisis);
        assert_eq!(crisis.change.milestone, None);
        let next = prepare_module_turn(input(
            crisis.progress.clone(),
            say("why does my heart race?"),
        ))
        .unwrap();
        assert_eq!(next.change.milestone, Some(Milestone::Quarter));
    }

    #[tokio::test]
    async fn a_success_block_claiming_progress_off_milestone_is_dropped() {
        let reply = r#"{"content":{"text_blocks":[{"content":"You reached 50% already!","type":"success"},{"content":"Slow breathing calms the body.","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("tell me something"),
        ))
        .unwrap();
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(reply.to_string())]))).await;
        assert!(out
            .reply
            .content
            .text_blocks
            .iter()
            .all(|b| b.kind != BlockType::Success));
        assert_eq!(out.dropped.len(), 1);
    }

    #[tokio::test]
    async fn the_prompts_scaffolding_and_unsupported_claims_never_reach_the_student() {
        let prepared = heart_turn();
        let leak = r#"{"content":{"text_blocks":[{"content":"Your heart races from adrenaline at work.","type":"paragraph"},{"content":"We are on: Your body (Knowing stress). Student: my heart races at night. A racing heart means you are ill.","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(leak.to_string())]))).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        // The model's words, before the note shown as their source.
        let shown: Vec<&str> = out
            .reply
            .content
            .text_blocks
            .iter()
            .filter(|b| b.kind != BlockType::Info)
            .map(|b| b.content.as_str())
            .collect();
        assert_eq!(
            shown.join(" "),
            "Your heart races from adrenaline at work.",
            "{:?}",
            out.dropped
        );
        // The scaffolding is dropped, and what follows it is not read.
        assert_eq!(out.dropped.len(), 2, "{:?}", out.dropped);
        assert!(
            out.dropped[0].reason.starts_with("no_leak"),
            "{:?}",
            out.dropped
        );
        let cut = r#"{"content":{"text_blocks":[{"content":"Your heart races from adrenaline at work. Slow breathing calms the","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(cut.to_string())]))).await;
        assert_eq!(
            out.reply.content.text_blocks[0].content,
            "Your heart races from adrenaline at work."
        );
        let cut_item = r#"{"content":{"text_blocks":[{"content":"- Your heart races from adrenaline at work. Slow breathing calms the","type":"list"}]},"meta":{"response_type":"conversational"}}"#;
        let out = run(
            &prepared,
            Some(&ScriptedLlm::new([Ok(cut_item.to_string())])),
        )
        .await;
        assert_eq!(
            out.reply.content.text_blocks[0].content, "- Your heart races from adrenaline at work.",
            "{:?}",
            out.dropped
        );
    }

    /// A reply whose only words are unreadable.
    const GIBBERISH: &str = r#"{"content":{"text_blocks":[{"content":"3.3.3.3.3.3.3.3","type":"paragraph"}]},"meta":{"response_type":"conversational"}}"#;

    /// The heart turn on a module whose heart note has two statements to choose from.
    fn two_sentence_heart_turn() -> PreparedModuleTurn {
        two_sentence_heart("my heart is pounding at night")
    }

    /// `message` said on a module whose heart note has two statements to choose from.
    fn two_sentence_heart(message: &str) -> PreparedModuleTurn {
        let mut asked = input(ModuleProgress::start(&module()), say(message));
        let sections = asked.module.phases.iter_mut().flat_map(|p| &mut p.sections);
        for topic in sections.flat_map(|s| &mut s.topics) {
            if topic.id == "heart" {
                topic.notes = format!("{} {SLOW_BREATHING}", topic.notes);
            }
        }
        prepare_module_turn(asked).unwrap()
    }

    /// The heart note's second statement in [`two_sentence_heart_turn`].
    const SLOW_BREATHING: &str = "Breathing out slowly calms it within minutes.";

    /// [`answering`] `answer`, having chosen `sentence` first.
    fn choosing(sentence: &str, answer: &str) -> String {
        answering(answer).replacen(
            r#"{"content":{"#,
            &format!(r#"{{"content":{{"{}":{sentence:?},"#, chosen::FIELD),
            1,
        )
    }

    #[tokio::test]
    async fn refused_words_still_answer_with_the_note_sentence_the_model_chose() {
        let prepared = two_sentence_heart_turn();
        let (_, schema) = prepared.request.as_ref().unwrap();
        assert_eq!(schema, &answer_schema(&prepared.answer_sentences));
        let unsupported = choosing(SLOW_BREATHING, "Hearts race because of coffee and worry.");
        let out = answered_twice(&prepared, unsupported).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        let blocks = &out.reply.content.text_blocks;
        assert_eq!(blocks[0].content, SLOW_BREATHING);
        assert!(
            blocks[1].content.starts_with("**Racing heart**"),
            "{blocks:?}"
        );
        assert!(out
            .dropped
            .iter()
            .any(|r| r.reason.starts_with("its own words refused")));
    }

    #[tokio::test]
    async fn refused_words_restating_the_sentence_the_question_names_answer_over_the_pick() {
        // The pick names none of "my heart is pounding at night"; the model's own words, refused
        // as a repeat of the note, restate the sentence that does.
        let prepared = two_sentence_heart_turn();
        let out = answered_twice(&prepared, choosing(SLOW_BREATHING, RACING_HEART)).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(out.reply.content.text_blocks[0].content, RACING_HEART);
        assert!(dropped_for(&out, "its words restate"), "{:?}", out.dropped);
    }

    #[tokio::test]
    async fn a_sentence_the_note_does_not_hold_is_never_shown() {
        let prepared = two_sentence_heart_turn();
        let invented = choosing("Hearts race because of coffee.", RACING_HEART);
        let out = answered_twice(&prepared, invented).await;
        assert!(out.origin.is_fallback());
        assert!(!reply_text_of(&out).contains("coffee"));
    }

    /// The sample module's heart note, the first statement in [`two_sentence_heart_turn`].
    const RACING_HEART: &str = "A racing heart is adrenaline at work.";

    /// Words applying [`SLOW_BREATHING`] to "my heart is pounding at night".
    const BREATHE_AT_NIGHT: &str = "Breathing out slowly calms your heart at night within minutes.";

    #[tokio::test]
    async fn the_models_own_kept_words_answer_before_its_chosen_sentence() {
        let prepared = two_sentence_heart_turn();
        let answer = choosing(RACING_HEART, ADRENALINE);
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(answer)]))).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(out.reply.content.text_blocks[0].content, ADRENALINE);
    }

    #[tokio::test]
    async fn words_resting_on_another_sentence_than_the_chosen_one_are_not_kept() {
        // ADRENALINE applies the note's first statement, not the one chosen.
        let prepared = two_sentence_heart_turn();
        let out = answered_twice(&prepared, choosing(SLOW_BREATHING, ADRENALINE)).await;
        assert!(!reply_text_of(&out).contains(ADRENALINE));
        assert!(
            dropped_for(&out, "its own words refused"),
            "{:?}",
            out.dropped
        );
    }

    /// Whether `out` dropped something of the model's for a reason saying `why`.
    fn dropped_for(out: &ModuleTurnOutcome, why: &str) -> bool {
        out.dropped.iter().any(|r| r.reason.contains(why))
    }

    /// The sentences the grammar of `llm`'s last request allowed the model to choose.
    fn allowed_choices(llm: &ScriptedLlm) -> Value {
        let schema = llm.schemas().pop().unwrap_or_default();
        schema["properties"]["content"]["properties"][chosen::FIELD]["enum"].clone()
    }

    #[tokio::test]
    async fn a_choice_words_and_meaning_say_does_not_answer_is_written_again_on_theirs() {
        let mut prepared = two_sentence_heart_turn();
        prepared.answer_closeness = vec![(RACING_HEART.into(), 0.7), (SLOW_BREATHING.into(), 0.4)];
        let llm = ScriptedLlm::new([
            Ok(choosing(SLOW_BREATHING, BREATHE_AT_NIGHT)),
            Ok(choosing(RACING_HEART, ADRENALINE)),
        ]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(out.reply.content.text_blocks[0].content, ADRENALINE);
        assert!(dropped_for(&out, "does not answer"), "{:?}", out.dropped);
        assert_eq!(llm.requests().len(), 2);
        assert_eq!(allowed_choices(&llm), serde_json::json!([RACING_HEART]));
        // Words written again that cannot be used: the sentence code took answers, and
        // the model is not asked a third time.
        let unsupported = choosing(RACING_HEART, "Hearts race because of coffee and worry.");
        let llm = ScriptedLlm::new([
            Ok(choosing(SLOW_BREATHING, BREATHE_AT_NIGHT)),
            Ok(unsupported.clone()),
            Ok(unsupported),
        ]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.reply.content.text_blocks[0].content, RACING_HEART);
        assert_eq!(llm.requests().len(), 2);
        // The closest in meaning: the choice and the words built on it stand.
        prepared.answer_closeness[1].1 = 0.75;
        let llm = ScriptedLlm::new([Ok(choosing(SLOW_BREATHING, BREATHE_AT_NIGHT))]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.reply.content.text_blocks[0].content, BREATHE_AT_NIGHT);
        assert_eq!(llm.requests().len(), 1);
    }

    /// Likelihoods for `prepared`'s offered sentences: `likeliest` far above the rest.
    fn likeliest_is(prepared: &PreparedModuleTurn, likeliest: &str) -> Vec<f64> {
        let value = |s: &String| if s == likeliest { -5.0 } else { -30.0 };
        prepared.answer_sentences.iter().map(value).collect()
    }

    #[tokio::test]
    async fn the_sentence_the_question_is_likeliest_under_answers_over_a_pick_naming_less() {
        // Code alone lets the choice stand (the closest in meaning); the question is far
        // likelier under the sentence naming its "heart".
        let mut prepared = two_sentence_heart_turn();
        prepared.answer_closeness = vec![(RACING_HEART.into(), 0.4), (SLOW_BREATHING.into(), 0.75)];
        let answer = choosing(SLOW_BREATHING, BREATHE_AT_NIGHT);
        let llm = ScriptedLlm::new([Ok(answer.clone()), Ok(choosing(RACING_HEART, ADRENALINE))])
            .with_likelihoods([likeliest_is(&prepared, RACING_HEART)]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(allowed_choices(&llm), serde_json::json!([RACING_HEART]));
        assert_eq!(out.reply.content.text_blocks[0].content, ADRENALINE);
        assert!(dropped_for(&out, "does not answer"), "{:?}", out.dropped);
        // A model that reads no likelihoods: the choice and its words stand.
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok(answer)]))).await;
        assert_eq!(out.reply.content.text_blocks[0].content, BREATHE_AT_NIGHT);
    }

    #[tokio::test]
    async fn a_pick_naming_more_of_the_question_than_the_likeliest_sentence_stands() {
        let prepared = two_sentence_heart_turn();
        let llm = ScriptedLlm::new([Ok(choosing(RACING_HEART, ADRENALINE))])
            .with_likelihoods([likeliest_is(&prepared, SLOW_BREATHING)]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.reply.content.text_blocks[0].content, ADRENALINE);
    }

    #[test]
    fn what_the_student_only_asks_supports_no_answer_granting_it() {
        use lantern_core::text::support::DropReason;
        let granted = "You can drink coffee while your heart races at night.";
        let asked = two_sentence_heart("can i drink coffee when my heart races at night?");
        assert!(matches!(
            asked.filter.check(granted),
            Err(DropReason::Unsupported(_))
        ));
        // Told, the same words support it (it is then refused only as an echo).
        let told = two_sentence_heart("i drink coffee every night and my heart races, why?");
        assert_eq!(told.filter.check(granted), Err(DropReason::Echo));
    }

    #[test]
    fn a_model_answer_restating_the_students_question_is_an_echo() {
        let asked = "I have class from 8 to 3 and then a free afternoon, how do I plan my week?";
        let prepared =
            prepare_module_turn(input(ModuleProgress::start(&module()), say(asked))).unwrap();
        let restated = format!(
            "You have class from 8 to 3 and then a free afternoon, how do I plan my week, so {}",
            "plan the week."
        );
        assert_eq!(
            prepared.filter.check(&restated),
            Err(lantern_core::text::support::DropReason::Echo)
        );
    }

    fn reply_text_of(out: &ModuleTurnOutcome) -> String {
        out.reply
            .content
            .text_blocks
            .iter()
            .map(|b| b.content.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[tokio::test]
    async fn an_unusable_answer_is_asked_for_once_more_sampled_otherwise() {
        let prepared = heart_turn();
        let llm = ScriptedLlm::new([Ok(GIBBERISH.to_string()), Ok(MODEL_REPLY.to_string())]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert!(out.reply.content.text_blocks[0]
            .content
            .starts_with("Your heart races from adrenaline"));
        let asked = llm.requests();
        assert_eq!(asked.len(), 2);
        assert_eq!(asked[1].limits.temperature, RETRY_TEMPERATURE);
        assert_ne!(asked[1].limits.seed, asked[0].limits.seed);
        assert_eq!(asked[1].messages, asked[0].messages);
    }

    #[tokio::test]
    async fn a_crashed_model_is_not_asked_again() {
        let prepared = heart_turn();
        let llm = ScriptedLlm::new([Err(LlmError::Crashed("abort".into()))]);
        assert!(run(&prepared, Some(&llm)).await.origin.is_fallback());
        assert_eq!(llm.requests().len(), 1);
    }

    #[tokio::test]
    async fn unusable_words_or_a_crash_get_the_notes_instead() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("I worry all the time"),
        ))
        .unwrap();
        for scripted in [
            vec![Ok(GIBBERISH.to_string()), Ok(GIBBERISH.to_string())],
            vec![Err(LlmError::Crashed("abort".into()))],
        ] {
            let out = run(&prepared, Some(&ScriptedLlm::new(scripted))).await;
            assert!(out.origin.is_fallback());
            assert!(out
                .reply
                .content
                .text_blocks
                .iter()
                .any(|b| b.content.contains("Worry repeats")));
        }
        let out = run(&prepared, None).await;
        assert_eq!(out.origin, ReplyOrigin::Offline);
    }

    #[tokio::test]
    async fn a_question_in_another_language_than_the_modules_is_answered_by_its_note() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("¿qué puedo hacer cuando me preocupo por el examen?"),
        ))
        .unwrap();
        assert_eq!(prepared.plan, Plan::Answer);
        let llm = ScriptedLlm::new([]);
        let out = run(&prepared, Some(&llm)).await;
        assert!(llm.requests().is_empty());
        assert_eq!(out.origin, ReplyOrigin::App);
        assert_eq!(prepared.language, Language::Es);
    }

    #[tokio::test]
    async fn across_languages_the_sentence_the_model_picks_answers_quoted() {
        let prepared = two_sentence_heart("¿por qué tengo el corazón acelerado por la noche?");
        assert!(prepared.picks_across());
        let (request, schema) = prepared.request.as_ref().unwrap();
        assert_eq!(schema, &pick_schema(&prepared.answer_sentences));
        let task = &request.messages.last().unwrap().content;
        assert!(task.ends_with("best answers the student."), "{task}");
        let pick = json!({"content": {chosen::FIELD: SLOW_BREATHING}}).to_string();
        let llm = ScriptedLlm::new([Ok(pick)]);
        let out = run(&prepared, Some(&llm)).await;
        assert_eq!((out.origin, llm.requests().len()), (ReplyOrigin::Model, 1));
        let blocks = &out.reply.content.text_blocks;
        assert_eq!(
            blocks[0].content,
            replies::across_lead(Language::Es, Language::En)
        );
        assert_eq!(
            (blocks[1].kind, blocks[1].content.as_str()),
            (BlockType::Quote, SLOW_BREATHING)
        );
        assert!(
            blocks[2].content.starts_with("**Racing heart**"),
            "{blocks:?}"
        );
    }

    #[tokio::test]
    async fn across_languages_no_pick_leaves_the_note_framed_in_the_students() {
        let prepared = two_sentence_heart("¿por qué tengo el corazón acelerado por la noche?");
        let out = run(&prepared, Some(&ScriptedLlm::new([Ok("{}".into())]))).await;
        assert!(out.origin.is_fallback());
        let first = &out.reply.content.text_blocks[0].content;
        assert_eq!(first, &replies::notes_lead(Language::Es, "Racing heart"));
    }

    #[tokio::test]
    async fn navigation_never_asks_the_model_and_opens_the_next_section() {
        let prepared =
            prepare_module_turn(input(ModuleProgress::start(&module()), say("next"))).unwrap();
        assert_eq!(
            prepared.plan,
            Plan::Enter {
                completed: Some("body".into())
            }
        );
        let llm = ScriptedLlm::new([]);
        let out = run(&prepared, Some(&llm)).await;
        assert!(llm.requests().is_empty());
        assert_eq!(out.origin, ReplyOrigin::App);
        let heading = out
            .reply
            .content
            .text_blocks
            .iter()
            .find(|b| b.kind == BlockType::Heading);
        assert_eq!(heading.unwrap().content, "Your thoughts");
        assert_eq!(
            out.reply.meta.progress.as_ref().unwrap().milestone,
            Some(Milestone::Quarter)
        );
        assert_eq!(out.reply.meta.module_state.unwrap().sections_completed, 1);
        assert_eq!(out.reply.meta.progress.unwrap().percentage, 33.0);
    }

    #[tokio::test]
    async fn a_form_is_a_structured_turn_and_is_not_offered_again() {
        let m = module();
        let opening = run(&prepare_opening(m.clone(), Language::En), None).await;
        assert_eq!(opening.origin, ReplyOrigin::App);
        assert_eq!(opening.reply.content.forms[0].id, "check_in");
        let answers = json!({"signs": ["worry"], "sleep_hours": 6})
            .as_object()
            .unwrap()
            .clone();
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&m),
            StudentAct::Form {
                form_id: "check_in".into(),
                answers,
            },
        ))
        .unwrap();
        assert_eq!(prepared.change.newly_covered, ["worry", "sleep"]);
        assert!(prepared.student_text.contains("Hours of sleep: 6"));
        let mut back = input(prepared.progress.clone(), StudentAct::GoTo("body".into()));
        back.forms_sent = prepared.forms_sent.clone();
        let out = run(&prepare_module_turn(back).unwrap(), None).await;
        assert!(out.reply.content.forms.is_empty());
    }

    #[tokio::test]
    async fn bad_input_is_refused_with_a_code() {
        let m = module();
        let empty = clean_message(" \u{202e}  ").unwrap_err();
        assert_eq!(empty.code(), ErrorCode::ModuleMessageEmpty);
        let nowhere = prepare_module_turn(input(
            ModuleProgress::start(&m),
            StudentAct::GoTo("x".into()),
        ))
        .unwrap_err();
        assert_eq!(nowhere.code(), ErrorCode::ModuleSectionNotFound);
        let form = StudentAct::Form {
            form_id: "nope".into(),
            answers: Map::new(),
        };
        assert_eq!(
            prepare_module_turn(input(ModuleProgress::start(&m), form))
                .unwrap_err()
                .code(),
            ErrorCode::ModuleFormNotFound
        );
    }

    #[tokio::test]
    async fn the_support_message_comes_before_anything_else() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("I want to die"),
        ))
        .unwrap();
        let out = run(&prepared, None).await;
        assert_eq!(out.reply.content.text_blocks[0].kind, BlockType::Warning);
    }

    /// A model that writes `text` and then hits the token cap.
    struct CutOff(&'static str);

    impl Llm for CutOff {
        fn complete_json<'a>(
            &'a self,
            _request: &'a LlmRequest,
            _schema: &'a serde_json::Value,
            on_delta: DeltaSink<'a>,
            _cancel: &'a CancelFlag,
        ) -> BoxFuture<'a, Result<String, LlmError>> {
            Box::pin(async move {
                on_delta(self.0);
                Err(LlmError::BadOutput("the answer hit the cap".into()))
            })
        }
    }

    #[tokio::test]
    async fn a_reply_cut_off_at_the_cap_keeps_its_finished_blocks() {
        let prepared = prepare_module_turn(input(
            ModuleProgress::start(&module()),
            say("tell me something"),
        ))
        .unwrap();
        let cut = CutOff(
            r#"{"content":{"text_blocks":[{"content":"A racing heart is adrenaline at work.","type":"paragraph"},{"content":"Try to wri"#,
        );
        let out = run_module_turn(&prepared, Some(&cut), &mut |_| {}, &CancelFlag::default())
            .await
            .unwrap();
        assert_eq!(out.origin, ReplyOrigin::Model);
        assert_eq!(out.model_read.unwrap().read_as, ReadAs::Salvaged);
        assert!(out.reply.content.text_blocks[0]
            .content
            .starts_with("A racing heart"));
    }

    #[tokio::test]
    async fn what_the_module_is_about_and_a_goodbye_are_answered_by_the_app() {
        let m = module();
        let asked = prepare_module_turn(input(
            ModuleProgress::start(&m),
            say("what is this module about?"),
        ))
        .unwrap();
        assert_eq!(asked.plan, Plan::About);
        let llm = ScriptedLlm::new([]);
        let out = run(&asked, Some(&llm)).await;
        assert_eq!(out.origin, ReplyOrigin::App);
        assert!(out.reply.content.text_blocks[0]
            .content
            .contains(m.description.trim()));
        let bye = prepare_module_turn(input(ModuleProgress::start(&m), say("bye"))).unwrap();
        assert_eq!(bye.plan, Plan::Farewell);
        let out = run(&bye, Some(&llm)).await;
        assert!(out.reply.content.text_blocks[0].content.contains("saved"));
        assert!(llm.requests().is_empty(), "the model is not asked");
    }

    /// "can I do a self-check?" asked of a module without forms, prepared.
    fn form_asked_without_forms() -> PreparedModuleTurn {
        let mut m = module();
        m.forms.clear();
        for section in m.phases.iter_mut().flat_map(|p| &mut p.sections) {
            section.form = None;
        }
        let mut asked = input(ModuleProgress::start(&m), say("can I do a self-check?"));
        asked.module = m;
        prepare_module_turn(asked).unwrap()
    }

    #[tokio::test]
    async fn a_form_asked_of_a_module_without_one_is_answered_so_offline() {
        let prepared = form_asked_without_forms();
        assert!(prepared.form_asked);
        let out = run(&prepared, None).await;
        assert_eq!(
            out.reply.content.text_blocks[0].content,
            replies::no_form(Language::En)
        );
    }

    #[tokio::test]
    async fn a_module_without_forms_lets_the_model_write_a_checked_one() {
        let prepared = form_asked_without_forms();
        assert_eq!(prepared.plan, Plan::Answer);
        let reply = r#"{"content":{"text_blocks":[{"content":"Here is a check-in on your racing heart.","type":"paragraph"}],"forms":[{"fields":[{"id":"level","label":"How stressed are you?","options":[{"label":"A little","value":"little"},{"label":"A lot","value":"lot"}],"type":"radio"},{"id":"pick","label":"Pick","options":[],"type":"select"}],"id":"check","title":"Check-in"}]},"meta":{"response_type":"assessment"}}"#;
        let llm = ScriptedLlm::new([Ok(reply.to_string())]);
        let out = run(&prepared, Some(&llm)).await;
        assert!(llm.schemas()[0]["properties"]["content"]["properties"]["forms"].is_object());
        let form = &out.reply.content.forms[0];
        assert_eq!(
            form.fields.len(),
            1,
            "the choice field without options is dropped"
        );
        assert_eq!(out.model_read.unwrap().repairs.len(), 1);
        let mut sent = input(
            prepared.progress.clone(),
            StudentAct::Form {
                form_id: "check".into(),
                answers: serde_json::from_value(json!({"level": "lot"})).unwrap(),
            },
        );
        sent.module = prepared.module.clone();
        sent.forms_shown = out.reply.content.forms.clone();
        let answered = prepare_module_turn(sent).unwrap();
        assert_eq!(answered.plan, Plan::Answer);
        assert!(
            answered.student_text.contains("A lot"),
            "{}",
            answered.student_text
        );
    }
}
