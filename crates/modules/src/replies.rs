//! Every fixed word a module reply uses: quick replies, milestone celebrations, reviews,
//! greetings, help, the support message — each read from the module's message files
//! (`crates/modules/words/<locale>/modules.ftl`).

use super::contract::Milestone;
use crate::messages::MESSAGES;
use lantern_core::language::Language;
use lantern_core::say;
use lantern_core::text::social::Social;

/// The quick reply that moves on to `next` (a section title).
pub fn continue_chip(language: Language, next: &str) -> String {
    say!(MESSAGES, language, "modules-continue-chip", next = next)
}

/// A topic's `title` inside a sentence in `language` of a module written in `module`:
/// lowercased first letter in the module's own language ("Háblame del primer paso
/// pequeño"), quoted as written in another ("Háblame de «The stress response»").
fn title_in(language: Language, module: Language, title: &str) -> String {
    if language == module {
        lower_first(title)
    } else {
        say!(MESSAGES, language, "modules-quoted-title", title = title)
    }
}

/// How the quick reply asking about a topic starts ("Tell me about"), without the title.
pub fn topic_chip_start(language: Language) -> String {
    say!(MESSAGES, language, "modules-topic-chip", topic = "")
        .trim()
        .to_string()
}

/// The quick reply asking about a topic ("Háblame del primer paso pequeño") of a
/// module written in `module`.
pub fn topic_chip(language: Language, module: Language, topic: &str) -> String {
    let chip = say!(
        MESSAGES,
        language,
        "modules-topic-chip",
        topic = &title_in(language, module, topic)
    );
    match language {
        Language::Es => contracted(&chip),
        _ => chip,
    }
}

/// Spanish `text` with "de el" and "a el" written as the language writes them: "del",
/// "al" (a title that starts with "El" put after "de").
fn contracted(text: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for word in text.split(' ') {
        let joined = match (out.last(), word) {
            (Some(&"de"), "el") => Some("del"),
            (Some(&"a"), "el") => Some("al"),
            _ => None,
        };
        match (joined, out.last_mut()) {
            (Some(both), Some(last)) => *last = both,
            _ => out.push(word),
        }
    }
    out.join(" ")
}

/// The quick reply asking for a review.
pub fn review_chip(language: Language) -> String {
    say!(MESSAGES, language, "modules-review-chip")
}

/// The quick reply opening the section's form.
pub fn form_chip(language: Language) -> String {
    say!(MESSAGES, language, "modules-form-chip")
}

/// `text` with its first letter lowercased, unless it looks like an acronym.
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && !second.is_uppercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_string(),
    }
}

/// The next step's prompt when a section opens.
pub fn section_prompt(language: Language, module: Language, topic: &str) -> String {
    say!(
        MESSAGES,
        language,
        "modules-section-prompt",
        topic = &title_in(language, module, topic)
    )
}

/// The next step's prompt after an answer.
pub fn open_prompt(language: Language) -> String {
    say!(MESSAGES, language, "modules-open-prompt")
}

/// The success block for reaching `milestone`.
pub fn milestone_block(language: Language, milestone: Milestone, covered: &[String]) -> String {
    let head = match milestone {
        Milestone::Complete => say!(MESSAGES, language, "modules-milestone-complete"),
        _ => say!(
            MESSAGES,
            language,
            "modules-milestone-reached",
            percent = &milestone.percent().to_string()
        ),
    };
    if covered.is_empty() {
        return head;
    }
    let shown: Vec<&str> = covered
        .iter()
        .take(MAX_LISTED_TOPICS)
        .map(String::as_str)
        .collect();
    let more = covered.len() - shown.len();
    let list = match more {
        0 => join_words(language, &shown),
        n => say!(
            MESSAGES,
            language,
            "modules-topics-and-more",
            shown = &shown.join(", "),
            more = &n.to_string()
        ),
    };
    say!(
        MESSAGES,
        language,
        "modules-milestone-so-far",
        head = &head,
        list = &list
    )
}

/// Topics a milestone lists before "and N more".
const MAX_LISTED_TOPICS: usize = 8;

/// "a, b and c" / "a, b y c".
fn join_words(language: Language, words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => say!(
            MESSAGES,
            language,
            "modules-list-last",
            rest = &rest.join(", "),
            last = *last
        ),
    }
}

/// The heading of a review.
pub fn review_heading(language: Language) -> String {
    say!(MESSAGES, language, "modules-review-heading")
}

/// The review's summary line.
pub fn review_line(language: Language, covered: usize, total: usize, percent: u32) -> String {
    say!(
        MESSAGES,
        language,
        "modules-review-line",
        covered = &covered.to_string(),
        total = &total.to_string(),
        percent = &percent.to_string()
    )
}

/// The title of the list of topics still to explore.
pub fn remaining_title(language: Language) -> String {
    say!(MESSAGES, language, "modules-remaining-title")
}

/// The title of the list of covered topics.
pub fn covered_title(language: Language) -> String {
    say!(MESSAGES, language, "modules-covered-title")
}

