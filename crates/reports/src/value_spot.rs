//! A place in a section's text where a value the student said goes, and the text that
//! goes there: a number written as the report writes its numbers (its currency sign,
//! its decimal comma), with the report's own unit kept when the units agree.

use super::quantity::{quantities, Quantity};

/// A place in a section's text and what goes there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// The section.
    pub id: String,
    /// Where the old value starts in its body (bytes).
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// What replaces it.
    pub replace: String,
    /// The place as a question names it ("10 seconds", "Masa final (g)").
    pub shown: String,
}

/// Whether `text` is one quantity and nothing else ("10", "30 minutos", "£1.25").
pub fn only_quantity(text: &str) -> Option<Quantity> {
    let all = quantities(text);
    let [q] = all.as_slice() else {
        return None;
    };
    (text[..q.start].trim().is_empty() && text[q.unit_end..].trim().is_empty()).then(|| q.clone())
}

/// The number of `new` written as `old` writes its numbers: its currency sign kept, its
/// decimal comma or point.
pub fn number_like(body: &str, old: &Quantity, new_text: &str, new: &Quantity) -> String {
    let old_text = &body[old.start..old.end];
    let currency: String = old_text
        .chars()
        .take_while(|c| matches!(c, '£' | '€' | '$' | ' '))
        .collect();
    let mut digits: String = new_text[new.start..new.end]
        .trim_start_matches(['£', '€', '$', ' '])
        .to_string();
    if old_text.contains(',') && !old_text.contains('.') {
        digits = digits.replace('.', ",");
    } else if old_text.contains('.') {
        digits = digits.replace(',', ".");
    }
    format!("{currency}{digits}")
}

/// The spot where the report's quantity `old` becomes `new_text`: only its number when
/// the units agree (the report's way of writing the unit kept), the number and unit
/// when they differ.
pub fn quantity_spot(id: &str, body: &str, old: &Quantity, new_text: &str) -> Spot {
    let shown = body[old.start..old.unit_end].trim().to_string();
    match only_quantity(new_text) {
        Some(new) if new.unit.is_none() || old.unit.is_none() || new.unit == old.unit => Spot {
            id: id.to_string(),
            start: old.start,
            end: old.end,
            replace: number_like(body, old, new_text, &new),
            shown,
        },
        _ => Spot {
            id: id.to_string(),
            start: old.start,
            end: old.unit_end,
            replace: new_text.trim().to_string(),
            shown,
        },
    }
}
