//! The questions a message asks: each question mark's question from the break before
//! it ("cuando llego me echo una siesta, ¿está mal?" asks "¿está mal?"), or, with none,
//! the question its last clause opens like; what `kind_answer` and `first_step` read.

use lantern_core::text::normalize::normalize;
use lantern_core::text::unmarked::unmarked_question;

/// `text` after its last break (a comma, a stop, "!", "¿"): the question it ends with.
fn after_last_break(text: &str) -> &str {
    text.char_indices()
        .rfind(|(_, c)| matches!(c, ',' | '.' | ';' | '!' | '¿'))
        .map_or(text, |(at, c)| &text[at + c.len_utf8()..])
}

/// The questions `message` asks, each from the break before it ("cuando llego me echo
/// una siesta, ¿está mal?" asks "¿está mal?"); a message with no question mark asks the
/// question its last clause opens like ([`unmarked_question`]: "cuanto rato lo tengo que
/// sacar"), else it is read whole.
pub(crate) fn questions(message: &str) -> Vec<String> {
    let pieces: Vec<&str> = message
        .split_inclusive('?')
        .filter(|p| p.ends_with('?'))
        .map(after_last_break)
        .collect();
    if pieces.is_empty() {
        vec![normalize(unmarked_question(message).unwrap_or(message))]
    } else {
        pieces.into_iter().map(normalize).collect()
    }
}

/// Whether `message` asks a question: it has a question mark, or its last clause opens
/// like a question ([`unmarked_question`]: "is that normal").
pub(crate) fn is_marked(message: &str) -> bool {
    message.contains('?') || unmarked_question(message).is_some()
}
