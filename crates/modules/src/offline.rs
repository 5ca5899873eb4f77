//! Replies written by code from the pack: a section opening (heading, intro, the first
//! topic's note, its media and form), the finished module, a review of progress, the
//! form offered, greetings and help, the support message, and — when the model is
//! missing or its words are unusable — an answer made of the notes the message is about.

use super::contract::{
    BlockType, Emotion, Media, ModuleReply, NextStep, ReplyContent, ReplyMeta, ResponseType,
    TextBlock,
};
use super::language::module_language;
use super::pack::{ModuleManifest, SectionRef, Topic};
use super::progress::ModuleProgress;
use super::replies;
use lantern_core::language::Language;
use lantern_core::text::social::Social;

/// A reply of `response_type` and `emotion` with `blocks` (progress added later).
pub fn reply(blocks: Vec<TextBlock>, response_type: ResponseType, emotion: Emotion) -> ModuleReply {
    ModuleReply {
        content: ReplyContent {
            text_blocks: blocks,
            ..ReplyContent::default()
        },
        meta: ReplyMeta {
            response_type,
            progress: None,
            module_state: None,
            emotion: Some(emotion),
        },
    }
}

/// The section the student is in (the first when the stored one no longer exists).
pub fn current_section<'a>(
    module: &'a ModuleManifest,
    progress: &ModuleProgress,
) -> Option<SectionRef<'a>> {
    module
        .section(&progress.current_section)
        .or_else(|| module.sections().first().copied())
}

/// What stands between a note block's bold title and the note ([`note_block`]).
pub const NOTE_TITLE_SEPARATOR: &str = " — ";

/// A topic's note as an info block headed by its title.
pub fn note_block(topic: &Topic) -> TextBlock {
    TextBlock::new(
        BlockType::Info,
        format!(
            "**{}**{NOTE_TITLE_SEPARATOR}{}",
            topic.title,
            topic.notes.trim()
        ),
    )
}

/// The topics whose [`note_block`] `reply` shows, in module order.
pub fn shown_topics(module: &ModuleManifest, reply: &ModuleReply) -> Vec<String> {
    module
        .topics()
        .filter(|t| {
            let block = note_block(t);
            reply
                .content
                .text_blocks
                .iter()
                .any(|b| b.content == block.content)
        })
        .map(|t| t.id.clone())
        .collect()
}

/// The section's media, as the pack describes them.
pub fn section_media(module: &ModuleManifest, section: &SectionRef<'_>) -> Vec<Media> {
    section
        .section
        .media
        .iter()
        .filter_map(|path| module.media_file(path))
        .map(|file| Media {
            kind: file.kind,
            src: file.file.clone(),
            alt: file.alt.clone(),
            caption: file.caption.clone(),
        })
        .collect()
}

/// Quick replies: up to two uncovered topics of the section that the reply does not
/// already show (`shown`: a note just read is not offered again), then moving on.
pub fn suggestions(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    shown: &[String],
) -> Vec<String> {
    let mut chips = Vec::new();
    if let Some(section) = current_section(module, progress) {
        chips.extend(
            section
                .section
                .topics
                .iter()
                .filter(|t| !progress.covered.contains(&t.id) && !shown.contains(&t.id))
                .take(2)
                .map(|t| replies::topic_chip(language, module_language(module), &t.title)),
        );
        let sections = module.sections();
        match sections.get(section.index + 1) {
            Some(next) if !progress.finished => {
                chips.push(replies::continue_chip(language, &next.section.title));
            }
            _ => chips.push(replies::review_chip(language)),
        }
    }
    chips
}

/// The opening of the current section.
pub fn section_opening(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    completed: Option<&str>,
) -> ModuleReply {
    let Some(section) = current_section(module, progress) else {
        return reply(Vec::new(), ResponseType::Educational, Emotion::Informative);
    };
    let mut blocks = Vec::new();
    if let Some(done) = completed.and_then(|id| module.section(id)) {
        blocks.push(TextBlock::new(
            BlockType::Success,
            replies::section_done(language, &done.section.title),
        ));
    }
    blocks.push(TextBlock::heading(section.section.title.clone(), 2));
    blocks.push(TextBlock::new(
        BlockType::Paragraph,
        section.section.intro.trim(),
    ));
    let first = section
        .section
        .topics
        .iter()
        .find(|t| !progress.covered.contains(&t.id))
        .or_else(|| section.section.topics.first());
    if let Some(topic) = first {
        blocks.push(note_block(topic));
    }
    let shown: Vec<String> = first.map(|t| t.id.clone()).into_iter().collect();
    let mut out = reply(blocks, ResponseType::Educational, Emotion::Informative);
    out.content.media = section_media(module, &section);
    out.content.next_step = Some(NextStep {
        prompt: first.map(|t| replies::section_prompt(language, module_language(module), &t.title)),
        suggestions: suggestions(module, progress, language, &shown),
        can_skip: true,
    });
    out
}

