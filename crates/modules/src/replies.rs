//! Every fixed word a module reply uses, in English and Spanish: quick replies,
//! milestone celebrations, reviews, greetings, help, the support message.

use super::contract::Milestone;
use lantern_core::language::Language;
use lantern_core::text::social::Social;

/// Picks the English or Spanish text.
fn say(language: Language, en: &str, es: &str) -> String {
    match language {
        Language::En => en.to_string(),
        Language::Es => es.to_string(),
    }
}

/// The quick reply that moves on to `next` (a section title).
pub fn continue_chip(language: Language, next: &str) -> String {
    match language {
        Language::En => format!("Continue: {next}"),
        Language::Es => format!("Continuar: {next}"),
    }
}

/// The quick reply asking about a topic.
pub fn topic_chip(language: Language, topic: &str) -> String {
    match language {
        Language::En => format!("Tell me about {}", lower_first(topic)),
        Language::Es => format!("Háblame de {}", lower_first(topic)),
    }
}

/// The quick reply asking for a review.
pub fn review_chip(language: Language) -> String {
    say(language, "What have we covered?", "¿Qué hemos visto?")
}

/// The quick reply opening the section's form.
pub fn form_chip(language: Language) -> String {
    say(language, "Open the self-check", "Abrir la autoevaluación")
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
pub fn section_prompt(language: Language, topic: &str) -> String {
    match language {
        Language::En => format!(
            "What do you already know about {}? Write freely, or pick a quick reply.",
            lower_first(topic)
        ),
        Language::Es => format!(
            "¿Qué sabes ya sobre {}? Escribe con libertad o elige una respuesta rápida.",
            lower_first(topic)
        ),
    }
}

/// The next step's prompt after an answer.
pub fn open_prompt(language: Language) -> String {
    say(
        language,
        "Tell me more, ask a question, or continue when you're ready.",
        "Cuéntame más, pregunta lo que quieras o continúa cuando estés listo.",
    )
}

/// The success block for reaching `milestone`.
pub fn milestone_block(language: Language, milestone: Milestone, covered: &[String]) -> String {
    let p = milestone.percent();
    let head = match (language, milestone) {
        (Language::En, Milestone::Complete) => {
            "🎉 **100 %** — you've covered every topic of this module. Well done!".to_string()
        }
        (Language::Es, Milestone::Complete) => {
            "🎉 **100 %**: has cubierto todos los temas del módulo. ¡Muy bien hecho!".to_string()
        }
        (Language::En, _) => format!("🎉 You've reached **{p} %** of this module. Great progress!"),
        (Language::Es, _) => format!("🎉 Has llegado al **{p} %** del módulo. ¡Buen avance!"),
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
    let list = match (language, more) {
        (_, 0) => join_words(language, &shown),
        (Language::En, n) => format!("{}, and {n} more", shown.join(", ")),
        (Language::Es, n) => format!("{} y {n} más", shown.join(", ")),
    };
    match language {
        Language::En => format!("{head} So far: {list}."),
        Language::Es => format!("{head} Hasta ahora: {list}."),
    }
}

/// Topics a milestone lists before "and N more".
const MAX_LISTED_TOPICS: usize = 8;

/// "a, b and c" / "a, b y c".
fn join_words(language: Language, words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => {
            let and = if language == Language::Es { "y" } else { "and" };
            format!("{} {and} {last}", rest.join(", "))
        }
    }
}

/// The heading of a review.
pub fn review_heading(language: Language) -> String {
    say(language, "Your progress", "Tu progreso")
}

/// The review's summary line.
pub fn review_line(language: Language, covered: usize, total: usize, percent: u32) -> String {
    match language {
        Language::En => format!("You've covered **{covered} of {total} topics** ({percent} %)."),
        Language::Es => format!("Has cubierto **{covered} de {total} temas** ({percent} %)."),
    }
}

/// The title of the list of topics still to explore.
pub fn remaining_title(language: Language) -> String {
    say(language, "Still to explore:", "Aún por explorar:")
}

/// The title of the list of covered topics.
pub fn covered_title(language: Language) -> String {
    say(language, "Covered so far:", "Cubierto hasta ahora:")
}

/// Said when nothing is covered yet.
pub fn nothing_covered(language: Language) -> String {
    say(
        language,
        "Nothing is covered yet — that's fine, we're just starting.",
        "Aún no hay nada cubierto; no pasa nada, acabamos de empezar.",
    )
}

/// The heading when the module is finished.
pub fn finished_heading(language: Language) -> String {
    say(
        language,
        "You've finished the module",
        "Has terminado el módulo",
    )
}

/// The closing words when the module is finished.
pub fn finished_text(language: Language, title: &str) -> String {
    match language {
        Language::En => format!(
            "You've walked through every section of **{title}**. You can go back to any section, review what you covered, or keep asking questions."
        ),
        Language::Es => format!(
            "Has recorrido todas las secciones de **{title}**. Puedes volver a cualquier sección, repasar lo que has visto o seguir preguntando."
        ),
    }
}

/// A line saying a section was completed.
pub fn section_done(language: Language, section: &str) -> String {
    match language {
        Language::En => format!("Section **{section}** done."),
        Language::Es => format!("Sección **{section}** completada."),
    }
}

/// Introduces the section's form.
pub fn form_intro(language: Language) -> String {
    say(
        language,
        "Here is an optional self-check. Fill it in if it helps — or just tell me in your own words.",
        "Aquí tienes una autoevaluación opcional. Rellénala si te ayuda, o cuéntamelo con tus palabras.",
    )
}

/// Said when the module has no form to offer.
pub fn no_form(language: Language) -> String {
    say(
        language,
        "This module has no self-check form here. Tell me in your own words how things are going.",
        "Este módulo no tiene una autoevaluación aquí. Cuéntame con tus palabras cómo te va.",
    )
}

/// Thanks for a submitted form.
pub fn form_thanks(language: Language) -> String {
    say(
        language,
        "Thank you for filling in the self-check.",
        "Gracias por rellenar la autoevaluación.",
    )
}

/// Answers a greeting, thanks or a request for help; `section` is the current one.
pub fn social(language: Language, social: Social, section: &str) -> String {
    match (language, social) {
        (Language::En, Social::Greeting) => format!(
            "Hi! We're in **{section}**. Ask me anything about it, share how things are for you, or continue when you're ready."
        ),
        (Language::Es, Social::Greeting) => format!(
            "¡Hola! Estamos en **{section}**. Pregúntame lo que quieras, cuéntame cómo te va o continúa cuando quieras."
        ),
        (Language::En, Social::Thanks) => "You're welcome. Take your time — I'm here when you want to go on.".into(),
        (Language::Es, Social::Thanks) => "De nada. Tómate tu tiempo; aquí estoy cuando quieras seguir.".into(),
        (Language::En, Social::Help) => "Write anything in your own words — questions, how you feel, what you've tried. The quick replies are shortcuts; **Continue** moves to the next section, the section list takes you anywhere, and forms are always optional.".into(),
        (Language::Es, Social::Help) => "Escribe lo que quieras con tus palabras: preguntas, cómo te sientes, lo que has probado. Las respuestas rápidas son atajos; **Continuar** pasa a la siguiente sección, la lista de secciones te lleva a cualquiera y los formularios siempre son opcionales.".into(),
    }
}

/// The support message for a student who may be in danger.
pub fn crisis(language: Language) -> String {
    say(
        language,
        "It sounds like you're going through something really hard. You deserve support right now: please talk to someone you trust — a family member, a friend, a teacher or your school counsellor — or call your local emergency number if you might be in danger.",
        "Parece que estás pasando por algo muy difícil. Mereces apoyo ahora mismo: habla con alguien de confianza —tu familia, un amigo, un profesor o el orientador del centro— o llama al número de emergencias si puedes estar en peligro.",
    )
}

/// Follows the support message.
pub fn crisis_follow_up(language: Language) -> String {
    say(
        language,
        "I'm a study guide, not a counsellor, but I'm glad you told me. We can carry on with the module whenever you want.",
        "Soy una guía de estudio, no un orientador, pero me alegra que me lo hayas contado. Podemos seguir con el módulo cuando quieras.",
    )
}

/// Opens an answer built from the module's notes.
pub fn notes_lead(language: Language, topic: &str) -> String {
    match language {
        Language::En => format!("Here is what the module says about **{topic}**:"),
        Language::Es => format!("Esto es lo que dice el módulo sobre **{topic}**:"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