/// Said when nothing is covered yet.
pub fn nothing_covered(language: Language) -> String {
    say!(MESSAGES, language, "modules-nothing-covered")
}

/// The heading when the module is finished.
pub fn finished_heading(language: Language) -> String {
    say!(MESSAGES, language, "modules-finished-heading")
}

/// The closing words when the module is finished.
pub fn finished_text(language: Language, title: &str) -> String {
    say!(MESSAGES, language, "modules-finished-text", title = title)
}

/// A line saying a section was completed.
pub fn section_done(language: Language, section: &str) -> String {
    say!(
        MESSAGES,
        language,
        "modules-section-done",
        section = section
    )
}

/// Introduces the section's form.
pub fn form_intro(language: Language) -> String {
    say!(MESSAGES, language, "modules-form-intro")
}

/// Said when the module has no form to offer.
pub fn no_form(language: Language) -> String {
    say!(MESSAGES, language, "modules-no-form")
}

/// Thanks for a submitted form.
pub fn form_thanks(language: Language) -> String {
    say!(MESSAGES, language, "modules-form-thanks")
}

/// Answers a greeting, thanks or a request for help; `section` is the current one.
pub fn social(language: Language, social: Social, section: &str) -> String {
    match social {
        Social::Greeting => say!(
            MESSAGES,
            language,
            "modules-social-greeting",
            section = section
        ),
        Social::Thanks => say!(MESSAGES, language, "modules-social-thanks"),
        Social::Help => say!(MESSAGES, language, "modules-social-help"),
    }
}

/// Answers a question about what the module is about: its `description` (in its own
/// language) and the current `section`.
pub fn about(language: Language, description: &str, section: &str) -> String {
    say!(
        MESSAGES,
        language,
        "modules-about",
        description = description,
        section = section
    )
}

/// Answers a goodbye.
pub fn farewell(language: Language) -> String {
    say!(MESSAGES, language, "modules-farewell")
}

/// Answers a message that only acknowledges ("ok", "👍"); `section` is the current one.
pub fn acknowledged(language: Language, section: &str) -> String {
    say!(
        MESSAGES,
        language,
        "modules-acknowledged",
        section = section
    )
}

/// The support message for a student who may be in danger.
pub fn crisis(language: Language) -> String {
    say!(MESSAGES, language, "modules-crisis")
}

/// Follows the support message.
pub fn crisis_follow_up(language: Language) -> String {
    say!(MESSAGES, language, "modules-crisis-follow-up")
}

/// Opens an answer built from the module's notes.
pub fn notes_lead(language: Language, topic: &str) -> String {
    say!(MESSAGES, language, "modules-notes-lead", topic = topic)
}

/// Opens, in `language`, the note's sentence that answers, quoted in the note's
/// language `notes`.
pub fn across_lead(language: Language, notes: Language) -> String {
    say!(
        MESSAGES,
        language,
        "modules-across-lead",
        language = notes.code()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spanish_chip_contracts_de_el_and_keeps_other_words() {
        assert_eq!(
            topic_chip(Language::Es, Language::Es, "El primer paso pequeño"),
            "Háblame del primer paso pequeño"
        );
        assert_eq!(
            contracted("voy a el centro de la ciudad"),
            "voy al centro de la ciudad"
        );
        assert_eq!(
            topic_chip(Language::En, Language::En, "A first step"),
            "Tell me about a first step"
        );
    }

    #[test]
    fn a_milestone_says_what_was_covered() {
        let covered = vec!["Racing heart".to_string(), "Breathing".to_string()];
        let block = milestone_block(Language::En, Milestone::Half, &covered);
        assert!(
            block.ends_with("So far: Racing heart and Breathing."),
            "{block}"
        );
        let many: Vec<String> = (1..=10).map(|i| format!("T{i}")).collect();
        let block = milestone_block(Language::Es, Milestone::Half, &many);
        assert!(block.ends_with("T8 y 2 más."), "{block}");
    }

    #[test]
    fn the_words_from_the_message_files_read_as_written_in_code_before() {
        assert_eq!(
            milestone_block(Language::Es, Milestone::Quarter, &["A".into(), "B".into()]),
            "🎉 Has llegado al **25 %** del módulo. ¡Buen avance! Hasta ahora: A y B."
        );
        assert_eq!(
            review_line(Language::En, 3, 12, 25),
            "You've covered **3 of 12 topics** (25 %)."
        );
        assert_eq!(
            topic_chip(Language::Es, Language::En, "Racing heart"),
            "Háblame de «Racing heart»"
        );
        assert_eq!(
            topic_chip(Language::En, Language::Es, "El primer paso"),
            "Tell me about “El primer paso”"
        );
        assert_eq!(
            section_prompt(Language::Es, Language::En, "Breathing"),
            "¿Qué sabes ya sobre «Breathing»? Escribe con libertad o elige una respuesta rápida."
        );
        assert_eq!(
            social(Language::En, Social::Greeting, "Your body"),
            "Hi! We're in **Your body**. Ask me anything about it, share how things are for you, or continue when you're ready."
        );
    }
}
