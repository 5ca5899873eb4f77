//! What the student sends in a turn: a typed message (text or LaTeX), a button's
//! client event, or both — cleaned once, on the send path, before anything is saved.

use super::message::ClientEvent;
use super::TutorError;
use lantern_core::turn::{clean_or, CleanInput};

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
}

/// The student's side of a turn, cleaned once by [`clean_input`]: the only input a turn
/// and the tutor's operations take, so nothing on the send path cleans again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CleanStudentInput {
    /// Typed text, cleaned (none when only LaTeX or a button was sent).
    pub text: Option<CleanInput>,
    /// Typed LaTeX, cleaned.
    pub latex: Option<CleanInput>,
    /// The button pressed, if any.
    pub event: ClientEvent,
}

impl CleanStudentInput {
    /// A button's event without text (it has nothing to clean).
    pub fn event(event: ClientEvent) -> Self {
        Self {
            event,
            ..Self::default()
        }
    }

    /// What the message says, for mapping and the prompt: the text, else the LaTeX.
    pub fn query(&self) -> &str {
        self.text.as_deref().or(self.latex.as_deref()).unwrap_or("")
    }

    /// The typed text and LaTeX the timeline saves, when the student typed.
    pub fn typed(&self) -> Option<(&str, Option<&str>)> {
        (self.text.is_some() || self.latex.is_some())
            .then(|| (self.text.as_deref().unwrap_or(""), self.latex.as_deref()))
    }
}

/// A typed message or drill answer, cleaned: unsafe characters removed, trimmed, not
/// empty and at most [`MAX_MESSAGE_CHARS`] long.
pub fn clean_message(raw: &str) -> Result<CleanInput, TutorError> {
    clean_or(
        raw,
        MAX_MESSAGE_CHARS,
        || TutorError::MessageEmpty,
        TutorError::MessageTooLong,
    )
}

/// One typed part of the input cleaned; none when nothing is left.
fn clean_part(raw: &str) -> Result<Option<CleanInput>, TutorError> {
    match clean_message(raw) {
        Ok(clean) => Ok(Some(clean)),
        Err(TutorError::MessageEmpty) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The input with unsafe characters removed and whitespace trimmed; a turn needs a
/// message or an event, and a message at most [`MAX_MESSAGE_CHARS`] long.
pub fn clean_input(raw: &StudentInput) -> Result<CleanStudentInput, TutorError> {
    let text = clean_part(&raw.text)?;
    let latex = match &raw.latex {
        Some(l) => clean_part(l)?,
        None => None,
    };
    if text.is_none() && latex.is_none() && raw.event == ClientEvent::None {
        return Err(TutorError::MessageEmpty);
    }
    Ok(CleanStudentInput {
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
