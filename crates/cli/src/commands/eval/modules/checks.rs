//! The checks issue #49 asks of the guided modules, each a pure rule over what a reply
//! showed: `answers_the_question` (the first note the reply shows is one the case
//! names), `opens_with_the_answer` (the sentence the reply opens with says what the case
//! names), `support_first` (a distress message gets the support message before
//! anything else, and only a distress message gets it) and `language_matches` (every
//! sentence the app writes, frame sentences included, is in the expected language; the
//! module's own text quoted in its language is exempt).

use lantern_core::eval::Check;
use lantern_core::language::Language;
use lantern_core::text::message_language::clear_language;
use lantern_core::text::normalize::{has_phrase, normalize};
use lantern_core::text::notes::plain;
use lantern_core::text::support::is_teaching_talk;
use lantern_core::text::terms::{content_terms, term_keys};
use lantern_core::text::tidy::{detect_language, sentences};
use lantern_modules::language::module_language;
use lantern_modules::{offline, replies};
use lantern_packs::module::contract::{BlockType, ModuleReply, TextBlock};
use lantern_packs::module::ModuleManifest;
use serde::Deserialize;

/// Fewest words a note's sentence needs to tell its note apart when it is shown.
const NOTE_SENTENCE_WORDS: usize = 4;

/// One topic id, or any of several (`"matriz"` or `["sueno", "vispera"]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Topics {
    /// The only topic whose note answers.
    One(String),
    /// Any of these topics' notes answers.
    Any(Vec<String>),
}

impl Topics {
    /// The accepted topic ids.
    fn ids(&self) -> Vec<&str> {
        match self {
            Self::One(id) => vec![id.as_str()],
            Self::Any(ids) => ids.iter().map(String::as_str).collect(),
        }
    }
}