/// The module finished.
pub fn finished(module: &ModuleManifest, language: Language) -> ModuleReply {
    let mut out = reply(
        vec![
            TextBlock::heading(replies::finished_heading(language), 2),
            TextBlock::new(
                BlockType::Success,
                replies::finished_text(language, &module.title),
            ),
        ],
        ResponseType::Summary,
        Emotion::Celebratory,
    );
    out.content.next_step = Some(NextStep {
        prompt: None,
        suggestions: vec![replies::review_chip(language)],
        can_skip: true,
    });
    out
}

fn bullet_list(items: &[String]) -> String {
    items
        .iter()
        .map(|i| format!("- {i}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A review of what is covered and what remains.
pub fn review(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
) -> ModuleReply {
    let total = module.topics().count();
    let covered: Vec<String> = module
        .topics()
        .filter(|t| progress.covered.contains(&t.id))
        .map(|t| t.title.clone())
        .collect();
    let remaining: Vec<String> = module
        .topics()
        .filter(|t| !progress.covered.contains(&t.id))
        .map(|t| t.title.clone())
        .collect();
    let mut blocks = vec![
        TextBlock::heading(replies::review_heading(language), 2),
        TextBlock::new(
            BlockType::Paragraph,
            replies::review_line(language, covered.len(), total, progress.percentage(module)),
        ),
    ];
    if covered.is_empty() {
        blocks.push(TextBlock::new(
            BlockType::Info,
            replies::nothing_covered(language),
        ));
    } else {
        blocks.push(TextBlock::new(
            BlockType::List,
            format!(
                "{}\n\n{}",
                replies::covered_title(language),
                bullet_list(&covered)
            ),
        ));
    }
    if !remaining.is_empty() {
        blocks.push(TextBlock::new(
            BlockType::List,
            format!(
                "{}\n\n{}",
                replies::remaining_title(language),
                bullet_list(&remaining)
            ),
        ));
    }
    let mut out = reply(blocks, ResponseType::Summary, Emotion::Encouraging);
    out.content.next_step = Some(NextStep {
        prompt: None,
        suggestions: suggestions(module, progress, language, &[]),
        can_skip: true,
    });
    out
}

/// The current section's form (or the module's first), offered.
pub fn offer_form(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
) -> ModuleReply {
    let form = current_section(module, progress)
        .and_then(|s| s.section.form.as_deref())
        .and_then(|id| module.form(id))
        .or_else(|| module.forms.first());
    let Some(form) = form else {
        return words_only(
            module,
            progress,
            language,
            replies::no_form(language),
            ResponseType::Conversational,
        );
    };
    let mut out = reply(
        vec![TextBlock::new(
            BlockType::Paragraph,
            replies::form_intro(language),
        )],
        ResponseType::Assessment,
        Emotion::Supportive,
    );
    out.content.forms = vec![form.to_form()];
    out.content.next_step = Some(NextStep {
        prompt: None,
        suggestions: suggestions(module, progress, language, &[]),
        can_skip: true,
    });
    out
}

fn words_only(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    text: String,
    response_type: ResponseType,
) -> ModuleReply {
    let mut out = reply(
        vec![TextBlock::new(BlockType::Paragraph, text)],
        response_type,
        Emotion::Supportive,
    );
    out.content.next_step = Some(NextStep {
        prompt: None,
        suggestions: suggestions(module, progress, language, &[]),
        can_skip: true,
    });
    out
}

/// A greeting, thanks or help answered, or (`kind` `None`) a message that only
/// acknowledges.
pub fn social(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    kind: Option<Social>,
) -> ModuleReply {
    let section = section_title(module, progress);
    let text = match kind {
        Some(kind) => replies::social(language, kind, &section),
        None => replies::acknowledged(language, &section),
    };
    conversational(module, progress, language, text)
}

/// `text` as a conversational reply of words only.
fn conversational(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    text: String,
) -> ModuleReply {
    words_only(
        module,
        progress,
        language,
        text,
        ResponseType::Conversational,
    )
}

/// The current section's title (empty once the module is finished).
fn section_title(module: &ModuleManifest, progress: &ModuleProgress) -> String {
    current_section(module, progress)
        .map(|s| s.section.title.clone())
        .unwrap_or_default()
}

/// What the module is about, from its description, and where the student is.
pub fn about(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
) -> ModuleReply {
    let section = section_title(module, progress);
    let text = replies::about(language, module.description.trim(), &section);
    conversational(module, progress, language, text)
}

/// A goodbye answered: the progress is saved.
pub fn farewell(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
) -> ModuleReply {
    let text = replies::farewell(language);
    conversational(module, progress, language, text)
}

/// The support message for a student who may be in danger.
pub fn crisis(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
) -> ModuleReply {
    let mut out = words_only(
        module,
        progress,
        language,
        replies::crisis_follow_up(language),
        ResponseType::Conversational,
    );
    out.content.text_blocks.insert(
        0,
        TextBlock::new(BlockType::Warning, replies::crisis(language)),
    );
    out
}

/// An answer made of the notes of `topics` (the message's, else the section's first
/// uncovered one), when the model is missing or unusable.
pub fn notes_answer(
    module: &ModuleManifest,
    progress: &ModuleProgress,
    language: Language,
    topics: &[String],
    lead: Option<String>,
) -> ModuleReply {
    let chosen: Vec<&Topic> = topics
        .iter()
        .filter_map(|id| module.topic(id))
        .take(2)
        .collect();
    let chosen = if chosen.is_empty() {
        current_section(module, progress)
            .and_then(|s| {
                s.section
                    .topics
                    .iter()
                    .find(|t| !progress.covered.contains(&t.id))
                    .or_else(|| s.section.topics.first())
            })
            .into_iter()
            .collect()
    } else {
        chosen
    };
    let mut blocks = Vec::new();
    if let Some(lead) = lead {
        blocks.push(TextBlock::new(BlockType::Paragraph, lead));
    }
    if let Some(first) = chosen.first() {
        blocks.push(TextBlock::new(
            BlockType::Paragraph,
            replies::notes_lead(language, &first.title),
        ));
    }
    blocks.extend(chosen.iter().map(|t| note_block(t)));
    let shown: Vec<String> = chosen.iter().map(|t| t.id.clone()).collect();
    let mut out = reply(blocks, ResponseType::Conversational, Emotion::Supportive);
    out.content.next_step = Some(NextStep {
        prompt: Some(replies::open_prompt(language)),
        suggestions: suggestions(module, progress, language, &shown),
        can_skip: true,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lantern_packs::module::testing::module;

    #[test]
    fn the_topics_shown_are_those_whose_note_block_a_reply_holds() {
        let m = module();
        let sleep = m.topics().find(|t| t.id == "sleep").expect("a sleep topic");
        let lead = TextBlock::new(BlockType::Paragraph, "Here is what the module says.");
        let shown = reply(
            vec![lead.clone(), note_block(sleep)],
            ResponseType::Educational,
            Emotion::Informative,
        );
        assert_eq!(shown_topics(&m, &shown), ["sleep"]);
        let none = reply(vec![lead], ResponseType::Educational, Emotion::Informative);
        assert!(shown_topics(&m, &none).is_empty());
    }

    #[test]
    fn a_note_the_reply_shows_is_not_offered_again() {
        let m = module();
        let progress = ModuleProgress::start(&m);
        let answer = notes_answer(&m, &progress, Language::En, &["heart".to_string()], None);
        let chips = answer
            .content
            .next_step
            .map(|s| s.suggestions)
            .unwrap_or_default();
        let heart = replies::topic_chip(Language::En, Language::En, "Racing heart");
        let breath = replies::topic_chip(Language::En, Language::En, "Breathing");
        assert!(!chips.contains(&heart), "{chips:?}");
        assert!(chips.contains(&breath), "{chips:?}");
    }
}
