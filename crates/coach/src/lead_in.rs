//! What students put around the text they offer: a lead-in ("My claim is that …",
//! "Creo que …") and, in a claim, a mixed-in reason ("… because kids need to play").

use super::ToulminStep;
use lantern_core::text::normalize::normalize;
use lantern_core::word_list;
use std::sync::LazyLock;

/// Openers students put before the text itself ("My claim is that …", "Mi tesis:").
/// From `words/{en,es}/lead-ins.txt`.
static LEAD_INS: LazyLock<Vec<&str>> = LazyLock::new(|| word_list!("lead-ins").collect());

/// Words that start a reason inside a claim ("… because kids need to play"), each with a
/// space on each side (one that starts with a comma, ", as", with a space after it).
/// From `words/{en,es}/reason-markers.txt`.
static REASON_MARKERS: LazyLock<Vec<String>> = LazyLock::new(|| {
    word_list!("reason-markers")
        .map(|m| {
            if m.starts_with(',') {
                format!("{m} ")
            } else {
                format!(" {m} ")
            }
        })
        .collect()
});

/// `message` without a leading "My claim is that …" / "Creo que …".
pub fn without_lead_in(message: &str) -> &str {
    let text = message.trim();
    for lead in LEAD_INS.iter() {
        // Compare as many characters as the lead-in has ("opinión" ~ "opinion").
        let end = text
            .char_indices()
            .nth(lead.chars().count())
            .map_or(text.len(), |(at, _)| at);
        let (head, rest) = text.split_at(end);
        if normalize(head) == *lead && !rest.starts_with(char::is_alphanumeric) {
            return rest.trim_start_matches([':', ',', ' ']);
        }
    }
    text
}

/// Where a reason starts inside `text` ("because", "porque"…), as a byte offset.
pub(crate) fn reason_start(text: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    REASON_MARKERS
        .iter()
        .filter_map(|m| lower.find(m.as_str()))
        .min()
        // `to_lowercase` keeps the byte offsets of these ASCII markers only when the
        // text before them did not change length; check rather than assume.
        .filter(|&at| text.is_char_boundary(at) && lower.len() == text.len())
}

/// The reason mixed into a claim ("because kids need time to play"), if any.
pub fn mixed_in_reason(step: ToulminStep, message: &str) -> Option<&str> {
    if step != ToulminStep::Claim {
        return None;
    }
    let text = without_lead_in(message);
    let at = reason_start(text)?;
    let reason = text[at..].trim_start_matches([',', ' ']).trim_end();
    (!reason.is_empty() && !text[..at].trim().is_empty()).then_some(reason)
}
