//! What the student sends in a turn: a typed message (text or LaTeX), a button's
//! client event, or both — checked before anything is saved.

use super::message::ClientEvent;
use super::TutorError;
use lantern_core::text::tidy::strip_unsafe_chars;

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// The student's side of a turn.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StudentInput {
    /// Typed text (may be empty when an event is sent).
    pub text: String,
    /// Typed LaTeX, when the math field was used.
    pub latex: Option<String>,
    /// The button pressed, if any.
    pub event: ClientEvent,
}

impl StudentInput {
    /// A typed message.
    pub fn message(text: &str) -> Self {
        Self {
            text: text.to_string(),
            ..Self::default()
        }
    }

    /// A button's event without text.
    pub fn event(event: ClientEvent) -> Self {
        Self {
            event,
            ..Self::default()
        }
    }

    /// What the message says, for mapping and the prompt: the text, else the LaTeX.
    pub fn query(&self) -> &str {
        if self.text.trim().is_empty() {
            self.latex.as_deref().unwrap_or("")
        } else {
            &self.text
        }
    }
}

fn clean(raw: &str) -> Result<String, TutorError> {
    let text = strip_unsafe_chars(raw).trim().to_string();
    let chars = text.chars().count();
    if chars > MAX_MESSAGE_CHARS {
        return Err(TutorError::MessageTooLong(MAX_MESSAGE_CHARS));
    }
    Ok(text)
}

/// The input with unsafe characters removed and whitespace trimmed; a turn needs a
/// message or an event, and a message at most [`MAX_MESSAGE_CHARS`] long.
pub fn clean_input(raw: &StudentInput) -> Result<StudentInput, TutorError> {
    let text = clean(&raw.text)?;
    let latex = match &raw.latex {
        Some(l) => Some(clean(l)?).filter(|l| !l.is_empty()),
        None => None,
    };
    if text.is_empty() && latex.is_none() && raw.event == ClientEvent::None {
        return Err(TutorError::MessageEmpty);
    }
    Ok(StudentInput {
        text,
        latex,
        event: raw.event.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_needs_a_message_or_an_event() {
        assert_eq!(
            clean_input(&StudentInput::message("  \u{202E} ")),
            Err(TutorError::MessageEmpty)
        );
        let drill = StudentInput::event(ClientEvent::RequestDrill {
            unit_id: "U".into(),
        });
        assert!(clean_input(&drill).is_ok());
        let latex = StudentInput {
            latex: Some(" x^2 ".into()),
            ..StudentInput::default()
        };
        assert_eq!(clean_input(&latex).unwrap().query(), "x^2");
    }

    #[test]
    fn long_messages_are_refused() {
        let long = "a".repeat(MAX_MESSAGE_CHARS + 1);
        assert_eq!(
            clean_input(&StudentInput::message(&long)),
            Err(TutorError::MessageTooLong(MAX_MESSAGE_CHARS))
        );
    }
}