/// Every text block of `reply`, its next step's prompt and its quick replies: the
/// words the student reads, one entry per line.
pub fn shown_lines(reply: &ModuleReply) -> Vec<String> {
    let blocks = reply.content.text_blocks.iter().map(|b| b.content.as_str());
    let step = reply.content.next_step.iter().flat_map(|s| {
        s.prompt
            .as_deref()
            .into_iter()
            .chain(s.suggestions.iter().map(String::as_str))
    });
    blocks
        .chain(step)
        .flat_map(str::lines)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The module's own words, normalised, one entry per sentence or title: what a reply
/// may quote in the module's language. Longest first, so a note's sentence is taken
/// out before a title it contains.
pub fn authored_pieces(module: &ModuleManifest) -> Vec<String> {
    let mut texts: Vec<&str> = vec![&module.title, &module.description];
    for phase in &module.phases {
        texts.push(&phase.title);
        for section in &phase.sections {
            texts.extend([section.title.as_str(), section.intro.as_str()]);
            for topic in &section.topics {
                texts.extend([topic.title.as_str(), topic.notes.as_str()]);
            }
        }
    }
    for form in &module.forms {
        texts.extend(form.title.as_deref());
        texts.extend(form.description.as_deref());
        for field in &form.fields {
            texts.push(&field.label);
            texts.extend(field.options.iter().map(|o| o.label.as_str()));
        }
    }
    texts.extend(module.media.iter().filter_map(|m| m.alt.as_deref()));
    let mut pieces: Vec<String> = texts
        .into_iter()
        .flat_map(sentences)
        .map(normalize)
        .filter(|p| !p.is_empty())
        .collect();
    pieces.sort_by_key(|p| std::cmp::Reverse(p.len()));
    pieces.dedup();
    pieces
}

/// The topics' notes as `(topic id, normalised sentences long enough to tell the
/// note apart)`.
pub fn note_sentences(module: &ModuleManifest) -> Vec<(String, Vec<String>)> {
    module
        .topics()
        .map(|t| {
            let own = sentences(&t.notes)
                .into_iter()
                .map(normalize)
                .filter(|s| s.split(' ').count() >= NOTE_SENTENCE_WORDS)
                .collect();
            (t.id.clone(), own)
        })
        .collect()
}

/// `answers_the_question`: of the notes whose sentences the reply shows, the one shown
/// first is one of `expected` — the note a careful teacher would answer the question
/// with, shown as the answer's source.
pub fn answers_the_question(
    shown: &[String],
    notes: &[(String, Vec<String>)],
    expected: &Topics,
) -> Check {
    let text = format!(" {} ", normalize(&shown.join("\n")));
    let first = notes
        .iter()
        .filter_map(|(id, own)| {
            own.iter()
                .filter_map(|s| text.find(&format!(" {s} ")))
                .min()
                .map(|at| (at, id.as_str()))
        })
        .min();
    let want = expected.ids();
    Check::new(
        "answers_the_question",
        first.is_some_and(|(_, id)| want.contains(&id)),
        || match first {
            Some((_, id)) => format!("shows the note of {id}, expected {want:?}"),
            None => format!("shows no note, expected {want:?}"),
        },
    )
}

/// The sentence a reply opens its answer with: the first sentence of its first text
/// block, past milestones and the support message (success and warning blocks) and
/// past a lead that only introduces what follows ("The module answers this in
/// Spanish:", "Esto es lo que dice el módulo sobre X:"). A note block's title is not
/// part of it.
fn opening_sentence(reply: &ModuleReply) -> Option<String> {
    let block = reply.content.text_blocks.iter().find(|b| {
        !matches!(b.kind, BlockType::Success | BlockType::Warning)
            && !b.content.trim_end().ends_with(':')
    })?;
    let text = block.content.as_str();
    let body = text
        .split_once(offline::NOTE_TITLE_SEPARATOR)
        .map_or(text, |(_, body)| body);
    sentences(body).first().map(|s| s.to_string())
}

/// `opens_with_the_answer`: the sentence the reply opens with ([`opening_sentence`])
/// holds one of `phrases` — words of the note sentence a careful teacher answers the
/// question with — or says that sentence's answer in other words
/// ([`restates_the_answer`]). Words, not meaning: a model sentence that only shares a
/// topic's words with the answer says something else unseen.
pub fn opens_with_the_answer(
    reply: &ModuleReply,
    phrases: &[String],
    module: &ModuleManifest,
    message: &str,
) -> Check {
    let opening = opening_sentence(reply);
    let said = opening.as_deref().map(normalize).unwrap_or_default();
    let literal = phrases.iter().any(|p| has_phrase(&said, &normalize(p)));
    let restated = opening
        .as_deref()
        .is_some_and(|o| restates_the_answer(o, phrases, module, message));
    Check::new(
        "opens_with_the_answer",
        literal || restated,
        || match &opening {
            Some(s) => format!("opens with {s:?}, expected one of {phrases:?}"),
            None => format!("opens with nothing, expected one of {phrases:?}"),
        },
    )
}

/// Whether `opening` says in other words the note sentence holding one of `phrases`: it
/// uses every content term of that phrase ("the instructor needs to see it" for
/// "instructor has to see it"), and each of its other terms is that sentence's or the
/// student's `message`'s (teaching talk aside), so it adds nothing the answer does not
/// say. A sentence restating the student's situation ("You just got your first driving
/// lesson on Saturday.") names none of the answer's own words and does not pass.
fn restates_the_answer(
    opening: &str,
    phrases: &[String],
    module: &ModuleManifest,
    message: &str,
) -> bool {
    let opening_keys = term_keys(opening);
    let opening_terms = content_terms(opening);
    let student = term_keys(message);
    let holders: Vec<&str> = module.topics().flat_map(|t| sentences(&t.notes)).collect();
    phrases.iter().any(|phrase| {
        let wanted = content_terms(phrase);
        let uses_the_answer = !wanted.is_empty() && wanted.iter().all(|t| t.in_keys(&opening_keys));
        let normal = normalize(phrase);
        uses_the_answer
            && holders
                .iter()
                .filter(|s| has_phrase(&normalize(s), &normal))
                .any(|source| {
                    let keys = term_keys(source);
                    opening_terms.iter().all(|t| {
                        t.in_keys(&keys)
                            || (!t.is_number && (t.in_keys(&student) || is_teaching_talk(t)))
                    })
                })
    })
}

/// `support_first`: with `distress`, the reply's first line is the support message
/// (one of `support`, in any language — `language_matches` judges which); without, the
/// support message is not shown at all.
pub fn support_first(shown: &[String], support: &[String], distress: bool) -> Check {
    let is_support = |line: &String| {
        let line = normalize(line);
        support.iter().any(|s| has_phrase(&line, &normalize(s)))
    };
    let passed = if distress {
        shown.first().is_some_and(is_support)
    } else {
        !shown.iter().any(is_support)
    };
    Check::new("support_first", passed, || {
        if distress {
            format!(
                "first shown: {:?}",
                shown.first().map_or("nothing", String::as_str)
            )
        } else {
            "the support message answered a message that is not distress".into()
        }
    })
}

/// The language a sentence is clearly in: Spanish punctuation or a margin of function
/// words, else `whatlang` on a long run of words; `None` when it cannot tell.
fn clear_in(sentence: &str) -> Option<Language> {
    clear_language(sentence).or_else(|| {
        let all = sentence.chars().count();
        let letters = sentence.chars().filter(|c| c.is_alphabetic()).count();
        (letters * 10 >= all * 7)
            .then(|| detect_language(sentence))
            .flatten()
    })
}

/// What of `sentence` is not the module's own words (`authored`, normalised): the
/// sentence itself when it quotes nothing, else its normalised words left after the
/// quotes are taken out (empty for a pure quote).
fn frame_part(sentence: &str, authored: &[String]) -> String {
    let mut plain = format!(" {} ", normalize(sentence));
    let mut quoted = false;
    for piece in authored {
        let needle = format!(" {piece} ");
        while plain.contains(&needle) {
            plain = plain.replacen(&needle, " ", 1);
            quoted = true;
        }
    }
    if quoted {
        plain.split_whitespace().collect::<Vec<_>>().join(" ")
    } else {
        sentence.to_string()
    }
}

/// `language_matches`: every sentence shown is in `want` (the student's message
/// language, else the session's), its quotes of the module's own words (`authored`)
/// set aside; a sentence whose language cannot be told passes.
pub fn language_matches(shown: &[String], authored: &[String], want: Language) -> Check {
    let wrong: Vec<&str> = shown
        .iter()
        .flat_map(|line| sentences(line))
        .filter(|s| clear_in(&frame_part(s, authored)).is_some_and(|l| l != want))
        .collect();
    Check::new("language_matches", wrong.is_empty(), || {
        format!("not in {}: {}", want.code(), wrong.join(" | "))
    })
}

/// Whether `reply` opens with one of a note's statements as written (after the app's
/// milestone line and its lead to a sentence quoted in the note's language): the sentence the model chose as
/// the answer when its own words were refused or could not be checked across languages
/// (`lantern_modules::chosen`), the note's words rather than the model's.
pub fn opens_with_a_chosen_sentence(reply: &ModuleReply, module: &ModuleManifest) -> bool {
    let both = [Language::En, Language::Es];
    let leads: Vec<String> = both
        .iter()
        .flat_map(|l| both.map(|notes| replies::across_lead(*l, notes)))
        .collect();
    let mut blocks = reply.content.text_blocks.iter();
    let apps = |b: &&TextBlock| leads.contains(&b.content) || b.content.starts_with('🎉');
    let Some(first) = blocks.find(|b| !apps(b)) else {
        return false;
    };
    // Any of a note's sentences: a why-question is also offered one leaning on the
    // sentence before it.
    module.topics().any(|t| {
        sentences(&t.notes)
            .iter()
            .any(|s| plain(s) == first.content)
    })
}

/// `quick_replies`: the reply offers a next step, and none of its quick replies asks
/// about a topic whose note the reply already shows (in either language).
pub fn quick_replies(reply: &ModuleReply, module: &ModuleManifest) -> Check {
    let chips = reply
        .content
        .next_step
        .as_ref()
        .map(|s| s.suggestions.clone())
        .unwrap_or_default();
    let shown = offline::shown_topics(module, reply);
    let both = [Language::En, Language::Es];
    let again: Vec<&String> = chips
        .iter()
        .filter(|chip| {
            module.topics().filter(|t| shown.contains(&t.id)).any(|t| {
                both.iter()
                    .any(|l| **chip == replies::topic_chip(*l, module_language(module), &t.title))
            })
        })
        .collect();
    Check::new(
        "quick_replies",
        !chips.is_empty() && again.is_empty(),
        || {
            if chips.is_empty() {
                "no suggestion".into()
            } else {
                format!("offers the note it shows again: {again:?}")
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_modules::chosen;
    use lantern_packs::module::contract::{BlockType, Emotion, ResponseType, TextBlock};
    use lantern_packs::module::parse_module;

    /// A one-section module: a racing-heart topic and a breathing one.
    fn calm() -> ModuleManifest {
        parse_module(
            r#"{"formatVersion": 1, "id": "calm", "title": "Calm", "language": "en",
            "phases": [{"id": "know", "title": "Knowing", "sections": [
              {"id": "body", "title": "Your body", "intro": "Stress shows in the body.",
               "topics": [
                 {"id": "heart", "title": "Racing heart",
                  "notes": "A racing heart is adrenaline at work. Breathing out slowly calms it.",
                  "keywords": {"en": ["heart"]}},
                 {"id": "breath", "title": "Breathing", "notes": "Slow breathing calms you.",
                  "keywords": {"en": ["breath*"]}}]}]}]}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_reply_opening_with_a_notes_statement_is_the_chosen_sentence() {
        let m = calm();
        let reply = |first: &str| {
            let block = TextBlock::new(BlockType::Paragraph, first);
            offline::reply(vec![block], ResponseType::Conversational, Emotion::Neutral)
        };
        assert!(opens_with_a_chosen_sentence(
            &reply("Breathing out slowly calms it."),
            &m
        ));
        assert!(!opens_with_a_chosen_sentence(
            &reply("Breathe out slowly when your heart races."),
            &m
        ));
        let quoted = chosen::quoted_answer(
            "Breathing out slowly calms it.",
            m.topic("heart").unwrap(),
            Language::Es,
            Language::En,
        );
        assert!(opens_with_a_chosen_sentence(&quoted, &m));
        let mut celebrated = quoted.clone();
        let milestone = TextBlock::new(BlockType::Success, "🎉 You've reached **25 %**.");
        celebrated.content.text_blocks.insert(0, milestone);
        assert!(opens_with_a_chosen_sentence(&celebrated, &m));
    }

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    fn notes() -> Vec<(String, Vec<String>)> {
        vec![
            (
                "why".into(),
                vec![normalize("Aplazar una tarea no es pereza.")],
            ),
            (
                "week".into(),
                vec![normalize("Una vez por semana mira la agenda.")],
            ),
        ]
    }

    #[test]
    fn the_question_is_answered_by_the_first_note_shown() {
        let why = Topics::One("why".into());
        let shown = lines(&[
            "Es una forma de huir.",
            "**Por qué** — Aplazar una tarea no es pereza.",
            "**Semana** — Una vez por semana mira la agenda.",
        ]);
        assert!(answers_the_question(&shown, &notes(), &why).passed);
        let week_first =
            lines(&["Una vez por semana mira la agenda. Aplazar una tarea no es pereza."]);
        assert!(!answers_the_question(&week_first, &notes(), &why).passed);
        assert!(!answers_the_question(&lines(&["Ánimo."]), &notes(), &why).passed);
        let either = Topics::Any(vec!["why".into(), "week".into()]);
        assert!(answers_the_question(&week_first, &notes(), &either).passed);
    }

    /// A reply of `blocks`, each a kind and its text.
    fn reply_of(blocks: &[(BlockType, &str)]) -> ModuleReply {
        let blocks = blocks.iter().map(|(k, t)| TextBlock::new(*k, *t)).collect();
        offline::reply(blocks, ResponseType::Conversational, Emotion::Neutral)
    }

    #[test]
    fn the_answer_opens_with_the_sentence_the_case_names() {
        let wanted = vec!["paño húmedo".to_string()];
        let answered = reply_of(&[
            (BlockType::Success, "🎉 Has llegado al **25 %** del módulo."),
            (
                BlockType::Paragraph,
                "Pon un paño húmedo debajo de la tabla. Y más.",
            ),
            (
                BlockType::Info,
                "**Cuchillos** — Un cuchillo afilado es más seguro.",
            ),
        ]);
        assert!(opens_with_the_answer(&answered, &wanted, &calm(), "").passed);
        let other = reply_of(&[
            (BlockType::Paragraph, "Un cuchillo afilado es más seguro."),
            (
                BlockType::Info,
                "**Cuchillos** — Pon un paño húmedo debajo de la tabla.",
            ),
        ]);
        assert!(!opens_with_the_answer(&other, &wanted, &calm(), "").passed);
    }

    #[test]
    fn the_answer_said_in_other_words_opens_with_the_answer() {
        let m = parse_module(
            r#"{"formatVersion": 1, "id": "drive", "title": "Driving", "language": "en",
            "phases": [{"id": "start", "title": "Starting", "sections": [
              {"id": "lessons", "title": "Lessons", "intro": "Your first lessons.",
               "topics": [
                 {"id": "first", "title": "Your first lesson",
                  "notes": "Bring your licence, because the instructor has to see it before you drive.",
                  "keywords": {"en": ["licence"]}}]}]}]}"#,
        )
        .unwrap();
        let wanted = vec!["instructor has to see it".to_string()];
        let opens = |text: &str, message: &str| {
            let reply = reply_of(&[(BlockType::Paragraph, text)]);
            opens_with_the_answer(&reply, &wanted, &m, message).passed
        };
        let asked = "why do i need to bring that, he knows who i am";
        assert!(opens(
            "You need to bring your licence because the instructor needs to see it before you drive.",
            asked
        ));
        // Something the answer does not say, or the student's situation told back.
        assert!(!opens(
            "The instructor needs to see it and test your eyesight.",
            asked
        ));
        assert!(!opens(
            "You just got your first driving lesson on Saturday.",
            "got my first lesson on saturday, what do i do first"
        ));
    }

    #[test]
    fn a_lead_and_a_notes_title_are_read_past() {
        let wanted = vec!["tres días".to_string()];
        let across = reply_of(&[
            (BlockType::Paragraph, "The module answers this in Spanish:"),
            (BlockType::Quote, "En la nevera duran unos tres días."),
        ]);
        assert!(opens_with_the_answer(&across, &wanted, &calm(), "").passed);
        let offline = reply_of(&[
            (
                BlockType::Paragraph,
                "Esto es lo que dice el módulo sobre **Sobras**:",
            ),
            (
                BlockType::Info,
                "**Sobras** — Mete las sobras en la nevera. Duran tres días.",
            ),
        ]);
        assert!(!opens_with_the_answer(&offline, &wanted, &calm(), "").passed);
    }

    #[test]
    fn distress_gets_the_support_message_first_and_nothing_else_gets_it() {
        let support = lines(&[
            "Mereces apoyo ahora mismo.",
            "You deserve support right now.",
        ]);
        let first = lines(&["You deserve support right now.", "We can carry on."]);
        let later = lines(&["Here is a note.", "Mereces apoyo ahora mismo."]);
        assert!(support_first(&first, &support, true).passed);
        assert!(!support_first(&later, &support, true).passed);
        assert!(!support_first(&later, &support, false).passed);
        assert!(support_first(&lines(&["Here is a note."]), &support, false).passed);
    }

    #[test]
    fn every_frame_sentence_follows_the_language_and_quotes_keep_theirs() {
        let authored = vec![
            normalize("Aplazar una tarea no es pereza."),
            normalize("Por qué aplazamos"),
        ];
        let spanish_quote = lines(&[
            "Here is what the module says about **Por qué aplazamos**:",
            "**Por qué aplazamos** — Aplazar una tarea no es pereza.",
        ]);
        assert!(language_matches(&spanish_quote, &authored, Language::En).passed);
        let frame = lines(&["Tell me more, ask a question, or continue when you're ready."]);
        let check = language_matches(&frame, &authored, Language::Es);
        assert!(!check.passed);
        assert!(check.detail.unwrap().contains("Tell me more"));
        let spanish = lines(&["Esto es lo que dice el módulo sobre **Por qué aplazamos**:"]);
        assert!(!language_matches(&spanish, &authored, Language::En).passed);
        assert!(language_matches(&spanish, &authored, Language::Es).passed);
    }

    #[test]
    fn a_quick_reply_offering_the_note_shown_fails() {
        let m = calm();
        let progress = lantern_modules::progress::ModuleProgress::start(&m);
        let heart = vec!["heart".to_string()];
        let mut reply = offline::notes_answer(&m, &progress, Language::En, &heart, None);
        assert!(quick_replies(&reply, &m).passed);
        let again = replies::topic_chip(Language::En, Language::En, "Racing heart");
        if let Some(step) = reply.content.next_step.as_mut() {
            step.suggestions.insert(0, again);
        }
        assert!(!quick_replies(&reply, &m).passed);
        reply.content.next_step = None;
        assert!(!quick_replies(&reply, &m).passed);
    }
}
